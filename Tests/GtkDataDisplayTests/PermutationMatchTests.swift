@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A state that shows the shown generators in another order is matched through their links and
/// places (`BaseListManager.permutationPlan`), not by id. Checked through random steps at a few
/// thousand rows: re-sorts, shuffles and reversals between single operations that move, insert and
/// remove rows (after which the places in the links no longer hold), a generator twice (refused,
/// nothing changed), a new generator with a shown id, and a foldable row. After every step the
/// manager and its store show exactly the expected generators.
@MainActor
final class PermutationMatchTests: XCTestCase {
    private func assertShows(_ manager: BaseListManager, _ expected: [any RowGenerator], _ step: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        let shown = manager.flatGenerators
        XCTAssertEqual(shown.count, expected.count, step, file: file, line: line)
        XCTAssertEqual(Int(manager.store.count), expected.count, step, file: file, line: line)
        let wrong = expected.indices.first { index in
            index >= shown.count || shown[index] !== expected[index] || manager.store.generator(at: index) !== expected[index]
        }
        XCTAssertNil(wrong, "\(step): the row at \(wrong ?? -1) shows another generator", file: file, line: line)
    }

    /// The rows shown for `rows`: an expanded folder's children after it.
    private func withChildren(_ rows: [any RowGenerator]) -> [any RowGenerator] {
        var shown: [any RowGenerator] = []
        for row in rows {
            shown.append(row)
            if let folder = row as? FoldableRowGenerator<LabelRowView>, folder.isExpanded { shown += folder.children }
        }
        return shown
    }

    func testShownGeneratorsInAnotherOrderThroughRandomSteps() async throws {
        var random = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64.max, using: &random)
        var rng = HintTestRandom(seed: seed)
        let manager = BaseListManager()
        var nextID = 0
        func made(_ count: Int) -> [any RowGenerator] {
            (0..<count).map { _ in nextID += 1; return LabelRow(model: "row \(nextID)", id: nextID) }
        }
        var shown = made(3_000)
        try manager.setState([Section(rows: shown)])
        for step in 0..<120 {
            let label = "seed \(seed), step \(step)"
            switch rng.below(8) {
            case 0:  // shuffled: every row keeps its row object (no rows shown in place below 4,096)
                let before = Dictionary(uniqueKeysWithValues: shown.map { (ObjectIdentifier($0), manager.row(of: $0)!) })
                for index in shown.indices.dropLast() { shown.swapAt(index, index + rng.below(shown.count - index)) }
                try manager.setState([Section(rows: shown)])
                let moved = shown.first { manager.row(of: $0) != before[ObjectIdentifier($0)] }
                XCTAssertNil(moved, "\(label): a row shown again took another row object")
            case 1:  // sorted by id, or turned round
                if rng.below(2) == 0 {
                    shown.sort { ($0.diffID.base as! Int) < ($1.diffID.base as! Int) }
                } else {
                    shown.reverse()
                }
                try manager.setState([Section(rows: shown)])
            case 2:  // a block moved
                let from = rng.below(shown.count - 50), length = 1 + rng.below(50)
                let block = shown[from..<(from + length)]
                shown.removeSubrange(from..<(from + length))
                shown.insert(contentsOf: block, at: rng.below(shown.count + 1))
                try manager.setState([Section(rows: shown)])
            case 3:  // single operations: the links' places go stale, the next state is matched by id
                let g = shown.remove(at: rng.below(shown.count))
                let anchor = shown[rng.below(shown.count)]
                try manager.move(g, after: anchor)
                shown.insert(g, at: shown.firstIndex { $0 === anchor }! + 1)
                if rng.below(2) == 0 {
                    let gone = shown.remove(at: rng.below(shown.count))
                    try manager.remove(gone)
                    let new = made(1)[0]
                    try manager.insert(new, after: shown[0])
                    shown.insert(new, at: 1)
                }
                assertShows(manager, withChildren(shown), label + " (single operations)")
                // Back in id order (nearly what the stale places say) or turned round.
                if rng.below(2) == 0 {
                    shown.sort { ($0.diffID.base as! Int) < ($1.diffID.base as! Int) }
                } else {
                    shown.reverse()
                }
                try manager.setState([Section(rows: shown)])
            case 4:  // one generator twice: refused, nothing changes
                var twice = shown
                twice[rng.below(twice.count)] = twice[rng.below(twice.count)]
                guard twice.indices.contains(where: { twice[$0] !== shown[$0] }) else { continue }
                twice.reverse()
                XCTAssertThrowsError(try manager.setState([Section(rows: twice)]), label)
            case 5:  // a new generator for a shown id, the others in another order
                let index = rng.below(shown.count)
                let id = shown[index].diffID.base as! Int
                shown[index] = LabelRow(model: "again \(id)", id: id)
                shown.reverse()
                try manager.setState([Section(rows: shown)])
            case 6:  // a folder among the rows, expanded or not, the rows in another order, then no folder
                let folder = FoldableRowGenerator<LabelRowView>(model: "folder", id: -step - 1, children: made(2),
                                                                 expanded: rng.below(2) == 0)
                shown.insert(folder, at: rng.below(shown.count + 1))
                try manager.setState([Section(rows: shown)])
                shown.reverse()
                try manager.setState([Section(rows: shown)])
                assertShows(manager, withChildren(shown), label + " (a folder)")
                shown.removeAll { $0 === folder }
                try manager.setState([Section(rows: shown)])
            default:  // unchanged
                try manager.setState([Section(rows: shown)])
            }
            assertShows(manager, withChildren(shown), label)
        }
        XCTAssertGreaterThan(manager.permutationsMatchedByLink, 20, "seed \(seed): the states were matched by id")
    }

    func testTheLinksPlacesAreTakenOnlyWhileNothingChangedTheManager() async throws {
        let rows: [any RowGenerator] = (0..<4_096).map { LabelRow(model: "\($0)", id: $0) }
        let manager = BaseListManager()
        try manager.setState([Section(rows: rows)])
        XCTAssertEqual(manager.mutationVersion, manager.linkedVersion + 1)
        // A move puts the first row last and leaves the links' places as they were: read as they
        // stand, the rows in their first order would look unchanged (no splice), and the store
        // would keep the moved row last.
        try manager.move(rows[0], after: rows[4_095])
        XCTAssertNotEqual(manager.mutationVersion, manager.linkedVersion + 1)
        try manager.setState([Section(rows: rows)])
        assertShows(manager, rows, "back in order after a move")
        XCTAssertEqual(manager.permutationsMatchedByLink, 0)
        let reversed = Array(rows.reversed())
        try manager.setState([Section(rows: reversed)])
        assertShows(manager, reversed, "turned round")
        XCTAssertEqual(manager.permutationsMatchedByLink, 1, "the rows turned round right after a state: matched through the links")
    }
}
