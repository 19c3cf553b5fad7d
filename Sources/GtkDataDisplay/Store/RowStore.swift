import CGtkDataDisplay
import DataDisplayDiff

/// The row model the views show: a `GListModel` whose items are row objects ("GddRowModel", the
/// library's own list model: one pointer a row, to the row's record, see `RowItems`; a row's object
/// is made when a view first asks for it).
///
/// Every change reaches it as splices, each of which emits exactly one `items-changed`, as
/// `g_list_store_splice` does. A row's record stays while the model shows it (`Row.enterStore`).
@MainActor
public final class RowStore {
    /// The row model (`GddRowModel *`, a `GListModel`; this object holds one reference).
    public let pointer: OpaquePointer
    /// The records of the rows the model shows.
    private let items = RowItems()
    /// Called before each splice, with its position and how many items it removes, while the
    /// store still holds them (a list view's selection keeps the selected rows there).
    let willSplice = Event<(position: Int, removing: Int)>()
    /// Whether a view holds the row at a position (a selection, whose GTK model follows items): a
    /// whole-state update then keeps that row's object for the row itself (see `RowRecycling`,
    /// `PositionalHull`). By the holder's identity.
    var pins: [ObjectIdentifier: (Int) -> Bool] = [:]
    /// Whether the same holder holds any row at the positions of a range (beside `pins`, which is
    /// asked once a row: a closure each keeps that call as cheap as it was).
    var rangePins: [ObjectIdentifier: (Range<Int>) -> Bool] = [:]
    /// Called before the first splice of a plan of several (see `apply`): a list view holds the
    /// binds GTK makes until `planDidApply`, when it binds what its list items show then.
    let planWillApply = Event<Void>()
    /// Called after the last splice of a plan of several.
    let planDidApply = Event<Void>()
    /// Whether GLib is emitting a splice's `items-changed` now: what a handler of it must not do —
    /// give the views another model — waits for `didSplice`.
    private(set) var isSplicing = false
    /// Called after each splice, once its emission is over.
    let didSplice = Event<Void>()
    /// The views showing the store, by holder: each gives its item view while it is mapped (nil
    /// otherwise), so that a first fill landing over frames waits for the frame that paints its first
    /// rows (`BaseListManager.land`).
    var shownViews: [ObjectIdentifier: () -> UnsafeMutablePointer<GtkWidget>?] = [:]
    /// Those that need an emission for each run of inserted rows, by holder (row animations fade in
    /// what an emission adds): while any is here, `insertScattered` emits a splice a run.
    var wantsEachInsertion: Set<ObjectIdentifier> = []
    /// Called when a whole-state update has shown rows in place (`PositionalHull`): row objects the
    /// store keeps took other rows, which no `items-changed` tells.
    let didShowInPlace = Event<Void>()

    init() {
        pointer = RowModelType.make(showing: items)
    }

    isolated deinit {
        releaseObject(untyped(pointer))
    }

    /// Whether any view holds the row at `position` (see `pins`).
    func isPinned(_ position: Int) -> Bool {
        for pin in pins.values where pin(position) { return true }
        return false
    }

    /// Whether any view holds a row at a position in `positions`.
    func isAnyPinned(in positions: Range<Int>) -> Bool {
        for pin in rangePins.values where pin(positions) { return true }
        return false
    }

    /// The store as a `GListModel *`.
    public var listModel: OpaquePointer { untyped(pointer).asListModel }

    /// The number of items.
    public var count: Int { items.count }

    /// Calls `handler` after each change the store's list views receive: GTK's `items-changed`,
    /// one per splice, with where it happened, how many items it removed and how many it added.
    /// For a status line that shows what a manager's update really did. The store keeps the
    /// closure for its life: capture its owner weakly.
    public func onItemsChanged(_ handler: @escaping @MainActor (_ position: Int, _ removed: Int, _ added: Int) -> Void) {
        Signal.connect(untyped(pointer), "items-changed", itemsChanged: { position, removed, added in
            handler(Int(position), Int(removed), Int(added))
        })
    }

