// A real GListStore of BenchItems in the old state, as the raw contenders start from it. The
// harness holds one reference per item in the list (like an app's model array): GListStore drops
// removed items before it adds the new ones, so a moved item must be held by someone else.

import CGtkDataDisplay

@MainActor
final class RawFixture {
    /// The `GListStore *` (the fixture holds one reference).
    let store: OpaquePointer
    /// The items in list order; one harness reference each.
    var objects: [UnsafeMutableRawPointer?]
    let counter: EmissionCounter

    /// A store filled with fresh items for `ids`/`content` (one splice, before counting starts).
    init(ids: [Int], content: [Int]) {
        let store = g_list_store_new(BenchItem.type)!
        var items: [UnsafeMutableRawPointer?] = []
        items.reserveCapacity(ids.count)
        for i in ids.indices { items.append(BenchItem.make(id: ids[i], content: content[i])) }
        items.withUnsafeMutableBufferPointer { buffer in
            g_list_store_splice(store, 0, 0, buffer.baseAddress, guint(buffer.count))
        }
        self.store = store
        objects = items
        counter = EmissionCounter(listModel: UnsafeMutableRawPointer(store))
    }

    var listModel: OpaquePointer { gdd_list_model(UnsafeMutableRawPointer(store)) }

    /// One `g_list_store_splice`, or `g_list_store_remove` for a splice that only removes one item
    /// (the same emission; what `RowStore` does, and what a hand-written app removing a row calls).
    @inline(__always)
    func splice(at position: Int, removing: Int, _ additions: UnsafeMutablePointer<gpointer?>?, count: Int) {
        if removing == 1, count == 0 {
            g_list_store_remove(store, guint(position))
        } else {
            g_list_store_splice(store, guint(position), guint(removing), additions, guint(count))
        }
    }

    /// Puts the store back to `items` (one splice) and holds references on them instead.
    func reset(to items: [UnsafeMutableRawPointer?]) {
        for item in items { g_object_ref(item) }
        var additions = items
        additions.withUnsafeMutableBufferPointer { buffer in
            g_list_store_splice(store, 0, guint(g_list_model_get_n_items(listModel)), buffer.baseAddress, guint(buffer.count))
        }
        for item in objects { g_object_unref(item) }
        objects = items
    }

    /// Nil when the store holds exactly `objects` and they carry `ids`/`content` row by row; else what differs first.
    func mismatch(ids: [Int], content: [Int]) -> String? {
        let model = listModel
        let count = Int(g_list_model_get_n_items(model))
        if count != ids.count { return "store has \(count) rows, target has \(ids.count)" }
        if objects.count != ids.count { return "contender's object list has \(objects.count) rows, target has \(ids.count)" }
        for i in 0..<count {
            let item = g_list_model_get_item(model, guint(i))!  // transfer full
            defer { g_object_unref(item) }
            let id = BenchItem.id(of: item), c = BenchItem.content(of: item)
            if id != ids[i] || c != content[i] {
                return "row \(i): store has id \(id) content \(c), target id \(ids[i]) content \(content[i])"
            }
            if item != objects[i] { return "row \(i): store item is not the contender's object" }
        }
        return nil
    }

    /// Drops the store and the harness references.
    func destroy() {
        counter.stop()
        g_object_unref(UnsafeMutableRawPointer(store))
        for item in objects { g_object_unref(item) }
        objects = []
    }

    /// Content updates for contenders that cannot rebind: each updated row becomes a new item
    /// (one splice each), and `objects` follows.
    func replaceUpdated(_ updated: [Int], in objects: inout [UnsafeMutableRawPointer?], input: BenchInput) {
        for j in updated {
            var item: gpointer? = BenchItem.make(id: input.newIDs[j], content: input.newContent[j])
            splice(at: j, removing: 1, &item, count: 1)
            g_object_unref(objects[j])
            objects[j] = item
        }
    }
}
