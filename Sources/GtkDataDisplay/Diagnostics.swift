import Glibc

/// Live-object counts, so tests (yours and ours) can prove rows and widgets are freed.
public enum Diagnostics {
    /// Row objects (items of row stores) in use now: held by rows or by GTK. The spare objects the
    /// library keeps for new rows (``spareRowObjects``) are not counted.
    public static var liveRowObjects: Int { RowObjectType.liveCount.load(ordering: .relaxed) }
    /// Row objects of rows that went away, kept (at most 16,384, 48 bytes each) so that new rows
    /// reuse them instead of making and freeing GObjects.
    public static var spareRowObjects: Int { RowObjectPool.count }
    /// Frees the spare row objects (``spareRowObjects``): for a leak checker that reports every
    /// object alive at exit, or to give the memory back after a large list went away.
    public static func releaseSpareRowObjects() { RowObjectPool.drain() }
    /// Row widgets (wrapped by `Widget`) alive now.
    public static var liveWidgets: Int { WidgetCounter.liveCount.load(ordering: .relaxed) }

    /// Fires the first time each binding of a template meets a model value it cannot set as it is
    /// (see `BindingTarget`): the bind clamps it, skips it or shows it as plain text, and the row
    /// is shown. Each report is also written to stderr. Later misfits of the same binding are
    /// handled the same way, silently.
    @MainActor public static let boundValueAdjusted = Event<BoundValueAdjustment>()

    /// Writes a library warning to stderr.
    static func warn(_ message: String) {
        let line = message + "\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}
