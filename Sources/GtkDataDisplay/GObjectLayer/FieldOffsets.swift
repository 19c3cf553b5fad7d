// Where a class keeps a field the library reads by address in its own generator classes (a row link,
// a diff key): asked of each class once, then found from an object's class alone.

/// The offsets of one kind of field, by generator class.
enum FieldOffsets {
    /// How far into its object `generator` keeps the field, from `known` or, for a class not met yet,
    /// from `address` (the field's address in `generator`, nil when its class keeps none), recorded in
    /// `known`; 0 when the class keeps none.
    static func offset(of generator: any RowGenerator, known: inout [ObjectIdentifier: Int],
                       address: (any RowGenerator) -> UnsafeMutableRawPointer?) -> Int {
        let type = ObjectIdentifier(Swift.type(of: generator))
        if let offset = known[type] { return offset }
        var offset = 0
        if let field = address(generator) {
            // A class-bound existential as `AnyObject` is its instance.
            let object = UnsafeMutableRawPointer(Unmanaged.passUnretained(generator as AnyObject).toOpaque())
            offset = field - object
            precondition(offset >= 2 * MemoryLayout<Int>.size, "a field inside the object, past its header")
        }
        known[type] = offset
        return offset
    }
}
