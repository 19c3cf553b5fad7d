// The four contenders, each as "diff" (compute what to do) and "apply" (do it to a real
// GListStore). Every contender ends with the store equal to the new list and the harness holding
// exactly the new list's items; removed items are released inside apply (freeing is a cost of churn).

import CGtkDataDisplay
import DataDisplayDiff

/// The contender names of the report and the JSON.
enum ContenderName: String, CaseIterable, Sendable {
    case ours
    case stdlib
    case fullReload = "full-reload"
    case perRow = "per-row"
}

@MainActor
protocol RawContender {
    associatedtype Plan
    /// Whether the contender has a diff step (full reload has none: diff_ms is null).
    var hasDiff: Bool { get }
    func diff(_ input: BenchInput) -> Plan
    func apply(_ plan: Plan, _ input: BenchInput, to fixture: RawFixture)
    /// Moves the contender reports (nil when it has no notion of moves).
    func moves(_ plan: Plan) -> Int?
}

/// Releases the items of `old` whose index no new row reuses.
@inline(__always)
private func releaseUnmatched(_ old: [UnsafeMutableRawPointer?], oldIndexOfNew: [Int], removedRows: Int) {
    guard removedRows > 0 else { return }
    var kept = [Bool](repeating: false, count: old.count)
    for o in oldIndexOfNew where o >= 0 { kept[o] = true }
    for i in old.indices where !kept[i] { g_object_unref(old[i]) }
}

/// The new list's items: old items for matched rows, fresh items for new rows.
@inline(__always)
private func reusedObjects(_ plan: SplicePlan, _ input: BenchInput, _ old: [UnsafeMutableRawPointer?]) -> [UnsafeMutableRawPointer?] {
    let newIDs = input.newIDs, newContent = input.newContent
    return [UnsafeMutableRawPointer?](unsafeUninitializedCapacity: newIDs.count) { buffer, count in
        for j in 0..<newIDs.count {
            let o = plan.oldIndexOfNew[j]
            buffer[j] = o >= 0 ? old[o] : BenchItem.make(id: newIDs[j], content: newContent[j])
        }
        count = newIDs.count
    }
}

/// ListDiff.plan + its splice plan applied as is; changed rows are updated in place (no emission).
struct OursContender: RawContender {
    var hasDiff: Bool { true }

    func diff(_ input: BenchInput) -> SplicePlan {
        let oldContent = input.oldContent, newContent = input.newContent
        return try! ListDiff.plan(old: input.oldIDs, new: input.newIDs) { oldContent[$0] == newContent[$1] }
    }

    func apply(_ plan: SplicePlan, _ input: BenchInput, to fixture: RawFixture) {
        let old = fixture.objects
        var new = reusedObjects(plan, input, old)
        for j in plan.updated { BenchItem.setContent(new[j]!, input.newContent[j]) }
        new.withUnsafeMutableBufferPointer { buffer in
            for splice in plan.splices {
                fixture.splice(at: splice.position, removing: splice.removedCount,
                               buffer.baseAddress.map { $0 + splice.inserted.lowerBound }, count: splice.inserted.count)
            }
        }
        releaseUnmatched(old, oldIndexOfNew: plan.oldIndexOfNew, removedRows: plan.removedRows)
        fixture.objects = new
    }

    func moves(_ plan: SplicePlan) -> Int? { plan.moveCount }
}

/// Swift's CollectionDifference with inferred moves, plus an id-based update pass.
struct StdlibPlan {
    let difference: CollectionDifference<Int>
    let updated: [Int]
    let moves: Int
}

/// `newIDs.difference(from: oldIDs).inferringMoves()`, applied one splice per change in the order
/// the difference gives (removals descending, then insertions ascending; a move re-inserts the
/// removed item), then one replacing splice per row whose content changed (a new item, so a
/// list view rebinds it).
struct StdlibContender: RawContender {
    var hasDiff: Bool { true }

