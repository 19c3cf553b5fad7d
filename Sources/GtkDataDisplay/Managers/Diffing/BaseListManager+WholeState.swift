import DataDisplayDiff

// Whole-state diffing: `setState` (and the end of a batch) matches the old rows with the new state
// by (role, depth, diff id), keeps matched row objects, splices the store and rebinds changed rows.
// (`setState` and `arrange` themselves stand in the class body, since kinds of manager override them.)

extension BaseListManager {
    /// The diffed path shared by `setState` and `batch`: match `oldFlat` with `sections` by
    /// (role, depth, diff id), reuse matched row objects, splice the store, rebind changed rows.
    /// `forcedUpdates`: rows rebound even when their content compares equal (a batch's `update`).
    /// `keepingKeys` (`setState` only): keep the new keys for the next `setState` (`ShownKeyCache`).
    func applyState(_ sections: [Section], from oldFlat: [Row], forcedUpdates: Set<RowKey>,
                    keepingKeys: Bool = false) throws(DataDisplayError) {
        // Unless the last state had foldable rows, rows are checked for them as their ids are read
        // (one pass over the generators, which at a million rows is memory traffic, not work).
        let deferringFoldCheck = forcedUpdates.isEmpty && !foldablesInLastState
        var flat = try FlatState(sections, oldFlat: oldFlat, deferringFoldCheck: deferringFoldCheck)
        let cache = shownKeys
        shownKeys = nil
        /// Applies the state with keys in form `K`; false when an id does not fit that form (or a
        /// row taken as plain is not: `flat.foundUnplainRow`).
        func applied<K: FlatKey>(as form: K.Type) throws(DataDisplayError) -> Bool {
            guard !flat.foundUnplainRow else { return false }
            let shown = cache?.keys(form, for: oldFlat, version: mutationVersion)
            guard let keys = flat.keys(form, oldFlat: oldFlat, shown: shown) else { return false }
            try applyState(flat, keys: keys, from: oldFlat, forcedUpdates: nil)
            foldablesInLastState = flat.hasFoldables
            if keepingKeys { shownKeys = ShownKeyCache(keys.new, version: mutationVersion) }
            return true
        }
        /// Applies the state with keys in the cheapest form the ids allow (the first id decides
        /// which form is tried first); false when none fits.
        func appliedInACheapForm() throws(DataDisplayError) -> Bool {
            let probe = flat.generators.first?.diffKey ?? oldFlat.first?.generator.diffKey
            if let word = probe?.word {
                // Integers of plain rows only (no headers, footers or children) in one word.
                if word.kind == 0, flat.hasOnlyPlainRows, try applied(as: PlainIntKey.self) { return true }
                if try applied(as: WordKey.self) { return true }
            }
            if let string = probe?.string {
                // Short ASCII ids ("row-42") as two words; longer ones, or a later id that is not
                // short, as strings.
                if ShortStringKey.fits(string), try applied(as: ShortStringKey.self) { return true }
                if try applied(as: StringKey.self) { return true }
            }
            // Words and strings together (string header ids over numbered rows, say).
            return try applied(as: MixedKey.self)
        }
        if forcedUpdates.isEmpty, try appliedInACheapForm() { return }
        if flat.foldCheckDeferred {
            // A foldable row among the rows taken as plain (or ids only `RowKey` holds): flatten
            // again, expanding what the state shows expanded, and try the cheap forms on that.
            // (A header or footer generator among the rows makes this flattening throw.)
            flat = try FlatState(sections, oldFlat: oldFlat)
            if flat.hasFoldables, try appliedInACheapForm() { return }
        }
        guard let keys = flat.keys(RowKey.self, oldFlat: oldFlat) else { preconditionFailure("RowKey holds every id") }
        try applyState(flat, keys: keys, from: oldFlat, forcedUpdates: forcedUpdates.isEmpty ? nil : forcedUpdates)
        foldablesInLastState = flat.hasFoldables
    }

