/// Counts of what a list view adapter did, for tests and benchmarks.
public struct BindStatistics: Sendable, Equatable {
    /// GTK factory `setup` calls (list items created).
    public var setups = 0
    /// Rows bound to a widget: GTK's `bind` plus in-place rebinds of changed rows.
    public var binds = 0
    /// Of `binds`, the in-place rebinds of rows whose content changed.
    public var rebinds = 0
    /// GTK factory `unbind` calls.
    public var unbinds = 0
    /// GTK factory `teardown` calls.
    public var teardowns = 0
    /// Views built by generators (`makeView`), i.e. not taken from the pool.
    public var viewsCreated = 0
    /// Cells of a table's declared columns filled (`ColumnViewAdapter`): a row the cell did not
    /// show, or a row whose content changed. The rows' own column counts in `binds`.
    public var cellBinds = 0

    /// All zero.
    public init() {}
}
