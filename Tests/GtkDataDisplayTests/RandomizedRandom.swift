import Foundation

/// SplitMix64: a tiny, fast, seedable generator, so a failing sequence replays exactly from its seed.
struct RandomizedRNG {
    private(set) var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound` (bound > 0).
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next() % UInt64(bound))
    }

    /// A value in `range`.
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < p
    }

    mutating func pick<T>(_ values: [T]) -> T? {
        values.isEmpty ? nil : values[below(values.count)]
    }

    /// `count` distinct elements (fewer when there are not enough), in random order.
    mutating func sample<T>(_ values: [T], _ count: Int) -> [T] {
        var pool = values
        var out: [T] = []
        while out.count < count, !pool.isEmpty { out.append(pool.remove(at: below(pool.count))) }
        return out
    }

    /// An index chosen with the given weights (at least one positive).
    mutating func weighted(_ weights: [Double]) -> Int {
        let total = weights.reduce(0, +)
        var x = Double(next() >> 11) / Double(1 << 53) * total
        for (i, w) in weights.enumerated() {
            if x < w { return i }
            x -= w
        }
        return weights.lastIndex { $0 > 0 }!
    }
}

/// Run settings from the environment: `GDD_RANDOM_SEED` (decimal or 0x-hex), `GDD_RANDOM_SEQUENCES`,
/// `GDD_RANDOM_OPS` (upper bound of operations per sequence), `GDD_RANDOM_TRACE=1` (print each
/// operation before it runs: for a sequence that crashes the process).
struct RandomizedSettings {
    static let defaultSeed: UInt64 = 20_261_121
    static let defaultSequences = 200
    static let defaultMaxOperations = 60

    var seed: UInt64
    var sequences: Int
    var maxOperations: Int
    var trace: Bool

    static var current: RandomizedSettings {
        let env = ProcessInfo.processInfo.environment
        return RandomizedSettings(seed: env["GDD_RANDOM_SEED"].flatMap(parseSeed) ?? defaultSeed,
                                  sequences: env["GDD_RANDOM_SEQUENCES"].flatMap { Int($0) } ?? defaultSequences,
                                  maxOperations: max(2, env["GDD_RANDOM_OPS"].flatMap { Int($0) } ?? defaultMaxOperations),
                                  trace: env["GDD_RANDOM_TRACE"] == "1")
    }

    static func parseSeed(_ text: String) -> UInt64? {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if t.hasPrefix("0x") { return UInt64(t.dropFirst(2), radix: 16) }
        return UInt64(t)
    }

    /// The seed of sequence `index`: sequence 0 uses the base seed itself, so any sequence
    /// replays alone with `GDD_RANDOM_SEED=<its seed> GDD_RANDOM_SEQUENCES=1`.
    func seed(ofSequence index: Int) -> UInt64 {
        seed &+ UInt64(index) &* 0xD1B5_4A32_D192_ED03
    }
}
