@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// `GeneratorSlots` (a `FilteredState`'s generator for each model, one word each): what is stored
/// reads back as the same instance with its conformance, while every generator is of one class and
/// once a second class came; slots hold their generators until cleared or dropped.
@MainActor
final class GeneratorSlotsTests: XCTestCase {
    func testGeneratorsOfOneClassThenOfSeveralReadBackAsStored() async throws {
        var slots = GeneratorSlots(count: 4)
        let rows = (0..<3).map { LabelRow(model: "r\($0)", id: $0) }
        for (number, row) in rows.enumerated() { slots[number] = row }
        XCTAssertNil(slots[3])
        for (number, row) in rows.enumerated() {
            XCTAssertTrue(slots[number] === row)
            XCTAssertEqual(slots[number]?.diffID, AnyHashable(number))
        }
        // A second class: every slot still reads back with its own conformance.
        let folder = Folder(model: "f", id: "f", children: [], expanded: false)
        slots[3] = folder
        XCTAssertTrue(slots[3] === folder)
        XCTAssertTrue(slots[3] is FoldableItem)
        XCTAssertEqual(slots[0]?.diffID, AnyHashable(0))
        XCTAssertTrue(slots[1] is LabelRow)
        slots.appendEmpty(2)
        XCTAssertEqual(slots.count, 6)
        XCTAssertNil(slots[5])
        slots.removeLast(3)
        XCTAssertEqual(slots.count, 3)
    }

    func testSlotsHoldTheirGeneratorsUntilClearedOrDropped() async throws {
        weak var cleared: LabelRow?
        weak var kept: LabelRow?
        do {
            var slots = GeneratorSlots(count: 2)
            do {
                let first = LabelRow(model: "a", id: 1), second = LabelRow(model: "b", id: 2)
                (cleared, kept) = (first, second)
                slots[0] = first
                slots[1] = second
            }
            XCTAssertNotNil(cleared)
            slots[0] = nil
            XCTAssertNil(cleared, "a cleared slot lets its generator go")
            XCTAssertNotNil(kept)
            XCTAssertNotNil(slots[1])
        }
        XCTAssertNil(kept, "dropped slots let their generators go")
    }
}
