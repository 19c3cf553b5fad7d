@_spi(Testing) @testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Randomized model-based tests of reordering: seeded sequences of a hundred moves on a real
/// manager over sections with and without headers and footers, rows with and without their own
/// rules (`MovableItem`: fixed, within their section, anywhere), and foldables nested three deep,
/// expanded and collapsed, some whose children cannot be reordered — each checked against
/// `ReorderModel` after every operation.
///
/// Moves: drops on the upper and lower half of any row, header or footer (`ReorderingPlugin.drop`,
/// with plugins whose `unmarked` rule is fixed, within a section or anywhere), Alt+arrow steps
/// (`step`), `reorder(_:to:unmarked:)`, `move(_:to:)`, `move(_:after:)` and `move(_:before:)` with
/// destinations in and out of range; between them foldables are toggled and rows added and removed.
/// Now and then the row moved is a header, a footer, a hidden child or a row that left.
///
/// After every operation: the operation's answer (moved, refused, or which error) is the model's;
/// the real GListStore shows the model's rows by identity at the model's depths; every foldable's
/// `children` and fold state are the model's; `didMove` fired once with the model's row, parent and
/// positions for a move, never otherwise; a move is exactly one items-changed (none when refused or
/// when no row changes place) and every emission fitted; rows keep their row objects. After each
/// sequence, every generator is freed with the manager.
///
/// `GDD_RANDOM_OPERATIONS` (default 10,000), `GDD_RANDOM_SEED`, `GDD_RANDOM_SEQUENCES`,
/// `GDD_RANDOM_TRACE` (see `FeatureRandomizedRun`).
@MainActor
final class ReorderingRandomizedTests: XCTestCase {
    func testRandomMovesAgainstTheModel() async throws {
        let run = FeatureRandomizedRun(name: "Randomized reordering", test: "ReorderingRandomizedTests/testRandomMovesAgainstTheModel",
                                       perSequence: 100, defaultSeed: 20_270_143)
        var outcomes: [String: Int] = [:]
        let operations = await run.run { seed in
            var weak: [RandomizedWeak] = []
            var result: (operations: Int, problems: [String], log: [String]) = (0, [], [])
            do {
                let harness: ReorderingRandomizedHarness
                do {
                    harness = try ReorderingRandomizedHarness(seed: seed)
                } catch {
                    return (0, ["the starting sections were refused: \(error)"], [])
                }
                var problems: [String] = []
                while result.operations < run.perSequence, problems.isEmpty {
                    problems = harness.step()
                    result.operations += 1
                    if run.trace { print("  #\(result.operations) \(harness.log.last!)") }
                }
                result.problems = problems
                result.log = harness.log
                outcomes.merge(harness.outcomes, uniquingKeysWith: +)
                weak = harness.weakObjects
            }
            let leaked = weak.filter { $0.object != nil }.count
            if result.problems.isEmpty, leaked > 0 { result.problems.append("\(leaked) generators outlived their manager") }
            return result
        }
        print("  outcomes: " + outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        XCTAssertGreaterThanOrEqual(operations, min(10_000, run.sequences * run.perSequence))
    }
}
