// Counts a list model's `items-changed` emissions and their churn with a plain C handler (no
// Swift closure, no actor hop), so counting costs every contender the same few nanoseconds.

import CGtkDataDisplay

private let countItemsChanged: GddItemsChangedHandler = {
    _, _, removed, added, data in
    let counts = data!.assumingMemoryBound(to: Int.self)
    counts[0] += 1
    counts[1] += Int(removed) + Int(added)
}

/// Emissions and churn (rows removed + rows added) of one `GListModel`.
final class EmissionCounter {
    private let counts: UnsafeMutablePointer<Int>
    private let model: UnsafeMutableRawPointer
    private var handler: gulong = 0

    /// Starts counting `items-changed` on `listModel`.
    init(listModel: UnsafeMutableRawPointer) {
        model = listModel
        counts = .allocate(capacity: 2)
        counts.initialize(repeating: 0, count: 2)
        handler = gdd_connect_items_changed(listModel, countItemsChanged, counts)
    }

    var emissions: Int { counts[0] }
    var churn: Int { counts[1] }

    func reset() { counts[0] = 0; counts[1] = 0 }

    /// Disconnects (call before the model goes away).
    func stop() {
        if handler != 0 { g_signal_handler_disconnect(model, handler) }
        handler = 0
    }

    deinit { counts.deallocate() }
}
