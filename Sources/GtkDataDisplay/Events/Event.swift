/// A list of listeners called with an input (RDDM's BaseEvent): `event += { input in … }`.
///
/// Listeners run in the order they were added. A listener added with a key replaces the one
/// already registered under that key, in its place.
@MainActor
public final class Event<Input> {
    private typealias Listener = (key: AnyHashable?, body: (Input) -> Void)

    /// The listeners. For the select and deselect events of the library's generators the case
    /// also says whether this event is counted in `SelectionDispatch.listenedEvents` (see
    /// `SelectableItem`); the case lives in the array reference's spare bits, so an event stays
    /// one pointer. Read by `deinit`, hence unsafe.
    private nonisolated(unsafe) var storage: Storage = .plain([])

    private enum Storage {
        /// Not counted: any event but a library generator's select or deselect event.
        case plain([Listener])
        /// A counted kind of event, without listeners.
        case idle([Listener])
        /// A counted kind of event with listeners: counted once in `SelectionDispatch.listenedEvents`.
        case counted([Listener])

        var listeners: [Listener] {
            switch self {
            case .plain(let listeners), .idle(let listeners), .counted(let listeners): return listeners
            }
        }
    }

    /// Creates an event with no listeners.
    public init() {}

    /// A select or deselect event of one of the library's generators: while it has listeners it
    /// counts in `SelectionDispatch.listenedEvents`, so selection changes know someone may listen.
    init(countedForSelection: Void) {
        storage = .idle([])
    }

    deinit {
        if case .counted = storage { SelectionDispatch.listenedEvents.subtract(1, ordering: .relaxed) }
    }

    /// Adds a listener; with a key, replaces the listener of that key in place.
    public func addListener(key: AnyHashable? = nil, _ body: @escaping (Input) -> Void) {
        mutateListeners { listeners in
            if let key, let index = listeners.firstIndex(where: { $0.key == key }) {
                listeners[index].body = body
            } else {
                listeners.append((key, body))
            }
        }
    }

    /// Removes the listener registered under `key`.
    public func removeListener(key: AnyHashable) {
        mutateListeners { $0.removeAll { $0.key == key } }
    }

    /// Calls every listener with `input`, in registration order.
    public func invoke(with input: Input) {
        for listener in storage.listeners { listener.body(input) }
    }

    /// Removes every listener.
    public func clear() {
        mutateListeners { $0.removeAll() }
    }

    /// Whether no listener is registered.
    public var isEmpty: Bool { storage.listeners.isEmpty }

    /// How many listeners are registered.
    public var count: Int { storage.listeners.count }

    /// Adds a listener.
    public static func += (event: Event, listener: @escaping (Input) -> Void) {
        event.addListener(listener)
    }

    /// Changes the listeners in place, keeping a counted event's count in step.
    private func mutateListeners(_ change: (inout [Listener]) -> Void) {
        let wasCounted: Bool?      // nil: not a counted kind of event
        switch storage {
        case .plain: wasCounted = nil
        case .idle: wasCounted = false
        case .counted: wasCounted = true
        }
        var listeners = storage.listeners
        storage = .plain([])        // `listeners` is now the array's only reference: no copy
        change(&listeners)
        guard let wasCounted else {
            storage = .plain(listeners)
            return
        }
        let counted = !listeners.isEmpty
        if counted && !wasCounted { SelectionDispatch.listenedEvents.add(1, ordering: .relaxed) }
        if !counted && wasCounted { SelectionDispatch.listenedEvents.subtract(1, ordering: .relaxed) }
        storage = counted ? .counted(listeners) : .idle(listeners)
    }
}

extension Event where Input == Void {
    /// Calls every listener.
    public func invoke() { invoke(with: ()) }
}