    /// The generator shown at `position`, read back from the real store item.
    public func generator(at position: Int) -> (any RowGenerator)? {
        row(at: position)?.generator
    }

    /// The row at `position`.
    func row(at position: Int) -> Row? {
        guard position >= 0, position < count else { return nil }
        return Row.standing(items[position])
    }

    /// Replaces `removing` items at `position` with the rows `rows`: one emission.
    func splice<C: Collection>(at position: Int, removing: Int, inserting rows: C) where C.Element == Row {
        emit(at: position, removing: removing, adding: rows.count) {
            // The new rows are counted in before the removed ones out, before the emission (as
            // `g_list_store_splice` takes and gives back its references).
            for row in rows { row.enterStore() }
            items.replace(at: position, removing: removing, with: rows.lazy.map(\.record),
                          removed: { Row(record: $0).leaveStore() })
        }
    }

    /// One emission: `willSplice`, `change` (the items changed), `items-changed` for `removing`
    /// items at `position` replaced by `adding`, then `didSplice`.
    private func emit(at position: Int, removing: Int, adding: Int, _ change: () -> Void) {
        if !willSplice.isEmpty, removing > 0 || adding > 0 { willSplice.invoke(with: (position, removing)) }
        isSplicing = true
        defer {
            isSplicing = false
            if !didSplice.isEmpty { didSplice.invoke(with: ()) }
        }
        change()
        g_list_model_items_changed(listModel, guint(position), guint(removing), guint(adding))
    }

    /// Puts in the rows of `splices` (each only inserts; in the list's order, each positioned as the
    /// ones before it left the list; their rows from `rows`, new-list indices in) with one emission
    /// over their hull: GTK sees the rows between as taken out and put back in the same emission, so
    /// a view keeps their list items and binds only the new rows it shows. What a sort model does
    /// with rows arriving in scattered places (`FilteredState.append`). A splice a run while a holder
    /// of `wantsEachInsertion` is there.
    func insertScattered<Rows: Collection<Row>>(_ splices: [Splice], rows: (Range<Int>) -> Rows) {
        guard splices.count > 1, wantsEachInsertion.isEmpty, let first = splices.first, let last = splices.last else {
            apply(splices, at: 0, rows: rows)
            return
        }
        let added = last.inserted.upperBound - first.position
        let inserting = splices.reduce(0) { $0 + $1.inserted.count }
        emit(at: first.position, removing: added - inserting, adding: added) {
            for step in splices {
                precondition(step.removedCount == 0, "a scattered insertion only inserts")
                let new = rows(step.inserted)
                for row in new { row.enterStore() }
                items.replace(at: step.position, removing: 0, with: new.lazy.map(\.record), removed: { _ in })
            }
        }
    }

    /// Applies a splice plan whose inserted ranges index `newRows`.
    func apply(_ plan: SplicePlan, newRows: [Row]) {
        apply(plan.splices, at: 0, newRows: newRows)
    }

    /// Applies `splices` (a plan's, positioned from `base`) whose inserted ranges index `newRows`:
    /// one emission each, in the order `SpliceOrder` gives, so that a list view's realised window
    /// does not move back and forth between them. A view holds the binds GTK makes in between
    /// (`planWillApply`, `planDidApply`).
    func apply(_ splices: [Splice], at base: Int, newRows: [Row]) {
        apply(splices, at: base) { newRows[$0] }
    }

    /// `apply(_:at:newRows:)` with the rows of each splice's inserted range from `rows` (new-list
    /// indices in, rows out): for a change that knows its new rows without a list of them all.
    func apply<Rows: Collection<Row>>(_ splices: [Splice], at base: Int, rows: (Range<Int>) -> Rows) {
        guard splices.count > 1 else {
            if let step = splices.first {
                splice(at: base + step.position, removing: step.removedCount, inserting: rows(step.inserted))
            }
            return
        }
        planWillApply.invoke(with: ())
        for step in SpliceOrder.emissions(of: splices) {
            splice(at: base + step.position, removing: step.removedCount, inserting: rows(step.inserted))
        }
        planDidApply.invoke(with: ())
    }
}
