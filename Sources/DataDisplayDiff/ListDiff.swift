// Entry points of the diff engine: old and new rows in, splice plan out.
//
// Steps: match rows by id (common prefix and suffix by position; in the middle, a reversed stretch
// from its ends and runs of rows that keep their neighbours by position, and only the rest through
// one flat table, or, when nearly every row of a large middle changed place, all of them in groups
// by hash whose tables stay in the cache, or, when most of a middle's rows go or are new, from a
// table of one side; duplicates among hashed rows rejected first); ask the
// caller which matched rows changed content; keep a longest increasing subsequence of matched rows
// in place (chosen among the runs matched by position when they are few, so a rotation, a swap or a
// moved block costs a few runs there, not a pass over the rows); turn the gaps between them into
// splices; merge splices to keep moved rows' widgets and to save items-changed emissions (or go
// straight to one splice over the changed range when no merge could beat it).
// O(n log n) time at worst, O(n) memory; hashing grows with the rows that changed place, not with n.

/// Diffs flat lists of rows into splice plans for `g_list_store_splice`.
public enum ListDiff {
    /// Core entry point: ids of old and new rows, and a content comparison by index (called only for
    /// matched pairs, once each, in ascending new index).
    ///
    /// Rows are matched by position where they can be: the common prefix and suffix (same id at the same
    /// offset from the start / the end), and in the middle every run of rows that follows a matched row
    /// on both sides (same id one row further in both lists), and a middle reversed from its ends inward
    /// (its first old row is its last new one: a sort order turned round). Only the other rows are
    /// hashed, so an unchanged list costs O(n) and one allocation, a rotation, a swap or a moved block
    /// a few lookups per changed row, and a reversed list none. A large middle in which almost no row
    /// keeps its neighbours (a shuffle) is hashed whole instead, in groups by hash whose tables stay in
    /// the cache (there every row counts as hashed).
    ///
    /// Throws `DiffError.duplicateID`, before calling `contentEqual`, when two hashed rows of one list
    /// share an id; the error names the first repeated id met when scanning the old rows and then the
    /// new rows between the common prefix and suffix. A repeat involving a row matched by position may
    /// go unreported; the plan is then still a valid one (each old row matched at most once, to a new
    /// row with the same id), so a list without repeats diffed to one with a repeat always reports the
    /// repeated row as inserted (or, the other way round, as removed).
    ///
    /// With `checkingCancellation: true` (for a diff run in a task that may be cancelled), the matching
    /// looks at `Task.isCancelled` every few thousand rows and throws `DiffError.cancelled`.
    ///
    /// With `oldIDsAreUnique: true` (the old rows are a list diffed before, so no id repeats among
    /// them), a large middle that lost most of its rows (a search narrowing a long list) is matched by
    /// hashing its new rows and looking each old row up, rather than storing every row that goes.
    /// A repeat among the old rows is then reported only when the repeated id is among the new rows.
    @inlinable
    public static func plan<ID: Hashable>(
        old: [ID], new: [ID], options: SplicePlanOptions = .default, checkingCancellation: Bool = false,
        oldIDsAreUnique: Bool = false,
        contentEqual: (_ oldIndex: Int, _ newIndex: Int) -> Bool
    ) throws(DiffError) -> SplicePlan {
        let match = try IDMatch(old: old, new: new, checkingCancellation: checkingCancellation, oldIDsAreUnique: oldIDsAreUnique)
        if checkingCancellation && Task.isCancelled { throw .cancelled }
        var updated: [Int] = []
        for (newIndex, oldIndex) in match.oldIndexOfNew.enumerated()
        where oldIndex >= 0 && !contentEqual(oldIndex, newIndex) {
            updated.append(newIndex)
        }
        var plan = SplicePlan(matching: match, updated: updated, options: options)
        if match.hashedWholeMiddle { plan.hashedNewRows = match.newMiddle }
        return plan
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
        if match.hasRuns { return match.matchedInMiddle - LongestIncreasingRuns.members(of: match.runs).rows }
        return match.matchedInMiddle - LongestIncreasingSubsequence.members(of: match.oldIndexOfNew, in: match.newMiddle).count
    }
}
