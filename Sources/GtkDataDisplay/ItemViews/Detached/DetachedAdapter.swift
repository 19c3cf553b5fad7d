import CGtkDataDisplay

/// A list or grid view adapter without its widget, for tests without a display: GTK's real
/// selection model over the manager's real store, and the adapter's own selection, activation and
/// folding code (`AdapterBehavior`, shared with `ListBaseAdapter`). GTK's item views need a
/// display; its models do not.
///
/// In box mode (`init(boxOf:)`) it behaves as a `BoxAdapter` instead: no selection, and a click
/// activates a row and folds a foldable one.
///
/// For the testing kit (`GtkDataDisplayTesting.HeadlessAdapter` wraps it); apps use `ListViewAdapter`.
@_spi(Testing)
@MainActor
public final class DetachedAdapter {
    /// The manager whose rows are "shown".
    public let manager: BaseListManager
    /// Fires with the generator of a row that became selected.
    public let didSelect = Event<any RowGenerator>()
    /// Fires with the generator of a row that stopped being selected.
    public let didDeselect = Event<any RowGenerator>()
    /// Fires once per selection change, after the rows' own events.
    public let selectionChanged = Event<SelectionChange>()
    /// Fires with the generator of an activated row.
    public let didActivate = Event<any RowGenerator>()
    let features: PluginSet
    private(set) var selection: RowSelection!
    /// Whether it behaves as a `BoxAdapter` (no selection; a click activates and folds).
    public let isBox: Bool

    /// An adapter over `manager` with these plugins (`.selectable`, `.foldable`, `.activation`).
    public init(manager: BaseListManager, plugins: [ListViewPlugin]) {
        MainQueueBridge.install()
        self.manager = manager
        features = PluginSet(plugins)
        isBox = false
        selection = RowSelection(adapter: self, mode: features.selection)
    }

    /// An adapter over `manager` that behaves as a `BoxAdapter`: no selection (a `GtkNoSelection`
    /// stands in), activation and folding as a click on a box's row does.
    public init(boxOf manager: BaseListManager) {
        MainQueueBridge.install()
        self.manager = manager
        features = PluginSet([.selectable(.none)])
        isBox = true
        selection = RowSelection(adapter: self, mode: .none)
    }

    func setModel(_ model: TypedObject<GtkType.SelectionModel>) {}

    /// The selection model over the store (another object after `selectionMode` changes).
    public var selectionModel: TypedObject<GtkType.SelectionModel> { selection.model }
    /// How rows can be selected; setting it swaps the selection model as a view's adapter does.
    public var selectionMode: SelectionMode {
        get { selection.requestedMode }
        set { selection.setMode(newValue) }
    }
    /// Whether a selected row that a whole-state update takes out — a search or a filter that hides
    /// it — is selected again when a later update brings back a row with its diff id. Default
    /// `true`: a query that matches nothing, then cleared, gives the user back the selection they
    /// made. The rows that leave are reported as deselected (`SelectionChange.cause` `.update`) and
    /// those that return as selected, with the same cause. Rows taken out by `remove`, `clear` or
    /// another single operation are not brought back, and the user's or the app's deselection (or,
    /// in single mode, another selected row) forgets the hidden ones.
    public var restoresSelectionByID: Bool {
        get { selection.restoresByID }
        set { selection.restoresByID = newValue }
    }

    /// Whether the view would have the folding plugin.
    public var isFoldable: Bool { features.foldable }
    /// How many rows are selected.
    public var selectedCount: Int { selection.count }
    /// The selected generators in list order.
    public var selectedGenerators: [any RowGenerator] { selection.rowsInListOrder.map(\.generator) }

    /// Whether `generator`'s row is selected, as the adapter's selection says.
    public func isSelected(_ generator: any RowGenerator) -> Bool {
        guard let row = manager.row(of: generator) else { return false }
        return selection.contains(row)
    }

    /// `ListBaseAdapter.select(_:)`: the selectable rows among `generators`, one change.
    public func select(_ generators: [any RowGenerator]) { selectSelectable(generators) }
    /// `ListBaseAdapter.deselect(_:)`.
    public func deselect(_ generators: [any RowGenerator]) { unselectRows(of: generators) }
    /// `ListBaseAdapter.selectAll()`.
    public func selectAll() { selection.selectAll() }
    /// `ListBaseAdapter.unselectAll()`.
    public func unselectAll() { selection.unselectAll() }

    /// What GtkListView's `activate` signal does for `position` (Enter, double click): the
    /// activation events, then folding for a foldable row with the folding plugin. Returns whether
    /// the row was activatable.
    @discardableResult
    public func activate(position: Int) -> Bool {
        if isBox {
            guard let row = manager.store.row(at: position) else { return false }
            return BoxActivation.activate(row, in: manager, didActivate: didActivate)
        }
        guard let generator = fireActivation(at: position) else { return false }
        if activationFolds(generator) { toggleFold(of: generator) }
        return true
    }

    /// What a folding key (Right or `+`, Left or `-`, `*`) does on the focused row `generator`;
    /// returns whether the key was used. Keys fold only with the folding plugin.
    @discardableResult
    public func pressFoldingKey(_ key: FoldingKey, on generator: any RowGenerator) -> Bool {
        guard features.foldable else { return false }
        switch key {
        case .expand: return fold(generator, .expand)
        case .collapse: return fold(generator, .collapse)
        case .expandSubtree: return fold(generator, .expandSubtree)
        }
    }

    /// What a click on a row's expander does.
    public func clickExpander(of generator: any RowGenerator) {
        if isBox { BoxActivation.toggleFold(of: generator, in: manager) } else { toggleFold(of: generator) }
    }
}

extension DetachedAdapter: AdapterBehavior {}

/// A key that folds the focused row (GTK's tree conventions).
@_spi(Testing)
public enum FoldingKey: Sendable {
    /// Right or `+`.
    case expand
    /// Left or `-`.
    case collapse
    /// `*`: the whole subtree.
    case expandSubtree
}
