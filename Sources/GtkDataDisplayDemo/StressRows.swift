// The Stress page's rows: an id and a content revision, shown as one line.

import GtkDataDisplay

/// What one stress row shows: which row it is and how often its content changed.
struct StressItem: Equatable, Sendable {
    let id: Int
    var revision: Int
}

/// A stress row's generator: identified by `item.id` across whole-state updates, so a new
/// instance with a new revision is an update in place and one with the same revision is no change.
final class StressItemRow: BaseRowGenerator<StressItemView> {
    let item: StressItem

    init(_ item: StressItem) {
        self.item = item
        super.init(model: item, id: item.id)
    }

    /// A new generator for the same row with the next revision.
    func updated() -> StressItemRow {
        StressItemRow(StressItem(id: item.id, revision: item.revision + 1))
    }
}

/// One line: "Row 123,456" and, for a changed row, its revision.
@MainActor
final class StressItemView: ConfigurableRowView {
    let widget: Widget
    private let title = Label(xalign: 0)
    private let revision = Label(xalign: 1)

    static func make() -> StressItemView { StressItemView() }

    private init() {
        title.hexpand = true
        revision.addCSSClass("dim-label")
        let box = Box(.horizontal, spacing: 12, title, revision)
        box.addCSSClass("stress-row")
        widget = box.widget
    }

    func configure(with item: StressItem) {
        title.text = "Row \(grouped(item.id))"
        revision.text = item.revision == 0 ? "" : "revision \(item.revision)"
    }
}
