@testable import GtkDataDisplay
import GtkDataDisplayTesting
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

    /// A generator's five events are kept beside it (`GeneratorEvents`): every event keeps its own
    /// listeners, one generator's events are not another's, the generator stays one allocation of
    /// 80 bytes (a `String` model; five fields of their own made it 144; see also
    /// `GeneratorFieldsTests`), and its events are forgotten when it is freed.
    func testAGeneratorsEventsAreItsOwnAndKeptBesideIt() async {
        let kept = GeneratorEvents.count
        let apple = LabelRow(model: "apple", id: "apple")
        let pear = LabelRow(model: "pear", id: "pear")
        var calls: [String] = []
        apple.didSelectEvent += { calls.append("apple selected") }
        apple.didEndDisplayEvent += { calls.append("apple hidden") }
        pear.didSelectEvent += { calls.append("pear selected") }
        apple.didSelectEvent.invoke()
        apple.didDeselectEvent.invoke()
        apple.didActivateEvent.invoke()
        apple.willDisplayEvent.invoke()
        apple.didEndDisplayEvent.invoke()
        pear.didSelectEvent.invoke()
        XCTAssertEqual(calls, ["apple selected", "apple hidden", "pear selected"])
        XCTAssertTrue(apple.didSelectEvent === apple.didSelectEvent)
        XCTAssertFalse(apple.didSelectEvent === apple.didDeselectEvent)
        XCTAssertFalse(apple.didSelectEvent === pear.didSelectEvent)
        // 72 usable bytes of glibc's 80-byte chunk (under AddressSanitizer: the 72 bytes asked for).
        // The smallest of a few live ones: malloc may hand out a free chunk one size up that is too small
        // to split, whose usable size is larger (glibc 2.41, Debian 13, at times did for this one).
        let others = (0..<8).map { LabelRow(model: "plum \($0)", id: "plum \($0)") }
        let sizes = ([pear] + others).map { mallocUsableSize(Unmanaged.passUnretained($0).toOpaque()) }
        XCTAssertLessThanOrEqual(sizes.min() ?? .max, 72)
        XCTAssertEqual(GeneratorEvents.count, kept + 2, "only the two asked for keep events")
        do {
            let dropped = LabelRow(model: "fig", id: "fig")
            dropped.willDisplayEvent += {}
            XCTAssertEqual(GeneratorEvents.count, kept + 3)
        }
        XCTAssertEqual(GeneratorEvents.count, kept + 2, "a generator freed forgets its events")
        withExtendedLifetime((apple, pear, others)) {}
    }
}

/// glibc's `malloc_usable_size` (the Glibc module does not export malloc.h): the usable bytes of the
/// allocation at `pointer`.
@_silgen_name("malloc_usable_size")
func mallocUsableSize(_ pointer: UnsafeMutableRawPointer) -> Int
