/// How rows of a list view can be selected.
public enum SelectionMode: Sendable, Equatable {
    /// No selection (`GtkNoSelection`).
    case none
    /// At most one row (`GtkSingleSelection`, no autoselect, can unselect).
    case single
    /// Any number of rows (`GtkMultiSelection`).
    case multiple
}
