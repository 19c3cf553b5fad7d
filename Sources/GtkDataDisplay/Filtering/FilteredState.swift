/// Keeps a manager showing the app's models through a search query, a stack of filters, a sort order
/// and sections — GTK's `GtkFilterListModel` + `GtkSortListModel` chain, as one object that hands
/// the manager whole states (`setState`), so rows that stay keep their widgets and selection.
///
/// ```swift
/// let contacts = try FilteredState(manager: manager, models: book.contacts, text: { "\($0.name) \($0.email)" }) {
///     ContactRow(model: $0)
/// }
/// try contacts.sort { $0.name < $1.name }
/// try contacts.addFilter(ModelFilter("Favourites", isOn: false) { $0.starred })
/// search.onSearchChanged { text in try? contacts.setQuery(text) }
/// ```
///
/// - **Search**: a model matches when its `text` contains the query, case ignored (and accents, with
///   `ignoringAccents`: "elo" finds "Élodie"). A query that contains the previous one looks only at
///   the previous matches (typing narrows); the matches of the last eight queries are kept, so a
///   deleted letter compares no text at all.
/// - **Filters**: a model must pass every filter that is on (`ModelFilter`), switched by index.
/// - **Sort**: `sort(by:)` orders the models (siblings, in a tree), a stable sort; the manager
///   moves the rows by diff.
/// - **Appending**: `append(_:)` adds models that arrive later; in a list the manager inserts only
///   the new rows shown, each where the sort puts it, in one operation.
/// - **Rows above**: `leadingSections` adds sections of the app's own before the models' (a
///   Favourites group), made for every update; `refresh()` shows them again after they changed.
/// - **Sections**: `group(by:header:)` puts the top-level rows in sections by a key, in order of the
///   key's first row, each under a header made for its key and number of rows (made for every
///   update: the manager rebinds a header only when its content changed).
/// - **Trees** (`init(manager:models:text:children:row:folder:)`): a folder is shown when it matches or
///   holds a match, expanded down to its matches; a folder that matches with nothing below it that
///   does shows all its children, folded as before. A folder keeps the fold state it was last shown
///   with (the user's folds and what a search opened), also when a search hid it for a while; new
///   models (`setModels`) start from the fold state each folder's row gives.
///
/// Each call applies at once. It throws what `setState` throws (two models with one id, say) and
/// then changes nothing: the query, filters, sort and sections stay as they were. For big lists,
/// `inBackground(_:)` makes the same changes and lets the manager land the result over several
/// frames (`setStateInBackground`), so that no keystroke holds the main loop.
///
/// A leaf model's row is made once (by `row`) and shown again as long as the models stay, so a
/// search that brings it back hands the manager the same generator (nothing to compare or rebind).
@MainActor
public final class FilteredState<Model> {
    /// The manager kept showing the result.
    public let manager: BaseListManager
    /// The models (the tree's top-level models), as the app gave them.
    public internal(set) var models: [Model] = []
    /// The search query (empty: no search).
    public var query: String { (pendingMatch?.query ?? textQuery).text }
    /// The filters, in the order they were added.
    public internal(set) var filters: [ModelFilter<Model>] = []
    /// How many models the query and the filters that are on match (in a tree, not counting the
    /// folders shown only for what they hold); nil with no query and no filter on. (A search over
    /// many models inside `inBackground(_:)` counts once it is matched, off the main thread.)
    public internal(set) var matchCount: Int?
    /// How many models' texts the last change of the query compared: all of them, only the previous
    /// query's matches when the new query contains it, or none for one of the last eight queries.
    public internal(set) var comparedTexts = 0
    /// Sections shown before the models' rows (a Favourites group), made for every update; nil for
    /// none. Call `refresh()` to show what it makes after a change.
    public var leadingSections: (() -> [Section])?
    /// Whether a search ignores accents as well as case.
    public let ignoringAccents: Bool

