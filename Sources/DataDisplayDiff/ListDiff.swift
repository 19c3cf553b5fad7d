// Entry points of the diff engine: old and new rows in, splice plan out.
//
// Steps: match rows by id (common prefix and suffix by position, the middle through one dictionary,
// duplicates rejected first); ask the caller which matched rows changed content; keep a longest
// increasing subsequence of matched rows in place; turn the gaps between them into splices; merge
// splices to keep moved rows' widgets and to save items-changed emissions. O(n log n) time, O(n) memory.

/// Diffs flat lists of rows into splice plans for `g_list_store_splice`.
public enum ListDiff {
    /// Core entry point: ids of old and new rows, and a content comparison by index (called only for
    /// matched pairs, once each, in ascending new index).
    ///
    /// Throws `DiffError.duplicateID`, before calling `contentEqual`, for the first repeated id met when
    /// scanning the old rows and then the new rows that lie between the common prefix and suffix (same
    /// id at the same offset from the start / the end). Those ends are matched by position and not
    /// hashed, so an unchanged list costs O(n) and one allocation; a repeat involving them goes unreported.
    ///
    /// With `checkingCancellation: true` (for a diff run in a task that may be cancelled), the matching
    /// looks at `Task.isCancelled` every few thousand rows and throws `DiffError.cancelled`.
    @inlinable
    public static func plan<ID: Hashable>(
        old: [ID], new: [ID], options: SplicePlanOptions = .default, checkingCancellation: Bool = false,
        contentEqual: (_ oldIndex: Int, _ newIndex: Int) -> Bool
    ) throws(DiffError) -> SplicePlan {
        let match = try IDMatch(old: old, new: new, checkingCancellation: checkingCancellation)
        if checkingCancellation && Task.isCancelled { throw .cancelled }
        var updated: [Int] = []
        for (newIndex, oldIndex) in match.oldIndexOfNew.enumerated()
        where oldIndex >= 0 && !contentEqual(oldIndex, newIndex) {
            updated.append(newIndex)
        }
        return SplicePlan(matching: match, updated: updated, options: options)
    }

    /// Convenience for Differentiable collections; indices in the plan are offsets from `startIndex`.
    @inlinable
    public static func plan<C: RandomAccessCollection>(
        from old: C, to new: C, options: SplicePlanOptions = .default
    ) throws(DiffError) -> SplicePlan where C.Element: Differentiable, C.Index == Int {
        let oldStart = old.startIndex, newStart = new.startIndex
        return try plan(old: old.map(\.diffID), new: new.map(\.diffID), options: options) { oldIndex, newIndex in
            new[newStart + newIndex].isContentEqual(to: old[oldStart + oldIndex])
        }
    }

    /// The minimum number of moves between two duplicate-free id lists (common rows minus LIS), O(n log n).
    /// Traps where `plan(old:new:)` would throw `DiffError.duplicateID`.
    @inlinable
    public static func minimumMoves<ID: Hashable>(old: [ID], new: [ID]) -> Int {
        do {
            return minimumMoves(of: try IDMatch(old: old, new: new))
        } catch {
            preconditionFailure("minimumMoves needs duplicate-free lists: \(error)")
        }
    }

    /// Matched rows of the middle minus those that stay.
    @usableFromInline
    internal static func minimumMoves(of match: IDMatch) -> Int {
        match.matchedInMiddle - LongestIncreasingSubsequence.members(of: match.oldIndexOfNew, in: match.newMiddle).count
    }
}
