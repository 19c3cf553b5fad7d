// Content comparison for views whose conformance does not know their model to be `Equatable` (a
// view generic over its model, such as a template's): `==` when the model's type turns out to be
// `Equatable`.

/// Compares two values with their type's `==` when it is `Equatable` (false otherwise: the row is
/// rebound). `==` alone decides: `0.0` and `-0.0` are equal, a NaN is equal to nothing.
///
/// Whether a type is `Equatable` is looked up once per type (a whole-state update compares every
/// matched row, and a protocol cast per row would cost more than the comparison).
@MainActor
enum ModelEquality {
    /// The type asked about last and its conformance (nil: not `Equatable`).
    private static var lastType: ObjectIdentifier?
    private static var lastConformance: (any Equatable.Type)?
    /// Every type asked about, with its conformance.
    private static var conformances: [ObjectIdentifier: (any Equatable.Type)?] = [:]

    static func equal<T>(_ a: T, _ b: T) -> Bool {
        guard let conformance = conformance(of: T.self) else { return false }
        return withUnsafePointer(to: a) { a in
            withUnsafePointer(to: b) { b in conformance.pointeesEqual(UnsafeRawPointer(a), UnsafeRawPointer(b)) }
        }
    }

    private static func conformance<T>(of type: T.Type) -> (any Equatable.Type)? {
        let id = ObjectIdentifier(type)
        if id == lastType { return lastConformance }
        let conformance: (any Equatable.Type)?
        if let known = conformances[id] {
            conformance = known
        } else {
            conformance = type as? any Equatable.Type
            conformances[id] = conformance
        }
        lastType = id
        lastConformance = conformance
        return conformance
    }
}

extension Equatable {
    /// `==` of the values of this type at `a` and `b` (the caller checked the type).
    fileprivate static func pointeesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        a.assumingMemoryBound(to: Self.self).pointee == b.assumingMemoryBound(to: Self.self).pointee
    }
}
