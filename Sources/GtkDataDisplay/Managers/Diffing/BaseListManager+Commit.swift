// Whole-state diffing, its last step: a plan applied. Each new row takes its matched row (or a
// removed, lent or new one) in one pass that also writes lookup hints, row links and the new flat
// list; then the sections are rebuilt, the store spliced and changed rows rebound.

import DataDisplayDiff

extension BaseListManager {
    /// Applies a plan computed for `flat` against `oldFlat`. Nothing can fail from here on.
    /// `comparingContent`: the plan's `updated` is still to be found (here, in the same pass).
    /// With no old rows every row is new, and the plan's `oldIndexOfNew` is not read (it may be
    /// empty: `insertingEveryRow`). `movingGenerators`: every new generator is the instance an old
    /// row shows, all of one class (`permutationPlan`), so rows shown in place trade generators
    /// without a reference counted or a class compared (`Row.takeMoved`).
    func commit(_ flat: FlatState, plan: SplicePlan, oldFlat: [Row], comparingContent: Bool = false,
                movingGenerators: Bool = false) {
        var plan = plan
        let generators = flat.generators
        let sectionCounts = flat.sectionCounts
        // The new sections' ids, the first of them (the section at index k takes `sectionIDs + k`).
        let sectionIDs = newSectionIDs(count: sectionCounts.count)
        let hadControllers = SelectionDispatch.controlledRows.load(ordering: .relaxed) > 0
        // Without splices every row stays where it is: the old flat list is the new one (shared, so
        // a single section keeps its array and no row is retained or released for it).
        let inPlace = plan.splices.isEmpty && oldFlat.count == generators.count
        var handedOver: [(row: Row, previous: any RowGenerator)] = []
        // A box view shows this manager's rows: rows keep their objects (its widgets are per row).
        let rowsObserved = RowChangeObservers.observe(self)
        // Changes spanning thousands of rows: shown in place, position by position (`PositionalHull`).
        // This manager's list items that show rows (a few hundred a view), asked only for a hull.
        lazy var shownCells = RowCells.count == 0 ? [] : RowCells.liveCells.filter { $0.manager === self }
        // Each view's first row on screen.
        lazy var onScreen = Self.firstRowsOnScreen(of: shownCells)
        var hull = oldFlat.isEmpty || max(oldFlat.count, flat.count) < PositionalHull.minimumRows ? nil
            : PositionalHull(plan: plan, oldCount: oldFlat.count, newHasOnlyRows: flat.hasOnlyRows,
                             rowsObserved: rowsObserved, store: store) {
                state.allSatisfy { $0.header == nil && $0.footer == nil }
            } keptPositions: {
                // The list item with the keyboard focus keeps its row; a view scrolled down keeps what
                // it shows (its first row on screen stays there); at the top a view shows the new top.
                shownCells.filter(\.holdsFocus).map { $0.position ?? -1 } + onScreen.filter { $0 > 0 }
            }
        if hull != nil, !shownCells.isEmpty {
            let bound = shownCells.compactMap { $0.row == nil ? nil : $0.position }
            // GTK keeps a view on its first realised row and its first row on screen: they stay.
            hull!.keepShownRows(bound: bound, anchors: (bound.min().map { [$0] } ?? []) + onScreen,
                                oldIndexOfNew: plan.oldIndexOfNew)
        }
        // Rows shown in place pass their generators round: each generator leaves exactly one row object
        // of the hull's shared positions and comes to exactly one (the objects and the generators are
        // both permuted there), so each row's reference goes with its generator. The previous
        // generator is not touched: after a sort it lies anywhere in memory, a cache miss a row.
        let movingInPlace = movingGenerators && hull != nil && RowChangeObservers.isEmpty
        // A plan that left its moves uncounted (`SplicePlanOptions.countsMoves`) counts them now unless
        // it is shown in place (then `lastUpdate` counts them when read).
        if plan.moveCount < 0, hull == nil {
            plan.moveCount = (try? ListDiff.minimumMoves(oldIndexOfNew: plan.oldIndexOfNew, oldCount: oldFlat.count)) ?? 0
        }
        // Whether a row shown in place may take a row of another depth (child rows, old or new).
        let nested = hull != nil && (!flat.hasOnlyPlainRows || Row.nestedAlive.load(ordering: .relaxed) > 0)
        // Rows shown in place that a list item shows (rebound once the store is spliced).
        var repurposedBound: [Row] = []
        var repurposed = 0
        var recycling = hull != nil ? nil
            : RowRecycling(plan: plan, oldFlat: oldFlat, rowsObserved: rowsObserved, newSlot: { RowSlotKey(flat.role(at: $0), flat.depth(at: $0)) },
                           isPinned: store.isPinned)
        // Content is compared in the pass below while rows keep their generators; a row lent away may
        // take another generator before its match is reached, so then it is compared first.
        let comparingInPass = comparingContent && recycling == nil
        if comparingContent && !comparingInPass { plan.updated = Self.changedRows(plan, oldFlat: oldFlat, generators: generators) }
        var updated: [Int] = []
        // The old rows the new state keeps, when it removes some (nil: it keeps them all); a removed
        // row handed to a new generator below counts as kept from then on.
        var kept = hull.map { $0.keptOldRows(oldCount: oldFlat.count) } ?? Self.keptOldRows(plan, oldCount: oldFlat.count)
        // Kept rows that give their place to a lent row (`RowRecycling`): they leave.
        var displaced: [Int] = []
        // Removed rows nothing shows or holds serve inserted plain rows (`RemovedRowReuse`).
        var reuse = RemovedRowReuse(plan: plan, oldFlat: oldFlat, kept: hull == nil ? kept : nil,
                                    rowsObserved: rowsObserved, isPinned: store.isPinned)
        // Many new rows (a first fill): their records are taken a batch at a time (`RowRecordBatch`).
        let toMake = hull?.insertedTail ?? (plan.insertedRows - reuse.count)
        var batch = RowRecordBatch(rows: toMake > RowRecordBatch.size ? toMake : 0)
        // Rows in random order (many moved) are fetched a few rows ahead (`RowPrefetch`).
        let prefetching = hull == nil && plan.moveCount >= RowPrefetch.movedRows
        // Each row is linked from its generator in the same pass (`RowLink`); generators that carry
        // no link (or another manager's) are the table's.
        let linking = beginRelinking(first: generators.first)
        // The positions the links get below hold until the manager next changes (`permutationPlan`).
        linkedVersion = mutationVersion
        let stamp = linkStamp
        var strays: RowLookup = [:]
        // Where each row lands (section, index in its rows): its lookup hint, set in the same pass.
        var section = 0, sectionStart = 0
        var rowsStart = sectionCounts.first.map { $0.header ? 1 : 0 } ?? 0
        // Otherwise the new flat list is written in the same pass, each slot initialised once (appending
        // checked capacity and uniqueness a row: 43 instructions a row of a rotation's 618, 100k rows).
        var newFlat = [Row](unsafeUninitializedCapacity: inPlace ? 0 : generators.count) { out, written in
        // Through borrowed buffers: reading an element of an array retains it, a buffer's does not.
        oldFlat.withUnsafeBufferPointer { oldFlat in
        plan.oldIndexOfNew.withUnsafeBufferPointer { oldIndexOfNew in
        _ = generators.forEachPart { generators, start in
            for offset in generators.indices {
                let index = start + offset
                if prefetching { RowPrefetch.ahead(of: index, rows: oldFlat, oldIndexOfNew: oldIndexOfNew) }
                // A re-sort shown in place reaches its generators in random order (the rows in order).
                if movingInPlace, offset &+ GeneratorPrefetch.distance < generators.count {
                    GeneratorPrefetch.fetch(generators[offset &+ GeneratorPrefetch.distance])
                }
                let oldIndex = oldFlat.isEmpty || hull?.insertsNew(index) == true ? -1 : oldIndexOfNew[index]
                while section + 1 < sectionCounts.count, index >= sectionStart + Self.flatCount(sectionCounts[section]) {
                    sectionStart += Self.flatCount(sectionCounts[section])
                    section += 1
                    rowsStart = sectionStart + (sectionCounts[section].header ? 1 : 0)
                }
                // Where the row lands (section, index in its rows): its lookup hint.
                let sectionHint = sectionIDs + UInt32(truncatingIfNeeded: section)
                let indexHint = UInt32(truncatingIfNeeded: index - rowsStart)
                if let hull, let source = hull.repurposedSource(of: index, matchedTo: oldIndex) {
                    // Shown in place: the row object at this position (or one the window trades) takes the new row.
                    let row = oldFlat[source]
                    let generator = generators[offset]
                    if movingInPlace { row.takeMoved(generator) } else { row.take(generator) }
                    if nested { row.setDepth(flat.depth(at: index)) }
                    row.contentChanged()
                    if row.isBound { repurposedBound.append(row) }
                    repurposed += 1
                    row.sectionHint = sectionHint
                    row.indexHint = indexHint
                    if linking { Self.relink(row, generator, at: index, stamp: stamp, strays: &strays) }
                    (out.baseAddress! + index).initialize(to: row)
                    continue
                }
                if oldIndex >= 0, recycling == nil {
                    // A matched row with no rows lent (`RowRecycling`): the most common step, taken on the
                    // buffers' elements (a row bound to a local is retained and released again). The
                    // generator is linked first: the row then takes it as its last use (not retained again).
                    let generator = generators[offset]
                    if linking { Self.relink(oldFlat[oldIndex], generator, at: index, stamp: stamp, strays: &strays) }
                    if oldFlat[oldIndex].adopt(consume generator, comparing: comparingInPass, section: sectionHint,
                                               index: indexHint, handedOver: &handedOver) {
                        updated.append(index)
                    }
                    if !inPlace { (out.baseAddress! + index).initialize(to: oldFlat[oldIndex]) }
                    continue
                }
                let generator = generators[offset]
                let row: Row
                if recycling != nil, let lent = recycling!.row(for: index) {
                    // A row the view shows that leaves its realised range: this row, coming into it, takes
                    // its row object, so GTK keeps the list item and the cell rebinds (see `RowRecycling`).
                    lent.take(generator)
                    lent.contentChanged()
                    row = lent
                    // A kept row that no view showed gives its place to the lent one.
                    if oldIndex >= 0 { displaced.append(oldIndex) }
                } else if oldIndex >= 0, !recycling!.wasLent(oldIndex) {
                    row = oldFlat[oldIndex]
                    _ = row.adopt(copy generator, comparing: false, section: sectionHint, index: indexHint, handedOver: &handedOver)
                } else {
                    let role = flat.role(at: index), depth = flat.depth(at: index)
                    if role == .row, depth == 0, let removed = reuse.next() {
                        removed.row.take(generator)
                        removed.row.contentChanged()
                        row = removed.row
                        kept![removed.oldIndex] = true
                    } else {
                        row = Row(generator: generator, role: role, depth: depth, record: batch.next())
                    }
                }
                row.sectionHint = sectionHint
                row.indexHint = indexHint
                if linking { Self.relink(row, generator, at: index, stamp: stamp, strays: &strays) }
                if !inPlace { (out.baseAddress! + index).initialize(to: row) }
            }
            return true
        }
        }
        }
        written = inPlace ? 0 : generators.count
        }
        if inPlace { newFlat = oldFlat }
        batch.releaseUnused()
        if comparingInPass { plan.updated = updated }
        for index in plan.updated { newFlat[index].contentChanged() }
        // Bound rows now shown by an equal new generator keep their views; the generator adopts them.
        for (row, previous) in handedOver { row.handViewOver(from: previous) }

        var rebuilt: [SectionState] = []
        rebuilt.reserveCapacity(sectionCounts.count)
        let inherited = controllersByHeaderID()
        var controllerChanged: [Row] = []
        var cursor = 0
        for (index, counts) in sectionCounts.enumerated() {
            var s = SectionState(id: sectionIDs + UInt32(truncatingIfNeeded: index),
                                 controllerBox: Self.controllerBox(of: flat.sections[index], inheriting: inherited))
            let start = cursor
            if counts.header { s.header = newFlat[cursor]; cursor += 1 }
            if cursor == 0 && counts.rows == newFlat.count {
                // One section of rows only takes the whole array (no copy).
                s.rows = RowList(newFlat)
            } else if index < state.count, Self.holds(state[index].rows, newFlat, cursor..<(cursor + counts.rows)) {
                // A section whose rows did not change keeps its list: its rows are not copied, retained
                // and released (100k rows in 26 sections, no change: 762 → 676 instructions a row).
                s.rows = state[index].rows
                s.rows.noteRowsNumbered()  // the pass above gave every row its index as its hint
            } else {
                s.rows = RowList(Array(newFlat[cursor..<(cursor + counts.rows)]))
            }
            cursor += counts.rows
            if counts.footer { s.footer = newFlat[cursor]; cursor += 1 }
            if s.controllerBox != nil || hadControllers {
                controllerChanged += takeController(s.controllerBox, newFlat[start..<cursor])
            }
            rebuilt.append(s)
        }
        state = rebuilt
        // The flat list is kept for the next update's old rows (one section of rows is its own list).
        if !flatIsOneRowList { flatCache = newFlat }
        rowLookup = linking ? strays : nil
        diffIDs.invalidate()

        lastUpdate = UpdateSummary(plan: plan, oldCount: oldFlat.count)
        if !oldFlat.isEmpty && plan.removedRows == oldFlat.count { wholeReplacements &+= 1 }
        isApplying = true
        isCommittingWholeState = true
        if let hull {
            // Only the window's trade and the difference in length are spliced; the other shared
            // positions keep their items.
            let splices = hull.splices
            store.apply(splices, at: 0, newRows: newFlat)
            lastUpdate?.showInPlace(splices: splices, repurposed: repurposed)
            if repurposed > 0 { store.didShowInPlace.invoke(with: ()) }
            for row in repurposedBound { row.rebindIfStale() }
        } else {
            store.apply(plan, newRows: newFlat)
        }
        for index in plan.updated { newFlat[index].rebindIfStale() }
        for row in recycling?.lent ?? [] { row.rebindIfStale() }
        // Kept rows whose section controller changed: what it decides (selectable, height) is redrawn
        // (once: rows the plan updated were just rebound).
        if !controllerChanged.isEmpty {
            let rebound = Set(plan.updated.map { newFlat[$0] })
            for row in controllerChanged where row.isBound && !rebound.contains(row) {
                row.contentChanged()
                row.rebindIfStale()
            }
        }
        // A kept foldable row may have been expanded or collapsed by the new state.
        if flat.hasFoldables {
            for row in newFlat where row.isBound { row.foldStateChanged() }
        }
        isApplying = false
        isCommittingWholeState = false
        // The rows that left end, now that the splices are done: removed rows no new generator took
        // (`RemovedRowReuse` marked those it handed on as kept; `RowRecycling` knows those it lent),
        // and kept rows that gave their place to a lent row. (By index: nothing is looked up.)
        if let kept {
            oldFlat.withUnsafeBufferPointer { oldFlat in
                for index in oldFlat.indices where !kept[index] && recycling?.wasLent(index) != true { oldFlat[index].end() }
            }
        }
        for index in displaced { oldFlat[index].end() }
    }

