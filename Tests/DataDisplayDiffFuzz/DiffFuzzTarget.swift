// libFuzzer target for DataDisplayDiff (run by scripts/fuzz; not a SwiftPM target). Every input is
// decoded into old ids, new ids, content-changed flags and one tuned SplicePlanOptions, then planned
// with .default, .exact and the tuned options. Each plan is checked against a reference worked out
// here, independently of the library: any violation is a fatalError, which libFuzzer reports as a crash.
//
// Input bytes: [flags][moveMergeSpan][spliceCost][split][rows…]. The rows after the header are split
// at `split`/255 into old rows and new rows; a row's id is its byte's low 7 bits (so ids repeat often),
// a new row's content changed when its byte's high bit is set. Without flag bit 0 (old) / bit 1 (new)
// a repeated id is dropped while decoding, so most inputs are duplicate-free and plan successfully.

import DataDisplayDiff

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 4 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let rows = bytes[4...]
    let split = 4 + rows.count * Int(bytes[3]) / 255
    let old = decodeIDs(rows[4..<split], keepDuplicates: bytes[0] & 1 != 0)
    var new: [Int] = [], changed: [Bool] = []
    var seen = Set<Int>()
    for byte in rows[split...] where bytes[0] & 2 != 0 || seen.insert(Int(byte & 0x7F)).inserted {
        new.append(Int(byte & 0x7F))
        changed.append(byte & 0x80 != 0)
    }
    let tuned = SplicePlanOptions(moveMergeSpan: Int(Int8(bitPattern: bytes[1])),
                                  spliceCost: Int(Int8(bitPattern: bytes[2])))
    let expected = Reference(old: old, new: new, changed: changed)
    for options in [SplicePlanOptions.default, .exact, tuned] {
        check(old: old, new: new, changed: changed, options: options, expected: expected)
    }
    return 0
}

private func decodeIDs(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, keepDuplicates: Bool) -> [Int] {
    var seen = Set<Int>()
    return bytes.map { Int($0 & 0x7F) }.filter { keepDuplicates || seen.insert($0).inserted }
}

/// What ListDiff.plan must return, from its documented contract: rows of the common prefix and suffix
/// are matched by position; the rows between are matched by id. When the rows between repeat no id,
/// the plan is fully determined (`error` nil). When they do, the plan either throws `error` (the first
/// repeat met scanning the old middle, then the new middle) or — the repeat involved a row it matched
/// by position, which it does not hash — returns some valid plan (see `checkAny`).
private struct Reference {
    var error: DiffError?
    var oldIndexOfNew: [Int] = []
    var updated: [Int] = []
    var minimumMoves = 0

    init(old: [Int], new: [Int], changed: [Bool]) {
        let shorter = min(old.count, new.count)
        var prefix = 0, suffix = 0
        while prefix < shorter && old[prefix] == new[prefix] { prefix += 1 }
        while suffix < shorter - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        func firstRepeat(_ ids: [Int], _ side: DiffSide, _ middle: Range<Int>) -> DiffError? {
            var firstIndex: [Int: Int] = [:]
            for i in middle {
                if let earlier = firstIndex[ids[i]] {
                    return .duplicateID(side: side, id: String(ids[i]), firstIndex: earlier, secondIndex: i)
                }
                firstIndex[ids[i]] = i
            }
            return nil
        }
        error = firstRepeat(old, .old, prefix..<(old.count - suffix))
            ?? firstRepeat(new, .new, prefix..<(new.count - suffix))
        guard error == nil else { return }

        var oldIndexOfID: [Int: Int] = [:]
        for i in prefix..<(old.count - suffix) { oldIndexOfID[old[i]] = i }
        oldIndexOfNew = new.indices.map { j in
            j < prefix ? j : j >= new.count - suffix ? j - new.count + old.count : oldIndexOfID[new[j]] ?? -1
        }
        updated = new.indices.filter { oldIndexOfNew[$0] >= 0 && changed[$0] }
        // Minimum moves: matched rows minus a longest strictly increasing subsequence of their old
        // indices in new order (patience sorting: pile tops, binary search).
        var pileTops: [Int] = []
        for value in oldIndexOfNew where value >= 0 {
            var low = 0, high = pileTops.count
            while low < high {
                let mid = (low + high) / 2
                if pileTops[mid] < value { low = mid + 1 } else { high = mid }
            }
            if low == pileTops.count { pileTops.append(value) } else { pileTops[low] = value }
        }
        minimumMoves = oldIndexOfNew.filter { $0 >= 0 }.count - pileTops.count
    }
}

