// A generator kept in one word: a row's record keeps its generator's instance (retained through
// `Unmanaged`), not the two words of an `any RowGenerator`, so the record is 24 bytes. The generator comes back as `any RowGenerator` through its class's conformance, found
// once per class: every instance of a class has the same conformance to `RowGenerator` (a subclass
// inherits its superclass's; it cannot declare its own).

/// Stores generators as retained instances and makes them `any RowGenerator` again. Used on the
/// main thread only (by `Row`, which is main-actor isolated); not isolated itself, so that a call
/// costs no executor check.
enum StoredGenerator {
    /// The class met last and its conformance (rows of one list are mostly of one class).
    nonisolated(unsafe) private static var lastClass: ObjectIdentifier?
    nonisolated(unsafe) private static var lastType: (any RowGenerator.Type)?
    /// Every class stored so far, with its conformance.
    nonisolated(unsafe) private static var conformances: [ObjectIdentifier: any RowGenerator.Type] = [:]

    /// `generator`'s instance, holding the reference `generator` had (the caller owns it now:
    /// `release` it).
    static func store(_ generator: consuming any RowGenerator) -> UnsafeMutableRawPointer {
        register(Swift.type(of: generator))
        return Unmanaged.passRetained(generator as AnyObject).toOpaque()
    }

    /// `generator`'s instance, its class's conformance kept for `generator(_:)`: for a list of
    /// generators kept as one word each (`GeneratorSlots`).
    static func instance(registering generator: any RowGenerator) -> AnyObject {
        register(Swift.type(of: generator))
        return generator as AnyObject
    }

    /// Keeps the conformance of `type`'s class (the last one met is checked first).
    @inline(__always)
    private static func register(_ type: any RowGenerator.Type) {
        let objectClass = ObjectIdentifier(type)
        if objectClass != lastClass {
            conformances[objectClass] = type
            lastClass = objectClass
            lastType = type
        }
    }

    /// The generator `instance(registering:)` gave `instance` for (read from its class).
    static func generator(_ instance: AnyObject) -> any RowGenerator {
        revive(instance)
    }

    /// The generator `instance(registering:)` gave `instance` for, known to be of class `type`
    /// (the instance is not read).
    static func generator(_ instance: AnyObject, of type: any RowGenerator.Type) -> any RowGenerator {
        func downcast<G: RowGenerator>(to _: G.Type) -> any RowGenerator { unsafeDowncast(instance, to: G.self) }
        return downcast(to: type)
    }

    /// `generator`'s instance as `store` gives it, with no reference of its own: for a row object
    /// that takes over a reference another one held (`Row.takeMoved`). Its class was stored before.
    static func instance(of generator: borrowing any RowGenerator) -> UnsafeMutableRawPointer {
        assert(conformances[ObjectIdentifier(Swift.type(of: generator))] != nil)
        return Unmanaged.passUnretained(generator as AnyObject).toOpaque()
    }

    /// The generator whose instance `store` gave (a new reference: the stored one stays).
    static func copy(_ instance: UnsafeMutableRawPointer) -> any RowGenerator {
        revive(Unmanaged<AnyObject>.fromOpaque(instance).takeUnretainedValue())
    }

    /// The generator whose instance `store` gave, taking over the stored reference.
    static func take(_ instance: UnsafeMutableRawPointer) -> any RowGenerator {
        revive(Unmanaged<AnyObject>.fromOpaque(instance).takeRetainedValue())
    }

    /// Releases the reference `store` gave.
    static func release(_ instance: UnsafeMutableRawPointer) {
        Unmanaged<AnyObject>.fromOpaque(instance).release()
    }

    /// The class of the generator whose instance `store` gave, read without a reference counted.
    static func storedClass(_ instance: UnsafeMutableRawPointer) -> ObjectIdentifier {
        Unmanaged<AnyObject>.fromOpaque(instance)._withUnsafeGuaranteedRef { ObjectIdentifier(Swift.type(of: $0)) }
    }

    /// Whether `instance` is `generator`'s.
    static func isInstance(_ instance: UnsafeMutableRawPointer?, of generator: any RowGenerator) -> Bool {
        instance == Unmanaged.passUnretained(generator as AnyObject).toOpaque()
    }

    /// `object` (a stored generator) as `any RowGenerator`, with its class's conformance.
    @inline(__always)
    private static func revive(_ object: AnyObject) -> any RowGenerator {
        let objectClass = ObjectIdentifier(Swift.type(of: object))
        if objectClass == lastClass, let type = lastType { return generator(object, of: type) }
        return generator(object, of: conformance(of: objectClass))
    }

    @inline(never)
    private static func conformance(of objectClass: ObjectIdentifier) -> any RowGenerator.Type {
        guard let type = conformances[objectClass] else { preconditionFailure("a generator stored without `StoredGenerator.store`") }
        lastClass = objectClass
        lastType = type
        return type
    }

    /// `object`, an instance of `G` (checked in debug builds), as a generator.
    private static func generator<G: RowGenerator>(_ object: AnyObject, of _: G.Type) -> any RowGenerator {
        unsafeDowncast(object, to: G.self)
    }
}
