// Folding: a foldable row's visible descendants stand right after it in its section, so expanding
// and collapsing are each one splice of that contiguous range.

extension BaseListManager {
    /// Shows the children of `generator` (and, below them, the children of those already expanded).
    /// The fold event fires after the store changed. Expanding an expanded row does nothing.
    public func expand(_ generator: any RowGenerator) throws(DataDisplayError) {
        try perform(supersedingBackgroundUpdates: false) { () throws(DataDisplayError) in
            let (foldable, s, i) = try self.foldableLocation(generator)
            guard !foldable.isExpanded else { return }
            self.setExpanded(foldable, true)
            do throws(DataDisplayError) {
                try self.checkRevealable(section: s, index: i)
            } catch {
                self.setExpanded(foldable, false)
                throw error
            }
            self.refold(section: s, index: i)
            self.fireFold([foldable])
        }
    }

    /// Hides every descendant of `generator`, keeping each child's own expansion for next time.
    public func collapse(_ generator: any RowGenerator) throws(DataDisplayError) {
        try perform(supersedingBackgroundUpdates: false) { () throws(DataDisplayError) in
            let (foldable, s, i) = try self.foldableLocation(generator)
            guard foldable.isExpanded else { return }
            self.setExpanded(foldable, false)
            self.refold(section: s, index: i)
            self.fireFold([foldable])
        }
    }

    /// Expands a collapsed row, collapses an expanded one.
    public func toggle(_ generator: any RowGenerator) throws(DataDisplayError) {
        try perform(supersedingBackgroundUpdates: false) { () throws(DataDisplayError) in
            let (foldable, _, _) = try self.foldableLocation(generator)
            if foldable.isExpanded { try self.collapse(generator) } else { try self.expand(generator) }
        }
    }

    /// Expands `generator` and every foldable row below it (GTK's `*`), in one splice.
    public func expandSubtree(_ generator: any RowGenerator) throws(DataDisplayError) {
        try perform(supersedingBackgroundUpdates: false) { () throws(DataDisplayError) in
            let (foldable, s, i) = try self.foldableLocation(generator)
            let changed = try self.foldables(in: foldable, postOrder: false).filter { !$0.isExpanded }
            guard !changed.isEmpty else { return }
            for item in changed { self.setExpanded(item, true) }
            do throws(DataDisplayError) {
                try self.checkRevealable(section: s, index: i)
            } catch {
                for item in changed.reversed() { self.setExpanded(item, false) }
                throw error
            }
            self.refold(section: s, index: i)
            self.fireFold(changed)
        }
    }

    /// Collapses `generator` and every foldable row below it, shown or not, in one splice: the next
    /// expand shows one level at a time again.
    public func collapseSubtree(_ generator: any RowGenerator) throws(DataDisplayError) {
        try perform(supersedingBackgroundUpdates: false) { () throws(DataDisplayError) in
            let (foldable, s, i) = try self.foldableLocation(generator)
            let changed = try self.foldables(in: foldable, postOrder: true).filter(\.isExpanded)
            guard !changed.isEmpty else { return }
            for item in changed { self.setExpanded(item, false) }
            // A foldable hidden below a collapsed row may also stand elsewhere in the list: fold it
            // there too, so the store always agrees with the fold state (one diffed update then).
            let subtree = Set(self.state[s].rows.rows(in: i..<self.state[s].subtreeEnd(i)).map { ObjectIdentifier($0.generator) })
            let elsewhere = changed.filter {
                self.stands($0) && !subtree.contains(ObjectIdentifier($0))
            }
            if elsewhere.isEmpty {
                self.refold(section: s, index: i)
            } else {
                try self.runBatch(requiringOperations: false) { () throws(DataDisplayError) in
                    for item in [foldable] + elsewhere where self.stands(item) {
                        let (s, i) = try self.rowLocation(item)
                        self.refold(section: s, index: i)
                    }
                }
            }
            self.fireFold(changed)
        }
    }

    /// Shows `generator`'s current `children` after they changed (one splice over its subtree). A child
    /// that comes back as a new generator with its diff id keeps its row (GTK keeps the widget and a
    /// selection on it), as in a whole-state update: rebound when its content differs.
    public func reloadChildren(of generator: any RowGenerator) throws(DataDisplayError) {
        try perform(supersedingBackgroundUpdates: false) { () throws(DataDisplayError) in
            let (foldable, s, i) = try self.foldableLocation(generator)
            guard foldable.isExpanded else { return }
            try self.checkRevealable(section: s, index: i)
            self.refold(section: s, index: i)
        }
    }

    /// Loads the children of a row made with a loader again (`childLoading`): its loaded children
    /// go; an expanded row shows the loading row and its loader runs now, a collapsed one loads on
    /// its next expand. A row whose children were given is refolded as `reloadChildren(of:)` does.
    /// Throws, changing nothing, for a generator that is not shown or cannot fold.
    public func loadChildren(of generator: any RowGenerator) throws(DataDisplayError) {
        let (foldable, _, _) = try foldableLocation(generator)
        guard let loading = foldable.childLoading else { return try reloadChildren(of: generator) }
        loading.reset(in: self)
    }

    /// Whether `generator` is a foldable row that is expanded.
    public func isExpanded(_ generator: any RowGenerator) -> Bool {
        (generator as? FoldableItem)?.isExpanded ?? false
    }

