/// Which recycled widgets a row may take: rows with equal identifiers share a pool.
public struct ReuseIdentifier: Hashable, Sendable, CustomStringConvertible {
    enum Key: Hashable, Sendable {
        case type(ObjectIdentifier)
        case named(String)
        case unique(ObjectIdentifier)
    }
    let key: Key

    /// Rows whose views are of type `viewType` share widgets.
    public static func of(_ viewType: Any.Type) -> ReuseIdentifier { .init(key: .type(ObjectIdentifier(viewType))) }
    /// Rows that name the same kind share widgets.
    public static func named(_ name: String) -> ReuseIdentifier { .init(key: .named(name)) }
    /// A widget kept by one generator for its whole life (never pooled, never given to another row).
    public static func unique(_ owner: AnyObject) -> ReuseIdentifier { .init(key: .unique(ObjectIdentifier(owner))) }

    /// Whether widgets of this kind go back to a shared pool when a list item changes kind.
    public var isPooled: Bool {
        if case .unique = key { return false }
        return true
    }

    /// Which kind of view this names (a view type, a name, or one generator's own view), for logs.
    public var description: String {
        switch key {
        case .type(let id): return "type(\(id))"
        case .named(let name): return name
        case .unique(let id): return "unique(\(id))"
        }
    }
}
