// Section controllers in the manager: each section holds its controller, and every row holds its
// section's, so the list view reaches a row's controller with one field read (no position lookup,
// nothing per row when no section has one). Wherever rows enter a section or move between
// sections, the operation gives them the section's controller (`takeController`).

extension BaseListManager {
    // MARK: Public API

    /// The controller of the section whose header is `header`.
    public func controller(ofSectionWith header: any RowGenerator) throws(DataDisplayError) -> (any SectionController)? {
        state[try sectionIndex(header: header)].controller
    }

    /// The controller of section `index`.
    public func controller(ofSection index: Int) throws(DataDisplayError) -> (any SectionController)? {
        try checkSection(index)
        return state[index].controller
    }

    /// The controller of the section `generator` stands in (as a row, header or footer), if any.
    public func sectionController(of generator: any RowGenerator) -> (any SectionController)? {
        rowsByGenerator[ObjectIdentifier(generator)]?.sectionController
    }

    /// Gives the section whose header is `header` this controller (nil: none). Its rows shown now
    /// are rebound, so what the controller decides (selectable, height) reaches their widgets.
    public func setController(_ controller: (any SectionController)?, forSectionWith header: any RowGenerator) throws(DataDisplayError) {
        try perform(supersedingBackgroundUpdates: false) { () throws(DataDisplayError) in
            self.setControllerNow(controller, section: try self.sectionIndex(header: header))
        }
    }

    /// Gives section `index` this controller (nil: none).
    public func setController(_ controller: (any SectionController)?, forSection index: Int) throws(DataDisplayError) {
        try perform(supersedingBackgroundUpdates: false) { () throws(DataDisplayError) in
            try self.checkSection(index)
            self.setControllerNow(controller, section: index)
        }
    }

    // MARK: Keeping rows in step

    private func setControllerNow(_ controller: (any SectionController)?, section s: Int) {
        state[s].controller = controller
        var rows: [Row] = []
        state[s].appendFlat(to: &rows)
        let changed = takeController(controller, rows)
        guard batchDepth == 0 else { return }
        for row in changed where row.isBound { refresh(row) }
    }

    /// Gives `rows` the controller of section `s`.
    func takeController(ofSection s: Int, _ rows: some Sequence<Row>) {
        takeController(state[s].controller, rows)
    }

    /// Gives `rows` this controller; returns the rows whose controller changed.
    @discardableResult
    func takeController(_ controller: (any SectionController)?, _ rows: some Sequence<Row>) -> [Row] {
        var changed: [Row] = []
        for row in rows where row.sectionController !== controller {
            row.sectionController = controller
            changed.append(row)
        }
        return changed
    }

    /// Gives every row its section's controller again (after a failed batch restored the state).
    func retakeControllers() {
        for s in state.indices {
            var rows: [Row] = []
            state[s].appendFlat(to: &rows)
            takeController(ofSection: s, rows)
        }
    }

    /// The controllers a whole new state takes over, by header diff id: a new section without a
    /// controller of its own keeps the one of the section shown with its header's id.
    func controllersByHeaderID() -> [AnyHashable: any SectionController] {
        var found: [AnyHashable: any SectionController] = [:]
        for section in state {
            if let controller = section.controller, let header = section.header { found[header.generator.diffID] = controller }
        }
        return found
    }

    /// The controller a new section takes: its own, else the one shown with its header's id.
    static func controller(of section: Section, inheriting old: [AnyHashable: any SectionController]) -> (any SectionController)? {
        if let own = section.controller { return own }
        guard !old.isEmpty, let header = section.header else { return nil }
        return old[header.diffID]
    }
}
