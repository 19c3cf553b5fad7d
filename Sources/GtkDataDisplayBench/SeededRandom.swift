// A small seeded random generator, so every contender (and every child process) sees exactly
// the same inputs for a given seed, mix and size.

/// SplitMix64: fast, seedable, good enough to place edits at random.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A seed for one (mix, size) pair, derived from the run's base seed.
    init(base: UInt64, mix: Int, size: Int) {
        var mixer = SeededRandom(seed: base ^ (UInt64(mix) &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(size) &* 0xC2B2_AE3D_27D4_EB4F))
        state = mixer.next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<bound (bound > 0), by multiply-high (bias negligible for our bounds).
    mutating func below(_ bound: Int) -> Int {
        Int(truncatingIfNeeded: next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// Fisher–Yates.
    mutating func shuffle<T>(_ values: inout [T]) {
        guard values.count > 1 else { return }
        for i in stride(from: values.count - 1, to: 0, by: -1) {
            values.swapAt(i, below(i + 1))
        }
    }

    /// `k` distinct indices of `0..<n`, in random order.
    mutating func distinctIndices(_ k: Int, in n: Int) -> [Int] {
        let k = min(k, n)
        if k * 2 <= n {
            var taken = [Bool](repeating: false, count: n)
            var picked: [Int] = []
            picked.reserveCapacity(k)
            while picked.count < k {
                let i = below(n)
                if !taken[i] { taken[i] = true; picked.append(i) }
            }
            return picked
        }
        var all = Array(0..<n)
        for i in 0..<k { all.swapAt(i, i + below(n - i)) }
        return Array(all[0..<k])
    }
}
