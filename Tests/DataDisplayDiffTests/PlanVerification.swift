// The correctness checks every plan must pass, computed independently of the library: brute-force
// matching, an O(k²) longest increasing subsequence, and a splice-by-splice replay like GTK's.

import XCTest
import DataDisplayDiff

/// What a correct plan reports for old → new, worked out without the library.
struct Expected {
    var oldIndexOfNew: [Int]
    var updated: [Int]
    var removedRows: Int
    var insertedRows: Int
    var minimumMoves: Int

    init(old: [Row], new: [Row]) {
        var oldIndexOfID: [Int: Int] = [:]
        for (index, row) in old.enumerated() { oldIndexOfID[row.id] = index }
        let oldIndexOfNew = new.map { oldIndexOfID[$0.id] ?? -1 }
        let matched = oldIndexOfNew.filter { $0 >= 0 }
        self.oldIndexOfNew = oldIndexOfNew
        updated = new.indices.filter { oldIndexOfNew[$0] >= 0 && old[oldIndexOfNew[$0]].version != new[$0].version }
        removedRows = old.count - matched.count
        insertedRows = new.count - matched.count
        let longest = matched.count <= 2_000 ? quadraticLISLength(matched) : patienceLISLength(matched)
        minimumMoves = matched.count - longest
    }
}

/// Length of a longest strictly increasing subsequence, by the O(k²) dynamic programme.
func quadraticLISLength(_ values: [Int]) -> Int {
    var endingAt = [Int](repeating: 1, count: values.count)
    var longest = 0
    for i in values.indices {
        for j in 0..<i where values[j] < values[i] && endingAt[j] + 1 > endingAt[i] { endingAt[i] = endingAt[j] + 1 }
        longest = max(longest, endingAt[i])
    }
    return longest
}

/// Length of a longest strictly increasing subsequence, by plain patience sorting (the tests' own).
func patienceLISLength(_ values: [Int]) -> Int {
    var pileTops: [Int] = []
    for value in values {
        var low = 0, high = pileTops.count
        while low < high {
            let mid = (low + high) / 2
            if pileTops[mid] < value { low = mid + 1 } else { high = mid }
        }
        if low == pileTops.count { pileTops.append(value) } else { pileTops[low] = value }
    }
    return pileTops.count
}

/// Replays `plan` splice by splice, then its updates, and checks every reported number against `expected`.
/// Under `.exact` it also checks that the only matched rows inside splices are the minimum moves.
func assertValidPlan(
    _ plan: SplicePlan, old: [Row], new: [Row], expected: Expected, options: SplicePlanOptions,
    _ context: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) {
    let context = context()
    var list = old
    var origin = Array(old.indices)  // old index of each row in `list`, -1 for inserted rows
    var removedOrigins: [Int] = []
    var writtenUpTo = 0  // rows before this were written by earlier splices
    for splice in plan.splices {
        let removed = splice.position..<(splice.position + splice.removedCount)
        guard splice.removedCount >= 0, splice.position >= writtenUpTo, removed.upperBound <= list.count,
              splice.inserted.lowerBound >= 0, splice.inserted.upperBound <= new.count
        else {
            return XCTFail("\(context): \(splice) is out of order or out of range (list has \(list.count) rows)", file: file, line: line)
        }
        XCTAssertGreaterThan(splice.removedCount + splice.inserted.count, 0, "\(context): \(splice) does nothing", file: file, line: line)
        removedOrigins += origin[removed]
        list.replaceSubrange(removed, with: new[splice.inserted])
        origin.replaceSubrange(removed, with: repeatElement(-1, count: splice.inserted.count))
        writtenUpTo = splice.position + splice.inserted.count
    }
    for index in plan.updated where index < list.count { list[index] = new[index] }  // the in-place rebind
    XCTAssertEqual(list, new, "\(context): replaying the splices and updates does not give the new list", file: file, line: line)
    XCTAssertEqual(plan.applied(to: old, new: new), new, "\(context): applied(to:new:)", file: file, line: line)
    XCTAssertEqual(plan.oldIndexOfNew, expected.oldIndexOfNew, "\(context): oldIndexOfNew", file: file, line: line)
    XCTAssertEqual(plan.updated, expected.updated, "\(context): updated", file: file, line: line)
    XCTAssertEqual(plan.removedRows, expected.removedRows, "\(context): removedRows", file: file, line: line)
    XCTAssertEqual(plan.insertedRows, expected.insertedRows, "\(context): insertedRows", file: file, line: line)
    XCTAssertEqual(plan.moveCount, expected.minimumMoves, "\(context): moveCount is not the minimum", file: file, line: line)
    XCTAssertEqual(plan.churn, plan.splices.reduce(0) { $0 + $1.removedCount + $1.inserted.count },
                   "\(context): churn", file: file, line: line)
    XCTAssertEqual(plan.isEmpty, old == new, "\(context): isEmpty", file: file, line: line)

    if options == .exact {
        let matchedOld = Set(expected.oldIndexOfNew.filter { $0 >= 0 })
        let movedRows = removedOrigins.filter { matchedOld.contains($0) }.count
        XCTAssertEqual(movedRows, expected.minimumMoves,
                       "\(context): under .exact only the minimum moves may be spliced among matched rows",
                       file: file, line: line)
        XCTAssertEqual(plan.churn, expected.removedRows + expected.insertedRows + 2 * expected.minimumMoves,
                       "\(context): under .exact no unchanged row may be inside a splice", file: file, line: line)
    }
}

/// Plans old → new with `options` and checks the plan.
func assertValidPlan(
    old: [Row], new: [Row], options: SplicePlanOptions, expected: Expected? = nil,
    _ context: @autoclosure () -> String = "", file: StaticString = #filePath, line: UInt = #line
) throws {
    let plan = try ListDiff.plan(from: old, to: new, options: options)
    assertValidPlan(plan, old: old, new: new, expected: expected ?? Expected(old: old, new: new), options: options,
                    context(), file: file, line: line)
}

/// The error of planning `old` → `new` (`oldIDsAreUnique: unique`), nil when it plans.
func planError(old: [Int], new: [Int], unique: Bool = false) -> DiffError? {
    do throws(DiffError) {
        _ = try ListDiff.plan(old: old, new: new, oldIDsAreUnique: unique) { _, _ in true }
        return nil
    } catch {
        return error
    }
}

/// The first repeat met scanning `old`, then `new`, worked out here.
func firstRepeat(old: [Int], new: [Int]) -> DiffError? {
    for (side, ids) in [(DiffSide.old, old), (DiffSide.new, new)] {
        var seen: [Int: Int] = [:]
        for (index, id) in ids.enumerated() {
            if let earlier = seen[id] {
                return .duplicateID(side: side, id: "\(id)", firstIndex: earlier, secondIndex: index)
            }
            seen[id] = index
        }
    }
    return nil
}
