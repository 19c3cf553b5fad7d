// A generator class that keeps its diff key in a stored property and returns it from a final
// `diffKey`: a whole-state update reads the key in place (`StoredDiffKeys`) instead of calling the
// getter, which retained and released every generator around the call (two atomic operations a row,
// about a tenth of a no-change update).

/// The library's generator classes: `diffKey` is final and returns the key stored in the instance.
@MainActor
protocol DiffKeyCarrier: AnyObject {
    /// The address of the instance's stored key, as the class itself sees it: where the key lies in
    /// every instance of its dynamic class (`StoredDiffKeys` asks once per class).
    func diffKeyAddress() -> UnsafeMutableRawPointer
}
