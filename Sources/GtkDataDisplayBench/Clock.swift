// Monotonic time and the statistics the tables use.

import Glibc

enum Clock {
    /// Nanoseconds on the monotonic clock.
    static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Milliseconds between two `now()` readings.
    static func ms(_ start: UInt64, _ end: UInt64) -> Double { Double(end &- start) / 1e6 }

    /// Seconds since `start`.
    static func seconds(since start: UInt64) -> Double { Double(now() &- start) / 1e9 }
}

/// The median (mean of the middle two for an even count).
func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}
