// Several runs of new rows inserted in one operation, each after its own anchor: what rows
// arriving into a sorted list need (`FilteredState.append`). Every run is checked first, then placed
// (from the last back, so that the places found for the runs before stay right), then the store
// takes them in with one `items-changed` over their hull (`RowStore.insertScattered`): the row model
// keeps its items in an array, so the rows between the runs do not move — GTK sees them taken out
// and put back in the same emission and keeps their list items, as with a sort model's.

import DataDisplayDiff

extension BaseListManager {
    /// A run of new top-level rows and where it goes: right after `anchor` (a top-level row or a
    /// header), or with no anchor at the start of the last section's rows.
    struct InsertionRun {
        var anchor: (any RowGenerator)?
        var generators: [any RowGenerator]
    }

    /// Inserts every run in one operation. The runs go in the order they stand in the list (their
    /// anchors ascending, distinct, and each a row that stood before: not one of the new rows).
    /// Throws what `insert(_:after:)` throws, for any run, before anything changes. One emission over
    /// the runs' hull (a splice a run while a holder of `RowStore.wantsEachInsertion` is there).
    func insert(runs: [InsertionRun]) throws(DataDisplayError) {
        let runs = runs.filter { !$0.generators.isEmpty }
        guard !runs.isEmpty else { return }
        try perform { () throws(DataDisplayError) in
            let generators = runs.flatMap(\.generators)
            self.diffIDs.prefetchSlots(ofPlainRows: generators)
            var points: [(section: Int, index: Int)] = []
            points.reserveCapacity(runs.count)
            for run in runs {
                if let anchor = run.anchor {
                    points.append(try self.insertionPoint(after: anchor))
                } else if let last = self.state.indices.last {
                    points.append((last, 0))
                } else {
                    throw .invalidAnchor("rows without an anchor need a section to go in")
                }
            }
            for (before, after) in zip(points, points.dropFirst())
            where (before.section, before.index) >= (after.section, after.index) {
                throw .invalidAnchor("the runs' anchors are not in the list's order")
            }
            let entering = try self.validateNew(generators)
            // Each run's rows in `entering`: its generators and the shown children the walk added
            // after each (every row at depth 0 is one of the runs' generators, in order).
            var ends: [Int] = []
            ends.reserveCapacity(runs.count)
            var topLevel = 0, runEnd = runs[0].generators.count
            for index in 0..<entering.count where RowSlot.depth(entering.slots[index]) == 0 {
                if topLevel == runEnd {
                    ends.append(index)
                    runEnd += runs[ends.count].generators.count
                }
                topLevel += 1
            }
            ends.append(entering.count)
            // Where each run goes in the store as it stands, then the runs placed, the last first.
            let places = points.map { self.sectionOffset($0.section) + self.state[$0.section].rowsOffset + $0.index }
            for run in runs.indices.reversed() {
                let (s, i) = points[run]
                let rows = self.makeRows(entering, in: (run == 0 ? 0 : ends[run - 1])..<ends[run])
                self.state[s].place(rows, replacing: i..<i)
                self.takeController(ofSection: s, rows)
            }
            guard self.batchDepth == 0 else { return }   // a batch diffs at its end
            // A splice a run, each placed in the store as the runs before it left it: one emission.
            var splices: [Splice] = []
            splices.reserveCapacity(runs.count)
            var inserted = 0
            for run in runs.indices {
                let count = ends[run] - (run == 0 ? 0 : ends[run - 1])
                let start = places[run] + inserted
                splices.append(Splice(position: start, removedCount: 0, inserted: start..<(start + count)))
                inserted += count
            }
            self.isApplying = true
            self.store.insertScattered(splices) { Self.flatRows(of: self.state, in: $0) }
            self.isApplying = false
        }
    }
}
