// What the matching of the middle has matched so far: which rows of each list, and the runs they came in.

/// The matched rows of the middle of both lists, as bits (offsets from the prefix), and their runs
/// while those stay at most `runLimit`.
@usableFromInline
internal struct MatchedRows {
    @usableFromInline var old: RowBits
    @usableFromInline var new: RowBits
    @usableFromInline var runs: [MatchedRun] = []
    @usableFromInline var hasRuns = true
    @usableFromInline let runLimit: Int

    @inlinable
    init(old: RowBits, new: RowBits, runLimit: Int) {
        self.old = old
        self.new = new
        self.runLimit = runLimit
    }

    /// Keeps `run`, or drops every run once there are more than `runLimit`.
    @inlinable @inline(__always)
    mutating func record(_ run: MatchedRun) {
        guard hasRuns else { return }
        if runs.count < runLimit {
            runs.append(run)
        } else {
            runs = []
            hasRuns = false
        }
    }
}
