// What the Gravity page shows: parcels of some weight, in sections by weight band.

import GtkDataDisplay
import GtkDataDisplayShell

/// A weight band: one section of the Gravity page. Its header's heaviness is the band's rank,
/// so the manager orders the sections light, medium, heavy whatever order they are added in.
enum WeightBand: Int, CaseIterable {
    case light, medium, heavy

    /// Weights run from 0 to `maximumWeight`.
    static let maximumWeight = 99

    /// The band a weight falls in.
    init(weight: Int) {
        self = Self.allCases.first { $0.weights.contains(weight) } ?? .heavy
    }

    var weights: ClosedRange<Int> {
        switch self {
        case .light: return 0...33
        case .medium: return 34...66
        case .heavy: return 67...Self.maximumWeight
        }
    }

    var name: String {
        switch self {
        case .light: return "Light"
        case .medium: return "Medium"
        case .heavy: return "Heavy"
        }
    }

    /// "Light (0–33)".
    var title: String { "\(name) (\(weights.lowerBound)–\(weights.upperBound))" }
}

/// A parcel: a number and a weight. `anchor` names the row it was inserted after, when it was
/// placed by anchor rather than by weight (so the list shows why it is out of order).
struct Parcel: Equatable {
    var number: Int
    var weight: Int
    var anchor: String?

    var title: String { "Parcel #\(number)" }
}

/// A parcel row. Its heaviness is the parcel's weight: lighter rows come first.
final class ParcelRow: TemplateRowGenerator<Parcel>, GravityItem {
    init(model: Parcel, id: Int) {
        super.init(template: ParcelRowTemplate.template, model: model, id: id)
    }

    var heaviness: Int { model.weight }
    var title: String { model.title }
}

/// A weight band's section header. A gravity manager orders sections by their header's heaviness.
final class BandHeader: SectionHeader, GravityItem {
    let band: WeightBand
    var heaviness: Int { band.rawValue }

    init(band: WeightBand) {
        self.band = band
        super.init(model: band.title, id: "band-\(band.rawValue)")
    }
}
