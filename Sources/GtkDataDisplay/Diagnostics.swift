import Glibc

/// Live-object counts, so tests (yours and ours) can prove rows and widgets are freed.
public enum Diagnostics {
    /// Rows in use now: the rows managers show, those that ended while a store still shows them, and
    /// the row objects (the items views are handed) that outlive their rows, held by GTK or by
    /// someone else.
    public static var liveRowObjects: Int {
        RowRecords.liveCount.load(ordering: .relaxed) + RowObjectType.detachedCount.load(ordering: .relaxed)
    }
    /// Records of rows that went away, kept for new rows (24 bytes each, in slabs of 4,096).
    @MainActor public static var spareRowObjects: Int { RowRecords.freeCount }
    /// Frees the slabs of row records when no row is in use (else does nothing): for a leak checker
    /// that reports every allocation alive at exit, or to give the memory back after a large list
    /// went away.
    @MainActor public static func releaseSpareRowObjects() { RowRecords.releaseUnused() }
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
