// What managers read and write on every row of a whole-state update, for the library's generator
// classes: their diff key and the link to the row that shows them. These live in one non-generic
// superclass, so a manager reaches them as stored properties of a class it knows: a field read,
// with no call through a witness table (a call on a generator read from an array retains and
// releases it around the call, two atomic operations a row).

/// The superclass of the library's generators (`BaseRowGenerator`, `SupplementaryRowGenerator`):
/// the diff id given at init, or the instance's identity, and the link managers keep to the row
/// that shows it. Subclass `BaseRowGenerator` or a header or footer generator, not this class.
@MainActor
open class KeyedRowGenerator {
    /// The id given at init; nil for an instance identified by itself (`diffKey` then makes its key).
    private let givenKey: DiffKey?
    // The next two fill the bytes the key (17 bytes) leaves before the link, where a subclass's
    // own fields would each take eight: with a 16-byte link (`RowLink`) and its events kept beside
    // it (`GeneratorEvents`), a generator showing a string is then an 80-byte malloc block, not 112
    // (a million rows: 32 MB). Swift places a class's stored properties in the order
    // they are declared; `GeneratorFieldsTests` checks the size.
    /// A subclass's flags (`BaseRowGenerator.isNeedDeselect` is bit 0).
    @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) final var generatorFlags: UInt8 = 0
    /// Counts changes of a subclass's model (its `contentRevision`), wrapping after four billion;
    /// a row keeps the low 32 bits of the revision it shows anyway.
    @usableFromInline @exclusivity(unchecked) nonisolated(unsafe) final var modelRevision: UInt32 = 0
    /// Which manager's row shows this generator (`RowLink`), written by managers for every row of
    /// a whole-state update. Without run-time exclusivity checks: only the main actor touches it,
    /// and with them (a stored property of an open class is checked at each access,
    /// `swift_beginAccess`) writing the links cost 24M instructions of the 350M of three no-change
    /// updates of 100k rows (callgrind; 210M with this field and the generators' model and
    /// revision unchecked, against 350M with every check in place).
    @exclusivity(unchecked) nonisolated(unsafe) final var rowLink = RowLink()

    @usableFromInline
    init(key: DiffKey?) {
        givenKey = key
    }

    /// The `id` given at init, or this instance's identity. Final: give the id to `init` instead.
    public final var diffID: AnyHashable { diffKey.anyHashable }
    /// `diffID` in the form managers match rows by: the key made from the `id` given at init, or
    /// from this instance's identity.
    public final var diffKey: DiffKey { givenKey ?? DiffKey(ObjectIdentifier(self)) }

    /// The class met last and whether it is one of these (rows of one list are mostly of one class).
    private static var lastClass: ObjectIdentifier?
    private static var lastAnswer = false
    /// Every class asked about.
    private static var answers: [ObjectIdentifier: Bool] = [:]

    /// Whether `generator` is one of these (a cast once per class).
    @inline(__always)
    static func isKeyed(_ generator: borrowing any RowGenerator) -> Bool {
        let objectClass = ObjectIdentifier(Swift.type(of: generator))
        return objectClass == lastClass ? lastAnswer : decide(generator, objectClass)
    }

    /// `generator` as one of these, nil when its class is not.
    @inline(__always)
    static func keyed(_ generator: borrowing any RowGenerator) -> KeyedRowGenerator? {
        isKeyed(generator) ? unsafeDowncast(generator as AnyObject, to: KeyedRowGenerator.self) : nil
    }

    /// The `diffKey` of `generators[index]`, read as a field when the generator is one of these.
    @inline(__always)
    static func diffKey(at generators: UnsafeBufferPointer<any RowGenerator>, _ index: Int) -> DiffKey {
        guard isKeyed(generators[index]) else { return diffKeyThroughWitness(at: generators, index) }
        return unsafeDowncast(generators[index] as AnyObject, to: KeyedRowGenerator.self).diffKey
    }

    /// `generators[index].diffKey`, through the witness table (apart, so that the caller's field read
    /// does not retain the generator as this call does).
    @inline(never)
    private static func diffKeyThroughWitness(at generators: UnsafeBufferPointer<any RowGenerator>, _ index: Int) -> DiffKey {
        generators[index].diffKey
    }

    @inline(never)
    private static func decide(_ generator: any RowGenerator, _ objectClass: ObjectIdentifier) -> Bool {
        let answer: Bool
        if let known = answers[objectClass] {
            answer = known
        } else {
            answer = generator is KeyedRowGenerator
            answers[objectClass] = answer
        }
        lastClass = objectClass
        lastAnswer = answer
        return answer
    }
}
