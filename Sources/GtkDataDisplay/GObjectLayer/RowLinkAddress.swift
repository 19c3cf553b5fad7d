// The unsafe half of `RowLink`: where a generator keeps its link, read by address. A class is asked
// once (`RowLinkCarrier.rowLinkAddress()`, computed by the class itself from its stored property);
// then every generator of that class is recognised by its object's first word (its class) and its
// link reached at that offset, without a protocol cast or a retain per row.

extension RowLinks {
    /// The class metadata of the last generator asked about (an object's first word), and where its
    /// link lies (0: its class carries none).
    @exclusivity(unchecked) private static var lastClass: UnsafeRawPointer?
    @exclusivity(unchecked) private static var lastOffset = 0
    /// Where each class's link lies (0: none), by class.
    private static var offsets: [ObjectIdentifier: Int] = [:]

    /// The link `generator` carries, or nil when its class carries none.
    @inline(__always)
    static func link(of generator: any RowGenerator) -> UnsafeMutablePointer<RowLink>? {
        // The existential's words (object, witness table) as they are: nothing retained. (`as any
        // RowGenerator` keeps the existential closed: opened, it would be the bare object reference.)
        let (object, _) = unsafeBitCast(generator as any RowGenerator, to: (UnsafeMutableRawPointer, UnsafeRawPointer).self)
        return link(inObject: object) { generator }
    }

    /// The link of the generator stored at `slot` (an element of an array of generators), read in
    /// place: the generator is not retained, which a whole-state update, linking every row, would
    /// pay twice a row. Where a class keeps its link is asked once per class (rows of one list are
    /// mostly of one class, so the last answer is kept at hand, compared by the object's class).
    @inline(__always)
    static func link(ofGeneratorAt slot: UnsafePointer<any RowGenerator>) -> UnsafeMutablePointer<RowLink>? {
        // A class-bound existential starts with the object reference; an object with its class.
        link(inObject: UnsafeRawPointer(slot).load(as: UnsafeMutableRawPointer.self)) { slot.pointee }
    }

    /// The link inside generator `object`, its class recognised by the object's first word;
    /// `generator` (the same object as a generator) is asked for only the first time a class is met.
    @inline(__always)
    private static func link(inObject object: UnsafeMutableRawPointer,
                             generator: () -> any RowGenerator) -> UnsafeMutablePointer<RowLink>? {
        let objectClass = UnsafeRawPointer(object).load(as: UnsafeRawPointer.self)
        let offset = objectClass == lastClass ? lastOffset : decide(generator(), objectClass)
        return offset == 0 ? nil : (object + offset).assumingMemoryBound(to: RowLink.self)
    }

    private static func decide(_ generator: any RowGenerator, _ objectClass: UnsafeRawPointer) -> Int {
        let offset = FieldOffsets.offset(of: generator, known: &offsets) { ($0 as? any RowLinkCarrier)?.rowLinkAddress() }
        lastClass = objectClass
        lastOffset = offset
        return offset
    }

}
