// Background updates of big lists: a whole state that reaches the store over several frames.

import DataDisplayDiff
import Glibc

/// A whole state landing over several turns of the main loop (`setStateInBackground` of a big list),
/// in steps from the top of the list down, in slices of about `sliceBudget` of main-thread time, the
/// frames drawn between the slices.
///
/// A step takes the next `rowsPerStep` rows of the old and new lists together (an old row the new
/// state drops, a new row, or a kept row, which counts in both) and lands them with one splice:
/// the changed span is replaced by its new rows, kept rows inside it as the same row objects (GTK
/// keeps their widgets), kept rows around it untouched; kept rows take their new generators (content
/// compared, changed rows rebound). So the store always holds the new state's rows above the step
/// and the old state's below it.
///
/// When a view shows the top of the list, the first step shows the new state's first rows in the
/// row objects of the rows it shows there (rebound; as `RowRecycling` does for a one-turn commit):
/// GTK keeps those list items, where the steps would remove the rows it shows and make list items
/// for rows that the next steps remove again. An old row whose generator one of them took
/// (`displaced`) leaves the store in that step. Those rows are rebound a few at a time
/// (`Sizes.shownInPlaceRows`), the first in that step, the others in the slices after it. (A view
/// scrolled down keeps the rows it shows while they stay: the steps land around them.)
///
/// A fill of an empty list lands its first rows in small steps, each a slice of its own painted
/// before the next, for as long as GTK makes list items for the rows they land
/// (`Sizes.firstFillRows`, `Sizes.realisedRows`).
///
/// Between two slices the manager holds that state, which its store shows: reading it is
/// consistent, and any change the app makes finishes the landing first. Only states that move no
/// row land this way (a search, a filter, a fill, appends): old and new rows then meet in order.
@MainActor
final class StateLanding {
    /// How big a state must be to land over frames, and how big its steps and slices are.
    struct Sizes {
        /// States of at least this many rows (before or after) land over frames.
        var minimumRows = 32_768
        /// The most rows one step removes, makes or compares.
        var rowsPerStep = 2_048
        /// The most rows of each of the first steps that fill an empty list (`firstFillSteps` of
        /// them): GTK makes and binds the widgets of the rows a step brings into view, and the frame
        /// after it lays them out, so a step is given about half a screenful (a screenful's widgets
        /// in one frame held the main loop 21 ms, two halves 14). Each is a slice of its own, and the
        /// next waits for the frame that paints it.
        var firstFillRows = 24
        /// How many steps of `firstFillRows` begin a first fill (a screenful and a half).
        var firstFillSteps = 3
        /// The most rows of each later step of a first fill while GTK realises the rows it lands (it
        /// makes and binds their list items, beyond the view too, and lays them out in the next frame:
        /// GTK 4.8 realises about 200 rows of a list; 133 of them in one step held the main loop 21 ms
        /// on a slow machine, 48 about 15). Each is a slice of its own, and the next waits for the
        /// frame that paints it; once the last row landed has no list item, the steps are
        /// `rowsPerStep` again.
        var realisedRows = 32
        /// How many of the rows shown in place (`showsTop`) are rebound in the step that places them,
        /// and in each slice after it, a slice of their own, till all are: a rebound row is laid out
        /// again in the next frame (205 rows rebound in one slice held the main loop 21 ms on a slow
        /// machine). GTK 4.8 realises about 200 rows of a list; the view shows the first ones.
        var shownInPlaceRows = 96
        /// Main-thread time a slice may take before the frames are let through (ns).
        var sliceBudget: UInt64 = 8_000_000
    }

    /// The sizes in use (tests set smaller ones and put `Sizes()` back).
    nonisolated(unsafe) static var sizes = Sizes()

    /// The new state's rows, in order.
    let generators: [any RowGenerator]
    /// Each new row's old index, or -1 (empty: every row is new).
    let oldIndexOfNew: [Int]
    /// The rows shown when the update started.
    let oldFlat: [Row]
    /// Which old rows the new state keeps (nil: all of them).
    let kept: [Bool]?
    /// The plan, for the update's summary.
    let plan: SplicePlan

    /// The old rows before this index are landed (removed, or kept in their new place).
    var oldCursor = 0
    /// The new rows before this index stand in their places, at their indices.
    var newCursor = 0
    /// New rows whose content changed (kept rows rebound), for the update's summary.
    var updated: [Int] = []
    /// Splices made so far, and the rows they removed and inserted.
    var splices = 0, churn = 0
    /// Whether a view showed the first rows when the landing started, until the first step.
    var showsTop = false
    /// Old rows before this index are landed or gave their objects to rows shown in place: a new
    /// row kept from one of them gets a row of its own.
    var oldRowsTaken = 0
    /// Old rows whose generators rows shown in place took: out of the store.
    var displaced = Set<Int>()
    /// Rows shown in place (`showsTop`) that took other content and are not rebound yet, in order
    /// from the top (see `Sizes.shownInPlaceRows`).
    var staleShown: [Row] = []

    init(generators: [any RowGenerator], plan: SplicePlan, oldFlat: [Row], kept: [Bool]?) {
        self.generators = generators
        self.oldIndexOfNew = oldFlat.isEmpty ? [] : plan.oldIndexOfNew
        self.oldFlat = oldFlat
        self.kept = kept
        self.plan = plan
    }

    /// Whether the landing fills an empty list and is still at its first steps (`Sizes.firstFillRows`).
    var fillsFirstScreen: Bool {
        oldFlat.isEmpty && newCursor < Self.sizes.firstFillRows * Self.sizes.firstFillSteps
    }

    /// Whether every old row is removed or kept in place and every new row stands.
    var isDone: Bool { oldCursor == oldFlat.count && newCursor == generators.count }

    /// Whether new row `index` is a kept old row (its old index), or new (nil).
    func oldIndex(ofNew index: Int) -> Int? {
        guard !oldIndexOfNew.isEmpty else { return nil }
        let old = oldIndexOfNew[index]
        // An old row shown in place took another generator: its own, kept below, gets a new row.
        return old >= oldRowsTaken ? old : nil
    }

    /// Whether old row `index` stays (in its own row object).
    func keeps(_ index: Int) -> Bool { (kept?[index] ?? true) && (displaced.isEmpty || !displaced.contains(index)) }

    /// How many old rows in `range` are displaced (no longer in the store).
    func displacedCount(in range: Range<Int>) -> Int {
        displaced.isEmpty ? 0 : displaced.reduce(0) { range.contains($1) ? $0 + 1 : $0 }
    }

    /// The time a slice that starts now may end at.
    static func sliceDeadline() -> UInt64 { now() &+ sizes.sliceBudget }

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
