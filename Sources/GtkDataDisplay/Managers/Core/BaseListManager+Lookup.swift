// State and lookup: the flat list, positions, and where a section, row or insertion point stands.
// Nothing here changes the manager.

extension BaseListManager {
    func flatRows() -> [Row] {
        if flatIsOneRowList { return state[0].rows.array }
        if let flatCache { return flatCache }
        var list: [Row] = []
        list.reserveCapacity(state.reduce(0) { $0 + $1.count })
        for section in state { section.appendFlat(to: &list) }
        return list
    }

    /// Whether the state is one section of rows only: then its row list is the flat list (shared, not
    /// copied), and no `flatCache` is needed.
    var flatIsOneRowList: Bool { state.count == 1 && state[0].header == nil && state[0].footer == nil }

    func sectionOffset(_ index: Int) -> Int {
        var offset = 0
        for s in 0..<index { offset += state[s].count }
        return offset
    }

    func flatPosition(of row: Row) -> Int? {
        if row.role == .row, let (s, i) = location(of: row) { return sectionOffset(s) + state[s].rowsOffset + i }
        var offset = 0
        for section in state {
            if section.header === row { return offset }
            if row.role == .row, let i = section.index(of: row) { return offset + section.rowsOffset + i }
            if section.footer === row { return offset + section.count - 1 }
            offset += section.count
        }
        return nil
    }

    /// The flat rows in `range` (used by moves to re-splice one span): O(sections + range).
    func flatRows(in range: ClosedRange<Int>) -> [Row] {
        Self.flatRows(of: state, in: range.lowerBound..<(range.upperBound + 1))
    }

    /// The flat rows of `sections` at flat positions `range`: O(sections + range).
    static func flatRows(of sections: [SectionState], in range: Range<Int>) -> [Row] {
        var list: [Row] = []
        list.reserveCapacity(range.count)
        guard !range.isEmpty else { return list }
        var offset = 0
        for section in sections {
            let end = offset + section.count
            defer { offset = end }
            guard end > range.lowerBound else { continue }
            guard offset < range.upperBound else { break }
            var flatIndex = offset
            func take(_ row: Row) {
                if range.contains(flatIndex) { list.append(row) }
                flatIndex += 1
            }
            if let header = section.header { take(header) }
            let first = max(0, range.lowerBound - flatIndex), last = min(section.rows.count, range.upperBound - flatIndex)
            if first < last { section.rows.appendRows(in: first..<last, to: &list) }
            flatIndex += section.rows.count
            if let footer = section.footer { take(footer) }
        }
        return list
    }

    func checkSection(_ index: Int) throws(DataDisplayError) {
        guard index >= 0, index < state.count else { throw .indexOutOfRange(index: index, count: state.count) }
    }

    func sectionIndex(header: any RowGenerator) throws(DataDisplayError) -> Int {
        guard let row = row(of: header), row.role == .header,
              let s = state.firstIndex(where: { $0.header === row }) else {
            throw .sectionNotFound(describe(header))
        }
        return s
    }

    /// The index of the section that `generator` heads or closes (its header or its footer).
    func sectionIndex(headerOrFooter generator: any RowGenerator) throws(DataDisplayError) -> Int {
        guard let row = row(of: generator), row.role != .row,
              let s = state.firstIndex(where: { $0.header === row || $0.footer === row }) else {
            throw .sectionNotFound(describe(generator))
        }
        return s
    }

    /// Section and index of a section's own row (depth 0): the rows that take part in inserts,
    /// moves and removals. A child row is changed through its parent's `children`.
    func topLevelLocation(_ generator: any RowGenerator) throws(DataDisplayError) -> (Int, Int) {
        let (s, i) = try rowLocation(generator)
        guard state[s].rows[i].depth == 0 else {
            throw .invalidAnchor("\(describe(generator)) is a child row; change its parent's children and call reloadChildren(of:)")
        }
        return (s, i)
    }

