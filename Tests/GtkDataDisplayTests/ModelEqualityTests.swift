@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Whether a row shows the same content as before is decided by its model's `==`, never by the
/// model's bytes: `0.0` and `-0.0` are equal models (the row is not rebound), a NaN is equal to no
/// model, itself included (the row is rebound), and a model whose `==` says "different" is
/// different even when its bytes are the same. Both ways a view's `isContentEqual` comes: from a
/// conformance that knows the model is `Equatable` (`NumberView`), and looked up when a view generic
/// over its model compares (`ModelView`).
@MainActor
final class ModelEqualityTests: XCTestCase {
    func testSignedZerosAreEqualModels() async throws {
        XCTAssertTrue(row(0.0).isContentEqual(to: row(-0.0)))
        XCTAssertTrue(number(0.0).isContentEqual(to: number(-0.0)))
        XCTAssertTrue(header(-0.0).isContentEqual(to: header(0.0)))
        XCTAssertEqual(try rowsRebound(from: row(0.0), to: row(-0.0)), 0)
        XCTAssertEqual(try rowsRebound(from: number(0.0), to: number(-0.0)), 0)
    }

    func testANaNModelIsEqualToNoModelItselfIncluded() async throws {
        let nan = Double.nan
        XCTAssertFalse(row(nan).isContentEqual(to: row(nan)), "the same NaN, the same bytes")
        XCTAssertFalse(number(nan).isContentEqual(to: number(nan)))
        XCTAssertFalse(header(nan).isContentEqual(to: header(nan)))
        XCTAssertEqual(try rowsRebound(from: row(nan), to: row(nan)), 1)
        XCTAssertEqual(try rowsRebound(from: number(nan), to: number(nan)), 1)
    }

    func testEqualModelsAreEqualAndDifferentOnesAreNot() async throws {
        XCTAssertTrue(number(1.5).isContentEqual(to: number(1.5)))
        XCTAssertFalse(number(1.5).isContentEqual(to: number(2.5)))
        XCTAssertTrue(row(1.5).isContentEqual(to: row(1.5)))
        XCTAssertFalse(row(1.5).isContentEqual(to: row(2.5)))
        XCTAssertEqual(try rowsRebound(from: number(1.5), to: number(2.5)), 1)
    }

    func testAModelWhoseEqualityIgnoresAFieldIsEqualWhateverThatFieldHolds() async throws {
        let a = BaseRowGenerator<ModelView<Cached>>(model: Cached(shown: 1, cache: 10), id: 1)
        let b = BaseRowGenerator<ModelView<Cached>>(model: Cached(shown: 1, cache: 20), id: 1)
        XCTAssertTrue(a.isContentEqual(to: b))
    }

    func testAModelWhoseEqualitySaysDifferentIsDifferentWithTheSameBytes() async throws {
        let a = BaseRowGenerator<ModelView<NeverEqual>>(model: NeverEqual(value: 7), id: 1)
        let b = BaseRowGenerator<ModelView<NeverEqual>>(model: NeverEqual(value: 7), id: 1)
        XCTAssertFalse(a.isContentEqual(to: b))
    }

    private func row(_ value: Double) -> BaseRowGenerator<ModelView<Double>> {
        BaseRowGenerator<ModelView<Double>>(model: value, id: 1)
    }

    private func number(_ value: Double) -> BaseRowGenerator<NumberView> {
        BaseRowGenerator<NumberView>(model: value, id: 1)
    }

    private func header(_ value: Double) -> BaseHeaderGenerator<ModelView<Double>> {
        BaseHeaderGenerator<ModelView<Double>>(model: value, id: "h")
    }

    /// Rows the second of two whole-state updates rebinds: one row `first`, then `second` (a new
    /// generator with the same id).
    private func rowsRebound(from first: any RowGenerator, to second: any RowGenerator) throws -> Int? {
        let manager = BaseListManager()
        try manager.setState([Section(rows: [first])])
        try manager.setState([Section(rows: [second])])
        return manager.lastUpdate?.updated
    }
}

/// A model whose `==` reads one of its two fields.
private struct Cached: Equatable {
    var shown: Int
    var cache: Int
    static func == (a: Cached, b: Cached) -> Bool { a.shown == b.shown }
}

/// A model no value of which equals another.
private struct NeverEqual: Equatable {
    var value: Int
    static func == (a: NeverEqual, b: NeverEqual) -> Bool { false }
}

/// A view of `Double`s: its conformance knows the model is `Equatable` (never made).
private final class NumberView: ConfigurableRowView {
    let widget: OwnedWidget
    private init() { widget = LabelRowView.make().widget }
    static func make() -> NumberView { NumberView() }
    func configure(with model: Double) {}
}

/// A view of any model (never made: the tests only compare generators).
private final class ModelView<M>: ConfigurableRowView {
    let widget: OwnedWidget
    private init() { widget = LabelRowView.make().widget }
    static func make() -> ModelView<M> { ModelView() }
    func configure(with model: M) {}
}