    /// The nesting level of a shown row (0 for a section's own rows), or nil when it is not shown.
    public func depth(of generator: any RowGenerator) -> Int? {
        row(of: generator)?.depth
    }

    // MARK: Internals

    func foldableLocation(_ generator: any RowGenerator) throws(DataDisplayError) -> (any FoldableItem, Int, Int) {
        let (s, i) = try rowLocation(generator)
        guard let foldable = generator as? FoldableItem else { throw .notFoldable(describe(generator)) }
        return (foldable, s, i)
    }

    /// Replaces the rows below `rows[index]` with what its expansion state shows now. Rows of
    /// generators that stay visible keep their row objects, and so do rows whose key a new generator
    /// brings (`SubtreeReuse`); one splice covers the change.
    func refold(section s: Int, index i: Int) {
        let parent = state[s].rows[i]
        let end = state[s].subtreeEnd(i)
        let before = state[s].rows.rows(in: (i + 1)..<end)
        var reuse = SubtreeReuse(before)
        forget(before)
        var shown: [Row] = []
        if let foldable = parent.generator as? FoldableItem, foldable.isExpanded {
            shown = makeRows(foldable.children, depth: parent.depth + 1, reuse: &reuse)
        }
        state[s].place(shown, replacing: (i + 1)..<end)
        takeController(ofSection: s, shown)
        let position = sectionOffset(s) + state[s].rowsOffset + i + 1
        if before.isEmpty || shown.isEmpty {
            splice(at: position, removing: before.count, inserting: shown)
        } else {
            // Some rows stay visible: diff the subtree so they are not removed and re-added.
            spliceDiffed(at: position, old: before, new: shown)
        }
        // Rows new generators took by key: the same view for equal content, else rebound (in a
        // batch, at its end, as rows `update` names).
        for (row, previous) in reuse.handedOver { row.handViewOver(from: previous) }
        for row in reuse.retaken {
            if batchDepth > 0 { batchUpdatedRows.append(row) } else { refresh(row) }
        }
        // Kept rows may have changed state too (expandSubtree): redraw every shown expander,
        // unless a batch is open (it redraws once the store has its result).
        guard batchDepth == 0 else { return }
        parent.foldStateChanged()
        for row in shown { row.foldStateChanged() }
    }

    /// `foldable` and every foldable below it, shown or not: parents first, or (`postOrder`)
    /// children first. Throws `.foldingCycle` if one contains itself; nothing is changed.
    private func foldables(in foldable: any FoldableItem, postOrder: Bool) throws(DataDisplayError) -> [any FoldableItem] {
        var found: [any FoldableItem] = postOrder ? [] : [foldable]
        try FoldTree.walk(foldable.children, scope: .all, ancestors: [foldable], visit: { g, _ throws(DataDisplayError) in
            if !postOrder, let f = g as? FoldableItem { found.append(f) }
        }, leave: { f in
            if postOrder { found.append(f) }
        })
        if postOrder { found.append(foldable) }
        return found
    }

    /// Throws unless what `rows[index]` would show now is new to the manager (or already shown
    /// below it) and shows no generator twice: a generator stands in a manager once.
    private func checkRevealable(section s: Int, index i: Int) throws(DataDisplayError) {
        guard let foldable = state[s].rows[i].generator as? FoldableItem, foldable.isExpanded else { return }
        let end = state[s].subtreeEnd(i)
        var own = Set<ObjectIdentifier>()
        for row in state[s].rows.rows(in: (i + 1)..<end) { own.insert(ObjectIdentifier(row.generator)) }
        own.insert(ObjectIdentifier(foldable))
        var entering = EnteringRows()
        let depth = state[s].rows[i].depth
        // Every row below the foldable is a child row: `entering` refuses any of them twice (and the
        // walk the foldable itself, a cycle).
        try FoldTree.walk(foldable.children, depth: depth + 1, scope: .shown, ancestors: [foldable]) { g, depth throws(DataDisplayError) in
            guard own.contains(ObjectIdentifier(g)) || !self.stands(g) else { throw .duplicateGenerator(describe(g)) }
            try entering.append(g, role: .row, depth: depth)
        }
        guard batchDepth == 0 else { return }
        try entering.checkDistinct(keys: true)
        try diffIDs.check(entering, leaving: state[s].rows.rows(in: (i + 1)..<end), shown: shownRowsForIDCheck)
    }

    /// Queues each changed row's fold event with the state this change gave it; they fire once the
    /// operation (or its batch) has reached the store, and mutations their listeners start run after all of them.
    func fireFold(_ changed: [any FoldableItem]) {
        let cause = foldCause
        for foldable in changed {
            let expanded = foldable.isExpanded
            let controller = row(of: foldable)?.sectionController
            fireAfterChange { [weak self] in
                foldable.didFoldEvent.invoke(with: expanded)
                controller?.didFold(foldable, expanded: expanded)
                self?.didFold.invoke(with: FoldChange(generator: foldable, isExpanded: expanded, cause: cause))
            }
        }
    }

    /// Runs `body`, a view's folding of rows for the user (an expander click, a key): the fold
    /// events it fires say `.user`.
    func foldingForUser(_ body: () -> Void) {
        let outer = foldCause
        foldCause = .user
        defer { foldCause = outer }
        body()
    }
}
