@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// The one layout fact the library relies on (`Sources/GtkDataDisplay/LayoutFacts`): a generator
/// class keeps its model at the same offset in every instance. For models of several layouts (a
/// word, padding, a reference, a 16-byte alignment, an empty struct), for subclasses with stored
/// properties of their own and for a foldable, the offset the library measured on one instance
/// must show each instance's own model, and a model set later. If a compiler lays objects out
/// otherwise, these fail here at once, before any update compares a wrong pair of bytes.
@MainActor
final class LayoutFactTests: XCTestCase {
    func testEveryInstanceOfAGeneratorClassKeepsItsModelWhereTheLibraryMeasuredIt() async throws {
        try check([7, -1, Int.max])
        try check(["a", "a longer string, stored out of line", ""])
        try check([0.0, -0.0, 1.5])
        try check([Padded(flag: true, value: 1, last: false), Padded(flag: false, value: -9, last: true)])
        try check([SIMD4<Float>(1, 2, 3, 4), SIMD4<Float>(-1, 0, 0, 9)])
        try check([Empty(), Empty()])
        try check([Padded(flag: true, value: 3, last: true), Padded(flag: false, value: 4, last: false)], subclass: true)
        try check(["x", "y"], subclass: true)
    }

    func testAFoldableKeepsItsModelWhereTheLibraryMeasuredIt() async throws {
        let rows = (0..<3).map { FoldableRowGenerator<PlaceView<Int>>(model: $0 * 11, id: $0, children: []) }
        XCTAssertFalse(rows[0].isContentEqual(to: rows[1]), "measured on the first comparison")
        let offset = try XCTUnwrap(ModelPlace.offset(in: ObjectIdentifier(type(of: rows[0]))))
        for row in rows {
            XCTAssertEqual(ModelPlace.address(in: row, at: offset).load(as: Int.self), row.model)
        }
    }

    func testTwoModelsAreComparedWhereTheyLieWithTheViewsComparison() async throws {
        let a = BaseRowGenerator<PlaceView<Padded>>(model: Padded(flag: true, value: 5, last: false), id: 1)
        let b = BaseRowGenerator<PlaceView<Padded>>(model: Padded(flag: true, value: 5, last: false), id: 1)
        XCTAssertTrue(a.isContentEqual(to: b))
        b.model.value = 6
        XCTAssertFalse(a.isContentEqual(to: b), "a model set after the measurement is the one compared")
        b.model.value = 5
        XCTAssertTrue(a.isContentEqual(to: b))
    }

    /// Measures the offset on the first of `models`' generators (as an update's first comparison
    /// does), then reads every generator's model at it, before and after setting a new model.
    private func check<Model: Equatable & Sendable>(_ models: [Model], subclass: Bool = false,
                                         file: StaticString = #filePath, line: UInt = #line) throws {
        let rows: [BaseRowGenerator<PlaceView<Model>>] = models.enumerated().map { index, model in
            subclass ? ExtendedRow<Model>(model: model, id: index) : BaseRowGenerator<PlaceView<Model>>(model: model, id: index)
        }
        _ = rows[0].isContentEqual(to: rows[rows.count - 1])
        let offset = try XCTUnwrap(ModelPlace.offset(in: ObjectIdentifier(type(of: rows[0]))), file: file, line: line)
        for row in rows {
            let place = ModelPlace.address(in: row, at: offset).assumingMemoryBound(to: Model.self)
            let measured = place.pointee == row.model
            XCTAssertTrue(measured, "\(type(of: row)): the model where it was measured", file: file, line: line)
            row.model = models[models.count - 1]
            let later = place.pointee == models[models.count - 1]
            XCTAssertTrue(later, "\(type(of: row)): a model set later", file: file, line: line)
        }
    }
}

/// A model with padding between and after its fields.
private struct Padded: Equatable {
    var flag: Bool
    var value: Int64
    var last: Bool
}

/// A model of no bytes.
private struct Empty: Equatable {}

/// A generator subclass with stored properties of its own (after the model).
private final class ExtendedRow<Model: Equatable>: BaseRowGenerator<PlaceView<Model>> {
    var extra = "extra"
    var count = 42
}

/// A view of any model (never made: the tests only compare generators).
private final class PlaceView<M>: ConfigurableRowView {
    let widget: OwnedWidget
    private init() { widget = LabelRowView.make().widget }
    static func make() -> PlaceView<M> { PlaceView() }
    func configure(with model: M) {}
}
