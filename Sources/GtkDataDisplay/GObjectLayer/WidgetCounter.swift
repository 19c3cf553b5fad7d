import CGtkDataDisplay
import Synchronization

/// Counts row widgets alive: each widget wrapped by `Widget` gets a weak reference whose notify
/// decrements the count when GTK finalizes it.
enum WidgetCounter {
    static let liveCount = Atomic<Int>(0)

    static func track(_ widget: UnsafeMutableRawPointer) {
        liveCount.add(1, ordering: .relaxed)
        g_object_weak_ref(widget.asObject, { _, _ in
            WidgetCounter.liveCount.subtract(1, ordering: .relaxed)
        }, nil)
    }
}
