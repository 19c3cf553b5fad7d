/// A section as a manager holds it: rows that own their row objects. A value type, so a batch
/// can snapshot and roll back the whole tree cheaply.
@MainActor
struct SectionState {
    var header: Row?
    var rows: RowList
    var footer: Row?
    /// The section's controller, boxed; the manager gives every row of the section this box.
    var controllerBox: SectionControllerBox?
    /// Names the section while it stands, wherever sections before it come and go: its rows' lookup
    /// hint (`Row.sectionHint`) holds it, not an index (`BaseListManager.newSectionIDs`).
    let id: UInt32

    init(id: UInt32, header: Row? = nil, rows: [Row] = [], footer: Row? = nil, controllerBox: SectionControllerBox? = nil) {
        self.id = id
        self.header = header
        self.rows = RowList(rows)
        self.footer = footer
        self.controllerBox = controllerBox
    }

    /// The section's controller.
    var controller: (any SectionController)? { controllerBox?.controller }

    /// Items this section puts into the flat list.
    var count: Int { rows.count + (header == nil ? 0 : 1) + (footer == nil ? 0 : 1) }

    /// The end (exclusive) of the subtree that starts at `rows[index]`: the row and its visible descendants.
    /// While no child row stands in any manager (`Row.nestedAlive`), every row's subtree is the row
    /// alone, and neither it nor the next row is read (at a million rows each is a cache miss).
    func subtreeEnd(_ index: Int) -> Int {
        precondition(index >= 0 && index < rows.count, "row index \(index) out of range 0..<\(rows.count)")
        guard Row.nestedAlive.load(ordering: .relaxed) > 0 else { return index + 1 }
        let depth = rows[index].depth
        var end = index + 1
        while end < rows.count, rows[end].depth > depth { end += 1 }
        return end
    }

    /// The index of `row` in `rows` (by identity): a plain loop over each chunk's buffer.
    func index(of row: Row) -> Int? { rows.index(of: row) }

    /// The index of `row` in `rows`, searched from where its hint points (`RowList.index(of:hint:)`):
    /// O(d) for a row d places from there, d bounded by its chunk's length.
    func index(of row: Row, hint: RowHint) -> Int? { rows.index(of: row, hint: hint) }

    /// Puts `newRows` in place of `rows[range]` and records their places (`noteLocations`): every edit
    /// that brings rows into a standing section goes through here, so none keeps a stale hint.
    mutating func place(_ newRows: [Row], replacing range: Range<Int>) {
        rows.replaceSubrange(range, with: newRows)
        noteLocations(from: range.lowerBound, to: range.lowerBound + newRows.count)
    }

    /// Records each row's place from `start` on: this section (`id`) and its place in `rows`
    /// (`Row.sectionHint`, `Row.indexHint`: see `RowList.noteLocations(in:section:)`).
    func noteLocations(from start: Int = 0, to end: Int? = nil) {
        rows.noteLocations(in: start..<(end ?? rows.count), section: id)
    }

    /// Offset of the first row inside the section's flat range.
    var rowsOffset: Int { header == nil ? 0 : 1 }

    /// The section's items in list order.
    func appendFlat(to list: inout [Row]) {
        if let header { list.append(header) }
        list.append(contentsOf: rows)
        if let footer { list.append(footer) }
    }

    /// The public value of this section.
    var value: Section {
        Section(header: header?.generator, rows: topLevelGenerators, footer: footer?.generator, controller: controller)
    }

    /// How many of the section's rows are its own (depth 0): all of them while no child row is shown
    /// in any manager (`Row.nestedAlive`), else counted in one loop.
    var topLevelCount: Int {
        guard Row.nestedAlive.load(ordering: .relaxed) > 0 else { return rows.count }
        var count = 0
        for row in rows where row.depth == 0 { count += 1 }
        return count
    }

    /// The generators of the section's own rows (depth 0), in order: one loop over the rows. (A lazy
    /// filter and map counted the rows first and checked the main actor on every closure call: about a
    /// tenth of a `batch` at 1M rows.)
    var topLevelGenerators: [any RowGenerator] {
        var generators: [any RowGenerator] = []
        generators.reserveCapacity(rows.count)
        for row in rows where row.depth == 0 { generators.append(row.generator) }
        return generators
    }
}
