import CGtkDataDisplay

/// Generators fetched ahead of a pass that reaches them in random order.
///
/// A re-sort of a million rows reaches each generator in the new order, which is random in memory:
/// a cache miss a generator, in each pass that reads it (the match by link, the new state's list,
/// the commit). Asking for the generator a few rows ahead overlaps the misses. Only hints: nothing
/// read here is used for anything but the hint, and no reference is counted (a count would wait for
/// the miss).
enum GeneratorPrefetch {
    /// How far ahead of the row it reaches a pass asks for a generator.
    static let distance = 8

    /// A hint for `generator`'s instance.
    @inline(__always)
    static func fetch(_ generator: borrowing any RowGenerator) {
        gdd_prefetch(Unmanaged.passUnretained(generator as AnyObject).toOpaque())
    }

    /// A hint for a generator's instance.
    @inline(__always)
    static func fetch(_ instance: AnyObject) {
        gdd_prefetch(Unmanaged.passUnretained(instance).toOpaque())
    }

    /// A hint for `generator`'s instance, if there is one.
    @inline(__always)
    static func fetch(_ generator: borrowing (any RowGenerator)?) {
        switch generator {
        case .some(let made): fetch(made)
        case .none: break
        }
    }
}
