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

/// Which row of which manager shows a generator: 16 bytes, so that a generator showing a string
/// is an 80-byte malloc block (`GeneratorFieldsTests`).
struct RowLink {
    /// The `linkStamp` of the manager that wrote the link, when it wrote it; 0 when none has. No
    /// stamp is handed out twice in a process (`RowLinks.newStamp`), so the stamp also names the
    /// manager: the link holds while that manager's stamp is still the same.
    var stamp: UInt32 = 0
    /// The row's place in the manager's flat rows when a whole-state update wrote the link (`max`:
    /// written by a single operation). Exact only until the manager changes again
    /// (`BaseListManager.linkedVersion`).
    var position = UInt32.max
    /// The row (a handle): followed only while the link holds, when the row stands in the manager.
    var row: Row?
}

/// Finding and writing a generator's link, and the stamps managers write links with.
@MainActor
enum RowLinks {
    /// The last stamp handed out (`newStamp`).
    static var lastStamp: UInt32 = 0

    /// A stamp no manager has used, or 0 once all 2³² − 1 have been (after four billion whole-state
    /// updates in one process): no stamp is ever reused, since a generator the app kept from long
    /// ago may still carry it. A manager given 0 does not link (`BaseListManager.linkStamp`): it
    /// finds rows through its table, which is slower but never stale.
    static func newStamp() -> UInt32 {
        guard lastStamp < .max else { return 0 }
        lastStamp += 1
        return lastStamp
    }

    /// The current stamps of the live managers that link: whether a link another manager wrote
    /// still holds. Locked because a manager's `deinit` may run off the main actor.
    nonisolated static let currentStamps = Mutex<Set<UInt32>>([])

    /// Makes `stamp` the current stamp of a manager whose current stamp was `previous` (0: none).
    nonisolated static func replaceStamp(_ previous: UInt32, with stamp: UInt32) {
        guard previous != stamp else { return }
        currentStamps.withLock { stamps in
            if previous != 0 { stamps.remove(previous) }
            if stamp != 0 { stamps.insert(stamp) }
        }
    }

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

    /// Writes into `generator`'s link that `row` of the manager whose stamp is `stamp` shows it,
    /// unless its class carries none or another manager's link there still holds; false when not
    /// written (the manager keeps the row in its table instead).
    @inline(__always)
    static func write(to generator: borrowing any RowGenerator, row: Row, stamp: UInt32,
                      position: UInt32 = .max) -> Bool {
        guard KeyedRowGenerator.isKeyed(generator) else { return false }
        let keyed = unsafeDowncast(generator as AnyObject, to: KeyedRowGenerator.self)
        guard mayClaim(keyed.rowLink, stamp: stamp) else { return false }
        keyed.rowLink = RowLink(stamp: stamp, position: position, row: row)
        return true
    }

    /// Whether the manager whose stamp is `stamp` may write `link`: it is free, its own, or one that
    /// no longer holds (its manager took a new stamp since, or is gone).
    @inline(__always)
    private static func mayClaim(_ link: RowLink, stamp: UInt32) -> Bool {
        if link.stamp == 0 || link.stamp == stamp { return true }
        let slot = Int(link.stamp) & (freeStampSlots - 1)
        if freeStamps[slot] == link.stamp { return true }
        guard !currentStamps.withLock({ $0.contains(link.stamp) }) else { return false }
        freeStamps[slot] = link.stamp
        return true
    }

    /// Stamps found to hold nowhere, by their low bits. A stamp that stops being a manager's current
    /// one never is again, so what is found here stays true, and the lock is taken once a stamp:
    /// a whole-state update relinks every row, and their links mostly carry the manager's previous
    /// stamp.
    private static let freeStampSlots = 64
    /// Read once a row in a relink: without run-time exclusivity checks (only the main actor touches it).
    @exclusivity(unchecked) private static var freeStamps = [UInt32](repeating: 0, count: freeStampSlots)
}
