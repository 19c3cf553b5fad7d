import CGtkDataDisplay

// What a list or grid view adapter does with its rows apart from its widgets: report selection
// changes and activate rows. `ListBaseAdapter` has it over a real GtkListView or GtkGridView; the
// testing kit's headless adapter (`DetachedAdapter`) has it with no widget at all, so a test without
// a display runs the very code a user's click or key runs.

/// The widget-free part of an adapter: its manager, its events, its selection, its plugin switches.
@MainActor
protocol AdapterBehavior: AnyObject {
    /// The manager whose rows are shown.
    var manager: BaseListManager { get }
    /// Fires with the generator of a row that became selected.
    var didSelect: Event<any RowGenerator> { get }
    /// Fires with the generator of a row that stopped being selected.
    var didDeselect: Event<any RowGenerator> { get }
    /// Fires once per selection change, after the rows' own events.
    var selectionChanged: Event<SelectionChange> { get }
    /// Fires with the generator of an activated row.
    var didActivate: Event<any RowGenerator> { get }
    /// What the plugins enabled.
    var features: PluginSet { get }
    /// The selection model and the selected rows.
    var selection: RowSelection! { get }
    /// Shows `model` (the selection model, set again when the selection mode changes).
    func setModel(_ model: TypedObject<GtkType.SelectionModel>)
}

extension AdapterBehavior {
    /// Activates the row at `position` as GTK's `activate` signal does (Enter, double click, or a
    /// single click when set): the adapter's `didActivate`, the row's `didActivateEvent` and its
    /// section controller's, within a view callback. Returns the generator when the row is
    /// activatable (the caller folds a foldable one), nil otherwise (headers, footers, no row).
    @discardableResult
    func fireActivation(at position: Int) -> (any RowGenerator)? {
        guard let row = manager.store.row(at: position), row.isActivatable else { return nil }
        manager.withinViewCallback {
            didActivate.invoke(with: row.generator)
            (row.generator as? SelectableItem)?.didActivateEvent.invoke()
            row.sectionController?.didActivate(row.generator)
        }
        return row.generator
    }

    /// Whether activating `generator` folds it: the view has the folding plugin and the row is foldable.
    func activationFolds(_ generator: any RowGenerator) -> Bool {
        features.foldable && generator is FoldableItem
    }

    /// Folds `generator` as a folding key does (Right or `+`, Left or `-`, `*`); returns whether
    /// the key was used (an expanded row does not take "expand").
    func fold(_ generator: any RowGenerator, _ action: FoldingKeys.Action) -> Bool {
        guard let foldable = generator as? FoldableItem else { return false }
        switch action {
        case .expand:
            if foldable.isExpanded { return false }
            manager.foldingForUser { try? manager.expand(generator) }
        case .collapse:
            if !foldable.isExpanded { return false }
            manager.foldingForUser { try? manager.collapse(generator) }
        case .expandSubtree:
            manager.foldingForUser { try? manager.expandSubtree(generator) }
        }
        return true
    }

    /// Expands or collapses a foldable row (expander click, activation).
    func toggleFold(of generator: any RowGenerator) {
        manager.foldingForUser { try? manager.toggle(generator) }
    }
}
