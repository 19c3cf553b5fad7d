// Where a `BaseRowGenerator` keeps its events: beside the generators, not in them.

import Synchronization

/// The events of the generators that have been asked for them (`BaseRowGenerator`), by generator.
///
/// Most rows of a long list are never shown, selected or listened to. A field of their own would
/// make a generator showing a string a 96-byte malloc block instead of an 80-byte one: 16 MB a
/// million rows. A generator asked for its events sets a flag (`KeyedRowGenerator.generatorFlags`)
/// and forgets them here when it is freed.
enum GeneratorEvents {
    /// The table, locked: a generator may be freed off the main actor.
    private struct Table: @unchecked Sendable {
        var events: [ObjectIdentifier: RowEvents] = [:]
    }
    private static let table = Mutex(Table())

    /// The events of the generator `id`, made on first use.
    @MainActor
    static func events(of id: ObjectIdentifier) -> RowEvents {
        table.withLock { table in
            if let known = table.events[id] { return known }
            let made = RowEvents()
            table.events[id] = made
            return made
        }
    }

    /// Forgets the events of the generator `id` (it is being freed). Its last reference goes
    /// outside the lock.
    static func forget(_ id: ObjectIdentifier) {
        let events = table.withLock { $0.events.removeValue(forKey: id) }
        withExtendedLifetime(events) {}
    }

    /// Generators whose events are kept (for tests).
    static var count: Int { table.withLock { $0.events.count } }
}
