// One `g_list_store_splice(position, removedCount, additions)` call: one `items-changed` emission.

/// One splice: in the list as it stands after all earlier splices of the plan were applied,
/// replace `removedCount` rows at `position` with the new-list rows at indices `inserted` (in that order).
public struct Splice: Equatable, Sendable, CustomStringConvertible {
    /// Where the splice starts, in the list as it stands after the earlier splices.
    public var position: Int
    /// How many rows are removed at `position`.
    public var removedCount: Int
    /// The new-list indices of the rows added at `position`, in order.
    public var inserted: Range<Int>

    /// Creates a splice.
    @inlinable
    public init(position: Int, removedCount: Int, inserted: Range<Int>) {
        self.position = position
        self.removedCount = removedCount
        self.inserted = inserted
    }

    /// Rows removed plus rows added by this splice.
    internal var churn: Int { removedCount + inserted.count }

    /// For example `splice(at: 3, remove: 2, insert: new[3..<5])`.
    public var description: String {
        "splice(at: \(position), remove: \(removedCount), insert: new[\(inserted.lowerBound)..<\(inserted.upperBound)])"
    }
}
