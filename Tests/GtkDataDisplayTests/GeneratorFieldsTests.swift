@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A list of a million rows keeps a million generators: the library's generator classes place
/// their own fields where the diff key leaves room (`KeyedRowGenerator`), so that a generator
/// showing a string takes an 80-byte malloc block. The flags and the revision kept there still
/// work as properties of their own.
@MainActor
final class GeneratorFieldsTests: XCTestCase {
    /// The fewest bytes malloc gave one of a few generators `make` makes (malloc may hand out a
    /// free block one size up that is too small to split).
    private func allocatedBytes(_ make: (Int) -> AnyObject) -> Int {
        let objects = (0..<8).map(make)
        return objects.map { mallocUsableSize(Unmanaged.passUnretained($0).toOpaque()) }.min()!
    }

    func testARowShowingAStringTakesAn80ByteBlockWhateverItsKey() async {
        // 72 usable bytes: an 80-byte block (glibc's blocks are 16-byte multiples, 8 bytes of them its own).
        XCTAssertLessThanOrEqual(allocatedBytes { BaseRowGenerator<LabelRowView>(model: "word \($0)", id: $0) }, 72)
        XCTAssertLessThanOrEqual(allocatedBytes { BaseRowGenerator<LabelRowView>(model: "word \($0)", id: "word \($0)") }, 72)
        XCTAssertLessThanOrEqual(allocatedBytes { BaseRowGenerator<LabelRowView>(model: "word \($0)") }, 72)
    }

    func testTheRevisionAndTheDeselectFlagKeepTheirOwnValues() async {
        let generator = BaseRowGenerator<LabelRowView>(model: "a", id: 1)
        let counted = SelectionDispatch.needDeselectGenerators.load(ordering: .relaxed)
        XCTAssertEqual(generator.contentRevision, 0)
        generator.isNeedDeselect = true
        generator.isNeedDeselect = true
        XCTAssertTrue(generator.isNeedDeselect)
        XCTAssertEqual(SelectionDispatch.needDeselectGenerators.load(ordering: .relaxed), counted + 1, "counted once")
        for step in 1...300 {
            generator.model = "a\(step)"
            XCTAssertEqual(generator.contentRevision, step)
        }
        XCTAssertTrue(generator.isNeedDeselect, "the revision passing 255 leaves the flag beside it alone")
        XCTAssertEqual(generator.diffKey, DiffKey(1), "nor the key before them")
        generator.isNeedDeselect = false
        XCTAssertFalse(generator.isNeedDeselect)
        XCTAssertEqual(generator.contentRevision, 300)
        XCTAssertEqual(SelectionDispatch.needDeselectGenerators.load(ordering: .relaxed), counted)
        do {
            let dropped = BaseRowGenerator<LabelRowView>(model: "b", id: 2)
            dropped.isNeedDeselect = true
            XCTAssertEqual(SelectionDispatch.needDeselectGenerators.load(ordering: .relaxed), counted + 1)
        }
        XCTAssertEqual(SelectionDispatch.needDeselectGenerators.load(ordering: .relaxed), counted, "uncounted when freed")
    }
}
