@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Random background states landing over frames (`StateLanding`, made to land at test sizes), with
/// changes of the app's between their slices: single operations, a newer background state, a fold-free
/// `setState`. After every slice the store shows the manager's rows; after every round the manager
/// shows the last intent, no row object is left behind and every shown generator is found.
@MainActor
final class StateLandingRandomizedTests: XCTestCase {
    override func setUp() async throws {
        StateLanding.sizes = StateLanding.Sizes(minimumRows: 64, rowsPerStep: 16, sliceBudget: 0)
    }

    override func tearDown() async throws {
        StateLanding.sizes = StateLanding.Sizes()
    }

    func testRandomStatesWithChangesBetweenSlicesEndAsTheLastIntent() async throws {
        var rng = RandomizedRNG(seed: 48)
        let manager = BaseListManager()
        // The app's rows, by id: a row's generator is replaced now and then (same id, maybe new text).
        var rows: [Int: LabelRow] = [:]
        func row(_ id: Int) -> LabelRow {
            if let kept = rows[id], !rng.chance(0.05) { return kept }
            let made = LabelRow(model: "row \(id) \(rng.below(3))", id: id)
            rows[id] = made
            return made
        }
        var nextExtra = 100_000
        let baseline = Diagnostics.liveRowObjects
        var slicesSeen = 0
        manager.didLandSlice.addListener(key: "check") { [unowned manager] in
            slicesSeen += 1
            XCTAssertTrue(manager.store.shows(manager.flatGenerators), "between two slices the store shows the manager's rows")
        }
        for round in 0..<80 {
            // A filter of 0 ..< 400 (some rounds every row, some none), now and then in another order.
            let keep = rng.int(0...4)
            var ids = (0..<400).filter { keep == 0 || $0 % (keep + 1) != rng.below(keep + 1) }
            if rng.chance(0.15) { ids.reverse() }
            let target = ids.map(row)
            var expected = target
            // Between two slices (if it lands in slices), a change of the app's.
            let change = rng.int(0...3)
            let at = rng.int(1...6)
            var newer: Task<Bool, any Error>?
            var slices = 0
            manager.didLandSlice.addListener(key: "change") { [unowned manager] in
                slices += 1
                guard slices == at else { return }
                switch change {
                case 1:
                    let extra = LabelRow(model: "extra \(nextExtra)", id: nextExtra)
                    nextExtra += 1
                    do { try manager.add(extra) } catch { XCTFail("round \(round): \(error)") }
                    expected.append(extra)
                case 2:
                    let newest = Array(target.prefix(max(0, target.count - 100)))
                    newer = Task { try await manager.setStateInBackground([Section(rows: newest)]) }
                    expected = newest
                case 3:
                    let now = Array(target.suffix(50))
                    do { try manager.setState([Section(rows: now)]) } catch { XCTFail("round \(round): \(error)") }
                    expected = now
                default: break
                }
            }
            let applied = try await manager.setStateInBackground([Section(rows: target)])
            manager.didLandSlice.removeListener(key: "change")
            if let newer {
                let newerApplied = try await newer.value
                XCTAssertTrue(newerApplied, "round \(round): the newer state is shown")
            }
            XCTAssertTrue(applied, "round \(round): nothing newer was called while it diffed")
            XCTAssertTrue(manager.store.shows(expected), "round \(round): the last intent is shown")
            XCTAssertTrue(manager.store.shows(manager.flatGenerators), "round \(round)")
            for generator in expected where !manager.contains(generator) {
                XCTFail("round \(round): a shown generator is not found")
                break
            }
            XCTAssertEqual(Diagnostics.liveRowObjects - baseline, manager.store.count, "round \(round): one object a shown row")
        }
        XCTAssertGreaterThan(slicesSeen, 200, "states landed in slices")
    }
}
