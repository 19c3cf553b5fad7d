// A diff id as whole-state updates compare and hash it. `AnyHashable` compares integers through
// boxes (so that `5 as Int8` equals `5`), which made matching 100k rows cost more than hashing
// them. A `DiffKey` keeps integers that fit `Int`, strings and object identities unboxed, and
// anything else as an `AnyHashable`; it equates exactly the ids `AnyHashable` equates (`5`, `5 as Int8` and `5.0` among them).

/// A generator's diff id in the form managers match rows by.
public struct DiffKey: Hashable, CustomStringConvertible, @unchecked Sendable {
    private enum Storage: Hashable {
        case integer(Int)
        case string(String)
        case object(ObjectIdentifier)
        case other(OtherID)
    }

    private let storage: Storage

    /// The key of `id`. Decided by `ID` at compile time for `Int`, `String` and `ObjectIdentifier`.
    @inlinable
    public init<ID: Hashable>(_ id: ID) {
        self.init(storage: id)
    }

    @usableFromInline
    init<ID: Hashable>(storage id: ID) {
        // The id is read as the type just compared equal to `ID`: no cast through the runtime (a
        // generator's generic init, not specialised for the app's id type, makes a key per row).
        if ID.self == Int.self {
            storage = .integer(Self.read(id, as: Int.self))
        } else if ID.self == String.self {
            storage = .string(Self.read(id, as: String.self))
        } else if ID.self == ObjectIdentifier.self {
            storage = .object(Self.read(id, as: ObjectIdentifier.self))
        } else if ID.self == AnyHashable.self {
            storage = DiffKey.classify(id as AnyHashable)
        } else {
            storage = DiffKey.classify(AnyHashable(id))
        }
    }

    /// `id` as `T`, which the caller checked to be `ID` itself.
    @usableFromInline
    static func read<ID, T>(_ id: ID, as type: T.Type) -> T {
        withUnsafePointer(to: id) { $0.withMemoryRebound(to: T.self, capacity: 1) { $0.pointee } }
    }

    /// The form of a boxed id: what it unwraps to when `AnyHashable` would equate it with one.
    private static func classify(_ id: AnyHashable) -> Storage {
        let base = id.base
        if let value = base as? Int { return .integer(value) }
        if let value = base as? String { return .string(value) }
        if let value = base as? ObjectIdentifier { return .object(value) }
        // AnyHashable equates numbers of any integer or floating-point type with equal values.
        if let value = base as? any BinaryInteger, let fitting = Int(exactly: value) { return .integer(fitting) }
        if let value = base as? any BinaryFloatingPoint, let fitting = Int(exactly: value) { return .integer(fitting) }
        return .other(OtherID(id))
    }

    /// The id as one word when it is an integer (`kind` 0) or an object identity (`kind` 1).
    var word: (kind: Int, value: Int)? {
        switch storage {
        case .integer(let value): return (0, value)
        case .object(let value): return (1, Int(bitPattern: value))
        default: return nil
        }
    }

    /// The id when it is a string.
    var string: String? {
        if case .string(let value) = storage { return value }
        return nil
    }

    /// The id as an `AnyHashable`, as `RowGenerator.diffID` gives it.
    public var anyHashable: AnyHashable {
        switch storage {
        case .integer(let value): return AnyHashable(value)
        case .string(let value): return AnyHashable(value)
        case .object(let value): return AnyHashable(value)
        case .other(let value): return value.id
        }
    }

    /// The id as text: the integer, the string, or the object or value it wraps.
    public var description: String {
        switch storage {
        case .integer(let value): return String(value)
        case .string(let value): return value
        case .object(let value): return String(describing: value)
        case .other(let value): return String(describing: value.id.base)
        }
    }
}

/// An id of a kind `DiffKey` does not keep unboxed (rare), in one reference: an enum case holding an
/// `AnyHashable` made every copy of every key go through the runtime's generic value witness.
private final class OtherID: Hashable, @unchecked Sendable {
    let id: AnyHashable

    init(_ id: AnyHashable) {
        self.id = id
    }

    static func == (a: OtherID, b: OtherID) -> Bool { a.id == b.id }

    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