    let text: (Model) -> String
    let children: ((Model) -> [Model]?)?
    let row: (Model) -> any RowGenerator
    private let folder: ((Model, [any RowGenerator], Bool?) -> any RowGenerator)?
    var textQuery: TextQuery
    var order: ModelOrder<Model>?
    var grouping: ((Model) -> AnyHashable, (AnyHashable, Int) -> any RowGenerator)?
    /// Every model of the tree, parents before their children (`ModelNodes`).
    var nodes = ModelNodes<Model>()
    /// Each node's folded text, made at the first search.
    var keys: FoldedTexts?
    /// The nodes the current query matches (ascending), nil without a query.
    var textMatches: [Int]?
    /// The matches of the last few queries, the latest first, by folded query.
    var recentMatches: [(query: [UInt8], matches: [Int])] = []
    private static var recentQueries: Int { 8 }
    /// Each leaf's row, made on first showing.
    var rows = GeneratorSlots(count: 0)
    /// The fold state each folder was last shown with, by number.
    var expandedFolders: [Int: Bool] = [:]
    /// The number of each folder's row shown now.
    var folderNumbers: [ObjectIdentifier: Int] = [:]
    /// Inside `inBackground`: the last state a change made, not handed to the manager yet; nil outside.
    var captured: BackgroundState?
    /// A search over many texts that a change inside `inBackground` left to match off the main
    /// thread (`query` is its query); any other change matches it first (`settleMatch`).
    var pendingMatch: PendingMatch?
    /// How many `inBackground` calls are making their rows or folding texts over frames now.
    var preparing = 0
    /// Counts the changes made directly and the `inBackground` calls: such a call stops preparing
    /// its state over frames once a newer one came.
    var latestIntent = 0
    /// Counts the states made (`show`): a background update puts what it changed back only when
    /// no change was made after it.
    var changeCount = 0

    /// Shows `models` in `manager` as a flat list, each model by the row `row` makes for it; `text`
    /// is what a search matches. Throws what `setModels` throws.
    public init(manager: BaseListManager, models: [Model], text: @escaping (Model) -> String, ignoringAccents: Bool = false,
                row: @escaping (Model) -> any RowGenerator) throws(DataDisplayError) {
        self.manager = manager
        self.ignoringAccents = ignoringAccents
        textQuery = TextQuery("", ignoringAccents: ignoringAccents)
        self.text = text
        self.row = row
        children = nil
        folder = nil
        try setModels(models)
    }

    /// Shows the tree of `models` (the top-level ones) in `manager`: `children` gives a model's
    /// children (nil: a leaf, shown by `row`; an array, maybe empty: a folder, shown by the foldable
    /// `folder` makes of it, its children's rows and whether it is to be expanded — nil: as it was
    /// shown, `FoldableRowGenerator`'s `expanded:`). Throws what `setModels` throws.
    public init(manager: BaseListManager, models: [Model], text: @escaping (Model) -> String, ignoringAccents: Bool = false,
                children: @escaping (Model) -> [Model]?,
                row: @escaping (Model) -> any RowGenerator,
                folder: @escaping (_ model: Model, _ children: [any RowGenerator], _ expanded: Bool?) -> any RowGenerator)
        throws(DataDisplayError) {
        self.manager = manager
        self.ignoringAccents = ignoringAccents
        textQuery = TextQuery("", ignoringAccents: ignoringAccents)
        self.text = text
        self.children = children
        self.row = row
        self.folder = folder
        manager.didFold.addListener(key: ObjectIdentifier(self)) { [weak self] change in
            guard let self, let number = self.folderNumbers[ObjectIdentifier(change.generator)] else { return }
            self.expandedFolders[number] = change.isExpanded
        }
        try setModels(models)
    }

    isolated deinit {
        manager.didFold.removeListener(key: ObjectIdentifier(self))
    }

    // MARK: Changing what is shown