    func diff(_ input: BenchInput) -> StdlibPlan {
        let difference = input.newIDs.difference(from: input.oldIDs).inferringMoves()
        var oldIndex = [Int: Int](minimumCapacity: input.oldIDs.count)
        for (i, id) in input.oldIDs.enumerated() { oldIndex[id] = i }
        var updated: [Int] = []
        for (j, id) in input.newIDs.enumerated() {
            if let o = oldIndex[id], input.oldContent[o] != input.newContent[j] { updated.append(j) }
        }
        var moves = 0
        for change in difference.insertions {
            if case .insert(_, _, let associated) = change, associated != nil { moves += 1 }
        }
        return StdlibPlan(difference: difference, updated: updated, moves: moves)
    }

    func apply(_ plan: StdlibPlan, _ input: BenchInput, to fixture: RawFixture) {
        let old = fixture.objects
        var new = [UnsafeMutableRawPointer?](repeating: nil, count: input.newIDs.count)
        var removed = [Bool](repeating: false, count: old.count)
        var inserted = [Bool](repeating: false, count: new.count)
        for change in plan.difference {
            switch change {
            case let .remove(offset, _, associated):
                fixture.splice(at: offset, removing: 1, nil, count: 0)
                removed[offset] = true
                if associated == nil { g_object_unref(old[offset]) }
            case let .insert(offset, _, associated):
                var item: gpointer? = associated.map { old[$0]! }
                    ?? BenchItem.make(id: input.newIDs[offset], content: input.newContent[offset])
                fixture.splice(at: offset, removing: 0, &item, count: 1)
                new[offset] = item
                inserted[offset] = true
            }
        }
        var o = 0
        for j in new.indices where !inserted[j] {
            while removed[o] { o += 1 }
            new[j] = old[o]
            o += 1
        }
        fixture.replaceUpdated(plan.updated, in: &new, input: input)
        fixture.objects = new
    }

    func moves(_ plan: StdlibPlan) -> Int? { plan.moves }
}

/// One `g_list_store_splice(0, n, all new items)`: new items for every row, like a hand-written app.
struct FullReloadContender: RawContender {
    var hasDiff: Bool { false }

    func diff(_ input: BenchInput) {}

    func apply(_ plan: Void, _ input: BenchInput, to fixture: RawFixture) {
        let newIDs = input.newIDs, newContent = input.newContent
        var new = [UnsafeMutableRawPointer?](unsafeUninitializedCapacity: newIDs.count) { buffer, count in
            for j in 0..<newIDs.count { buffer[j] = BenchItem.make(id: newIDs[j], content: newContent[j]) }
            count = newIDs.count
        }
        let old = fixture.objects
        new.withUnsafeMutableBufferPointer { buffer in
            fixture.splice(at: 0, removing: old.count, buffer.baseAddress, count: buffer.count)
        }
        for item in old { g_object_unref(item) }
        fixture.objects = new
    }

    func moves(_ plan: Void) -> Int? { nil }
}

/// The exact plan (no unchanged row inside a splice) applied one row per splice: each removed row,
/// each inserted row (a move is a removal and an insertion), then each changed row replaced by a new item.
struct PerRowContender: RawContender {
    var hasDiff: Bool { true }

    func diff(_ input: BenchInput) -> SplicePlan {
        let oldContent = input.oldContent, newContent = input.newContent
        return try! ListDiff.plan(old: input.oldIDs, new: input.newIDs, options: .exact) { oldContent[$0] == newContent[$1] }
    }

    func apply(_ plan: SplicePlan, _ input: BenchInput, to fixture: RawFixture) {
        let old = fixture.objects
        var new = reusedObjects(plan, input, old)
        new.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress
            for splice in plan.splices {
                for _ in 0..<splice.removedCount {
                    fixture.splice(at: splice.position, removing: 1, nil, count: 0)
                }
                for (k, j) in splice.inserted.enumerated() {
                    fixture.splice(at: splice.position + k, removing: 0, base.map { $0 + j }, count: 1)
                }
            }
        }
        releaseUnmatched(old, oldIndexOfNew: plan.oldIndexOfNew, removedRows: plan.removedRows)
        fixture.replaceUpdated(plan.updated, in: &new, input: input)
        fixture.objects = new
    }

    func moves(_ plan: SplicePlan) -> Int? { plan.moveCount }
}
