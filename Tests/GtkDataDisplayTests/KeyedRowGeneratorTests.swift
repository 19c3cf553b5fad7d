@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Whole-state updates read the diff key of the library's generators as a field of their common
/// superclass (`KeyedRowGenerator`), not through `diffKey`. The key read so must be the generator's
/// own for every class and model (generic subclasses, models of any size and alignment, keys of
/// every kind), however classes alternate, and a generator of another kind must still answer
/// through its getter.
@MainActor
final class KeyedRowGeneratorTests: XCTestCase {
    func testAKeyReadAsAFieldIsTheGeneratorsOwnForEveryClassAndModel() async {
        let generators: [any RowGenerator] = [
            BaseRowGenerator<ModelView<UInt8>>(model: 7, id: "byte"),
            BaseRowGenerator<ModelView<Wide>>(model: Wide(), id: 42),
            // A key past 15 bytes (its string is counted, not inline) and a long model.
            BaseRowGenerator<ModelView<String>>(model: String(repeating: "m", count: 40),
                                                id: "a key longer than fifteen bytes"),
            BaseRowGenerator<ModelView<Int>>(model: 3),  // keyed by its identity
            BaseRowGenerator<ModelView<Int>>(model: 4, id: ObjectIdentifier(Wide.self)),
            Subclassed(model: "sub", id: 5),
            FoldableRowGenerator<LabelRowView>(model: "fold", id: 6, children: [], expanded: false),
            LabelHeader(model: "h", id: "header:h"),
            LabelFooter(model: "f", id: 8.5 as Double),  // an id of no special kind
            PlainRow(id: 9),  // not the library's class: through its getter
        ]
        // Nine classes: the two keyed by an identity share one.
        XCTAssertEqual(Set(generators.map { ObjectIdentifier(type(of: $0)) }).count, 9)
        XCTAssertEqual(generators.map { KeyedRowGenerator.isKeyed($0) }, Array(repeating: true, count: 9) + [false])
        let expected = generators.map(\.diffKey)
        XCTAssertEqual(expected[3], DiffKey(ObjectIdentifier(generators[3])), "an identity key is the instance's")
        generators.withUnsafeBufferPointer { buffer in
            // Forwards, backwards and each class twice running, so that the class kept at hand changes
            // at every step and also stays.
            let orders = [Array(buffer.indices), buffer.indices.reversed(), buffer.indices.flatMap { [$0, $0] }]
            for order in orders {
                for index in order {
                    XCTAssertEqual(KeyedRowGenerator.diffKey(at: buffer, index), expected[index], "generator \(index)")
                }
            }
        }
    }

    func testAWholeStateUpdateOfMixedClassesKeepsEveryRowByItsKey() async throws {
        let manager = BaseListManager()
        func state() -> [Section] {
            [Section(header: LabelHeader(model: "h", id: "header:h"),
                     rows: [BaseRowGenerator<ModelView<UInt8>>(model: 1, id: "byte"),
                            BaseRowGenerator<ModelView<Wide>>(model: Wide(), id: 42),
                            Subclassed(model: "sub", id: 5),
                            PlainRow(id: 9)],
                     footer: LabelFooter(model: "f", id: "footer:f"))]
        }
        try manager.setState(state())
        let rows = (0..<manager.store.count).map { manager.store.row(at: $0)!.record }
        try manager.setState(state())  // new instances, the same keys: every row kept
        XCTAssertEqual((0..<manager.store.count).map { manager.store.row(at: $0)!.record }, rows)
    }
}

/// A view of any model (never made: the tests only read keys).
private final class ModelView<M: Hashable>: ConfigurableRowView {
    let widget: OwnedWidget
    private init() { widget = LabelRowView.make().widget }
    static func make() -> ModelView<M> { ModelView() }
    func configure(with model: M) {}
}

/// A model of four words, aligned as an `Int`.
private struct Wide: Hashable {
    var a = 1, b = 2, c = 3, d = 4
}

private final class Subclassed: BaseRowGenerator<LabelRowView> {}
