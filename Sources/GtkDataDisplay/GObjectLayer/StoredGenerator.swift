// A generator kept in one word. A row object keeps its generator as the instance alone, not as the
// two words of an `any RowGenerator` (the instance and its conformance's witness table): 8 bytes less
// make the object 48 bytes, which GLib serves from 48-byte slices instead of 64-byte ones (16 bytes a
// row less, and a first fill of a million rows writes 16 MB less fresh memory). The witness table
// comes back from the instance's class, through a table filled as generators are stored: every
// instance of a class has the same conformance to `RowGenerator` (a subclass inherits its
// superclass's; it cannot declare its own).

/// Stores generators as retained instances and makes them `any RowGenerator` again. Used on the
/// main thread only (by `Row`, which is main-actor isolated); not isolated itself, so that a call
/// costs no executor check.
enum StoredGenerator {
    /// One allocation for the two things every call reads: first the scratch space, where a
    /// generator's two words are put to be moved or copied as a generator (raw memory between calls:
    /// what is put there is always moved out, or left as the row's reference); then the witness
    /// tables last seen, by the class of the instance (its metadata: a Swift object's first word),
    /// 16 slots indexed by address bits, in front of `all`. Made on first use; a plain optional, not a
    /// lazily initialised `static let`, whose every read called `swift_once` (twice a row in a
    /// whole-state update).
    @exclusivity(unchecked) nonisolated(unsafe) private static var allocated: UnsafeMutableRawPointer?

    @inline(__always)
    private static var storage: UnsafeMutableRawPointer { allocated ?? allocateStorage() }

    @inline(never)
    private static func allocateStorage() -> UnsafeMutableRawPointer {
        let storage = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<Words>.stride * (1 + 16),
                                                       alignment: MemoryLayout<Words>.alignment)
        (storage + MemoryLayout<Words>.stride).initializeMemory(as: Witness.self, repeating: Witness(), count: 16)
        allocated = storage
        return storage
    }
    nonisolated(unsafe) private static var all: [UnsafeRawPointer: UnsafeRawPointer] = [:]

    private static func scratch(_ storage: UnsafeMutableRawPointer) -> UnsafeMutablePointer<any RowGenerator> {
        storage.assumingMemoryBound(to: (any RowGenerator).self)
    }

    private static func recent(_ storage: UnsafeMutableRawPointer) -> UnsafeMutablePointer<Witness> {
        (storage + MemoryLayout<Words>.stride).assumingMemoryBound(to: Witness.self)
    }

    private struct Witness {
        var type: UnsafeRawPointer?
        var table: UnsafeRawPointer?
    }

    /// The two words of a class-bound existential with one witness table (`unsafeBitCast` traps on
    /// any other size).
    private typealias Words = (instance: UnsafeMutableRawPointer, table: UnsafeRawPointer)

    /// `generator`'s instance, holding the reference `generator` had (the caller owns it now:
    /// `release` it). Moved, not copied: a generator passed as its last use is not retained again.
    static func store(_ generator: consuming any RowGenerator) -> UnsafeMutableRawPointer {
        let storage = Self.storage
        scratch(storage).initialize(to: generator)
        let words = storage.load(as: Words.self)
        let type = UnsafeRawPointer(words.instance).load(as: UnsafeRawPointer.self)
        let slot = Self.slot(type), recent = Self.recent(storage)
        if recent[slot].type != type {
            recent[slot] = Witness(type: type, table: words.table)
            all[type] = words.table
        }
        return words.instance
    }

    /// The generator whose instance `store` gave (a new reference: the stored one stays).
    static func copy(_ instance: UnsafeMutableRawPointer) -> any RowGenerator {
        let storage = Self.storage
        storage.storeBytes(of: words(instance, storage), as: Words.self)
        return scratch(storage).pointee
    }

    /// The generator whose instance `store` gave, taking over the stored reference.
    static func take(_ instance: UnsafeMutableRawPointer) -> any RowGenerator {
        let storage = Self.storage
        storage.storeBytes(of: words(instance, storage), as: Words.self)
        return scratch(storage).move()
    }

    /// Releases the reference `store` gave.
    static func release(_ instance: UnsafeMutableRawPointer) {
        Unmanaged<AnyObject>.fromOpaque(instance).release()
    }

    /// Whether `instance` is `generator`'s.
    static func isInstance(_ instance: UnsafeMutableRawPointer?, of generator: any RowGenerator) -> Bool {
        instance == unsafeBitCast(generator as any RowGenerator, to: Words.self).instance
    }

    @inline(__always)
    private static func slot(_ type: UnsafeRawPointer) -> Int {
        Int(truncatingIfNeeded: UInt(bitPattern: type) >> 4) & 15
    }

    /// The words of the generator whose instance is `instance` (its class's witness table).
    @inline(__always)
    private static func words(_ instance: UnsafeMutableRawPointer, _ storage: UnsafeMutableRawPointer) -> Words {
        let type = UnsafeRawPointer(instance).load(as: UnsafeRawPointer.self)
        let slot = Self.slot(type), recent = Self.recent(storage)
        if recent[slot].type == type, let table = recent[slot].table { return (instance, table) }
        guard let table = all[type] else { preconditionFailure("a generator stored without `StoredGenerator.store`") }
        recent[slot] = Witness(type: type, table: table)
        return (instance, table)
    }
}
