// Rows matched by position in the middle come in runs: consecutive old rows matched to consecutive new
// rows. A list changed by a few moves, a rotation or a swap is a few long runs, and the rows that stay
// can be chosen among runs instead of among rows.

/// `count` rows from `oldStart` in the old list matched to `count` rows from `newStart` in the new list.
@usableFromInline
internal struct MatchedRun {
    @usableFromInline var oldStart: Int
    @usableFromInline var newStart: Int
    @usableFromInline var count: Int

    @inlinable
    init(oldStart: Int, newStart: Int, count: Int) {
        self.oldStart = oldStart
        self.newStart = newStart
        self.count = count
    }
}
