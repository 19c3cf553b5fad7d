// Letting go of a big update's lists without holding the main loop.

/// Lets go of a big array of references a slice of main-thread time at a time, the frames drawn
/// between slices. Each release reaches a different object, most of them not in any cache: a list
/// of 418,000 rows let go at once held the main loop 13 ms on a slow machine.
@MainActor
enum SlicedRelease {
    /// How many elements a slice lets go of between two looks at the clock.
    private static let chunk = 4_096

    /// Takes `array` (leaving it empty) and lets go of its elements from the end, a quarter of
    /// `StateLanding.Sizes.sliceBudget` at a time, in turns of the main loop after this one. A short
    /// array (under `StateLanding.Sizes.minimumRows`) is left to its caller. The array should be the
    /// last hold on its storage: a shared one is copied by the first slice (its elements retained
    /// once more), as letting it go would have cost.
    static func release<Element>(_ array: inout [Element]) {
        guard array.count >= StateLanding.sizes.minimumRows else { return }
        var elements: [Element] = []
        swap(&elements, &array)
        Task { @MainActor in
            while !elements.isEmpty {
                await MainLoopTurn.afterFrames()
                // A quarter of a slice: the main queue may run another task's slice right after it.
                let deadline = StateLanding.now() &+ StateLanding.sizes.sliceBudget / 4
                repeat {
                    elements.removeLast(min(chunk, elements.count))
                } while !elements.isEmpty && StateLanding.now() < deadline
            }
        }
    }
}
