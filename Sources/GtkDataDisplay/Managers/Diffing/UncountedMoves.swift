import DataDisplayDiff
import Synchronization

// Whole-state diffing: the moves of an update shown in place, counted only if asked for. A re-sort
// of a million rows shown in place needs no move (each position takes its new row), and counting
// them (a longest increasing subsequence, a binary search a row) was 30–40 ms of a 90 ms update.

/// The minimum number of moves of a match (`ListDiff.minimumMoves(oldIndexOfNew:oldCount:)`),
/// counted at the first read and kept. Holds the match until then (shared, not copied).
final class UncountedMoves: Sendable {
    private let match: Mutex<(oldIndexOfNew: [Int], oldCount: Int, count: Int?)>

    init(oldIndexOfNew: [Int], oldCount: Int) {
        match = Mutex((oldIndexOfNew, oldCount, nil))
    }

    /// The moves (counted now if not yet: O(n log n)).
    var count: Int {
        match.withLock { match in
            if let count = match.count { return count }
            // The match came from a valid plan: it cannot be refused.
            let count = (try? ListDiff.minimumMoves(oldIndexOfNew: match.oldIndexOfNew, oldCount: match.oldCount)) ?? 0
            match = ([], match.oldCount, count)
            return count
        }
    }
}
