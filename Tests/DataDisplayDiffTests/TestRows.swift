// Test fixtures: rows with an identity and a content version, and a small seeded random generator.

import DataDisplayDiff

/// A row of a test list: `id` is its identity, `version` its content.
struct Row: Differentiable, Equatable, CustomStringConvertible {
    var id: Int
    var version: Int

    var diffID: Int { id }
    func isContentEqual(to source: Row) -> Bool { version == source.version }
    var description: String { version == 0 ? "\(id)" : "\(id)v\(version)" }
}

/// Rows with ids `ids` and version 0.
func rows(_ ids: [Int]) -> [Row] { ids.map { Row(id: $0, version: 0) } }

/// Rows with ids `ids` and version 0.
func rows(_ ids: Range<Int>) -> [Row] { rows(Array(ids)) }

/// SplitMix64: a tiny deterministic generator, so every seed gives the same lists on every run.
struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<bound (bound > 0).
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// True with probability percent / 100.
    mutating func chance(percent: Int) -> Bool { below(100) < percent }
}
