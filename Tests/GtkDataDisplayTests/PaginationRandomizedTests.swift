@_spi(Testing) @testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Randomized model-based tests of pagination: seeded sequences of a hundred operations on a real
/// manager (base or gravity) with pagination plugins at the top edge, the bottom edge or both, each
/// checked after every operation against `PaginationModel`.
///
/// The loaders answer when the sequence says: late (after the app's own updates), out of order,
/// twice, after `reset()`, with a failure (error row, then `retry()`), with rows the manager already
/// shows (refused: error row), or re-entrantly from inside the loader call (answering at once,
/// resetting, asking the other plugin, changing the app's rows, starting a background update) or
/// from inside a `stateChanged` listener. Between them the app adds, removes, sets and clears rows,
/// and calls `setStateInBackground`, held in flight (`RandomizedGate`) while other operations run and
/// newer ones supersede it; pages that arrive meanwhile wait for it.
///
/// After every operation: the real GListStore shows exactly the model's rows (by identity) with each
/// plugin's status row alone at its edge iff it is loading or failed; the store matches the
/// manager; every items-changed fitted; each plugin's state, error text, loader calls and
/// `requestCount` are the model's; the app's operations failed where the model says; each
/// background call returned what the model says (only the latest intent applies). After each
/// sequence, the manager, the plugins and every generator are freed.
///
/// `GDD_RANDOM_OPERATIONS` (default 10,000 per test), `GDD_RANDOM_SEED`, `GDD_RANDOM_SEQUENCES`,
/// `GDD_RANDOM_TRACE` (see `FeatureRandomizedRun`).
@MainActor
final class PaginationRandomizedTests: XCTestCase {
    func testPaginationAtEitherEdgeAndBothAgainstTheModel() async throws {
        let run = FeatureRandomizedRun(name: "Randomized pagination", test: "PaginationRandomizedTests/testPaginationAtEitherEdgeAndBothAgainstTheModel",
                                       perSequence: 100, defaultSeed: 20_270_043)
        var paths: [String: Int] = [:]
        let operations = await run.run { seed in
            var rng = RandomizedRNG(seed: seed ^ 0x5EED)
            let gravity = rng.chance(0.35)
            let edges: [PaginationEdge] = switch rng.below(3) {
            case 0: [.bottom]
            case 1: [.top]
            default: rng.chance(0.5) ? [.top, .bottom] : [.bottom, .top]
            }
            return await Self.sequence(seed: seed, gravity: gravity, edges: edges, operations: run.perSequence,
                                       trace: run.trace, paths: &paths)
        }
        print("  paths: " + paths.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        XCTAssertGreaterThanOrEqual(operations, min(10_000, run.sequences * run.perSequence))
    }

    static func sequence(seed: UInt64, gravity: Bool, edges: [PaginationEdge], operations: Int,
                         trace: Bool, paths: inout [String: Int]) async -> (operations: Int, problems: [String], log: [String]) {
        var weak: [RandomizedWeak] = []
        var weakManager = RandomizedWeak()
        var weakPlugins: [RandomizedWeak] = []
        var result: (operations: Int, problems: [String], log: [String]) = (0, [], [])
        do {
            let harness = await PaginationRandomizedHarness(gravity: gravity, edges: edges, seed: seed, trace: trace)
            var problems: [String] = []
            var done = 0
            while done < operations, problems.isEmpty {
                problems = await harness.step()
                done += 1
            }
            if problems.isEmpty { problems = await harness.finish() } else { _ = await harness.finish() }
            let kind = (gravity ? "gravity" : "base") + " manager, " + edges.map { "\($0)" }.joined(separator: "+")
            result = (done, problems, ["(\(kind))"] + harness.log)
            paths.merge(harness.model.paths, uniquingKeysWith: +)
            weak = harness.weakObjects
            weakManager = RandomizedWeak(object: harness.manager)
            weakPlugins = harness.plugins.map { RandomizedWeak(object: $0) }
        }
        if result.problems.isEmpty {
            if weakManager.object != nil { result.problems.append("the manager outlived the sequence") }
            if weakPlugins.contains(where: { $0.object != nil }) { result.problems.append("a plugin outlived the sequence") }
            let leaked = weak.filter { $0.object != nil }.count
            if leaked > 0 { result.problems.append("\(leaked) generators outlived their manager") }
        }
        return result
    }
}