    /// Section and index of a row (not a header or footer), at any depth.
    func rowLocation(_ generator: any RowGenerator) throws(DataDisplayError) -> (Int, Int) {
        guard let row = row(of: generator) else { throw .generatorNotFound(describe(generator)) }
        guard row.role == .row else { throw .invalidAnchor("\(describe(generator)) is a \(row.role), not a row") }
        guard let location = location(of: row) else { throw .generatorNotFound(describe(generator)) }
        return location
    }

    /// Ids for `count` new sections, consecutive: the first is returned. They wrap after four billion;
    /// a section sharing an id with another only makes a lookup hint miss, and the search goes on.
    func newSectionIDs(count: Int = 1) -> UInt32 {
        let first = nextSectionID
        nextSectionID &+= UInt32(truncatingIfNeeded: count)
        return first
    }

    /// The index of the section with `id`, if one stands. A loop over the buffer: a closure over the
    /// sections (`firstIndex(where:)`) retained and released each section's row lists, a few µs a
    /// lookup with 26 sections.
    func sectionIndex(id: UInt32) -> Int? {
        state.withUnsafeBufferPointer { sections in
            var s = 0
            while s < sections.count {
                if sections[s].id == id { return s }
                s += 1
            }
            return nil
        }
    }

    /// The section `row` stands in (a header, footer or row of any depth) and that section's header
    /// row; nil when the section has no header.
    func sectionHeader(of row: Row) -> (index: Int, header: Row)? {
        let index: Int?
        switch row.role {
        case .header, .footer: index = try? sectionIndex(headerOrFooter: row.generator)
        case .row: index = location(of: row)?.0
        }
        guard let index, let header = state[index].header else { return nil }
        return (index, header)
    }

    /// Section and index of a row (role `.row`): searched from where it was last seen (its hint:
    /// the section's id, so sections inserted or removed before it do not spoil it), then in every
    /// section; the hint is brought up to date.
    func location(of row: Row) -> (Int, Int)? {
        let hinted = sectionIndex(id: row.sectionHint)
        var found: (Int, Int)?
        if let hinted, let i = state[hinted].index(of: row, hint: RowHint(raw: row.indexHint)) {
            found = (hinted, i)
        } else {
            for (s, section) in state.enumerated() where s != hinted {
                if let i = section.index(of: row) { found = (s, i); break }
            }
        }
        if let (s, i) = found {
            row.sectionHint = state[s].id
            row.indexHint = state[s].rows.hint(at: i).raw
        }
        return found
    }

    func insertionPoint(after anchor: any RowGenerator) throws(DataDisplayError) -> (Int, Int) {
        guard let row = row(of: anchor) else { throw .generatorNotFound(describe(anchor)) }
        switch row.role {
        case .header: return (try sectionIndex(header: anchor), 0)
        case .row: let (s, i) = try topLevelLocation(anchor); return (s, state[s].subtreeEnd(i))
        case .footer: throw .invalidAnchor("rows cannot go after a footer (\(describe(anchor)))")
        }
    }

    func insertionPoint(before anchor: any RowGenerator) throws(DataDisplayError) -> (Int, Int) {
        guard let row = row(of: anchor) else { throw .generatorNotFound(describe(anchor)) }
        switch row.role {
        case .header: throw .invalidAnchor("rows cannot go before a header (\(describe(anchor)))")
        case .row: return try topLevelLocation(anchor)
        case .footer:
            guard let s = state.firstIndex(where: { $0.footer === row }) else { throw .generatorNotFound(describe(anchor)) }
            return (s, state[s].rows.count)
        }
    }

    /// Every shown row by its generator's identity (see `rowTable`).
    func buildRowLookup() -> RowLookup {
        var lookup = RowLookup(capacity: state.reduce(0) { $0 + $1.count })
        for section in state {
            if let header = section.header { lookup[ObjectIdentifier(header.generator)] = header }
            for row in section.rows { lookup[ObjectIdentifier(row.generator)] = row }
            if let footer = section.footer { lookup[ObjectIdentifier(footer.generator)] = footer }
        }
        return lookup
    }
}
