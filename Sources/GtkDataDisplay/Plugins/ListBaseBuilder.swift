/// An adapter that a builder can make: a view over a manager with a list of plugins
/// (`ListViewAdapter`, `GridViewAdapter`, `ColumnViewAdapter`).
@MainActor
public protocol ListBaseBuildable: ListBaseAdapter {
    /// A view over `manager`'s store with exactly these plugins.
    init(manager: BaseListManager, plugins: [ListViewPlugin])
}

extension ListViewAdapter: ListBaseBuildable {}
extension GridViewAdapter: ListBaseBuildable {}
extension ColumnViewAdapter: ListBaseBuildable {}

/// Builds a list or grid view adapter over a manager with opt-in plugins (RDDM's
/// `.rddm.manualBuilder`):
///
///     let list = manager.listViewBuilder
///         .add(plugin: .selectable(.multiple))
///         .add(plugin: .foldable())
///         .build()
///     let grid = manager.gridViewBuilder.add(plugin: .selectable()).build()
@MainActor
public struct ListBaseBuilder<Adapter: ListBaseBuildable> {
    /// The manager the view will show.
    public let manager: BaseListManager
    /// Makes the adapter (nil: `Adapter(manager:plugins:)`); a column view builder passes its columns.
    private var make: (@MainActor (BaseListManager, [ListViewPlugin]) -> Adapter)?
    /// The plugins added so far, in order (a later plugin of the same kind wins).
    public private(set) var plugins: [ListViewPlugin] = []
    /// The plugin objects added so far, installed in this order by `build()`.
    public private(set) var objectPlugins: [any AdapterPlugin] = []

    /// A builder with no plugins.
    public init(manager: BaseListManager) {
        self.manager = manager
    }

    /// This builder with one more plugin.
    public func add(plugin: ListViewPlugin) -> Self {
        var copy = self
        copy.plugins.append(plugin)
        return copy
    }

    /// This builder with one more plugin object (pagination, empty state, …). The parameter is an
    /// existential, not `some AdapterPlugin`: through a generic parameter Swift 6 checks a closure
    /// written inline, `.add(plugin: .pagination(edge: .bottom) { … })`, as non-Sendable and rejects it.
    public func add(plugin: any AdapterPlugin) -> Self {
        var copy = self
        copy.objectPlugins.append(plugin)
        return copy
    }

    /// The adapter: store → selection model → view in a scrolled window, with the plugin
    /// objects installed.
    public func build() -> Adapter {
        let adapter = make?(manager, plugins) ?? Adapter(manager: manager, plugins: plugins)
        for plugin in objectPlugins { adapter.install(plugin) }
        return adapter
    }
}

/// Builds a `ListViewAdapter`.
public typealias ListViewBuilder = ListBaseBuilder<ListViewAdapter>
/// Builds a `GridViewAdapter`.
public typealias GridViewBuilder = ListBaseBuilder<GridViewAdapter>
/// Builds a `ColumnViewAdapter`.
public typealias ColumnViewBuilder = ListBaseBuilder<ColumnViewAdapter>

extension ListBaseBuilder where Adapter == ColumnViewAdapter {
    /// A builder of a table with `columns` and no plugins.
    public init(manager: BaseListManager, columns: [TableColumn]) {
        self.manager = manager
        make = { manager, plugins in ColumnViewAdapter(manager: manager, plugins: plugins, columns: columns) }
    }
}

extension BaseListManager {
    /// Starts building a list view over this manager.
    public var listViewBuilder: ListViewBuilder { ListViewBuilder(manager: self) }
    /// Starts building a grid view over this manager.
    public var gridViewBuilder: GridViewBuilder { GridViewBuilder(manager: self) }
    /// Starts building a table (`GtkColumnView`) with `columns` over this manager.
    public func columnViewBuilder(columns: [TableColumn]) -> ColumnViewBuilder {
        ColumnViewBuilder(manager: self, columns: columns)
    }
}
