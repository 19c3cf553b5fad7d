// Single operations on sections: add, empty or remove a section, each one splice of its range.
// (The overridable `addSection` stands in the class body.)

extension BaseListManager {
    // MARK: Sections

    /// Removes every row of the section with `header`, keeping the section and its header.
    public func removeAll(fromSectionWith header: any RowGenerator) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            self.removeAllNow(fromSection: try self.sectionIndex(header: header))
        }
    }

    /// Removes every row of section `index`, keeping the section and its header.
    public func removeAll(fromSection index: Int) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            try self.checkSection(index)
            self.removeAllNow(fromSection: index)
        }
    }

    /// Removes the section with `header`, its rows and footer.
    public func removeSection(with header: any RowGenerator) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            self.removeSectionNow(try self.sectionIndex(header: header))
        }
    }

    /// Removes section `index`, its header, rows and footer.
    public func removeSection(at index: Int) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            try self.checkSection(index)
            self.removeSectionNow(index)
        }
    }

    // MARK: Applying

    /// Inserts `section` at `index`, checked first (`validateNew`) unless `entering` is what checking
    /// it returned.
    func insertSectionNow(_ section: Section, at index: Int, entering: EnteringRows? = nil) throws(DataDisplayError) {
        let checked: EnteringRows
        if let entering {
            checked = entering
        } else {
            checked = try validateNew(section.rows, header: section.header, footer: section.footer)
        }
        let rowsStart = section.header == nil ? 0 : 1
        let rowsEnd = checked.count - (section.footer == nil ? 0 : 1)
        let new = SectionState(id: newSectionIDs(), header: section.header == nil ? nil : makeRows(checked, in: 0..<1)[0],
                               rows: makeRows(checked, in: rowsStart..<rowsEnd),
                               footer: section.footer == nil ? nil : makeRows(checked, in: rowsEnd..<(rowsEnd + 1))[0],
                               controllerBox: section.controller.map(SectionControllerBox.init))
        new.noteLocations()
        let position = sectionOffset(index)
        state.insert(new, at: index)
        var flat: [Row] = []
        new.appendFlat(to: &flat)
        takeController(new.controllerBox, flat)
        splice(at: position, removing: 0, inserting: flat)
    }

    func removeAllNow(fromSection s: Int) {
        let position = sectionOffset(s) + state[s].rowsOffset
        let removed = state[s].rows
        state[s].rows = []
        forget(removed)
        splice(at: position, removing: removed.count, inserting: [])
    }

    func removeSectionNow(_ s: Int) {
        let position = sectionOffset(s)
        let section = state.remove(at: s)
        var flat: [Row] = []
        section.appendFlat(to: &flat)
        forget(flat)
        splice(at: position, removing: flat.count, inserting: [])
    }
}
