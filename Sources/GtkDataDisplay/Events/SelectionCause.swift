/// Who changed the selection: what `SelectionChange.cause` says.
public enum SelectionCause: Sendable, Equatable {
    /// The user: a click, a key, a rubber band, GTK's Ctrl+A.
    case user
    /// The app: `select(_:)`, `deselect(_:)`, `selectAll()`, `unselectAll()`, a new `selectionMode`.
    case code
    /// A manager update: selected rows that left the list (a remove, a whole state without them), or
    /// rows selected again because a whole-state update brought back their id
    /// (`ListBaseAdapter.restoresSelectionByID`).
    case update
}
