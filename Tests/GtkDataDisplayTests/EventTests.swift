import GtkDataDisplay
import XCTest

/// `Event<Input>`: ordered listeners, keyed replacement, clear/isEmpty/count.
@MainActor
final class EventTests: XCTestCase {
    func testListenersRunInRegistrationOrder() async {
        let event = Event<Int>()
        var calls: [String] = []
        event += { calls.append("first \($0)") }
        event += { calls.append("second \($0)") }
        event.invoke(with: 7)
        XCTAssertEqual(calls, ["first 7", "second 7"])
    }

    func testKeyedListenerReplacesInPlace() async {
        let event = Event<Void>()
        var calls: [String] = []
        event.addListener(key: "k") { calls.append("old") }
        event += { calls.append("plain") }
        event.addListener(key: "k") { calls.append("new") }
        event.invoke()
        XCTAssertEqual(calls, ["new", "plain"])
        XCTAssertEqual(event.count, 2)
    }

    func testClearIsEmptyAndCount() async {
        let event = Event<Void>()
        XCTAssertTrue(event.isEmpty)
        event += {}
        event.addListener(key: 1) {}
        XCTAssertEqual(event.count, 2)
        event.removeListener(key: 1)
        XCTAssertEqual(event.count, 1)
        event.clear()
        XCTAssertTrue(event.isEmpty)
    }
}
