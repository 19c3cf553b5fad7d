// Kinds of manager: lists edited by hand, operation by operation.

/// A manager for lists edited by hand, operation by operation (RDDM's ManualTableManager):
/// everything `BaseListManager` does, plus inserting at either end of a section, inserting
/// sections before, after or at an index, swapping two rows, and reloading a section.
///
/// Each operation reaches the store at once as one splice (a swap: one splice over the span, so
/// both rows keep their widgets; rows more than 1,024 rows apart, never on screen together, in
/// three short splices).
@MainActor
open class ManualListManager: BaseListManager {
    /// Inserts rows at the beginning of the section with `header` (or with this footer).
    public func insertAtBeginning(_ generators: [any RowGenerator], ofSectionWith header: any RowGenerator) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            let s = try self.sectionIndex(headerOrFooter: header)
            let entering = try self.validateNew(generators)
            self.insertRowsNow(generators, section: s, index: 0, entering: entering)
        }
    }

    /// Inserts rows at the end of the section with `header` or with this footer (before the footer).
    public func insertAtEnd(_ generators: [any RowGenerator], ofSectionWith header: any RowGenerator) throws(DataDisplayError) {
        try add(generators, toSectionWith: header)
    }

    /// Inserts rows at the beginning of section `index`.
    public func insertAtBeginning(_ generators: [any RowGenerator], ofSection index: Int) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            try self.checkSection(index)
            let entering = try self.validateNew(generators)
            self.insertRowsNow(generators, section: index, index: 0, entering: entering)
        }
    }

    /// Inserts rows at the end of section `index` (before its footer).
    public func insertAtEnd(_ generators: [any RowGenerator], ofSection index: Int) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            try self.checkSection(index)
            let entering = try self.validateNew(generators)
            self.insertRowsNow(generators, section: index, index: self.state[index].rows.count, entering: entering)
        }
    }

    /// Inserts a section immediately before the section with `header` (RDDM lands one too early; this does not).
    public func insertSection(_ section: Section, before header: any RowGenerator) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            try self.insertSectionNow(section, at: try self.sectionIndex(header: header))
        }
    }

    /// Inserts a section immediately after the section with `header`.
    public func insertSection(_ section: Section, after header: any RowGenerator) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            try self.insertSectionNow(section, at: try self.sectionIndex(header: header) + 1)
        }
    }

    /// Inserts a section at `index`, clamped to `0...numberOfSections`.
    public func insertSection(_ section: Section, at index: Int) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            try self.insertSectionNow(section, at: min(max(index, 0), self.state.count))
        }
    }

    /// Swaps two rows, within a section or across sections (rows with their shown subtrees).
    public func swap(_ first: any RowGenerator, with second: any RowGenerator) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            let (s1, i1) = try self.topLevelLocation(first)
            let (s2, i2) = try self.topLevelLocation(second)
            guard first !== second else { return }
            // a = the block that comes first in the list, b = the later one.
            let firstComesFirst = self.sectionOffset(s1) + i1 <= self.sectionOffset(s2) + i2
            let (a, b) = firstComesFirst ? ((s1, i1), (s2, i2)) : ((s2, i2), (s1, i1))
            let endA = self.state[a.0].subtreeEnd(a.1), endB = self.state[b.0].subtreeEnd(b.1)
            let blockA = self.state[a.0].rows.rows(in: a.1..<endA), blockB = self.state[b.0].rows.rows(in: b.1..<endB)
            let from = self.sectionOffset(a.0) + self.state[a.0].rowsOffset + a.1
            let fromB = self.sectionOffset(b.0) + self.state[b.0].rowsOffset + b.1
            let to = fromB + blockB.count - 1
            // The earlier block first; in one section that shifts the later one by the blocks' difference.
            self.state[a.0].place(blockB, replacing: a.1..<endA)
            let shift = a.0 == b.0 ? blockB.count - blockA.count : 0
            self.state[b.0].place(blockA, replacing: (b.1 + shift)..<(endB + shift))
            self.takeController(ofSection: b.0, blockA)
            self.takeController(ofSection: a.0, blockB)
            if fromB - (from + blockA.count) <= Self.longestMoveSpan {
                // One splice over the span (its length kept, whatever the blocks' sizes): GTK keeps
                // the widgets of every row in it.
                self.splice(at: from, removing: to - from + 1, inserting: self.flatRows(in: from...to))
            } else {
                // Far apart (never on screen together): the later block out, the earlier one
                // replaced by it, the earlier one in — no row stands in the store twice.
                self.splice(at: fromB, removing: blockB.count, inserting: [])
                self.splice(at: from, removing: blockA.count, inserting: blockB)
                self.splice(at: fromB - blockA.count + blockB.count, removing: 0, inserting: blockA)
            }
        }
    }

    /// Rebinds the section with `header` (or with this footer) in place — its header, its rows and
    /// its footer (RDDM's `reloadSection`). No row moves; each bound row is rebound once.
    public func reloadSection(with header: any RowGenerator) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            let section = self.state[try self.sectionIndex(headerOrFooter: header)]
            let rows = [section.header].compactMap { $0 } + section.rows + [section.footer].compactMap { $0 }
            try self.update(rows.map(\.generator))
        }
    }
}
