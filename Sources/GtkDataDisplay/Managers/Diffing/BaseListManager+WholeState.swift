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
            try applyState(flat, keys: keys, from: oldFlat, isForced: nil)
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
        if forcedUpdates.isEmpty, let (plan, oneClass) = permutationPlan(flat, oldFlat: oldFlat) {
            // The rows shown now in another order: matched through their links, no id read.
            commit(flat, plan: plan, oldFlat: oldFlat, comparingContent: true, movingGenerators: oneClass)
            foldablesInLastState = false
            permutationsMatchedByLink += 1
            return
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
        let forced: ((Int) -> Bool)? = forcedUpdates.isEmpty ? nil : { forcedUpdates.contains(keys.new[$0]) }
        try applyState(flat, keys: keys, from: oldFlat, isForced: forced)
        foldablesInLastState = flat.hasFoldables
    }

    /// `isForced`: whether the new row at an index is to be rebound even when its content compares
    /// equal (nil: none is).
    private func applyState<K: FlatKey>(_ flat: FlatState, keys: (old: [K], new: [K]), from oldFlat: [Row],
                                        isForced: ((Int) -> Bool)?) throws(DataDisplayError) {
        let generators = flat.generators
        let newKeys = keys.new
        let plan: SplicePlan
        let options = splicePlanOptions(oldRows: oldFlat)
        do throws(DiffError) {
            if let isForced {
                plan = try ListDiff.plan(old: keys.old, new: newKeys, options: options, oldIDsAreUnique: true) { oldIndex, newIndex in
                    oldFlat[oldIndex].showsContent(of: generators[newIndex]) && !isForced(newIndex)
                }
            } else if oldFlat.isEmpty && K.strictlyIncreasing(newKeys) {
                // A first fill with ids in order: none repeats, nothing to match. (Its plan leaves
                // `oldIndexOfNew` empty: `commit` reads no old index when there are no old rows, and a
                // million -1s would be 8 MB written, then freed among the rows.)
                plan = Self.insertingEveryRow(newKeys.count)
            } else if newKeys.isEmpty {
                // Every row goes (a search that matches nothing): one splice, no id hashed (the old
                // state holds no repeat).
                plan = Self.removingEveryRow(oldFlat.count)
            } else {
                // Content is compared in `commit`'s pass over the rows (the splices do not depend on it).
                plan = try ListDiff.plan(old: keys.old, new: newKeys, options: options, oldIDsAreUnique: true) { _, _ in true }
            }
        } catch {
            if case let .duplicateID(side, _, first, second) = error, side == .new {
                throw flat.duplicateError(flat.rowKey(at: first), first: first, second: second)
            }
            throw Self.diffIDError(error, old: oldFlat.map(\.key), new: flat.generators.indices.map(flat.rowKey(at:)))
        }
        // The diff hashes only the rows that changed place, and the old state has no repeated ids:
        // a repeat can only involve a row the plan inserts. (From an empty list every row was hashed,
        // and the diff has already reported any repeat; when it hashed a whole stretch, only the
        // matched rows outside it are left to check.)
        if plan.insertedRows > 0 && !oldFlat.isEmpty { try Self.checkInsertedIDs(plan, newKeys, flat) }
        commit(flat, plan: plan, oldFlat: oldFlat, comparingContent: isForced == nil)
    }

    /// Throws when an inserted row's key repeats among the new rows. Matched rows have the keys of
    /// distinct old rows, and two inserted rows with one key are a repeat the diff has already thrown
    /// (it hashes every inserted row), so what is left is an inserted key equal to a matched row's.
    /// The smaller side's keys go into a table, and the other side's are checked against it behind a
    /// bit filter (a few instructions a row), or directly when a key has no quick hash
    /// (`FlatKey.quickHash`): for every row of the other side when a tabled key has none. Few rows new
    /// (an append): the inserted rows are tabled; most rows new (a filter cleared): the matched ones.
    /// When the diff hashed every row of a stretch (`SplicePlan.hashedNewRows`), only the matched rows
    /// outside it are checked against: a repeat with a hashed row has been reported.
    static func checkInsertedIDs<K: FlatKey>(_ plan: SplicePlan, _ keys: [K], _ flat: FlatState) throws(DataDisplayError) {
        var oldIndexOfNew = plan.oldIndexOfNew
        var matchedRows = keys.count - plan.insertedRows
        if let hashed = plan.hashedNewRows {
            // Every row outside the stretch is a matched row of the common prefix or suffix.
            guard hashed.count < keys.count else { return }
            // The matched rows of the hashed stretch count as inserted rows here: never tabled against.
            for index in hashed where oldIndexOfNew[index] >= 0 {
                oldIndexOfNew[index] = -1
                matchedRows -= 1
            }
        }
        guard matchedRows > 0 else { return }
        // The side tabled: inserted rows (old index -1) or matched ones (old index ≥ 0).
        let unmatchedRows = keys.count - matchedRows
        let tablingInserted = unmatchedRows <= matchedRows
        let tabledCount = tablingInserted ? unmatchedRows : matchedRows
        var tabled = Set<K>(minimumCapacity: tabledCount)
        // At least 16 bits per tabled row, a power of two.
        let filterBits = max(64, 1 << (Int.bitWidth - (tabledCount * 16 - 1).leadingZeroBitCount))
        let shift = UInt(64 - filterBits.trailingZeroBitCount)
        var filter = [UInt64](repeating: 0, count: filterBits / 64)
        func bit(_ hash: Int) -> Int { Int(truncatingIfNeeded: (UInt(bitPattern: hash) &* 0x9E37_79B9_7F4A_7C15) >> shift) }
        func repeated(_ index: Int) -> DataDisplayError {
            let first = keys.firstIndex(of: keys[index])!
            let second = first == index ? keys[(index + 1)...].firstIndex(of: keys[index])! : index
            return flat.duplicateError(flat.rowKey(at: index), first: first, second: second)
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

    /// The plan from `count` rows to none: one splice removing them all.
    static func removingEveryRow(_ count: Int) -> SplicePlan {
        var plan = SplicePlan.inserting(0)
        if count > 0 { plan.splices = [Splice(position: 0, removedCount: count, inserted: 0..<0)] }
        plan.removedRows = count
        return plan
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
    nonisolated static func insertingEveryRow(_ count: Int) -> SplicePlan {
        var plan = SplicePlan.inserting(0)
        if count > 0 { plan.splices = [Splice(position: 0, removedCount: 0, inserted: 0..<count)] }
        plan.insertedRows = count
        return plan
    }
}

extension BaseListManager {
    /// The manager's error for a diff's error, naming the row key.
    nonisolated static func diffIDError<K: CustomStringConvertible>(_ error: DiffError, old: [K], new: [K]) -> DataDisplayError {
        guard case let .duplicateID(side, _, first, second) = error else { return .duplicateDiffID(error.description) }
        let keys = side == .old ? old : new
        return .duplicateDiffID("\(keys[first]) in the \(side == .old ? "old" : "new") state at \(first) and \(second)")
    }

    nonisolated static func checkUniqueIDs<K: Hashable & CustomStringConvertible>(_ keys: [K]) throws(DataDisplayError) {
        if let (first, index) = RepeatFinder.firstRepeat(in: keys) { throw repeatedIDError(keys, first, index) }
    }

    /// The error for new rows `first` and `second` of `keys` having the same id.
    nonisolated static func repeatedIDError<K: CustomStringConvertible>(_ keys: [K], _ first: Int, _ second: Int) -> DataDisplayError {
        .duplicateDiffID("\(keys[second]) in the new state at \(first) and \(second)")
    }
}
