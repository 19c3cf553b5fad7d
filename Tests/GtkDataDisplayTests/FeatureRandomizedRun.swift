import Foundation
import XCTest

/// How the randomized suites of the plugins (pagination, reordering, row menus) run: seeded
/// sequences of a fixed number of operations, as many as make up the suite's operation count, each
/// checked against a model after every operation. A failing sequence is reported with its seed and
/// the line that replays it alone.
///
/// Environment: `GDD_RANDOM_OPERATIONS` (operations per suite, default 10,000: a 1M-operation run is
/// `GDD_RANDOM_OPERATIONS=1000000`), `GDD_RANDOM_SEED` (base seed), `GDD_RANDOM_SEQUENCES` (overrides
/// the count of sequences; 1 with a failure's seed replays it), `GDD_RANDOM_TRACE=1` (prints each
/// operation before it runs).
struct FeatureRandomizedRun {
    static let defaultOperations = 10_000

    /// The suite's name in reports.
    let name: String
    /// `Class/test`, for the replay line.
    let test: String
    /// Operations per sequence.
    let perSequence: Int
    /// The command that runs the suite (before `--filter`).
    let command: String
    var seed: UInt64
    var sequences: Int
    var trace: Bool

    init(name: String, test: String, perSequence: Int, defaultSeed: UInt64, widget: Bool = false) {
        let env = ProcessInfo.processInfo.environment
        self.name = name
        self.test = test
        self.perSequence = perSequence
        command = widget
            ? #"GDD_REQUIRE_DISPLAY=1 GTK_A11Y=none xvfb-run -a -s "-screen 0 1280x1024x24" swift test --scratch-path .build-rand --skip-build"#
            : "env -u DISPLAY swift test --scratch-path .build-rand --skip-build"
        seed = env["GDD_RANDOM_SEED"].flatMap(RandomizedSettings.parseSeed) ?? defaultSeed
        let operations = env["GDD_RANDOM_OPERATIONS"].flatMap { Int($0) } ?? Self.defaultOperations
        sequences = env["GDD_RANDOM_SEQUENCES"].flatMap { Int($0) } ?? max(1, (operations + perSequence - 1) / perSequence)
        trace = env["GDD_RANDOM_TRACE"] == "1"
    }

    /// The seed of sequence `index` (sequence 0 runs the base seed itself).
    func seed(ofSequence index: Int) -> UInt64 {
        seed &+ UInt64(index) &* 0xD1B5_4A32_D192_ED03
    }

    /// The line that replays the sequence of `seed` alone.
    func replay(_ seed: UInt64) -> String {
        "GDD_RANDOM_SEED=\(seed) GDD_RANDOM_SEQUENCES=1 \(command) --filter \(test)"
    }

    /// Runs every sequence: `sequence(seed)` returns how many operations it ran and its problems
    /// (empty: no divergence), with its log. Prints a summary; fails the test with the first
    /// failures. Returns the operations run.
    @MainActor @discardableResult
    func run(_ sequence: (UInt64) async -> (operations: Int, problems: [String], log: [String])) async -> Int {
        let clock = ContinuousClock()
        let start = clock.now
        var operations = 0
        var failures: [String] = []
        for index in 0..<sequences {
            let seed = seed(ofSequence: index)
            if trace { print("[\(name)] sequence \(index) seed \(seed)") }
            let result = await sequence(seed)
            operations += result.operations
            guard !result.problems.isEmpty else { continue }
            var text = "\(name): sequence \(index), seed \(seed), diverged at operation \(result.operations):\n"
            for problem in result.problems { text += "  - \(problem)\n" }
            text += "  operations:\n"
            for (i, op) in result.log.enumerated() { text += "    \(i + 1). \(op)\n" }
            text += "  replay: \(replay(seed))"
            print(text)
            failures.append(text)
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("\(name): base seed \(seed), \(sequences) sequences, \(operations) operations, "
              + "\(failures.count) divergences, \(String(format: "%.2f", seconds)) s")
        for failure in failures.prefix(3) { XCTFail(failure) }
        if failures.count > 3 { XCTFail("\(failures.count - 3) more diverging sequences (see the output above)") }
        return operations
    }
}
