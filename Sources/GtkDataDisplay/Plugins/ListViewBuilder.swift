/// Builds a list view adapter over a manager with opt-in plugins (RDDM's `.rddm.manualBuilder`):
///
///     let adapter = manager.listViewBuilder
///         .add(plugin: .selectable(.multiple))
///         .add(plugin: .foldable())
///         .build()
@MainActor
public struct ListViewBuilder {
    /// The manager the list view will show.
    public let manager: BaseListManager
    /// The plugins added so far, in order (a later plugin of the same kind wins).
    public private(set) var plugins: [ListViewPlugin] = []

    /// A builder with no plugins.
    public init(manager: BaseListManager) {
        self.manager = manager
    }

    /// This builder with one more plugin.
    public func add(plugin: ListViewPlugin) -> ListViewBuilder {
        var copy = self
        copy.plugins.append(plugin)
        return copy
    }

    /// The adapter: store → selection model → list view in a scrolled window.
    public func build() -> ListViewAdapter {
        ListViewAdapter(manager: manager, plugins: plugins)
    }
}

extension BaseListManager {
    /// Starts building a list view over this manager.
    public var listViewBuilder: ListViewBuilder { ListViewBuilder(manager: self) }
}
