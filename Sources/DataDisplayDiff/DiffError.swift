// Errors of the diff, all raised before any plan exists, so nothing is ever half-applied.

/// Typed errors, raised BEFORE any plan is produced.
public enum DiffError: Error, Equatable, CustomStringConvertible {
    /// Two rows of one list share a diff id. `id` is `String(describing:)` of the id; the indices are
    /// positions in that list, `firstIndex < secondIndex`.
    case duplicateID(side: DiffSide, id: String, firstIndex: Int, secondIndex: Int)
    /// The task running a plan made with `checkingCancellation: true` was cancelled; the diff stopped
    /// and released what it had built.
    case cancelled
    /// A match given by the caller (`ListDiff.plan(oldIndexOfNew:oldCount:)`) names, for the new row
    /// at `newIndex`, an old row out of range or one an earlier new row named.
    case invalidMatch(newIndex: Int, oldIndex: Int)

    /// For example `duplicate diff id "42" in the new list at 3 and 7`.
    public var description: String {
        switch self {
        case let .duplicateID(side, id, firstIndex, secondIndex):
            let list = side == .old ? "old" : "new"
            return "duplicate diff id \"\(id)\" in the \(list) list at \(firstIndex) and \(secondIndex)"
        case .cancelled:
            return "the diff was cancelled"
        case let .invalidMatch(newIndex, oldIndex):
            return "the new row at \(newIndex) is matched to old row \(oldIndex), out of range or matched before"
        }
    }
}
