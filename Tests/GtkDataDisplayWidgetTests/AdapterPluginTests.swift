import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A plugin object that records what it was installed on.
@MainActor
private final class RecordingPlugin: AdapterPlugin {
    nonisolated(unsafe) static var live = 0
    var installedOn: [ObjectIdentifier] = []
    init() { Self.live += 1 }
    deinit { Self.live -= 1 }
    func install(on adapter: ListBaseAdapter) { installedOn.append(ObjectIdentifier(adapter)) }
}

/// Plugin objects: the builder installs them once on the adapter it builds, the adapter keeps them
/// as long as it lives, and the adapter's widget is an overlay over its scrolled window.
final class AdapterPluginTests: WidgetTestCase {
    func testTheBuilderInstallsPluginObjectsOnceAndTheAdapterKeepsThem() async throws {
        let manager = BaseListManager()
        try manager.add(rows(3))
        weak var builtList: ListViewAdapter?
        do {
            let plugin = RecordingPlugin()
            let list = manager.listViewBuilder.add(plugin: .selectable()).add(plugin: plugin).build()
            builtList = list
            XCTAssertEqual(plugin.installedOn, [ObjectIdentifier(list)])
            XCTAssertTrue(list.plugin(RecordingPlugin.self) === plugin)
            let grid = manager.gridViewBuilder.add(plugin: RecordingPlugin()).build()
            XCTAssertEqual(grid.plugin(RecordingPlugin.self)?.installedOn, [ObjectIdentifier(grid)])
            XCTAssertEqual(RecordingPlugin.live, 2)
        }
        XCTAssertNil(builtList, "the adapter (and so its plugins) is released with its last reference")
        XCTAssertEqual(RecordingPlugin.live, 0, "plugins die with their adapters")
    }

    func testTheAdapterWidgetIsAnOverlayOverTheScrolledWindow() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            try manager.add(rows(2))
            let adapter = build(manager, plugins: [])
            let host = WindowHost(child: adapter.widget)
            defer { host.destroy() }
            XCTAssertEqual(adapter.gtkWidget, adapter.widget)
            XCTAssertEqual(gtk_widget_get_parent(adapter.scrolledWindow), adapter.widget)
            XCTAssertEqual(String(cString: g_type_name_from_instance(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(adapter.widget)))), "GtkOverlay")
        }
    }
}
