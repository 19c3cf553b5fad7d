/// A list of listeners called with an input (RDDM's BaseEvent): `event += { input in … }`.
///
/// Listeners run in the order they were added. A listener added with a key replaces the one
/// already registered under that key, in its place.
@MainActor
public final class Event<Input> {
    private var listeners: [(key: AnyHashable?, body: (Input) -> Void)] = []

    /// Creates an event with no listeners.
    public init() {}

    /// Adds a listener; with a key, replaces the listener of that key in place.
    public func addListener(key: AnyHashable? = nil, _ body: @escaping (Input) -> Void) {
        if let key, let index = listeners.firstIndex(where: { $0.key == key }) {
            listeners[index].body = body
        } else {
            listeners.append((key, body))
        }
    }

    /// Removes the listener registered under `key`.
    public func removeListener(key: AnyHashable) {
        listeners.removeAll { $0.key == key }
    }

    /// Calls every listener with `input`, in registration order.
    public func invoke(with input: Input) {
        for listener in listeners { listener.body(input) }
    }

    /// Removes every listener.
    public func clear() { listeners.removeAll() }

    /// Whether no listener is registered.
    public var isEmpty: Bool { listeners.isEmpty }

    /// How many listeners are registered.
    public var count: Int { listeners.count }

    /// Adds a listener.
    public static func += (event: Event, listener: @escaping (Input) -> Void) {
        event.addListener(listener)
    }
}

extension Event where Input == Void {
    /// Calls every listener.
    public func invoke() { invoke(with: ()) }
}