    /// Shows `models` (the top-level models of a tree) through the query, filters, sort and sections.
    public func setModels(_ models: [Model]) throws(DataDisplayError) {
        settleMatch()
        let nodes = ModelNodes(models, children: children, order: order)
        var keys: FoldedTexts?, matches: [Int]?
        if !textQuery.isEmpty { (keys, matches) = match(textQuery, in: nodes, keys: nil, among: nil) }
        var fresh = GeneratorSlots(count: nodes.count)
        let previous = (self.models, expandedFolders)
        self.models = models   // what `leadingSections` reads
        expandedFolders = [:]
        do throws(DataDisplayError) {
            try show(nodes: nodes, rows: &fresh, matches: matches)
        } catch {
            (self.models, expandedFolders) = previous
            throw error
        }
        self.nodes = nodes
        rows = fresh
        self.keys = keys
        textMatches = matches
        recentMatches = []
        remember(matches)
    }

    /// Searches for `query` (empty: shows every model the filters let through).
    public func setQuery(_ query: String) throws(DataDisplayError) {
        let settled = settleMatch()
        let new = TextQuery(query, ignoringAccents: ignoringAccents)
        guard new != textQuery else {
            // A search matched just now is shown (in `inBackground`'s change, left for it to hand over).
            if settled { try show(nodes: nodes, rows: &rows, matches: textMatches) }
            return
        }
        var keys = self.keys, matches: [Int]?
        if let recent = recentMatches.first(where: { $0.query == new.folded }) {
            matches = recent.matches
            comparedTexts = 0
        } else if !new.isEmpty {
            let candidates = new.narrows(textQuery) ? textMatches : nil
            if captured != nil, let keys, (candidates?.count ?? keys.count) >= PendingMatch.minimumTexts {
                // Inside `inBackground`: matched off the main thread once the change returns.
                pendingMatch = PendingMatch(query: new, keys: keys, candidates: candidates, intent: latestIntent)
                return
            }
            (keys, matches) = match(new, in: nodes, keys: keys, among: candidates)
        } else {
            comparedTexts = 0
        }
        try showing(\.textQuery, new, matches: matches)   // set first: what `leadingSections` reads as `query`
        self.keys = keys
        textMatches = matches
        remember(matches)
    }

    /// Keeps `matches` as the current query's among the recent ones.
    func remember(_ matches: [Int]?) {
        guard let matches else { return }
        recentMatches.removeAll { $0.query == textQuery.folded }
        recentMatches.insert((textQuery.folded, matches), at: 0)
        if recentMatches.count > Self.recentQueries { recentMatches.removeLast() }
    }

    /// Adds `filter` on top of the stack.
    public func addFilter(_ filter: ModelFilter<Model>) throws(DataDisplayError) {
        try changeFilters { $0.append(filter) }
    }

    /// Switches the filter at `index` on or off.
    public func setFilter(at index: Int, isOn: Bool) throws(DataDisplayError) {
        guard filters.indices.contains(index) else { throw .indexOutOfRange(index: index, count: filters.count) }
        try changeFilters { $0[index].isOn = isOn }
    }

    /// Takes the filter at `index` off the stack.
    public func removeFilter(at index: Int) throws(DataDisplayError) {
        guard filters.indices.contains(index) else { throw .indexOutOfRange(index: index, count: filters.count) }
        try changeFilters { _ = $0.remove(at: index) }
    }

    /// Shows the models again as they are filtered, sorted and grouped now, with the sections
    /// `leadingSections` makes now (after something they show changed).
    public func refresh() throws(DataDisplayError) {
        settleMatch()
        try show(nodes: nodes, rows: &rows, matches: textMatches)
    }

    /// Takes every filter off the stack.
    public func removeAllFilters() throws(DataDisplayError) {
        try changeFilters { $0.removeAll() }
    }

