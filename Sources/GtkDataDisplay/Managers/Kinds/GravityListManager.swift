// Kinds of manager: rows and sections kept ordered by heaviness.

/// A manager that keeps rows ordered by heaviness inside their section and sections ordered by
/// their header's heaviness (RDDM's GravityTableManager), without RDDM's drops and drift:
/// ties keep insertion order, nothing is silently dropped, arrays are ordered like single adds,
/// and `insert(_:after:)` places rows right after the anchor without rewriting anyone's heaviness.
///
/// Rows that are not `GravityItem`s weigh 0. Every section needs a header that is a `GravityItem`,
/// except the header-less section that `add` creates when there is none.
@MainActor
open class GravityListManager: BaseListManager {
    /// Adds rows to the last section, each at its place by heaviness (after rows of equal weight).
    public override func add(_ generators: [any RowGenerator]) throws(DataDisplayError) {
        guard !generators.isEmpty else { return }
        try perform { () throws(DataDisplayError) in
            try self.validateNew(generators)
            if self.state.isEmpty { try self.insertSectionNow(Section(), at: 0) }
            self.addByWeight(generators, section: self.state.count - 1)
        }
    }

    /// Adds rows to the section with `header` (or with this footer), each at its place by heaviness.
    public override func add(_ generators: [any RowGenerator], toSectionWith header: any RowGenerator) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            let s = try self.sectionIndex(headerOrFooter: header)
            try self.validateNew(generators)
            self.addByWeight(generators, section: s)
        }
    }

    /// Adds a section at its place by its header's heaviness; its rows are ordered by heaviness.
    public override func addSection(header: (any RowGenerator)? = nil, rows: [any RowGenerator] = [],
                                    footer: (any RowGenerator)? = nil) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            let weight = try Self.sectionWeight(header)
            let index = self.state.firstIndex { ((try? Self.sectionWeight($0.header?.generator)) ?? .min) > weight } ?? self.state.count
            try self.insertSectionNow(Section(header: header, rows: Self.ordered(rows), footer: footer), at: index)
        }
    }

    /// A whole state (`setState`, `setStateInBackground`, a `setState` in a batch) with sections and
    /// rows ordered by heaviness; a header without heaviness is an error.
    override func arrange(_ sections: [Section]) throws(DataDisplayError) -> [Section] {
        var weighted: [(weight: Int, section: Section)] = []
        for section in sections {
            var ordered = section
            ordered.rows = Self.ordered(section.rows)
            weighted.append((try Self.sectionWeight(section.header), ordered))
        }
        // A stable sort: sections of equal weight keep their order.
        let sorted = weighted.enumerated().sorted { ($0.element.weight, $0.offset) < ($1.element.weight, $1.offset) }
        return sorted.map(\.element.section)
    }

    /// Puts `new` where `old` stands. A header's replacement needs heaviness, and its section
    /// moves to the place the new heaviness gives it (one diffed update).
    public override func replace(_ old: any RowGenerator, with new: any RowGenerator) throws(DataDisplayError) {
        guard old !== new, row(of: old)?.role == .header else {
            return try super.replace(old, with: new)
        }
        let weight = try Self.sectionWeight(new)
        guard weight != (try Self.sectionWeight(old)) else { return try super.replace(old, with: new) }
        try perform { () throws(DataDisplayError) in
            try self.runBatch(requiringOperations: false) { () throws(DataDisplayError) in
                try super.replace(old, with: new)
                let sorted = self.state.enumerated().sorted {
                    ((try? Self.sectionWeight($0.element.header?.generator)) ?? .min, $0.offset)
                        < ((try? Self.sectionWeight($1.element.header?.generator)) ?? .min, $1.offset)
                }
                self.state = sorted.map(\.element)
            }
        }
    }

    /// The weight of a row (0 when it has none).
    static func weight(_ generator: any RowGenerator) -> Int {
        (generator as? GravityItem)?.heaviness ?? 0
    }

    /// `generators` stably ordered by heaviness.
    static func ordered(_ generators: [any RowGenerator]) -> [any RowGenerator] {
        generators.enumerated()
            .sorted { (weight($0.element), $0.offset) < (weight($1.element), $1.offset) }
            .map(\.element)
    }

    /// A section's weight: its header's heaviness. A header without one is an error.
    static func sectionWeight(_ header: (any RowGenerator)?) throws(DataDisplayError) -> Int {
        guard let header else { return .min }
        guard let item = header as? GravityItem else { throw .missingHeaviness(describe(header)) }
        return item.heaviness
    }

    /// Inserts each generator after the last top-level row that is not heavier (rows of equal weight
    /// in the order given). Several rows go in one splice per place they take, from the last place
    /// back — O(rows heavier than the lightest + rows added), where a diff of the whole state cost O(n).
    func addByWeight(_ generators: [any RowGenerator], section s: Int) {
        let ordered = Self.ordered(generators)
        // Each generator's place in the section as it stands, heaviest first in one walk back over the
        // heavier top-level rows (and their subtrees): a lighter one's place is never after a heavier one's.
        var places = [Int](repeating: 0, count: ordered.count)
        var index = state[s].rows.count
        var i = index - 1
        for k in ordered.indices.reversed() {
            let weight = Self.weight(ordered[k])
            while i >= 0 {
                let row = state[s].rows[i]
                if row.depth == 0 {
                    if Self.weight(row.generator) <= weight { break }
                    index = i
                }
                i -= 1
            }
            places[k] = index
        }
        // Runs of generators with one place, one splice each, the last place first (earlier places hold).
        var end = ordered.count
        while end > 0 {
            var start = end - 1
            while start > 0 && places[start - 1] == places[end - 1] { start -= 1 }
            insertRowsNow(Array(ordered[start..<end]), section: s, index: places[start])
            end = start
        }
    }
}
