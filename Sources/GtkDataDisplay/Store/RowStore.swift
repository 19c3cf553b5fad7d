import CGtkDataDisplay
import DataDisplayDiff

/// One `GListStore` whose items are row objects: the model a `GtkListView` shows.
///
/// Every change reaches it as `g_list_store_splice` calls (`g_list_store_remove` for a splice that
/// only removes one item), each of which emits exactly one `items-changed`. The store holds its
/// own reference on each item it contains.
@MainActor
public final class RowStore {
    /// The `GListStore *` (this object holds one reference).
    public let pointer: OpaquePointer
    private var scratch: [UnsafeMutableRawPointer?] = []
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
    /// Called when a whole-state update has shown rows in place (`PositionalHull`): row objects the
    /// store keeps took other rows, which no `items-changed` tells.
    let didShowInPlace = Event<Void>()

    init() {
        pointer = g_list_store_new(RowObjectType.type)
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
    public var count: Int { Int(g_list_model_get_n_items(listModel)) }

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
        guard position >= 0, position < count,
              let item = g_list_model_get_item(listModel, guint(position)) else { return nil }
        defer { releaseObject(item) }  // g_list_model_get_item is transfer full
        return Row.from(item: item)
    }

    /// Replaces `removing` items at `position` with the row objects of `rows`: one emission.
    func splice<C: Collection>(at position: Int, removing: Int, inserting rows: C) where C.Element == Row {
        if !willSplice.isEmpty, removing > 0 || !rows.isEmpty { willSplice.invoke(with: (position, removing)) }
        isSplicing = true
        defer {
            isSplicing = false
            if !didSplice.isEmpty { didSplice.invoke(with: ()) }
        }
        if removing == 1, rows.isEmpty {
            // The same one emission, items-changed (position, 1, 0), for a fraction of the cost: GLib
            // 2.74 splices a removal as a range (cut the sequence's tree twice and join it) where
            // g_list_store_remove unlinks the one node — 1.4 µs less a removal at every size, most of
            // a removal's cost below 1M rows (a plan of scattered moves or deletes is made of them).
            g_list_store_remove(pointer, guint(position))
            return
        }
        if rows.count >= MappedItems.minimumCount, spliceMapped(at: position, removing: removing, inserting: rows) { return }
        // The items gathered in a local array (appending to a stored property checks exclusive
        // access on every append); a small buffer is kept for the next splice. No closure: one made
        // here is main-actor isolated, and each call of it checked the executor (two a splice, about
        // 450 instructions, as much as the rest of this method).
        var items = scratch
        scratch = []
        items.removeAll(keepingCapacity: true)
        items.reserveCapacity(rows.count)
        for row in rows { items.append(row.item) }
        g_list_store_splice(pointer, guint(position), guint(removing), &items, guint(items.count))
        if items.count <= 4096 { scratch = items }
    }

    /// `splice`'s emission with the items gathered in mapped memory (`MappedItems`); false when the
    /// rows are not contiguous or no memory was mapped (nothing done).
    private func spliceMapped<C: Collection>(at position: Int, removing: Int, inserting rows: C) -> Bool where C.Element == Row {
        let done: Bool?? = rows.withContiguousStorageIfAvailable { rows in
            MappedItems.withBuffer(count: rows.count) { items in
                for index in rows.indices { items[index] = rows[index].item }
                g_list_store_splice(pointer, guint(position), guint(removing), items.baseAddress, guint(items.count))
                return true
            }
        }
        return (done ?? nil) ?? false
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