    /// The position of the first row on screen of each view showing `cells`.
    private static func firstRowsOnScreen(of cells: [Cell]) -> [Int] {
        var positions: [Int] = []
        var seen = Set<ObjectIdentifier>()
        for cell in cells {
            guard let adapter = cell.adapter, seen.insert(ObjectIdentifier(adapter)).inserted else { continue }
            if let first = adapter.scrollPosition?.position { positions.append(first) }
        }
        return positions
    }

    /// Which old rows `plan` keeps (matched to a new row), or nil when it keeps every one. (A first
    /// fill's plan may leave `oldIndexOfNew` empty: `insertingEveryRow`.)
    static func keptOldRows(_ plan: SplicePlan, oldCount: Int) -> [Bool]? {
        guard oldCount > 0, oldCount > plan.oldIndexOfNew.count - plan.insertedRows else { return nil }
        var kept = [Bool](repeating: false, count: oldCount)
        plan.oldIndexOfNew.withUnsafeBufferPointer { oldIndexOfNew in
            for oldIndex in oldIndexOfNew where oldIndex >= 0 { kept[oldIndex] = true }
        }
        return kept
    }

    /// Whether `list` holds exactly `flat[range]` (see `RowList.holdsExactly`).
    private static func holds(_ list: RowList, _ flat: [Row], _ range: Range<Int>) -> Bool {
        list.count == range.count && flat.withUnsafeBufferPointer { list.holdsExactly(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Items a section puts into the flat list.
    private static func flatCount(_ counts: (header: Bool, rows: Int, footer: Bool)) -> Int {
        counts.rows + (counts.header ? 1 : 0) + (counts.footer ? 1 : 0)
    }
}
