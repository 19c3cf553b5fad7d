// Which of the two lists a diff error is about.

/// One of the two lists given to a diff.
public enum DiffSide: Sendable, Equatable {
    /// The list as it is now.
    case old
    /// The list as it should become.
    case new
}
