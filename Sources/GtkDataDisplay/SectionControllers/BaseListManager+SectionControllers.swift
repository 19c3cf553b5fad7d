// Section controllers in the manager: each section holds its controller, and every row of it is
// given its section's (kept beside the rows, `RowControllers`), so the list view reaches a row's
// controller with one lookup (no position lookup, nothing per row when no section has one). Wherever
// rows enter a section or move between sections, the operation gives them the section's controller
// (`takeController`).

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
        row(of: generator)?.sectionController
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
        state[s].controllerBox = controller.map(SectionControllerBox.init)
        var rows: [Row] = []
        state[s].appendFlat(to: &rows)
        let changed = takeController(state[s].controllerBox, rows)
        guard batchDepth == 0 else { batchRebinds += changed; return }
        for row in changed where row.isBound { refresh(row) }
    }

    /// Gives `rows` the controller of section `s`.
    func takeController(ofSection s: Int, _ rows: some Sequence<Row>) {
        takeController(state[s].controllerBox, rows)
    }

    /// Gives `rows` the controller in `box`; returns the rows whose controller changed (a row whose
    /// box holds the same controller keeps its box).
    @discardableResult
    func takeController(_ box: SectionControllerBox?, _ rows: some Sequence<Row>) -> [Row] {
        var changed: [Row] = []
        for row in rows where row.controllerBox !== box && row.sectionController !== box?.controller {
            row.controllerBox = box
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
    func controllersByHeaderID() -> [AnyHashable: SectionControllerBox] {
        var found: [AnyHashable: SectionControllerBox] = [:]
        for section in state {
            if let box = section.controllerBox, let header = section.header { found[header.generator.diffID] = box }
        }
        return found
    }

    /// The controller a new section takes: its own, else the one shown with its header's id. The
    /// box shown for the header is reused when it holds the same controller.
    static func controllerBox(of section: Section, inheriting old: [AnyHashable: SectionControllerBox]) -> SectionControllerBox? {
        let shown = old.isEmpty ? nil : section.header.flatMap { old[$0.diffID] }
        guard let own = section.controller else { return shown }
        return shown?.controller === own ? shown : SectionControllerBox(own)
    }
}

/// A section's controller in one reference, shared by the section and its rows' entries in
/// `RowControllers` (8 bytes an entry, not an existential's 16).
@MainActor
final class SectionControllerBox {
    let controller: any SectionController
    init(_ controller: any SectionController) { self.controller = controller }
}

extension Row {
    /// The controller of the section the row stands in.
    var sectionController: (any SectionController)? { controllerBox?.controller }
}
