// The Stress page's rows: an id and a content revision, shown as one line (`stress-row.ui`).

import GtkDataDisplay
import GtkDataDisplayShell

/// What one stress row shows: which row it is and how often its content changed.
struct StressItem: Equatable, Sendable {
    let id: Int
    var revision: Int
}

/// A stress row's generator: identified by `item.id` across whole-state updates, so a new
/// instance with a new revision is an update in place and one with the same revision is no change.
final class StressItemRow: TemplateRowGenerator<StressItem> {
    let item: StressItem

    init(_ item: StressItem) {
        self.item = item
        super.init(template: Self.template, model: item, id: item.id)
    }

    /// One line (`stress-row.ui`): "Row 123,456" and, for a changed row, its revision.
    static let template: RowTemplate<StressItem> = DemoResources.template("stress-row.ui") {
        $0.bind("title", .label, to: { "Row \(grouped($0.id))" })
            .bind("revision", .label, to: { $0.revision == 0 ? "" : "revision \($0.revision)" })
    }

    /// A new generator for the same row with the next revision.
    func updated() -> StressItemRow {
        StressItemRow(StressItem(id: item.id, revision: item.revision + 1))
    }
}
