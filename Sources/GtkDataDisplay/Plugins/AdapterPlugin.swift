// Plugins with behaviour of their own (pagination, empty state, scroll anchoring, reordering,
// row actions): objects a builder installs on the adapter it builds. The built-in switches
// (`.selectable`, `.foldable`, `.activation`) stay values of `ListViewPlugin`.

/// A plugin that adds behaviour to a list or grid view adapter: installed once, when the builder
/// builds the adapter (or by `adapter.install(_:)`), and kept alive by the adapter from then on.
///
///     let list = manager.listViewBuilder
///         .add(plugin: .selectable())
///         .add(plugin: MyPlugin())
///         .build()
@MainActor
public protocol AdapterPlugin: AnyObject {
    /// Connects the plugin to `adapter` (its events, its store, its widgets). Called once.
    func install(on adapter: ListBaseAdapter)
}

extension ListBaseAdapter {
    /// Installs `plugin` on this adapter and keeps it alive as long as the adapter.
    public func install(_ plugin: any AdapterPlugin) {
        installedPlugins.append(plugin)
        plugin.install(on: self)
    }

    /// The installed plugin of type `P`, if any.
    public func plugin<P: AdapterPlugin>(_ type: P.Type) -> P? {
        installedPlugins.lazy.compactMap { $0 as? P }.first
    }
}