    /// Orders the models (in a tree, each folder's children) by `areInIncreasingOrder`, a stable
    /// sort; nil: as the app gave them.
    @inlinable
    public func sort(by areInIncreasingOrder: ((Model, Model) -> Bool)?) throws(DataDisplayError) {
        // Inlined into the app, where `Model` is known: the order's sort and merge are compiled for
        // it (`ModelOrder`), the models sorted beside their numbers (no generic copies, and no
        // closure called per comparison but the app's own).
        try sort(in: areInIncreasingOrder.map(ModelOrder.init))
    }

    /// Sorts in `order` (kept for later models).
    @usableFromInline
    func sort(in order: ModelOrder<Model>?) throws(DataDisplayError) {
        var nodes = self.nodes
        let models = nodes.models
        nodes.order(by: order.map { order in { order.sorted(models, $0) } })
        try showing(\.order, order, nodes: nodes)
        self.nodes = nodes
    }

    /// Puts the top-level rows in sections by `key`, in the order of each key's first row, each
    /// headed by the row `header` makes for its key and its number of top-level rows ("A (12)").
    public func group<Key: Hashable>(by key: @escaping (Model) -> Key,
                                     header: @escaping (_ key: Key, _ rows: Int) -> any RowGenerator) throws(DataDisplayError) {
        try changeGrouping((by: { AnyHashable(key($0)) }, header: { header($0.base as! Key, $1) }))
    }

    /// Shows the rows in one section again.
    public func ungroup() throws(DataDisplayError) {
        try changeGrouping(nil)
    }

    // MARK: Applying

    private func changeFilters(_ change: (inout [ModelFilter<Model>]) -> Void) throws(DataDisplayError) {
        var changed = filters
        change(&changed)
        try showing(\.filters, changed)
    }

    private func changeGrouping(_ new: ((Model) -> AnyHashable, (AnyHashable, Int) -> any RowGenerator)?) throws(DataDisplayError) {
        try showing(\.grouping, new)
    }

    /// Sets `property` to `value` and shows the result (of `nodes`, and `matches` when given, else
    /// the current ones); puts the previous value back when the manager refuses the state.
    private func showing<Value>(_ property: ReferenceWritableKeyPath<FilteredState, Value>, _ value: Value,
                                nodes: ModelNodes<Model>? = nil, matches: [Int]?? = nil) throws(DataDisplayError) {
        settleMatch()
        let previous = self[keyPath: property]
        self[keyPath: property] = value
        do throws(DataDisplayError) {
            try show(nodes: nodes ?? self.nodes, rows: &rows, matches: matches ?? textMatches)
        } catch {
            self[keyPath: property] = previous
            throw error
        }
    }

    /// The nodes `query` matches, looking only at `among` (the previous matches) when given; the
    /// folded texts, made now if `keys` is nil.
    private func match(_ query: TextQuery, in nodes: ModelNodes<Model>, keys: FoldedTexts?,
                       among candidates: [Int]?) -> (keys: FoldedTexts, matches: [Int]) {
        let keys = keys ?? foldedTexts(of: nodes.models)
        comparedTexts = candidates?.count ?? keys.count
        return (keys, keys.indices(matching: query, among: candidates))
    }

    /// The folded texts of `models`.
    func foldedTexts(of models: some Sequence<Model>) -> FoldedTexts {
        FoldedTexts(models.lazy.map(text), ignoringAccents: ignoringAccents)
    }

