import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// `DiffKey` equates exactly the ids `AnyHashable` equates, whatever form it stores them in.
final class DiffKeyTests: XCTestCase {
    private struct Custom: Hashable { let a: Int; let b: String }
    private final class Object {}

    private let ids: [AnyHashable] = [
        5, Int8(5), UInt64(5), 6, Int64.min, UInt64.max, "5", "five", Substring("five"),
        Custom(a: 5, b: "x"), Custom(a: 5, b: "y"), 5.0, Float(5), 5.5, Float(5.5), -0.0, 0, Double.nan, true,
    ]

    func testKeysAreEqualExactlyWhenAnyHashableSaysSo() {
        for x in ids {
            for y in ids {
                XCTAssertEqual(DiffKey(x) == DiffKey(y), x == y, "\(x) (\(type(of: x.base))) vs \(y) (\(type(of: y.base)))")
                if x == y { XCTAssertEqual(DiffKey(x).hashValue, DiffKey(y).hashValue, "\(x) vs \(y)") }
            }
        }
    }

    func testTypedAndBoxedIDsGiveTheSameKey() {
        XCTAssertEqual(DiffKey(42), DiffKey(AnyHashable(42)))
        XCTAssertEqual(DiffKey(Int8(42)), DiffKey(42))
        XCTAssertEqual(DiffKey("a"), DiffKey(AnyHashable("a")))
        let object = Object()
        XCTAssertEqual(DiffKey(ObjectIdentifier(object)), DiffKey(AnyHashable(ObjectIdentifier(object))))
        XCTAssertNotEqual(DiffKey(ObjectIdentifier(object)), DiffKey(Int(bitPattern: ObjectIdentifier(object))),
                          "an instance's identity is no integer id")
        XCTAssertEqual(DiffKey(Custom(a: 1, b: "c")), DiffKey(AnyHashable(Custom(a: 1, b: "c"))))
    }

    func testAKeyGivesItsIDBackAndDescribesItLikeTheID() {
        XCTAssertEqual(DiffKey(42).anyHashable, AnyHashable(42))
        XCTAssertEqual(DiffKey("x").anyHashable, AnyHashable("x"))
        XCTAssertEqual(DiffKey(42).description, "42")
        XCTAssertEqual(DiffKey("x").description, "x")
    }

    @MainActor
    func testGeneratorsKeepTheirKeyAndID() {
        let row = LabelRow(model: "a", id: 7)
        XCTAssertEqual(row.diffKey, DiffKey(7))
        XCTAssertEqual(row.diffID, AnyHashable(7))
        let anonymous = LabelRow(model: "b")
        XCTAssertEqual(anonymous.diffKey, DiffKey(ObjectIdentifier(anonymous)))
    }
}
