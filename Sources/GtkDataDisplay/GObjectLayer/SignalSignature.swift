// The check that keeps `Signal.connect` safe for any signal.
//
// A trampoline reads its C arguments as its shape says. Before a closure is connected, the
// signal is looked up on the instance's type and its signature (`g_signal_query`: parameter and
// return types) compared with the shape's, by how each value crosses the C call: any pointer
// (object, interface, boxed, GVariant, GParamSpec, string, gpointer) is one class, `guint`,
// flags and `gboolean` are others. A mismatch stops the program at the connect call, with both
// signatures in the message (`fatalError`, not `precondition`: an -O build drops a precondition's
// message, and this one is the whole point).

import CGtkDataDisplay

/// How one argument or return value of a signal crosses the C call.
enum SignalValue: Equatable, Sendable {
    case none, pointer, uint, int, double, flags, boolean
    /// An enumeration (a `gint` in the call).
    case enumeration
    case other

    init(_ type: GType) {
        switch g_type_fundamental(gdd_signal_param_type(type)) {
        case gdd_type_none(): self = .none
        case gdd_type_object(), gdd_type_interface(), gdd_type_pointer(), gdd_type_boxed(),
             gdd_type_variant(), gdd_type_param(), gdd_type_string(): self = .pointer
        case gdd_type_uint(): self = .uint
        case gdd_type_int(): self = .int
        case gdd_type_double(): self = .double
        case gdd_type_flags(): self = .flags
        case gdd_type_boolean(): self = .boolean
        case gdd_type_enum(): self = .enumeration
        default: self = .other
        }
    }

    var cName: String {
        switch self {
        case .none: "void"
        case .pointer: "pointer"
        case .uint: "guint"
        case .int: "gint"
        case .double: "gdouble"
        case .flags: "flags"
        case .boolean: "gboolean"
        case .enumeration: "enum"
        case .other: "other"
        }
    }
}

/// A closure shape of `Signal.connect`: its Swift spelling and the C signature its trampoline reads.
struct SignalShape: Sendable {
    let swift: String
    let parameters: [SignalValue]
    let result: SignalValue

    var cSignature: String { "(" + parameters.map(\.cName).joined(separator: ", ") + ") -> " + result.cName }

    static let void = SignalShape(swift: "() -> Void", parameters: [], result: .none)
    static let pointer = SignalShape(swift: "pointer: (UnsafeMutableRawPointer?) -> Void", parameters: [.pointer], result: .none)
    static let position = SignalShape(swift: "position: (UInt32) -> Void", parameters: [.uint], result: .none)
    static let enumeration = SignalShape(swift: "enumeration: (Int32) -> Void", parameters: [.enumeration], result: .none)
    static let range = SignalShape(swift: "range: (UInt32, UInt32) -> Void", parameters: [.uint, .uint], result: .none)
    static let itemsChanged = SignalShape(swift: "itemsChanged: (UInt32, UInt32, UInt32) -> Void",
                                          parameters: [.uint, .uint, .uint], result: .none)
    static let key = SignalShape(swift: "key: (UInt32, UInt32) -> Bool", parameters: [.uint, .uint, .flags], result: .boolean)

    static let click = SignalShape(swift: "click: (Int32, Double, Double) -> Void", parameters: [.int, .double, .double], result: .none)

    static let point = SignalShape(swift: "point: (Double, Double) -> UnsafeMutableRawPointer?", parameters: [.double, .double], result: .pointer)
    static let motion = SignalShape(swift: "motion: (Double, Double) -> UInt32", parameters: [.double, .double], result: .flags)
    static let drop = SignalShape(swift: "drop: (UnsafeMutableRawPointer?, Double, Double) -> Bool",
                                  parameters: [.pointer, .double, .double], result: .boolean)
    static let dragEnd = SignalShape(swift: "dragEnd: (UnsafeMutableRawPointer?, Bool) -> Void", parameters: [.pointer, .boolean], result: .none)

    static let location = SignalShape(swift: "location: (Double, Double) -> Void", parameters: [.double, .double], result: .none)

    static let all: [SignalShape] = [.void, .pointer, .position, .enumeration, .range, .itemsChanged, .key, .click, .point, .motion, .drop, .dragEnd, .location]
}

/// A signal's C signature, as GObject registered it for the instance's type.
struct SignalSignature {
    let instanceType: GType
    let name: String
    let parameterTypes: [GType]
    let returnType: GType

    /// Looks up `name` (which may carry a `::detail`) on the instance's type; an unknown name stops
    /// the program.
    init(of instance: UnsafeMutableRawPointer, _ name: String) {
        let type = gdd_type_from_instance(instance)
        instanceType = type
        self.name = name
        var id: guint = 0
        var detail: GQuark = 0
        guard name.withGString({ g_signal_parse_name($0, type, &id, &detail, 1) }) != 0 else {
            fatalError("Signal.connect: \(Self.typeName(type)) has no signal \"\(name)\"")
        }
        var query = GSignalQuery()
        g_signal_query(id, &query)
        parameterTypes = (0..<Int(query.n_params)).map { query.param_types[$0] }
        returnType = query.return_type
    }

    func fits(_ shape: SignalShape) -> Bool {
        parameterTypes.map(SignalValue.init) == shape.parameters && SignalValue(returnType) == shape.result
    }

    /// Stops with a message naming the signal, its signature and the shape given, unless they fit.
    func check(_ shape: SignalShape) {
        guard !fits(shape) else { return }
        let advice = SignalShape.all.first(where: fits).map { "connect it with a \($0.swift) closure" }
            ?? "no Signal.connect shape fits it"
        fatalError("""
            Signal.connect: \(Self.typeName(instanceType))'s signal "\(name)" is \(description), but the handler \
            given is \(shape.swift), which reads \(shape.cSignature); \(advice)
            """)
    }

    /// The signature in GLib's type names, e.g. `(GVariant) -> void`.
    var description: String {
        let parameters = parameterTypes.map { Self.typeName(gdd_signal_param_type($0)) }
        return "(" + parameters.joined(separator: ", ") + ") -> " + Self.typeName(gdd_signal_param_type(returnType))
    }

    private static func typeName(_ type: GType) -> String {
        g_type_name(type).map { String(cString: $0) } ?? "an unknown type"
    }
}
