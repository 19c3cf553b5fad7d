import Glibc

/// Live-object counts, so tests (yours and ours) can prove rows and widgets are freed.
public enum Diagnostics {
    /// Row objects (items of row stores) alive now.
    public static var liveRowObjects: Int { RowObjectType.liveCount.load(ordering: .relaxed) }
    /// Row widgets (wrapped by `Widget`) alive now.
    public static var liveWidgets: Int { WidgetCounter.liveCount.load(ordering: .relaxed) }

    /// Writes a library warning to stderr.
    static func warn(_ message: String) {
        let line = message + "\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}
