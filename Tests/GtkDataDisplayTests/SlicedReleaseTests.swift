@testable import GtkDataDisplay
import XCTest

/// A big array of references is let go of over several turns of the main loop, a slice at a time
/// (`SlicedRelease`); a short one is left to its caller.
@MainActor
final class SlicedReleaseTests: XCTestCase {
    /// Counts its live instances.
    private final class Counted {
        nonisolated(unsafe) static var alive = 0
        init() { Self.alive += 1 }
        deinit { Self.alive -= 1 }
    }

    override func setUp() async throws {
        Counted.alive = 0
        // One chunk a slice.
        StateLanding.sizes = StateLanding.Sizes(minimumRows: 1_000, rowsPerStep: 64, sliceBudget: 0)
    }

    override func tearDown() async throws {
        StateLanding.sizes = StateLanding.Sizes()
    }

    func testABigArrayIsLetGoOfOverSeveralTurnsAfterTheCall() async {
        var array = (0..<10_000).map { _ in Counted() }
        SlicedRelease.release(&array)
        XCTAssertTrue(array.isEmpty, "the array was taken")
        XCTAssertEqual(Counted.alive, 10_000, "nothing was let go of during the call")
        var turns = 0, seen: Set<Int> = []
        while Counted.alive > 0, turns < 1_000 {
            await Task.yield()
            turns += 1
            seen.insert(Counted.alive)
        }
        XCTAssertEqual(Counted.alive, 0, "all were let go of")
        XCTAssertGreaterThan(seen.count, 2, "over several turns: \(seen.sorted())")
    }

    func testAShortArrayIsLeftToItsCaller() {
        var array = (0..<10).map { _ in Counted() }
        SlicedRelease.release(&array)
        XCTAssertEqual(array.count, 10)
        array.removeAll()
        XCTAssertEqual(Counted.alive, 0)
    }
}
