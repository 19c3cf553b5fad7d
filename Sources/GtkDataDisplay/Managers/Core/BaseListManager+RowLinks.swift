// State and lookup: finding the row of a generator — through the generator's own link (`RowLink`)
// while the manager links, else through its table (`rowTable`) — and keeping both right as
// rows enter and leave.
//
// Two modes. Linking (`linkStamp` ≠ 0): every row whose generator carries a link is linked with the
// current stamp, and the table holds the others only ("strays": generators of other classes, or
// ones another live manager links). Not linking (`linkStamp` = 0, after a failed batch or a
// `setState` of generators that carry no link): the table holds every row, built on first use.

extension BaseListManager {
    /// The row showing `generator` here, if it stands in this manager (as a row, header or footer).
    func row(of generator: any RowGenerator) -> Row? {
        switch linkedRow(of: generator) {
        case .linked(let row): return row
        case .absent: return nil
        case .inTable: return rowTable[ObjectIdentifier(generator)]
        }
    }

    /// Whether `generator` stands in this manager (`row(of:)` without reading the row).
    func stands(_ generator: any RowGenerator) -> Bool {
        switch linkedRow(of: generator) {
        case .linked: return true
        case .absent: return false
        case .inTable: return rowTable[ObjectIdentifier(generator)] != nil
        }
    }

    /// What a generator's link says of its row here.
    enum LinkedRow {
        /// The link holds: this row.
        case linked(Row)
        /// Not in this manager: no link holds and the table holds no strays.
        case absent
        /// The table decides.
        case inTable
    }

    func linkedRow(of generator: any RowGenerator) -> LinkedRow {
        guard linkStamp != 0 else { return .inTable }
        if let link = RowLinks.link(of: generator), link.stamp == linkStamp { return .linked(link.row!) }
        // Linking, the table holds strays only (never nil then): with none, the generator is not here.
        return rowLookup!.count == 0 ? .absent : .inTable
    }

    /// `row` entered the manager: linked from its generator, or put in the table.
    func noteEntered(_ row: Row) {
        assert(!row.isEnded, "a row entered the manager after it ended")
        if linkStamp != 0,
           RowLinks.write(to: row.generator, row: row, stamp: linkStamp) {
            return
        }
        rowTable[ObjectIdentifier(row.generator)] = row
    }

    /// `row` left the manager: its link freed (another manager may claim it), or its table entry removed.
    func noteLeft(_ row: Row) {
        if linkStamp != 0 {
            let generator = row.generator
            if let link = RowLinks.link(of: generator), link.stamp == linkStamp, link.row == row {
                RowLinks.set(RowLink(), of: generator)
                return
            }
        }
        rowTable[ObjectIdentifier(row.generator)] = nil
    }

    /// A whole-state update is about to place its rows: returns whether they are to be linked (the
    /// first generator carries a link; rows of one list are mostly of one class; and a stamp is
    /// left: `RowLinks.newStamp`). Takes a new stamp either way, so no link written before holds.
    func beginRelinking(first: (any RowGenerator)?) -> Bool {
        let linking = first.map { RowLinks.carries($0) } ?? true
        setLinkStamp(linking ? RowLinks.newStamp() : 0)
        return linkStamp != 0
    }

    /// Links `generator` to `row` at `position` of the new flat rows in a whole-state update that is
    /// linking (`beginRelinking`), with the manager's `stamp` (passed in: the update's loop reads it
    /// once). A generator
    /// whose link cannot be written goes into `strays`, the table the update leaves.
    @inline(__always)
    static func relink(_ row: Row, _ generator: borrowing any RowGenerator, at position: Int,
                       stamp: UInt32, strays: inout RowLookup) {
        if !RowLinks.write(to: generator, row: row, stamp: stamp,
                           position: UInt32(truncatingIfNeeded: position)) {
            strays[ObjectIdentifier(generator)] = row
        }
    }

    /// Stops linking: `table` (nil: built on first use) holds every row from now on. For changes
    /// that put back or replace rows without linking them one by one (a failed batch).
    func stopLinking(table: RowLookup?) {
        setLinkStamp(0)
        rowLookup = table
    }

    /// Links afresh with no row shown (a fresh or cleared manager).
    func startLinkingEmpty() {
        setLinkStamp(RowLinks.newStamp())
        rowLookup = [:]
    }

    private func setLinkStamp(_ stamp: UInt32) {
        RowLinks.replaceStamp(linkStamp, with: stamp)
        linkStamp = stamp
    }
}