    /// Hands the manager the state for `matches` (nil: no query) and the filters that are on,
    /// making the rows not made yet into `rows` (kept even when the manager refuses the state: each
    /// shows its model).
    func show(nodes: ModelNodes<Model>, rows: inout GeneratorSlots, matches: [Int]?) throws(DataDisplayError) {
        let active = filters.filter(\.isOn)
        func leaf(_ index: Int) -> any RowGenerator {
            if let made = rows[index] { return made }
            let made = row(nodes.models[index])
            rows[index] = made
            return made
        }
        var expandedFolders = self.expandedFolders
        var folderNumbers: [ObjectIdentifier: Int] = [:]
        // Which models the query and the filters let through (nil: all of them; not needed for a
        // search over a list in the app's order, which shows its matches as they stand).
        var flags: [Bool]?
        let matchesAsTheyStand = nodes.isFlat && nodes.isInAppOrder && active.isEmpty && matches != nil
        if !matchesAsTheyStand, matches != nil || !active.isEmpty {
            var marked = [Bool](repeating: matches == nil, count: nodes.count)
            if let matches { for index in matches { marked[index] = true } }
            if !active.isEmpty {
                for index in marked.indices where marked[index] {
                    let model = nodes.models[index]
                    marked[index] = active.allSatisfy { $0.isIncluded(model) }
                }
            }
            flags = marked
        }
        let shownRoots: [Int], top: [any RowGenerator], matched: Int?
        var deferred = false
        if nodes.isFlat {
            // A list: the models let through, in sorted order, each by its row.
            if matchesAsTheyStand {
                shownRoots = matches!
            } else if let flags {
                shownRoots = nodes.roots.filter { flags[$0] }
            } else {
                shownRoots = nodes.roots.array
            }
            matched = matches == nil && active.isEmpty ? nil : shownRoots.count
            // A big list in `inBackground`: it makes the rows not made yet a slice at a time.
            deferred = captured != nil && shownRoots.count >= StateLanding.sizes.minimumRows
            var made: [any RowGenerator] = []
            if !deferred {
                made.reserveCapacity(shownRoots.count)
                for k in shownRoots.indices {
                    // After a re-sort, the rows made are reached in random order: fetched ahead.
                    if k &+ GeneratorPrefetch.distance < shownRoots.count {
                        rows.prefetch(shownRoots[k &+ GeneratorPrefetch.distance])
                    }
                    made.append(leaf(shownRoots[k]))
                }
            }
            top = made
        } else {
            var built = ShownTree(nodes: nodes, matched: flags)
            top = built.topRows(leaf: leaf, folder: { index, children, opened in
                // Opened by the search, else as it was last shown (nil: not shown yet, or shown now).
                if opened { expandedFolders[index] = true }
                let made = folder!(nodes.models[index], children, opened ? true : expandedFolders[index])
                folderNumbers[ObjectIdentifier(made)] = index
                return made
            })
            shownRoots = built.shownRoots
            matched = flags.map { $0.reduce(0) { $0 + ($1 ? 1 : 0) } }
        }
        // Inside `inBackground`, the state is left for it to hand to the manager.
        if deferred {
            captured = .rows(shownRoots, nodes: nodes)
        } else if captured != nil {
            captured = .sections(sections(top, of: shownRoots, in: nodes))
        } else {
            try manager.setState(sections(top, of: shownRoots, in: nodes))
            latestIntent &+= 1
        }
        changeCount &+= 1
        self.expandedFolders = expandedFolders
        self.folderNumbers = folderNumbers
        matchCount = matched
    }

    /// The sections of the top-level rows `top` (of the nodes `roots` of `nodes`): grouped when
    /// asked, after the app's `leadingSections`.
    func sections(_ top: [any RowGenerator], of roots: [Int], in nodes: ModelNodes<Model>) -> [Section] {
        var sections: [Section]
        if let (key, header) = grouping {
            var keyed: [AnyHashable: Int] = [:]
            var groups: [(key: AnyHashable, rows: [any RowGenerator])] = []
            for (index, generator) in zip(roots, top) {
                let k = key(nodes.models[index])
                if let at = keyed[k] {
                    groups[at].rows.append(generator)
                } else {
                    keyed[k] = groups.count
                    groups.append((k, [generator]))
                }
            }
            sections = groups.map { Section(header: header($0.key, $0.rows.count), rows: $0.rows) }
        } else {
            sections = [Section(rows: top)]
        }
        if let leadingSections { sections = leadingSections() + sections }
        return sections
    }
}
