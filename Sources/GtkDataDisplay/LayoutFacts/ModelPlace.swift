// LAYOUT FACT — the one place where the library relies on how Swift lays out objects.
//
// The fact: a stored property of a class lies at the same offset from the start of every instance of
// that class (Swift's class metadata keeps one offset per stored property). `LayoutFactTests` check it
// for generator classes of several model layouts and for subclasses, and fail at once if it stops
// holding (a new compiler, a stored property added before the model): no wrong result comes later.
//
// What it buys: a whole-state update asks, for every row it matches, whether the new generator's model
// looks like the old one (`ConfigurableRowView.isContentEqual`). Read as properties, both models are
// copied through their value witnesses for the comparison (the generic code of `BaseRowGenerator` is
// not specialised for the app's view); found where they lie, they are handed to
// `ConfigurableRowView.isContentEqual(modelAt:_:)`, compiled with each view, which compares them there.
// The comparison is the same (`isContentEqual`, so `==`): only the copies go. Measured in
// Resources/benchmark/layout-tricks.md.

/// Where a generator class keeps its model, for comparing two models where they lie.
enum ModelPlace {
    // Only the main actor touches these (generators are main-actor objects); not isolated, so a read
    // costs no executor check. The class met last answers most lookups (rows of a list are mostly of
    // one class).
    nonisolated(unsafe) private static var lastClass: ObjectIdentifier?
    nonisolated(unsafe) private static var lastOffset = 0
    nonisolated(unsafe) private static var offsets: [ObjectIdentifier: Int] = [:]

    /// The model's offset in instances of `generatorClass`, if it was found already.
    @inline(__always)
    static func offset(in generatorClass: ObjectIdentifier) -> Int? {
        if generatorClass == lastClass { return lastOffset }
        guard let offset = offsets[generatorClass] else { return nil }
        lastClass = generatorClass
        lastOffset = offset
        return offset
    }

    /// Remembers the model's offset in instances of `generatorClass`, measured on `object` whose model
    /// lies at `field`; returns it.
    static func remember(field: UnsafeMutableRawPointer, in object: AnyObject, of generatorClass: ObjectIdentifier) -> Int {
        let offset = field - Unmanaged.passUnretained(object).toOpaque()
        offsets[generatorClass] = offset
        lastClass = generatorClass
        lastOffset = offset
        return offset
    }

    /// Where `object` keeps its model, `offset` bytes from its start.
    @inline(__always)
    static func address(in object: AnyObject, at offset: Int) -> UnsafeRawPointer {
        UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque() + offset)
    }
}
