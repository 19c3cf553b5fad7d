import CGtkDataDisplay
import GtkDataDisplay

/// One `items-changed` emission.
public struct ItemsChange: Equatable, Sendable, CustomStringConvertible {
    /// Where the change starts.
    public var position: Int
    /// Items removed there.
    public var removed: Int
    /// Items added there.
    public var added: Int

    /// An emission.
    public init(position: Int, removed: Int, added: Int) {
        self.position = position
        self.removed = removed
        self.added = added
    }

    /// "(position, -removed, +added)".
    public var description: String { "(\(position), -\(removed), +\(added))" }
}

/// Records every `items-changed` a real `GListModel` emits, and checks each emission's range
/// against the model's size before it.
@MainActor
public final class ItemsChangedRecorder {
    /// The emissions so far, in order.
    public private(set) var changes: [ItemsChange] = []
    /// Emissions whose range did not fit the model as it was (should stay empty).
    public private(set) var invalidChanges: [ItemsChange] = []
    /// Called with each emission as it is recorded.
    public var onChange: ((ItemsChange) -> Void)?
    private let model: OpaquePointer
    private var handler: UInt = 0
    private var countBefore: Int

    /// Starts recording `store`'s emissions.
    public convenience init(_ store: RowStore) {
        self.init(listModel: store.listModel)
    }

    /// Starts recording the emissions of any `GListModel *`.
    public init(listModel: OpaquePointer) {
        model = listModel
        g_object_ref(UnsafeMutableRawPointer(listModel))
        countBefore = Int(g_list_model_get_n_items(listModel))
        handler = Signal.connect(UnsafeMutableRawPointer(listModel), "items-changed", itemsChanged: { [weak self] p, r, a in
            self?.record(ItemsChange(position: Int(p), removed: Int(r), added: Int(a)))
        })
    }

    isolated deinit {
        Signal.disconnect(UnsafeMutableRawPointer(model), handler)
        g_object_unref(UnsafeMutableRawPointer(model))
    }

    private func record(_ change: ItemsChange) {
        changes.append(change)
        if change.position + change.removed > countBefore { invalidChanges.append(change) }
        countBefore += change.added - change.removed
        if countBefore != Int(g_list_model_get_n_items(model)) { invalidChanges.append(change) }
        onChange?(change)
    }

    /// Forgets what was recorded.
    public func reset() { changes.removeAll(); invalidChanges.removeAll() }

    /// Rows removed plus rows added over all emissions.
    public var churn: Int { changes.reduce(0) { $0 + $1.removed + $1.added } }
}
