// The knobs that trade exactness (no unchanged row inside a splice) for fewer `items-changed`
// emissions and kept widgets.

/// How a splice plan may widen its splices: to keep moved rows' widgets, and to emit fewer signals.
public struct SplicePlanOptions: Sendable, Equatable {
    /// Largest span (in rows) a move may cover and still be put into one splice with its source and
    /// destination, so GTK keeps the moved row's widget. 0 = never merge (a move becomes a remove + an
    /// insert in different splices). Default 256. Negative values act as 0. Moves whose merges overlap
    /// share one splice only while it still removes at most this many rows.
    public var moveMergeSpan: Int

    /// Estimated cost of one splice (one items-changed emission) in rows of churn. Used to (a) merge two
    /// neighbouring splices when the unchanged rows between them cost less than an extra emission, and
    /// (b) collapse the whole plan into ONE splice over the hull [first change, last change] when that is
    /// cheaper than the plan (with splices weighed at `hullSpliceCost`). Default 32. 0 disables both.
    /// Negative values act as 0.
    public var spliceCost: Int

    /// Estimated cost of one splice, in rows of churn, when the plan is weighed against one splice over
    /// its hull; never less than `spliceCost`. Default twice `spliceCost`. The hull's rows come out and
    /// go back as one contiguous range (GLib cuts its tree once and walks the range in order), while
    /// the rows a neighbour merge adds lie in scattered short stretches, each a fresh walk: on GLib 2.74
    /// a splice's fixed cost is 1.5 µs at 10k rows and 3.5–3.9 µs at 100k–1M, where a row taken out
    /// and put back in a hull costs 0.11–0.13 µs.
    public var hullSpliceCost: Int

    /// Old rows that no splice chosen by the `hullSpliceCost` weighing may take out (empty: none),
    /// in any order: the rows a list view realises. GTK 4.8 follows the row its realised range is
    /// anchored on (and the focused row) exactly when a splice lies before it, but guesses its new
    /// place in proportion when a splice removes it and adds it back elsewhere, then moves the range
    /// once laid out: rows bound for nothing. With such rows, the changes between two of these
    /// ranges (or before the first, or after the last) may each become one splice, and changes that
    /// take out such rows keep the plan that `spliceCost` gives.
    public var hullExcludedOldRows: [Range<Int>]

    /// Whether a plan counts its moves (`SplicePlan.moveCount`) when they change nothing else: false
    /// lets a plan whose changes are scattered through its whole middle (a shuffle, a re-sort), and so
    /// end as one splice over it whichever rows stay, skip finding the rows that stay (a binary search
    /// a row); its `moveCount` is then -1. Default true.
    public var countsMoves: Bool

    /// Creates options; the defaults are those of `.default`. `hullSpliceCost` nil: twice `spliceCost`.
    @inlinable
    public init(moveMergeSpan: Int = 256, spliceCost: Int = 32, hullSpliceCost: Int? = nil,
                hullExcludedOldRows: [Range<Int>] = [], countsMoves: Bool = true) {
        self.countsMoves = countsMoves
        self.moveMergeSpan = moveMergeSpan
        self.spliceCost = spliceCost
        let (doubled, overflow) = spliceCost.multipliedReportingOverflow(by: 2)
        self.hullSpliceCost = hullSpliceCost ?? (overflow ? Int.max : doubled)
        self.hullExcludedOldRows = hullExcludedOldRows
    }

    /// Moves within 256 rows keep their widgets; a splice is worth 32 rows of churn, 64 against the hull.
    public static let `default` = SplicePlanOptions()

    /// For a store no list or grid view shows: neighbouring changes merge only across fewer than four
    /// unchanged rows (`spliceCost` 8), while the plan is still weighed against one splice over its
    /// hull at 64. Without a view an emission costs GLib alone (1.5–3.9 µs, about what 8–30 rows of
    /// churn cost), and a view adds about 5 µs more to each (GTK walks its list items): `default`
    /// is what a shown store is worth. `BaseListManager` picks this one while no cell of any view
    /// shows one of its rows.
    public static let headless = SplicePlanOptions(spliceCost: 8, hullSpliceCost: 64)

    /// No unchanged row ever appears inside a splice (moveMergeSpan 0, spliceCost 0).
    public static let exact = SplicePlanOptions(moveMergeSpan: 0, spliceCost: 0)
}
