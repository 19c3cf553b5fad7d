/// Counts of what a box adapter did, for tests and benchmarks.
public struct BoxStatistics: Sendable, Equatable {
    /// Views built by generators (`makeView`): one per row that reached the box, plus one per
    /// rebind that changed the row's kind.
    public var viewsCreated = 0
    /// Rows bound to a view: new rows plus in-place rebinds.
    public var binds = 0
    /// Of `binds`, the in-place rebinds of rows whose content changed.
    public var rebinds = 0
    /// Views unbound (before a rebind, or when their row left).
    public var unbinds = 0
    /// Views adopted by an equal generator that a whole-state update put in their row's place.
    public var adoptions = 0
    /// Row widgets moved inside the box (`gtk_box_reorder_child_after`).
    public var reorders = 0
    /// Row widgets destroyed because their row left the manager.
    public var destroyed = 0

    /// All zero.
    public init() {}
}
