@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Randomized model-based tests: seeded random sequences of every manager operation (and of bad
/// input), each step checked against the plain-Swift reference model in RandomizedReferenceModel.swift.
///
/// After every step: the GListStore rows (by identity) are the model's flattened rows; every
/// items-changed fitted the store as it was and they add up to the size change; no row object or
/// generator stands twice; `flatGenerators`, sections and depths agree; every instance the step
/// may touch has the model's fold state, children and content; the fold events fired are the
/// model's, in order; rows that stay keep their row object; a single operation is exactly one
/// splice of the changed range; a diffed update reports the inserts, removals, minimum moves and
/// rebinds the model expects; an error is the one the model expects and changes nothing. After each
/// sequence, `clear()` frees every row object and every generator is freed with the manager.
///
/// The model keeps one record per generator instance (fold state, children and content belong to
/// the instance), so it follows foldables that contain themselves (`foldingCycle`, checked where
/// `FoldTree.walk` checks it, before the visit of each generator) and foldables hidden below a
/// collapsed one while shown elsewhere (`collapseSubtree` folds them there too, `expandSubtree`
/// fails). Background updates: `setStateInBackground` alone (exactly `setState`), a valid one in
/// flight and a second one that fails validation, or one in flight and a synchronous operation
/// (newer intent: the background call returns false; failing: it still applies; folding: it
/// applies, diffed against the folded rows). `RandomizedGate` holds the diffs off the main thread
/// so a call is certainly in flight when the next one is made.
///
/// Environment: `GDD_RANDOM_SEED` (base seed, default 20261121), `GDD_RANDOM_SEQUENCES` (per
/// manager, default 200), `GDD_RANDOM_OPS` (most operations per sequence, default 60),
/// `GDD_RANDOM_TRACE=1` (print each operation and the store after it). A failure prints the seed
/// of its sequence, which replays alone with `GDD_RANDOM_SEQUENCES=1`.
@MainActor
final class RandomizedModelTests: XCTestCase {
    func testBaseManagerAgainstTheModel() async throws {
        await runSequences(.base, test: "testBaseManagerAgainstTheModel")
    }

    func testManualManagerAgainstTheModel() async throws {
        await runSequences(.manual, test: "testManualManagerAgainstTheModel")
    }

    func testGravityManagerAgainstTheModel() async throws {
        await runSequences(.gravity, test: "testGravityManagerAgainstTheModel")
    }

    /// The three managers again with a section's rows in chunks of two (`RowList`), so single
    /// operations split, cross and empty chunks all the time (a third of the sequences: CI runs this
    /// under AddressSanitizer too).
    func testEveryManagerWithRowsInChunksOfTwo() async throws {
        let chunkSize = RowList.defaultChunkSize
        RowList.defaultChunkSize = 2
        defer { RowList.defaultChunkSize = chunkSize }
        let sequences = max(1, RandomizedSettings.current.sequences / 3)
        await runSequences(.base, test: "testEveryManagerWithRowsInChunksOfTwo", sequences: sequences)
        await runSequences(.manual, test: "testEveryManagerWithRowsInChunksOfTwo", sequences: sequences)
        await runSequences(.gravity, test: "testEveryManagerWithRowsInChunksOfTwo", sequences: sequences)
    }

    private func runSequences(_ kind: RandomizedManagerKind, test: String, sequences: Int? = nil) async {
        var settings = RandomizedSettings.current
        if let sequences { settings.sequences = sequences }
        let clock = ContinuousClock()
        let start = clock.now
        var operations = 0
        var failures: [String] = []
        var histogram: [String: (runs: Int, errors: Int)] = [:]
        var outcomes: [String: Int] = [:]
        for index in 0..<settings.sequences {
            let seed = settings.seed(ofSequence: index)
            var failure: String?
            var generators: [RandomizedWeak] = []
            do {
                let harness = RandomizedHarness(kind: kind, seed: seed, trace: settings.trace)
                if settings.trace { print("[\(kind.rawValue)] sequence \(index) seed \(seed)") }
                let count = harness.source.rng.int(min(30, settings.maxOperations)...settings.maxOperations)
                for step in 1...count {
                    operations += 1
                    let problems = await harness.step()
                    if !problems.isEmpty {
                        failure = report(kind, test, index, seed, step: step, of: count, problems, harness)
                        break
                    }
                }
                if failure == nil {
                    let problems = harness.finish()
                    if !problems.isEmpty { failure = report(kind, test, index, seed, step: count, of: count, problems, harness) }
                }
                // After a failure the store may be corrupt: clearing it could raise a (fatal) GLib critical.
                harness.breakCycles()
                generators = harness.weakObjects
                histogram.merge(harness.histogram) { ($0.runs + $1.runs, $0.errors + $1.errors) }
                outcomes.merge(harness.outcomes) { $0 + $1 }
            }
            let leaked = generators.filter { $0.object != nil }.count
            if failure == nil, leaked > 0 {
                failure = report(kind, test, index, seed, step: 0, of: 0, ["\(leaked) generators outlived their manager"], nil)
            }
            if let failure {
                print(failure)
                failures.append(failure)
            }
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("Randomized \(kind.rawValue) manager: base seed \(settings.seed), \(settings.sequences) sequences, "
              + "\(operations) operations, \(failures.count) failures, \(String(format: "%.2f", seconds)) s")
        print("  operations (runs/expected errors): "
              + histogram.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value.runs)/\($0.value.errors)" }.joined(separator: ", "))
        print("  expected errors and notable paths: "
              + outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        for failure in failures.prefix(3) { XCTFail(failure) }
        if failures.count > 3 { XCTFail("\(failures.count - 3) more failing sequences (see the output above)") }
    }

    private func report(_ kind: RandomizedManagerKind, _ test: String, _ index: Int, _ seed: UInt64, step: Int, of count: Int,
                        _ problems: [String], _ harness: RandomizedHarness?) -> String {
        var text = "Randomized \(kind.rawValue) manager: sequence \(index), seed \(seed), failed at operation \(step) of \(count):\n"
        for problem in problems { text += "  - \(problem)\n" }
        if let harness {
            text += "  operations (#n names the generator with key n; D = foldable, +/- expanded, /w heaviness):\n"
            for (i, op) in harness.log.enumerated() { text += "    \(i + 1). \(op)\n" }
        }
        let settings = RandomizedSettings.current
        var env = "GDD_RANDOM_SEED=\(seed) GDD_RANDOM_SEQUENCES=1"
        if settings.maxOperations != RandomizedSettings.defaultMaxOperations { env += " GDD_RANDOM_OPS=\(settings.maxOperations)" }
        text += "  replay: \(env) env -u DISPLAY swift test --scratch-path .build-rand --skip-build --filter RandomizedModelTests/\(test)"
        return text
    }
}
