extension BoxAdapter {
    /// Which way a box lays out its rows (GtkDataDisplayShell's `Box` lays out children the same way).
    public enum Orientation: Sendable {
        /// Side by side.
        case horizontal
        /// One above the other.
        case vertical
    }
}
