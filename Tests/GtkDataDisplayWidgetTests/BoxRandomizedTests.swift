import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Random operation sequences (the headless suite's generator and reference model, shared through
/// `SharedRandomized/`) run on a manager shown by a box adapter in a real window. After every
/// step, besides the harness's own checks of the store: the box's children are the manager's rows
/// in order, each showing its row's content, role, depth and fold state, and every row object that
/// stayed in the store is shown by the very same widget and view as before the step. After each
/// sequence, releasing the adapter and clearing the manager leaves no row object or widget.
///
/// `GDD_BOX_RANDOM_SEED` (base seed), `GDD_BOX_RANDOM_SEQUENCES` (per manager kind, default 6) and
/// `GDD_RANDOM_OPS` (most operations per sequence, default 60) change the run.
final class BoxRandomizedTests: WidgetTestCase {
    func testTheBoxFollowsRandomOperationsOfEveryManager() async throws {
        let env = ProcessInfo.processInfo.environment
        let baseSeed = env["GDD_BOX_RANDOM_SEED"].flatMap(RandomizedSettings.parseSeed) ?? 20_261_122
        let sequences = env["GDD_BOX_RANDOM_SEQUENCES"].flatMap { Int($0) } ?? 6
        let maxOperations = RandomizedSettings.current.maxOperations
        let objectsBefore = Diagnostics.liveRowObjects
        let widgetsBefore = Diagnostics.liveWidgets
        var operations = 0, keptChecked = 0
        var failures: [String] = []
        for kind in [RandomizedManagerKind.base, .manual, .gravity] {
            for index in 0..<sequences {
                let seed = baseSeed &+ UInt64(index) &* 0xD1B5_4A32_D192_ED03 &+ UInt64(kind.rawValue.count)
                let harness = RandomizedHarness(kind: kind, seed: seed, trace: false)
                var adapter: BoxAdapter? = BoxAdapter(manager: harness.manager)
                let host = WindowHost(child: adapter!.box)
                let count = harness.source.rng.int(min(30, maxOperations)...maxOperations)
                var failure: [String] = []
                for _ in 1...count {
                    let snapshot = BoxSnapshot(adapter!)
                    let problems = await harness.step()
                    operations += 1
                    let boxProblems = BoxChecks.problems(adapter!)
                    let (changed, kept) = snapshot.changedWidgets(adapter!)
                    keptChecked += kept
                    failure = problems.map { "harness: " + $0 } + boxProblems + changed
                    if !failure.isEmpty { break }
                }
                if failure.isEmpty { failure = harness.finish() }
                if failure.isEmpty, !adapter!.rowWidgets.isEmpty { failure.append("clear() left \(adapter!.rowWidgets.count) box children") }
                host.destroy()
                adapter = nil
                harness.breakCycles()
                if !failure.isEmpty {
                    failures.append("[\(kind.rawValue)] seed \(seed), after operation \(harness.log.count):\n  "
                                    + failure.joined(separator: "\n  ") + "\n  operations:\n    "
                                    + harness.log.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n    "))
                }
            }
        }
        MainContext.drain()
        print("Box randomized: \(operations) operations, \(keptChecked) kept rows checked for identity, \(failures.count) failures")
        for failure in failures.prefix(3) { XCTFail(failure) }
        XCTAssertGreaterThanOrEqual(operations, 300, "a few hundred operations")
        XCTAssertGreaterThan(keptChecked, 1000)
        if failures.isEmpty {
            XCTAssertEqual(Diagnostics.liveRowObjects, objectsBefore)
            XCTAssertEqual(Diagnostics.liveWidgets, widgetsBefore)
        }
    }
}
