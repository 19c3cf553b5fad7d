// The unsafe half of `DiffKeyCarrier`: a generator's diff key read where its class keeps it. A class
// is asked once (`DiffKeyCarrier.diffKeyAddress()`); then every generator of that class is recognised
// by its object's first word (its class) and its key copied from that offset, without a call through
// the witness table and without retaining the generator.

/// Reads generators' diff keys in place.
@MainActor
enum StoredDiffKeys {
    /// The class metadata of the last generator asked about (an object's first word), and where its
    /// key lies (0: its class keeps none the library knows of).
    @exclusivity(unchecked) private static var lastClass: UnsafeRawPointer?
    @exclusivity(unchecked) private static var lastOffset = 0
    /// Where each class keeps its key (0: none), by class.
    private static var offsets: [ObjectIdentifier: Int] = [:]

    /// The diff key of the generator stored at `slot` (an element of an array of generators, which
    /// holds it): copied from the object when its class carries the key, else its `diffKey`.
    @inline(__always)
    static func key(ofGeneratorAt slot: UnsafePointer<any RowGenerator>) -> DiffKey {
        // A class-bound existential starts with the object reference; an object with its class.
        let object = UnsafeRawPointer(slot).load(as: UnsafeRawPointer.self)
        let objectClass = object.load(as: UnsafeRawPointer.self)
        let offset = objectClass == lastClass ? lastOffset : decide(slot.pointee, objectClass)
        guard offset != 0 else { return slot.pointee.diffKey }
        return (object + offset).assumingMemoryBound(to: DiffKey.self).pointee
    }

    private static func decide(_ generator: any RowGenerator, _ objectClass: UnsafeRawPointer) -> Int {
        let offset = FieldOffsets.offset(of: generator, known: &offsets) { ($0 as? any DiffKeyCarrier)?.diffKeyAddress() }
        lastClass = objectClass
        lastOffset = offset
        return offset
    }
}