    private func applyState<K: FlatKey>(_ flat: FlatState, keys: (old: [K], new: [K]), from oldFlat: [Row],
                                        forcedUpdates: Set<RowKey>?) throws(DataDisplayError) {
        let generators = flat.generators
        let newKeys = keys.new
        let plan: SplicePlan
        let options = splicePlanOptions(oldRows: oldFlat)
        do throws(DiffError) {
            if let forcedUpdates {
                plan = try ListDiff.plan(old: keys.old, new: newKeys, options: options) { oldIndex, newIndex in
                    oldFlat[oldIndex].showsContent(of: generators[newIndex]) && !forcedUpdates.contains(newKeys[newIndex].rowKey)
                }
            } else if oldFlat.isEmpty && K.strictlyIncreasing(newKeys) {
                // A first fill with ids in order: none repeats, nothing to match. (Its plan leaves
                // `oldIndexOfNew` empty: `commit` reads no old index when there are no old rows, and a
                // million -1s would be 8 MB written, then freed among the rows.)
                plan = Self.insertingEveryRow(newKeys.count)
            } else {
                // Content is compared in `commit`'s pass over the rows (the splices do not depend on it).
                plan = try ListDiff.plan(old: keys.old, new: newKeys, options: options) { _, _ in true }
            }
        } catch {
            if case let .duplicateID(side, _, first, second) = error, side == .new {
                throw flat.duplicateError(newKeys[first].rowKey, first: first, second: second)
            }
            throw Self.diffIDError(error, old: keys.old.map(\.rowKey), new: newKeys.map(\.rowKey))
        }
        // The diff hashes only the rows that changed place, and the old state has no repeated ids:
        // a repeat can only involve a row the plan inserts. (From an empty list every row was hashed,
        // and the diff has already reported any repeat.)
        if plan.insertedRows > 0 && !oldFlat.isEmpty { try Self.checkInsertedIDs(plan, newKeys, flat) }
        commit(flat, plan: plan, oldFlat: oldFlat, comparingContent: forcedUpdates == nil)
    }

    /// Throws when an inserted row's key repeats among the new rows. Matched rows have the keys of
    /// distinct old rows, and two inserted rows with one key are a repeat the diff has already thrown
    /// (it hashes every inserted row), so what is left is an inserted key equal to a matched row's.
    /// The smaller side's keys go into a table, and the other side's are checked against it behind a
    /// bit filter (a few instructions a row), or directly when a key has no quick hash
    /// (`FlatKey.quickHash`): for every row of the other side when a tabled key has none. Few rows new
    /// (an append): the inserted rows are tabled; most rows new (a filter cleared): the matched ones.
    static func checkInsertedIDs<K: FlatKey>(_ plan: SplicePlan, _ keys: [K], _ flat: FlatState) throws(DataDisplayError) {
        let oldIndexOfNew = plan.oldIndexOfNew
        let matchedRows = keys.count - plan.insertedRows
        guard matchedRows > 0 else { return }
        // The side tabled: inserted rows (old index -1) or matched ones (old index ≥ 0).
        let tablingInserted = plan.insertedRows <= matchedRows
        let tabledCount = tablingInserted ? plan.insertedRows : matchedRows
        var tabled = Set<K>(minimumCapacity: tabledCount)
        // At least 16 bits per tabled row, a power of two.
        let filterBits = max(64, 1 << (Int.bitWidth - (tabledCount * 16 - 1).leadingZeroBitCount))
        let shift = UInt(64 - filterBits.trailingZeroBitCount)
        var filter = [UInt64](repeating: 0, count: filterBits / 64)
        func bit(_ hash: Int) -> Int { Int(truncatingIfNeeded: (UInt(bitPattern: hash) &* 0x9E37_79B9_7F4A_7C15) >> shift) }
        func repeated(_ index: Int) -> DataDisplayError {
            let first = keys.firstIndex(of: keys[index])!
            let second = first == index ? keys[(index + 1)...].firstIndex(of: keys[index])! : index
            return flat.duplicateError(keys[index].rowKey, first: first, second: second)
        }
        var filtering = true
        for index in keys.indices where (oldIndexOfNew[index] < 0) == tablingInserted {
            guard tabled.insert(keys[index]).inserted else { throw repeated(index) }
            guard let hash = keys[index].quickHash else { filtering = false; continue }
            let b = bit(hash)
            filter[b >> 6] |= 1 << UInt64(b & 63)
        }
        // The other side, through borrowed buffers: a key read from an array is copied (a String id
        // retained and released), one from a buffer is not.
        let repeatAt: Int? = keys.withUnsafeBufferPointer { keys in
            oldIndexOfNew.withUnsafeBufferPointer { oldIndexOfNew in
                filter.withUnsafeBufferPointer { filter in
                    for index in keys.indices where (oldIndexOfNew[index] < 0) != tablingInserted {
                        if filtering, let hash = keys[index].quickHash {
                            let b = bit(hash)
                            if filter[b >> 6] & (1 << UInt64(b & 63)) == 0 { continue }
                        }
                        if tabled.contains(keys[index]) { return index }
                    }
                    return nil
                }
            }
        }
        if let repeatAt { throw repeated(repeatAt) }
    }

