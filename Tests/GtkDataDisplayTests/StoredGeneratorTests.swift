@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A row object keeps its generator as the instance alone (`StoredGenerator`), and its conformance
/// comes back from the instance's class. Every class must come back as itself, with its own
/// overrides, however many classes a list mixes and in whatever order they alternate, and the row
/// must hold exactly one reference.
@MainActor
final class StoredGeneratorTests: XCTestCase {
    override func tearDown() async throws {
        await MainActor.run { Row.endScratchRows() }
    }

    func testEveryClassComesBackAsItselfPastTheSlotsKeptAtHand() async {
        // 24 conformances of their own, each answering its own number for `contentRevision`, and a
        // generic subclass of the library's generator specialised 16 times (one conformance, 16 classes).
        var generators: [any RowGenerator] = [G0(), G1(), G2(), G3(), G4(), G5(), G6(), G7(), G8(), G9(), G10(), G11(),
                                              G12(), G13(), G14(), G15(), G16(), G17(), G18(), G19(), G20(), G21(), G22(), G23()]
        func collect<T>(_: T.Type, depth: Int) {
            generators.append(Tagged<T>(model: "\(depth)", id: depth))
            if depth < 15 { collect([T].self, depth: depth + 1) }
        }
        collect(Int.self, depth: 0)
        XCTAssertEqual(Set(generators.map { ObjectIdentifier(type(of: $0)) }).count, 40)

        let rows = generators.map { Row.scratch(generator: $0, role: .row) }
        // Read back twice, in two orders, so that the class met last changes at every step.
        for pass in 0..<2 {
            let order = pass == 0 ? Array(rows.indices) : rows.indices.reversed()
            for index in order {
                let back = rows[index].generator
                XCTAssertTrue(back === generators[index])
                // Each answers through the witness table of its own conformance.
                XCTAssertEqual(back.contentRevision, index < 24 ? index : 0, "row \(index)")
                XCTAssertFalse(back.isContentEqual(to: LabelRow(model: "", id: 0)))
            }
        }
    }

    func testARowHoldsOneReferenceAndLetsItGoWhenItEndsOrChangesGenerator() async {
        weak var first: LabelRow?
        weak var second: LabelRow?
        let row: Row
        do {
            let a = LabelRow(model: "a", id: 1)
            first = a
            row = Row.standingScratch(generator: a, role: .row)
        }
        XCTAssertNotNil(first, "the row holds its generator")
        do {
            let b = LabelRow(model: "b", id: 1)
            second = b
            row.generator = b
        }
        XCTAssertNil(first, "the row let its previous generator go")
        XCTAssertNotNil(second)
        do {
            let c = LabelRow(model: "c", id: 1)
            var handedOver: [(row: Row, previous: any RowGenerator)] = []
            XCTAssertTrue(row.adopt(c, comparing: true, section: 0, index: 0, handedOver: &handedOver),
                          "another model is a change")
            XCTAssertTrue(row.shows(c))
        }
        XCTAssertNil(second, "adopting let the previous generator go")
        weak var third = row.generator as? LabelRow
        XCTAssertNotNil(third)
        row.end()
        XCTAssertNil(third, "ending the row let its generator go")
    }
}

/// A subclass of the library's generator, specialised per `T` (each specialisation is a class of its own).
private final class Tagged<T>: BaseRowGenerator<LabelRowView> {}

/// What the generators of the test share; each declares its conformance and its own number.
private protocol Numbered: RowGenerator {}
extension Numbered {
    var reuseIdentifier: ReuseIdentifier { .of(LabelRowView.self) }
    func makeView() -> any RowView { LabelRowView.make() }
    func bind(_ view: any RowView) {}
}
private final class G0: Numbered { var contentRevision: Int { 0 } }
private final class G1: Numbered { var contentRevision: Int { 1 } }
private final class G2: Numbered { var contentRevision: Int { 2 } }
private final class G3: Numbered { var contentRevision: Int { 3 } }
private final class G4: Numbered { var contentRevision: Int { 4 } }
private final class G5: Numbered { var contentRevision: Int { 5 } }
private final class G6: Numbered { var contentRevision: Int { 6 } }
private final class G7: Numbered { var contentRevision: Int { 7 } }
private final class G8: Numbered { var contentRevision: Int { 8 } }
private final class G9: Numbered { var contentRevision: Int { 9 } }
private final class G10: Numbered { var contentRevision: Int { 10 } }
private final class G11: Numbered { var contentRevision: Int { 11 } }
private final class G12: Numbered { var contentRevision: Int { 12 } }
private final class G13: Numbered { var contentRevision: Int { 13 } }
private final class G14: Numbered { var contentRevision: Int { 14 } }
private final class G15: Numbered { var contentRevision: Int { 15 } }
private final class G16: Numbered { var contentRevision: Int { 16 } }
private final class G17: Numbered { var contentRevision: Int { 17 } }
private final class G18: Numbered { var contentRevision: Int { 18 } }
private final class G19: Numbered { var contentRevision: Int { 19 } }
private final class G20: Numbered { var contentRevision: Int { 20 } }
private final class G21: Numbered { var contentRevision: Int { 21 } }
private final class G22: Numbered { var contentRevision: Int { 22 } }
private final class G23: Numbered { var contentRevision: Int { 23 } }
