// How long the main loop stood still during an operation: while it measures, a task wakes every
// 10 ms; the longest time between two wakes, less those 10 ms, is the longest stall (a frozen
// window for that long). It needs no GTK: the main loop runs Swift's main queue.

/// Measures the longest main-loop stall between `start()` and `stop()`.
@MainActor
final class StallMeter {
    private var task: Task<Void, Never>?
    private var last = ContinuousClock.now
    private var longest = Duration.zero
    private static let tick = Duration.milliseconds(10)

    /// Starts measuring (again from zero).
    func start() {
        task?.cancel()
        longest = .zero
        last = .now
        task = Task { @MainActor [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.tick)
                self?.wake()
            }
        }
    }

    /// Stops measuring; returns the longest stall in milliseconds, counting the one that may be
    /// going on now (a synchronous update that just returned).
    @discardableResult
    func stop() -> Double {
        wake()
        task?.cancel()
        task = nil
        return milliseconds(longest)
    }

    private func wake() {
        let now = ContinuousClock.now
        longest = max(longest, now - last - Self.tick)
        last = now
    }
}

/// A duration in milliseconds.
func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
}
