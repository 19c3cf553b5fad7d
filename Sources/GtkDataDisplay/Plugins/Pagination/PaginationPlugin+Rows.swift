// What pagination does to the manager: the status section at its edge (put back after an update
// of the app's moved or removed it), and a page's rows added at the edge. None of these changes is
// an intent of the app's: they do not supersede its background updates (`perform`'s
// `supersedingBackgroundUpdates: false`), which apply on top of them.

extension PaginationPlugin {
    /// Whether a section is a pagination plugin's status section (this one's or another's).
    static func isStatusSection(_ section: SectionState) -> Bool {
        section.header == nil && section.footer == nil && section.rows.count == 1
            && section.rows[0].generator is PaginationStatusRow
    }

    /// Whether the manager shows rows besides status rows (headers and footers do not count).
    var hasContent: Bool {
        guard let manager else { return false }
        return manager.state.contains { !Self.isStatusSection($0) && !$0.rows.isEmpty }
    }

    /// The status row `state` asks for.
    private var wantedStatus: (any RowGenerator)? {
        switch state {
        case .loading: progressRow
        case .failed: errorRow
        case .idle, .finished: nil
        }
    }

    /// Shows the status row `state` asks for (progress or error) in the status section at the edge,
    /// or none. Derived from the state as it is now, so what a `stateChanged` listener did re-entrantly
    /// (a reset, a retry) is what the list shows.
    func showStatus() {
        guard let manager else { return }
        changingOwnRows = true
        defer { changingOwnRows = false }
        var inserted = false
        let wanted = wantedStatus
        try? manager.perform(supersedingBackgroundUpdates: false) { () throws(DataDisplayError) in inserted = self.placeStatusNow(wanted) }
        if inserted { statusRowInserted() }
    }

    /// Whether `wanted` stands alone in the section at the edge, and the other status row is gone.
    private func isInPlace(_ wanted: (any RowGenerator)?) -> Bool {
        guard let manager else { return true }
        for row in [progressRow, errorRow] as [any RowGenerator] where row !== wanted {
            if manager.contains(row) { return false }
        }
        guard let wanted else { return true }
        guard let (s, _) = location(of: wanted) else { return false }
        let edgeIndex = edge == .bottom ? manager.state.count - 1 : 0
        return s == edgeIndex && Self.isStatusSection(manager.state[s])
    }

    /// Section and index of one of the status rows: the edge section is looked at first (where it
    /// stands but for a moment), so this costs O(1) there.
    private func location(of row: any RowGenerator) -> (Int, Int)? {
        guard let manager, manager.contains(row) else { return nil }
        let edgeIndex = edge == .bottom ? manager.state.count - 1 : 0
        if manager.state.indices.contains(edgeIndex),
           let i = manager.state[edgeIndex].rows.firstIndex(where: { $0.generator === row }) {
            return (edgeIndex, i)
        }
        return try? manager.rowLocation(row)
    }

    /// Puts `wanted` alone in a section at the edge and takes the other status row away (inside an
    /// operation of the manager's). Returns whether `wanted` was inserted.
    @discardableResult
    func placeStatusNow(_ wanted: (any RowGenerator)?) -> Bool {
        guard let manager else { return false }
        if isInPlace(wanted) { return false }
        for row in [progressRow, errorRow] as [any RowGenerator] {
            guard let (s, i) = location(of: row) else { continue }
            if Self.isStatusSection(manager.state[s]) {
                manager.removeSectionNow(s)
            } else {
                manager.removeRowsNow(section: s, range: i..<(i + 1))
            }
        }
        guard let wanted else { return false }
        try? manager.insertSectionNow(Section(rows: [wanted]), at: edge == .bottom ? manager.state.count : 0)
        return true
    }

    /// Adds a page's rows at the edge and takes the status row away, validated first: on bad rows
    /// nothing changes and the error is thrown.
    func apply(_ page: PaginationPage) throws(DataDisplayError) {
        guard let manager else { return }
        keepRowsInPlace()
        changingOwnRows = true
        defer { changingOwnRows = false }
        try manager.perform(supersedingBackgroundUpdates: false) { () throws(DataDisplayError) in
            try manager.validateNew(page.rows)
            self.placeStatusNow(nil)
            try self.insertNow(page.rows, into: manager)
        }
    }

    private func insertNow(_ rows: [any RowGenerator], into manager: BaseListManager) throws(DataDisplayError) {
        guard !rows.isEmpty else { return }
        let content = manager.state.indices.filter { !Self.isStatusSection(manager.state[$0]) }
        if let gravity = manager as? GravityListManager {
            // Into the section at the page's edge, each row at its place by heaviness.
            if let s = edge == .bottom ? content.last : content.first {
                gravity.addByWeight(rows, section: s)
            } else {
                try manager.insertSectionNow(Section(rows: GravityListManager.ordered(rows)), at: edge == .bottom ? manager.state.count : 0)
            }
            return
        }
        switch edge {
        case .bottom:
            if let s = content.last {
                manager.insertRowsNow(rows, section: s, index: manager.state[s].rows.count)
            } else {
                try manager.insertSectionNow(Section(rows: rows), at: manager.state.count)
            }
        case .top:
            if let s = content.first {
                manager.insertRowsNow(rows, section: s, index: 0)
            } else {
                try manager.insertSectionNow(Section(rows: rows), at: 0)
            }
        }
    }

    // MARK: Repair after the app's updates

    /// The manager changed: unless the plugin did it, check its status section once the update is done.
    func scheduleRepair() {
        guard !changingOwnRows, !repairScheduled, let manager else { return }
        repairScheduled = true
        manager.fireAfterChange { [weak self] in self?.repair() }
    }

    private func repair() {
        repairScheduled = false
        guard let manager, !isInPlace(wantedStatus) else { return }
        // Queued by the manager: it runs right after the update that moved the row.
        try? manager.perform(supersedingBackgroundUpdates: false) { () throws(DataDisplayError) in
            self.changingOwnRows = true
            defer { self.changingOwnRows = false }
            if self.placeStatusNow(self.wantedStatus) { self.statusRowInserted() }
        }
    }
}
