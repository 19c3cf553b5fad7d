// State and lookup: a generator's link to the row that shows it, kept in the generator itself.
//
// Every single operation starts by finding the row of a generator it is handed. At a million rows a
// table lookup is a cache miss of its own (the table is tens of megabytes); the generator, which the
// caller has just handed over, is already in cache. So the library's generator classes carry a
// `RowLink` (`KeyedRowGenerator.rowLink`), and a manager writes there which of its rows shows the
// generator. A link holds only while its manager's stamp is the one it was written with: a manager
// takes a new stamp whenever rows may have left it without being unlinked one by one (a whole-state
// update relinks every row it keeps or makes in the pass it makes anyway), so a stale link is never
// followed. Generators of other classes, and one that another live manager has linked, are found
// through the manager's table (`RowLookup`) instead.

import Synchronization

/// Which row of which manager shows a generator.
struct RowLink {
    /// The manager that wrote the link (`BaseListManager.linkOwner`); 0 when none has.
    var owner: UInt32 = 0
    /// The row's place in the manager's flat rows when a whole-state update wrote the link (`max`:
    /// written by a single operation). Exact only until the manager changes again
    /// (`BaseListManager.linkedVersion`).
    var position = UInt32.max
    /// That manager's `linkStamp` when it wrote the link: the link holds while it is still the same.
    var stamp: UInt64 = 0
    /// The row (a handle): followed only while the link holds, when the row stands in the manager.
    var row: Row?
}

/// Finding and writing a generator's link, and the stamps managers write links with.
@MainActor
enum RowLinks {
    private static var lastStamp: UInt64 = 0
    private static var lastOwner: UInt32 = 0

    /// A stamp no manager has used.
    static func newStamp() -> UInt64 {
        lastStamp += 1
        return lastStamp
    }

    /// An owner id no manager has used.
    static func newOwner() -> UInt32 {
        lastOwner += 1
        return lastOwner
    }

    /// The current stamp of every live manager that links, by owner: whether another manager's link
    /// still holds. Locked because a manager's `deinit` may run off the main actor.
    nonisolated static let currentStamps = Mutex<[UInt32: UInt64]>([:])

    /// The link `generator` carries, or nil when its class carries none (only the library's
    /// generator classes do: `KeyedRowGenerator`).
    static func link(of generator: any RowGenerator) -> RowLink? {
        KeyedRowGenerator.keyed(generator)?.rowLink
    }

    /// Whether `generator`'s class carries a link.
    static func carries(_ generator: any RowGenerator) -> Bool { KeyedRowGenerator.keyed(generator) != nil }

    /// Sets the link of `generator` (whose class carries one).
    static func set(_ link: RowLink, of generator: any RowGenerator) {
        KeyedRowGenerator.keyed(generator)?.rowLink = link
    }

    /// Writes into `generator`'s link that `row` of manager `owner` shows it, with `stamp`, unless its
    /// class carries none or another manager's link there still holds; false when not written (the
    /// manager keeps the row in its table instead).
    @inline(__always)
    static func write(to generator: borrowing any RowGenerator, row: Row, owner: UInt32, stamp: UInt64,
                      position: UInt32 = .max) -> Bool {
        guard KeyedRowGenerator.isKeyed(generator) else { return false }
        let keyed = unsafeDowncast(generator as AnyObject, to: KeyedRowGenerator.self)
        guard mayClaim(keyed.rowLink, owner: owner) else { return false }
        keyed.rowLink = RowLink(owner: owner, position: position, stamp: stamp, row: row)
        return true
    }

    /// Whether manager `owner` may write `link`: it is free, its own, or another manager's that no
    /// longer holds (that manager took a new stamp since, or is gone).
    @inline(__always)
    private static func mayClaim(_ link: RowLink, owner: UInt32) -> Bool {
        link.owner == 0 || link.owner == owner || !holdsElsewhere(link)
    }

    private static func holdsElsewhere(_ link: RowLink) -> Bool {
        currentStamps.withLock { $0[link.owner] == link.stamp }
    }
}