private func check(old: [Int], new: [Int], changed: [Bool], options: SplicePlanOptions, expected: Reference) {
    func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if condition { return }
        let changedRows = changed.indices.filter { changed[$0] }
        fatalError("DataDisplayDiff fuzz: \(message())\n  options \(options)\n  old \(old)\n  new \(new)\n  changed new rows \(changedRows)")
    }

    var comparisons: [(old: Int, new: Int)] = []
    let plan: SplicePlan
    do {
        plan = try ListDiff.plan(old: old, new: new, options: options) { oldIndex, newIndex in
            comparisons.append((oldIndex, newIndex))
            return !changed[newIndex]
        }
    } catch {
        // Typed throws: `error` is a DiffError, and it must be exactly the first repeat in the middle.
        require(error == expected.error, "threw \(error), expected \(expected.error.map { "\($0)" } ?? "a plan")")
        require(comparisons.isEmpty, "compared content before throwing \(error)")
        return
    }
    guard expected.error == nil else {
        checkAny(plan, old: old, new: new, changed: changed, comparisons: comparisons, require: require)
        return
    }

    // contentEqual: only matched pairs, once each, in ascending new index.
    let matchedPairs = expected.oldIndexOfNew.enumerated().filter { $0.element >= 0 }
    require(comparisons.map(\.new) == matchedPairs.map(\.offset) && comparisons.map(\.old) == matchedPairs.map(\.element),
            "contentEqual called for \(comparisons), expected the matched pairs \(matchedPairs) in new order")

    // Reported numbers.
    let matched = matchedPairs.count
    require(plan.oldIndexOfNew == expected.oldIndexOfNew, "oldIndexOfNew \(plan.oldIndexOfNew), expected \(expected.oldIndexOfNew)")
    require(plan.updated == expected.updated, "updated \(plan.updated), expected the changed matched rows \(expected.updated)")
    require(plan.removedRows == old.count - matched, "removedRows \(plan.removedRows), expected \(old.count - matched)")
    require(plan.insertedRows == new.count - matched, "insertedRows \(plan.insertedRows), expected \(new.count - matched)")
    require(plan.moveCount == expected.minimumMoves, "moveCount \(plan.moveCount), minimum is \(expected.minimumMoves)")
    require(ListDiff.minimumMoves(old: old, new: new) == expected.minimumMoves, "ListDiff.minimumMoves disagrees")

    // Replay splice by splice on rows (id, version); every splice must be in range of the list as it
    // stands and start at or after the end of the previous splice's insertion (ascending, in order).
    let oldRows = old.map { $0 << 1 }
    let newRows = new.indices.map { new[$0] << 1 | (changed[$0] ? 1 : 0) }
    var list = oldRows
    var writtenUpTo = 0
    for splice in plan.splices {
        let removed = splice.position..<(splice.position &+ splice.removedCount)
        require(splice.position >= writtenUpTo, "\(splice) starts before the end of the previous splice (\(writtenUpTo))")
        require(splice.removedCount >= 0 && removed.upperBound <= list.count, "\(splice) reaches past the list (\(list.count) rows)")
        require(splice.inserted.lowerBound >= 0 && splice.inserted.upperBound <= new.count, "\(splice) inserts outside new")
        require(splice.removedCount + splice.inserted.count > 0, "\(splice) does nothing")
        list.replaceSubrange(removed, with: newRows[splice.inserted])
        writtenUpTo = splice.position + splice.inserted.count
    }
    for index in plan.updated { list[index] = newRows[index] }  // the in-place rebind
    require(list == newRows, "replaying the splices and updates gives \(list.map { $0 >> 1 }), not the new ids")
    require(plan.applied(to: oldRows, new: newRows) == newRows, "applied(to:new:) does not give the new list")
    require(plan.splices.isEmpty == (old == new), "splices.isEmpty is \(plan.splices.isEmpty) for ids equal: \(old == new)")
    require(plan.churn == plan.splices.reduce(0) { $0 + $1.removedCount + $1.inserted.count }, "churn")
    if options == .exact {  // no unchanged row inside a splice: only removed, inserted and moved rows
        require(plan.churn == plan.removedRows + plan.insertedRows + 2 * expected.minimumMoves,
                "under .exact churn \(plan.churn) includes unchanged rows")
    }
}

/// A plan returned although the middle repeats an id: its matching is not determined, but it must be a
/// matching (each old row at most once, equal ids, prefix and suffix by position), every figure must
/// follow from that matching (moves the minimum for it), and the plan must turn old into new. So an old
/// list without repeats and no inserted row mean a new list without repeats (what the manager relies on).
private func checkAny(_ plan: SplicePlan, old: [Int], new: [Int], changed: [Bool], comparisons: [(old: Int, new: Int)],
                      require: (Bool, @autoclosure () -> String) -> Void) {
    let oldIndexOfNew = plan.oldIndexOfNew
    require(oldIndexOfNew.count == new.count, "oldIndexOfNew has \(oldIndexOfNew.count) entries for \(new.count) rows")
    var taken = [Bool](repeating: false, count: old.count)
    for (j, o) in oldIndexOfNew.enumerated() where o >= 0 {
        require(o < old.count && !taken[o] && old[o] == new[j], "oldIndexOfNew \(oldIndexOfNew) is not a matching by id")
        taken[o] = true
    }
    let matchedPairs = oldIndexOfNew.enumerated().filter { $0.element >= 0 }
    require(comparisons.map(\.new) == matchedPairs.map(\.offset) && comparisons.map(\.old) == matchedPairs.map(\.element),
            "contentEqual called for \(comparisons), expected the matched pairs \(matchedPairs) in new order")
    require(plan.updated == matchedPairs.map(\.offset).filter { changed[$0] }, "updated \(plan.updated)")
    require(plan.removedRows == old.count - matchedPairs.count && plan.insertedRows == new.count - matchedPairs.count,
            "removedRows \(plan.removedRows) / insertedRows \(plan.insertedRows) for \(matchedPairs.count) matched rows")
    var pileTops: [Int] = []
    for (_, value) in matchedPairs {
        var low = 0, high = pileTops.count
        while low < high {
            let mid = (low + high) / 2
            if pileTops[mid] < value { low = mid + 1 } else { high = mid }
        }
        if low == pileTops.count { pileTops.append(value) } else { pileTops[low] = value }
    }
    require(plan.moveCount == matchedPairs.count - pileTops.count, "moveCount \(plan.moveCount) is not the minimum for its matching")
    let oldRows = old.map { $0 << 1 }
    let newRows = new.indices.map { new[$0] << 1 | (changed[$0] ? 1 : 0) }
    require(plan.applied(to: oldRows, new: newRows) == newRows, "applied(to:new:) does not give the new list")
    if Set(old).count == old.count && plan.insertedRows == 0 {
        require(Set(new).count == new.count, "no inserted row and an old list without repeats, yet the new list repeats an id")
    }
}
