// Where rows live: a record of 24 bytes each (`GddRowRecord`), in slabs.
//
// A row needs its fields from the moment it is made, but a view asks only for the rows it shows.
// A GObject a row cost a 48-byte GLib slice (about 55 bytes with the slab's own), about 600
// instructions to make and 2,300 to free. So a row is a record in a slab, taken from and given
// back to a free list in a few instructions, and its row object is made only when something asks
// for it (`RowObjects`): at a million rows, about 30 MB less.

import CGtkDataDisplay
import Synchronization

/// A row's record (its fields; `Row` is a handle on it).
typealias RowRecord = UnsafeMutablePointer<GddRowRecord>

/// The row records: slabs of `slabSize` records, a free list threaded through the free records'
/// `generator` field, and the records of ended rows held back until the operations under way end.
/// Used on the main thread only (rows are made and end there).
@MainActor
enum RowRecords {
    /// Records a slab holds (96 KB).
    static let slabSize = 4096

    /// Records in use: taken and not given back (the rows standing, those that ended but a store
    /// still shows, and those held back until an operation ends).
    nonisolated static let liveCount = Atomic<Int>(0)

    // Without run-time exclusivity checks (each access to a static variable is checked, a call each):
    // only the main actor touches them, and a row is made or let go with a few of these accesses.
    @exclusivity(unchecked) private static var slabs: [RowRecord] = []
    /// Records of the last slab never handed out yet.
    @exclusivity(unchecked) private static var fresh = 0
    /// The first free record; each free record's `generator` is the next one.
    @exclusivity(unchecked) private static var firstFree: RowRecord?
    /// Free records (on the free list).
    @exclusivity(unchecked) private(set) static var freeCount = 0

    /// A record for a new row (its fields are the row's to set).
    static func take() -> RowRecord {
        liveCount.add(1, ordering: .relaxed)
        if let record = firstFree {
            firstFree = record.pointee.generator?.assumingMemoryBound(to: GddRowRecord.self)
            record.pointee.generator = nil
            freeCount -= 1
            return record
        }
        if fresh == 0 {
            slabs.append(RowRecord.allocate(capacity: slabSize))
            fresh = slabSize
        }
        let record = slabs[slabs.count - 1] + (slabSize - fresh)
        fresh -= 1
        record.pointee.generator = nil
        return record
    }

    /// Gives back a record taken and never used for a row.
    static func giveBack(_ record: RowRecord) {
        free(record)
    }

    private static func free(_ record: RowRecord) {
        // Its bits stay: a handle kept past the row's end reads it as ended until the record serves
        // another row (`Row.isEnded`).
        record.pointee.generator = firstFree.map { UnsafeMutableRawPointer($0) }
        firstFree = record
        freeCount += 1
        liveCount.subtract(1, ordering: .relaxed)
    }

    /// Records of rows that ended during the operations under way: given back when every operation
    /// under way is over (`releaseRetired`), so that until then a handle of an ended row still
    /// reads as ended.
    private static var retired: [RowRecord] = []
    /// Operations under way (`holdRetired`), in any manager: an operation may start another
    /// manager's from an event.
    private static var holds = 0

    /// An operation starts: records of rows that end are given back at its end, not before.
    static func holdRetired() { holds += 1 }

    /// An operation is over: when no other is under way, gives back the records of rows that ended.
    static func releaseRetired() {
        holds -= 1
        guard holds == 0, !retired.isEmpty else { return }
        let records = retired
        retired = []
        for record in records { free(record) }
    }

    /// Takes back the record of a row that ended and that no store shows (`Row.end`,
    /// `Row.leaveStore`): at once, or once the operations under way are over.
    static func retire(_ record: RowRecord) {
        if quarantinesEndedRows {
            quarantine.append(record)
            liveCount.subtract(1, ordering: .relaxed)
        } else if holds > 0 {
            retired.append(record)
        } else {
            free(record)
        }
    }

    /// A check for tests: while set, the records of rows that end are kept, marked ended and never
    /// reused, so that reading a row after its end asserts (`Row.generator`, `Row.item`) rather
    /// than reading whatever row took its record. They do not count as live; `releaseQuarantine()`
    /// lets them go.
    static var quarantinesEndedRows = false
    private static var quarantine: [RowRecord] = []

    /// Gives back the records `quarantinesEndedRows` kept.
    static func releaseQuarantine() {
        let records = quarantine
        quarantine = []
        for record in records {
            liveCount.add(1, ordering: .relaxed)
            free(record)
        }
    }

    /// Frees every slab when no record is in use (else nothing): to give the memory back after a
    /// large list went away.
    static func releaseUnused() {
        guard liveCount.load(ordering: .relaxed) == 0, quarantine.isEmpty, retired.isEmpty else { return }
        for slab in slabs { slab.deallocate() }
        slabs = []
        fresh = 0
        firstFree = nil
        freeCount = 0
    }
}