    /// New indices of matched rows whose content changed, ascending (a plan's `updated`).
    static func changedRows(_ plan: SplicePlan, oldFlat: [Row], generators: FlatGenerators) -> [Int] {
        var updated: [Int] = []
        for (newIndex, oldIndex) in plan.oldIndexOfNew.enumerated() where oldIndex >= 0 {
            if !oldFlat[oldIndex].showsContent(of: generators[newIndex]) { updated.append(newIndex) }
        }
        return updated
    }

    /// The plan of a first fill of `count` rows whose ids are known to be unique: one splice, every
    /// row inserted, and — unlike `SplicePlan.inserting` — no `oldIndexOfNew` (see `commit`).
    static func insertingEveryRow(_ count: Int) -> SplicePlan {
        var plan = SplicePlan.inserting(0)
        if count > 0 { plan.splices = [Splice(position: 0, removedCount: 0, inserted: 0..<count)] }
        plan.insertedRows = count
        return plan
    }

    /// Applies a plan computed for `flat` against `oldFlat`. Nothing can fail from here on.
    /// `comparingContent`: the plan's `updated` is still to be found (here, in the same pass).
    /// With no old rows every row is new, and the plan's `oldIndexOfNew` is not read (it may be
    /// empty: `insertingEveryRow`).
    func commit(_ flat: FlatState, plan: SplicePlan, oldFlat: [Row], comparingContent: Bool = false) {
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
        var hull = oldFlat.count < PositionalHull.minimumRows ? nil
            : PositionalHull(plan: plan, oldCount: oldFlat.count, newHasOnlyPlainRows: flat.hasOnlyPlainRows,
                             rowsObserved: rowsObserved, store: store) { range in
                // No header or footer; child rows only where some stand (in any manager: then looked for).
                state.allSatisfy { $0.header == nil && $0.footer == nil }
                    && (Row.nestedAlive.load(ordering: .relaxed) == 0 || oldFlat[range].allSatisfy { $0.depth == 0 })
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
        // Many new rows (a first fill): their row objects are made a batch at a time (`RowObjectBatch`).
        let toMake = hull?.insertedTail ?? (plan.insertedRows - reuse.count)
        var batch = RowObjectBatch(rows: toMake > RowObjectBatch.size ? toMake : 0)
        // Rows in random order (many moved) are fetched a few rows ahead (`RowPrefetch`).
        let prefetching = hull == nil && plan.moveCount >= RowPrefetch.movedRows
        // Each row is linked from its generator in the same pass (`RowLink`); generators that carry
        // no link (or another manager's) are the table's.
        let linking = beginRelinking(first: generators.first)
        let owner = linkOwner, stamp = linkStamp
        var strays: RowLookup = [:]
        // Where each row lands (section, index in its rows): its lookup hint, set in the same pass.
        var section = 0, sectionStart = 0
        var rowsStart = sectionCounts.first.map { $0.header ? 1 : 0 } ?? 0
        // Otherwise the new flat list is written in the same pass, each slot initialised once (appending
        // checked capacity and uniqueness a row: 43 instructions a row of a rotation's 618, 100k rows).
        var newFlat = [Row](unsafeUninitializedCapacity: inPlace ? 0 : generators.count) { out, written in
        // Through borrowed buffers: reading an element of an array retains it, a buffer's does not.
        generators.withUnsafeBufferPointer { generators in
        oldFlat.withUnsafeBufferPointer { oldFlat in
        plan.oldIndexOfNew.withUnsafeBufferPointer { oldIndexOfNew in
            for index in generators.indices {
                if prefetching { RowPrefetch.ahead(of: index, rows: oldFlat, oldIndexOfNew: oldIndexOfNew) }
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
                    let generator = generators.baseAddress! + index
                    row.take(generator.pointee)
                    row.contentChanged()
                    if row.isBound { repurposedBound.append(row) }
                    repurposed += 1
                    row.sectionHint = sectionHint
                    row.indexHint = indexHint
                    if linking { Self.relink(row, generatorAt: generator, owner: owner, stamp: stamp, strays: &strays) }
                    (out.baseAddress! + index).initialize(to: row)
                    continue
                }
                if oldIndex >= 0, recycling == nil {
                    // A matched row with no rows lent (`RowRecycling`): the most common step, taken on the
                    // buffers' elements (a row bound to a local is retained and released again).
                    if oldFlat[oldIndex].adopt(generators[index], comparing: comparingInPass, section: sectionHint,
                                               index: indexHint, handedOver: &handedOver) {
                        updated.append(index)
                    }
                    if linking {
                        Self.relink(oldFlat[oldIndex], generatorAt: generators.baseAddress! + index,
                                    owner: owner, stamp: stamp, strays: &strays)
                    }
                    if !inPlace { (out.baseAddress! + index).initialize(to: oldFlat[oldIndex]) }
                    continue
                }
                // Read in place (a copy would be retained and released).
                let generator = generators.baseAddress! + index
                let row: Row
                if recycling != nil, let lent = recycling!.row(for: index) {
                    // A row the view shows that leaves its realised range: this row, coming into it, takes
                    // its row object, so GTK keeps the list item and the cell rebinds (see `RowRecycling`).
                    lent.take(generator.pointee)
                    lent.contentChanged()
                    row = lent
                    // A kept row that no view showed gives its place to the lent one.
                    if oldIndex >= 0 { displaced.append(oldIndex) }
                } else if oldIndex >= 0, !recycling!.wasLent(oldIndex) {
                    row = oldFlat[oldIndex]
                    _ = row.adopt(generator.pointee, comparing: false, section: sectionHint, index: indexHint, handedOver: &handedOver)
                } else {
                    let role = flat.role(at: index), depth = flat.depth(at: index)
                    if role == .row, depth == 0, let removed = reuse.next() {
                        removed.row.take(generator.pointee)
                        removed.row.contentChanged()
                        row = removed.row
                        kept![removed.oldIndex] = true
                    } else {
                        row = Row(generator: generator.pointee, role: role, depth: depth, object: batch.next())
                    }
                }
                row.sectionHint = sectionHint
                row.indexHint = indexHint
                if linking { Self.relink(row, generatorAt: generator, owner: owner, stamp: stamp, strays: &strays) }
                if !inPlace { (out.baseAddress! + index).initialize(to: row) }
            }
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

        lastUpdate = UpdateSummary(plan: plan)
        if !oldFlat.isEmpty && plan.removedRows == oldFlat.count { wholeReplacements &+= 1 }
        isApplying = true
        if let hull {
            // Only the window's trade and the difference in length are spliced; the other shared
            // positions keep their items.
            let splices = hull.splices
            store.apply(splices, at: 0, newRows: newFlat)
            lastUpdate?.showInPlace(splices: splices, repurposed: repurposed)
            for row in repurposedBound { row.rebindIfStale() }
        } else {
            store.apply(plan, newRows: newFlat)
        }
        for index in plan.updated { newFlat[index].rebindIfStale() }
        for row in recycling?.lent ?? [] { row.rebindIfStale() }
        // Kept rows whose section controller changed: what it decides (selectable, height) is redrawn
        // (once: rows the plan updated were just rebound).
        if !controllerChanged.isEmpty {
            let rebound = Set(plan.updated.map { ObjectIdentifier(newFlat[$0]) })
            for row in controllerChanged where row.isBound && !rebound.contains(ObjectIdentifier(row)) {
                row.contentChanged()
                row.rebindIfStale()
            }
        }
        // A kept foldable row may have been expanded or collapsed by the new state.
        if flat.hasFoldables {
            for row in newFlat where row.isBound { row.foldStateChanged() }
        }
        isApplying = false
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

    /// `setState` inside a batch: the new state replaces the rows at once, and the batch diffs at its end.
    func replaceStateInBatch(_ sections: [Section]) throws(DataDisplayError) {
        let foldStates = ShownFoldStates(flatRows())
        var seen = Set<ObjectIdentifier>()
        var rebuilt: [SectionState] = []
        var lookup: RowLookup = [:]
        func row(_ g: any RowGenerator, _ role: RowRole, _ depth: Int = 0) throws(DataDisplayError) -> Row {
            guard seen.insert(ObjectIdentifier(g)).inserted else { throw .duplicateGenerator(describe(g)) }
            let r: Row
            if let shown = self.row(of: g), shown.role == role, shown.depth == depth {
                r = shown
            } else {
                r = Row(generator: g, role: role, depth: depth)
                // Ends with the batch unless the state it ends with holds it (this one may still throw).
                retiring.append(r)
            }
            lookup[ObjectIdentifier(g)] = r
            return r
        }
        var entries: [Entry] = []
        for section in sections {
            if let h = section.header {
                try GeneratorTraits.check(h, as: .header)
                entries.append(Entry(generator: h, role: .header, depth: 0))
            }
            try Self.appendEntries(section.rows, depth: 0, to: &entries, foldStates: foldStates)
            if let f = section.footer {
                try GeneratorTraits.check(f, as: .footer)
                entries.append(Entry(generator: f, role: .footer, depth: 0))
            }
        }
        let inherited = controllersByHeaderID()
        for section in sections {
            var rows: [Row] = []
            try FoldTree.walk(section.rows, scope: .shown) { g, depth throws(DataDisplayError) in
                rows.append(try row(g, .row, depth))
            }
            rebuilt.append(SectionState(id: newSectionIDs(), header: try section.header.map { h throws(DataDisplayError) in try row(h, .header) },
                                        rows: rows,
                                        footer: try section.footer.map { f throws(DataDisplayError) in try row(f, .footer) },
                                        controllerBox: Self.controllerBox(of: section, inheriting: inherited)))
        }
        // Checked now, not when the batch ends, so the body never runs on after a bad state.
        try Self.checkUniqueIDs(entries.map { RowKey(role: $0.role, depth: $0.depth, id: $0.generator.diffKey) })
        // The rows replaced end with the batch unless the new state keeps them.
        retiring.append(contentsOf: flatRows())
        state = rebuilt
        retakeControllers()
        stopLinking(table: lookup)
        diffIDs.invalidate()
        batchReplacedState = true
    }
}

extension BaseListManager {
    /// The manager's error for a diff's error, naming the row key.
    nonisolated static func diffIDError(_ error: DiffError, old: [RowKey], new: [RowKey]) -> DataDisplayError {
        guard case let .duplicateID(side, _, first, second) = error else { return .duplicateDiffID(error.description) }
        let keys = side == .old ? old : new
        return .duplicateDiffID("\(keys[first]) in the \(side == .old ? "old" : "new") state at \(first) and \(second)")
    }

    nonisolated static func checkUniqueIDs(_ keys: [RowKey]) throws(DataDisplayError) {
        var seen = Set<RowKey>(minimumCapacity: keys.count)
        for (index, key) in keys.enumerated() where !seen.insert(key).inserted {
            let first = keys.firstIndex(of: key)!
            throw .duplicateDiffID("\(key) in the new state at \(first) and \(index)")
        }
    }
}
