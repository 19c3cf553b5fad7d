import GtkDataDisplay

/// Records what a list reports, in order, as values a test compares: the adapter's selection and
/// activation events, the rows' fold events, the manager's moves, the store's splices
/// (`items-changed`), row actions triggered and pagination's states.
///
///     let events = EventRecorder(adapter)          // a HeadlessAdapter or a ListBaseAdapter
///     adapter.click(pear)
///     XCTAssertEqual(events.lines, ["selected pear", "selectionChanged +[pear] -[]"])
///
/// Listeners are added with a key of the recorder's own, after the app's (so the app's run
/// first), and removed when the recorder goes away.
@MainActor
public final class EventRecorder {
    /// One thing reported.
    public enum Entry: Equatable, CustomStringConvertible {
        /// The adapter's `didSelect`, with the row's diff id.
        case selected(AnyHashable)
        /// The adapter's `didDeselect`.
        case deselected(AnyHashable)
        /// The adapter's `selectionChanged`: the diff ids selected and deselected, in list order.
        case selectionChanged(selected: [AnyHashable], deselected: [AnyHashable])
        /// The adapter's `didActivate`.
        case activated(AnyHashable)
        /// A row's `didFoldEvent` (rows watched by `watchFolds()`).
        case folded(AnyHashable, expanded: Bool)
        /// The manager's `didMove`.
        case moved(AnyHashable, from: RowPosition, to: RowPosition)
        /// A row-actions plugin's `didTriggerAction`: the row's diff id and the action's id.
        case actionTriggered(AnyHashable, action: String)
        /// A pagination plugin's `stateChanged`.
        case pagination(PaginationState)
        /// One `items-changed` of the store.
        case itemsChanged(ItemsChange)

        /// The entry as one line: "selected pear", "selectionChanged +[pear] -[apple]", "items-changed (2, -1, +0)", …
        public var description: String {
            func text(_ id: AnyHashable) -> String { (id.base as? String) ?? String(describing: id.base) }
            switch self {
            case .selected(let id): return "selected \(text(id))"
            case .deselected(let id): return "deselected \(text(id))"
            case .selectionChanged(let selected, let deselected):
                return "selectionChanged +[\(selected.map(text).joined(separator: ", "))] -[\(deselected.map(text).joined(separator: ", "))]"
            case .activated(let id): return "activated \(text(id))"
            case .folded(let id, let expanded): return "\(expanded ? "expanded" : "collapsed") \(text(id))"
            case .moved(let id, let from, let to): return "moved \(text(id)) \(from.section):\(from.index) → \(to.section):\(to.index)"
            case .actionTriggered(let id, let action): return "action \(action) on \(text(id))"
            case .pagination(let state): return "pagination \(state)"
            case .itemsChanged(let change): return "items-changed \(change)"
            }
        }
    }

    /// What was recorded, in order.
    public private(set) var entries: [Entry] = []
    /// `entries` as text, one line each.
    public var lines: [String] { entries.map(\.description) }

    private let manager: BaseListManager
    private var splices: ItemsChangedRecorder?
    private var removals: [() -> Void] = []
    private var key: AnyHashable { AnyHashable(ObjectIdentifier(self)) }

    /// Records a headless adapter's events, its manager's moves and store's splices, and those of
    /// the plugins installed on it so far.
    public convenience init(_ adapter: HeadlessAdapter, splices: Bool = true) {
        self.init(manager: adapter.manager, splices: splices)
        listen(selection: adapter.didSelect, adapter.didDeselect, adapter.selectionChanged, activation: adapter.didActivate)
        for plugin in adapter.paginationPlugins { watch(plugin) }
        if let plugin = adapter.rowActionsPlugin { watch(plugin) }
    }

    /// Records a list or grid view adapter's events, its manager's moves and store's splices, and
    /// those of its row-actions and pagination plugins.
    public convenience init(_ adapter: ListBaseAdapter, splices: Bool = true) {
        self.init(manager: adapter.manager, splices: splices)
        listen(selection: adapter.didSelect, adapter.didDeselect, adapter.selectionChanged, activation: adapter.didActivate)
        if let plugin = adapter.plugin(PaginationPlugin.self) { watch(plugin) }
        if let plugin = adapter.plugin(RowActionsPlugin.self) { watch(plugin) }
    }

    /// Records a manager's moves and, with `splices`, its store's `items-changed`.
    public init(manager: BaseListManager, splices: Bool = true) {
        self.manager = manager
        if splices {
            let recorder = ItemsChangedRecorder(manager.store)
            recorder.onChange = { [unowned self] change in self.entries.append(.itemsChanged(change)) }
            self.splices = recorder
        }
        add(manager.didMove) { [unowned self] move in
            self.append(.moved(move.generator.diffID, from: move.from, to: move.to))
        }
    }

    isolated deinit {
        for remove in removals { remove() }
    }

    /// Also records the fold events of every foldable row in the manager now, children of
    /// collapsed rows included (rows added later are not watched: call it again).
    public func watchFolds() {
        var pending = manager.flatGenerators
        var seen = Set<ObjectIdentifier>()
        while let generator = pending.popLast() {
            guard let foldable = generator as? FoldableItem, seen.insert(ObjectIdentifier(generator)).inserted else { continue }
            let id = generator.diffID
            add(foldable.didFoldEvent) { [unowned self] expanded in self.append(.folded(id, expanded: expanded)) }
            pending += foldable.children
        }
    }

    /// Also records a pagination plugin's states.
    public func watch(_ plugin: PaginationPlugin) {
        add(plugin.stateChanged) { [unowned self] state in self.append(.pagination(state)) }
    }

    /// Also records a row-actions plugin's triggered actions.
    public func watch(_ plugin: RowActionsPlugin) {
        add(plugin.didTriggerAction) { [unowned self] trigger in
            self.append(.actionTriggered(trigger.generator.diffID, action: trigger.action.id))
        }
    }

    /// Forgets what was recorded.
    public func reset() { entries.removeAll() }

    private func listen(selection didSelect: Event<any RowGenerator>, _ didDeselect: Event<any RowGenerator>,
                        _ selectionChanged: Event<SelectionChange>, activation didActivate: Event<any RowGenerator>) {
        add(didSelect) { [unowned self] in self.append(.selected($0.diffID)) }
        add(didDeselect) { [unowned self] in self.append(.deselected($0.diffID)) }
        add(selectionChanged) { [unowned self] change in
            self.append(.selectionChanged(selected: change.selected.map(\.diffID), deselected: change.deselected.map(\.diffID)))
        }
        add(didActivate) { [unowned self] in self.append(.activated($0.diffID)) }
    }

    private func add<Input>(_ event: Event<Input>, _ body: @escaping (Input) -> Void) {
        let key = self.key
        event.addListener(key: key, body)
        removals.append { [weak event] in event?.removeListener(key: key) }
    }

    private func append(_ entry: Entry) { entries.append(entry) }
}
