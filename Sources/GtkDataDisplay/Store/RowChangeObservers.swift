/// Views that show rows outside GTK's list items (a `BoxAdapter`) and must hear of what the
/// manager changes on a row in place, without a splice: new content, or a new generator.
///
/// A list view hears of these through `Row.cell`; a box keeps its own widget per row, so rows
/// tell every registered observer instead. With none registered (the usual case) a row pays one
/// check of an empty array.
@MainActor
protocol RowChangeObserver: AnyObject {
    /// `row`'s content changed (`Row.contentChanged`): rebind it.
    func rowContentChanged(_ row: Row)
    /// `row` was handed to a new generator. `sameContent`: it shows what `previous` showed (adopt
    /// the view); otherwise a content change of the row follows.
    func row(_ row: Row, tookGeneratorFrom previous: any RowGenerator, sameContent: Bool)
    /// The manager whose rows the observer shows (it ignores the others').
    var observedManager: BaseListManager { get }
}

/// The registered `RowChangeObserver`s (held weakly).
@MainActor
enum RowChangeObservers {
    private final class Entry {
        weak var observer: (any RowChangeObserver)?
        init(_ observer: any RowChangeObserver) { self.observer = observer }
    }

    private static var entries: [Entry] = []
    /// `entries.count`, kept beside it: an integer global needs no lazy initialisation, where reading
    /// the array went through a `swift_once` check each time (every row of every whole-state update).
    private static var entryCount = 0

    /// Whether nobody listens.
    static var isEmpty: Bool { entryCount == 0 }

    /// Whether an observer shows `manager`'s rows.
    static func observe(_ manager: BaseListManager) -> Bool {
        entryCount > 0 && entries.contains { $0.observer?.observedManager === manager }
    }

    static func add(_ observer: any RowChangeObserver) {
        entries.removeAll { $0.observer == nil }
        entries.append(Entry(observer))
        entryCount = entries.count
    }

    static func remove(_ observer: any RowChangeObserver) {
        entries.removeAll { $0.observer == nil || $0.observer === observer }
        entryCount = entries.count
    }

    static func contentChanged(_ row: Row) {
        for entry in entries { entry.observer?.rowContentChanged(row) }
    }

    static func generatorChanged(_ row: Row, from previous: any RowGenerator, sameContent: Bool) {
        for entry in entries { entry.observer?.row(row, tookGeneratorFrom: previous, sameContent: sameContent) }
    }
}
