// What the Folding page shows: a three-level tree of places (continents → countries → cities).

import GtkDataDisplay
import GtkDataDisplayShell

/// A place on the Folding page: its name, its level in the tree, and a line about it.
struct Place: Equatable {
    enum Kind {
        case continent, country, city

        /// The icon shown before the name: one per level, so the levels read apart.
        var icon: String {
            switch self {
            case .continent: return "web-browser-symbolic"  // Adwaita's globe
            case .country: return "emoji-flags-symbolic"
            case .city: return "mark-location-symbolic"
            }
        }
    }

    var name: String
    var kind: Kind
    var detail: String
    /// Whether nothing lies below it in the tree (its row has no expander).
    var isLeaf: Bool
}

/// A row of the place tree, foldable or not: what the Folding page's status line calls it.
@MainActor
protocol PlaceRow: RowGenerator {
    var place: Place { get }
}

/// A place with places inside it (a continent, a country with cities): it folds.
final class PlaceNode: TemplateFoldableRowGenerator<Place>, PlaceRow {
    var place: Place { model }

    init(model: Place, id: String, children: [any RowGenerator], expanded: Bool? = nil) {
        super.init(template: PlaceRowTemplate.template, model: model, id: id, children: children, expanded: expanded)
    }
}

/// A place with nothing below it in the tree (a city, a city-state, Antarctica).
final class PlaceLeaf: TemplateRowGenerator<Place>, PlaceRow {
    var place: Place { model }

    init(model: Place, id: String) {
        super.init(template: PlaceRowTemplate.template, model: model, id: id)
    }
}

/// The tree the Folding page starts with. Diff ids are the places' paths ("Europe/France/Paris"),
/// unique even where two places share a name.
@MainActor
enum World {
    /// One entry of the tree as written below: a name, a detail, and the places inside it.
    private struct Entry {
        let name: String
        let detail: String
        let children: [Entry]

        init(_ name: String, _ detail: String, _ children: [Entry] = []) {
            self.name = name
            self.detail = detail
            self.children = children
        }
    }

    private static func city(_ name: String, capital: Bool = false) -> Entry {
        Entry(name, capital ? "Capital" : "City")
    }

    private static let tree: [Entry] = [
        Entry("Europe", "", [
            Entry("France", "", [city("Paris", capital: true), city("Lyon"), city("Marseille")]),
            Entry("Germany", "", [city("Berlin", capital: true), city("Hamburg"), city("Munich")]),
            Entry("Italy", "", [city("Rome", capital: true), city("Milan")]),
            Entry("Vatican City", "City-state"),
        ]),
        Entry("Asia", "", [
            Entry("Japan", "", [city("Tokyo", capital: true), city("Osaka"), city("Kyoto")]),
            Entry("India", "", [city("New Delhi", capital: true), city("Mumbai")]),
            Entry("Singapore", "City-state"),
        ]),
        Entry("Africa", "", [
            Entry("Kenya", "", [city("Nairobi", capital: true), city("Mombasa")]),
            Entry("Egypt", "", [city("Cairo", capital: true), city("Alexandria")]),
        ]),
        Entry("Americas", "", [
            Entry("Canada", "", [city("Ottawa", capital: true), city("Toronto"), city("Vancouver")]),
            Entry("Brazil", "", [city("Brasília", capital: true), city("São Paulo")]),
        ]),
        Entry("Oceania", "", [
            Entry("Australia", "", [city("Canberra", capital: true), city("Sydney")]),
            Entry("New Zealand", "", [city("Wellington", capital: true), city("Auckland")]),
        ]),
        Entry("Antarctica", "No countries"),
    ]

    /// Paths of the nodes shown expanded at first, so the three levels are on screen at once.
    private static let initiallyExpanded: Set<String> = ["Europe", "Europe/France"]

    /// The continents, each with its subtree.
    static func continents() -> [any RowGenerator] {
        tree.map { make($0, kind: .continent, path: "") }
    }

    private static func make(_ entry: Entry, kind: Place.Kind, path: String) -> any RowGenerator {
        let id = path.isEmpty ? entry.name : "\(path)/\(entry.name)"
        guard !entry.children.isEmpty else {
            return PlaceLeaf(model: Place(name: entry.name, kind: kind, detail: entry.detail, isLeaf: true), id: id)
        }
        let childKind: Place.Kind = kind == .continent ? .country : .city
        // A node's detail counts what is inside it ("4 countries", "3 cities").
        let detail = childKind == .country
            ? plural(entry.children.count, "country", "countries")
            : plural(entry.children.count, "city", "cities")
        return PlaceNode(model: Place(name: entry.name, kind: kind, detail: detail, isLeaf: false), id: id,
                         children: entry.children.map { make($0, kind: childKind, path: id) },
                         expanded: initiallyExpanded.contains(id))
    }
}
