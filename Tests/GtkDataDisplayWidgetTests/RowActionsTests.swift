import CGtkDataDisplay
import Foundation
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A text row with a context menu: Rename, Archive (disabled) and Delete (destructive).
@MainActor
final class MenuRow: BaseRowGenerator<LabelRowView>, RowActionsProviding {
    var fired: [String] = []
    lazy var rename = RowAction(id: "rename", label: "Rename", icon: "document-edit-symbolic") { [unowned self] in
        fired.append("rename")
    }
    lazy var archive = RowAction(id: "archive", label: "Archive", isEnabled: false) { [unowned self] in
        fired.append("archive")
    }
    lazy var delete = RowAction(id: "delete", label: "Delete", icon: "user-trash-symbolic", isDestructive: true) { [unowned self] in
        fired.append("delete")
    }
    var rowActions: [RowAction] { [rename, archive, delete] }

    init(_ name: String) { super.init(model: name, id: name) }
}

/// Row actions as a user meets them: a right click, a long press, the Menu key and Shift+F10 open
/// the row's menu (real X input, xdotool); an entry fires its events; closing the menu gives the
/// focus back to the row; in a list and a grid.
final class RowActionsTests: WidgetTestCase {
    private var manager: BaseListManager!
    private var adapter: ListBaseAdapter!
    private var host: WindowHost!
    private var plugin: RowActionsPlugin!
    private var items: [MenuRow] = []
    private var plain: LabelRow!
    private var input: XInput { XInput(host: host) }

    private func showList(plugin: RowActionsPlugin = .rowActions()) {
        host?.destroy()
        items = (0..<6).map { MenuRow("row \($0)") }
        plain = LabelRow(model: "plain", id: "plain")
        manager = BaseListManager()
        try! manager.addSection(header: LabelHeader(model: "Rows"), rows: items + [plain])
        self.plugin = plugin
        adapter = switch viewKind {
        case .list: manager.listViewBuilder.add(plugin: .selectable()).add(plugin: plugin).build()
        case .grid: manager.gridViewBuilder.add(plugin: .selectable()).add(plugin: plugin).build()
        case .column: manager.columnViewBuilder(columns: tableColumns()).add(plugin: .selectable()).add(plugin: plugin).build()
        }
        host = WindowHost(child: adapter.scrolledWindow)
    }

    override func tearDownViews() async throws {
        host?.destroy()
        host = nil
        adapter = nil
        plugin = nil
        manager = nil
    }

    private func rowWidget(_ generator: any RowGenerator) throws -> UnsafeMutablePointer<GtkWidget> {
        try XCTUnwrap(adapter.rowWidget(for: generator), "the row is bound")
    }

    private func focus(_ generator: any RowGenerator) throws {
        XCTAssertTrue(gtk_widget_grab_focus(try rowWidget(generator)) != 0)
        host.settle()
        XCTAssertTrue(adapter.focusedGenerator === generator)
    }

    private func button(_ id: String) throws -> UnsafeMutablePointer<GtkWidget> {
        let menu = try XCTUnwrap(Mirror(reflecting: plugin!).descendant("madeMenu") as? RowActionsMenu)
        return try XCTUnwrap(menu.entries.first { $0.action.id == id }?.button, "an entry for \(id)")
    }

    private func waitForMenu(open: Bool) -> Bool {
        MainContext.iterate(until: { self.plugin.isMenuOpen == open && (gtk_widget_get_mapped(self.plugin.popover) != 0) == open })
    }

    func testRightClickOpensTheRowsMenuWithItsActions() async throws {
        try await forEachViewKind { _ in
            showList()
            let target = items[2]
            try input.click(try rowWidget(target), button: 3)
            XCTAssertTrue(waitForMenu(open: true), "a right click opens the menu")
            XCTAssertTrue(plugin.menuGenerator === target)
            XCTAssertEqual(plugin.shownActions.map(\.id), ["rename", "archive", "delete"])
            XCTAssertEqual(plugin.shownActions.map(\.label), ["Rename", "Archive", "Delete"])
            XCTAssertTrue(gtk_widget_has_css_class(try button("delete"), "destructive-action") != 0)
            XCTAssertTrue(gtk_widget_has_css_class(try button("rename"), "destructive-action") == 0)
            // The menu points inside the row it belongs to.
            var pointing = GdkRectangle()
            XCTAssertTrue(gtk_popover_get_pointing_to(gdd_popover(UnsafeMutableRawPointer(plugin.popover)), &pointing) != 0)
            var bounds = graphene_rect_t()
            XCTAssertTrue(gtk_widget_compute_bounds(try rowWidget(target), adapter.itemView, &bounds) != 0)
            XCTAssertTrue(Float(pointing.y) >= bounds.origin.y && Float(pointing.y) < bounds.origin.y + bounds.size.height,
                          "points at y \(pointing.y), the row spans \(bounds.origin.y)…\(bounds.origin.y + bounds.size.height)")
            XCTAssertEqual(target.fired, [], "opening fires nothing")
            try input.key("Escape")
            XCTAssertTrue(waitForMenu(open: false))
        }
    }

    func testDisabledActionIsInsensitiveAndAClickOnItFiresNothing() async throws {
        try await forEachViewKind { _ in
            showList()
            try input.click(try rowWidget(items[1]), button: 3)
            XCTAssertTrue(waitForMenu(open: true))
            let archive = try button("archive")
            XCTAssertEqual(gtk_widget_get_sensitive(archive), 0)
            XCTAssertNotEqual(gtk_widget_get_sensitive(try button("rename")), 0)
            try input.click(archive)
            XCTAssertEqual(items[1].fired, [])
        }
    }

    func testClickingAnEntryFiresItsEventsClosesTheMenuAndFocusesTheRow() async throws {
        try await forEachViewKind { _ in
            showList()
            var triggers: [(String, String)] = []
            plugin.didTriggerAction += { trigger in
                triggers.append(((trigger.generator as? MenuRow)?.model ?? "?", trigger.actionID))
            }
            var perAction = 0
            items[3].delete.didTrigger += { perAction += 1 }
            try focus(items[0])
            try input.click(try rowWidget(items[3]), button: 3)
            XCTAssertTrue(waitForMenu(open: true))
            try input.click(try button("delete"))
            XCTAssertTrue(waitForMenu(open: false), "choosing closes the menu")
            XCTAssertEqual(items[3].fired, ["delete"], "the handler ran once")
            XCTAssertEqual(perAction, 1, "the action's event fired once")
            XCTAssertEqual(triggers.map(\.0), ["row 3"])
            XCTAssertEqual(triggers.map(\.1), ["delete"])
            XCTAssertTrue(adapter.focusedGenerator === items[3], "the focus is on the row whose menu it was")
        }
    }

    func testMenuKeyOpensTheFocusedRowsMenuAndEscapeGivesTheFocusBack() async throws {
        try await forEachViewKind { _ in
            showList()
            try focus(items[4])
            try input.key("Menu")
            XCTAssertTrue(waitForMenu(open: true), "Menu opens the focused row's menu")
            XCTAssertTrue(plugin.menuGenerator === items[4])
            let root = try XCTUnwrap(gtk_widget_get_root(adapter.itemView))
            let focused = try XCTUnwrap(gtk_root_get_focus(root))
            let rename = try button("rename")
            XCTAssertTrue(focused == rename || gtk_widget_is_ancestor(focused, rename) != 0,
                          "the first entry that can be chosen has the focus")
            try input.key("Escape")
            XCTAssertTrue(waitForMenu(open: false))
            XCTAssertTrue(adapter.focusedGenerator === items[4], "the focus is back on the row")
            XCTAssertEqual(items[4].fired, [])
        }
    }

    func testShiftF10OpensTheMenuAndReturnChoosesTheFocusedEntry() async throws {
        try await forEachViewKind { _ in
            showList()
            try focus(items[2])
            try input.key("shift+F10")
            XCTAssertTrue(waitForMenu(open: true), "Shift+F10 opens the focused row's menu")
            XCTAssertTrue(plugin.menuGenerator === items[2])
            try input.key("Down")   // over the disabled Archive, to Delete
            try input.key("Return")
            XCTAssertTrue(waitForMenu(open: false))
            XCTAssertEqual(items[2].fired, ["delete"], "Down skips the insensitive entry; Return chooses")
            XCTAssertTrue(adapter.focusedGenerator === items[2])
        }
    }

    func testKeysInTheMenuDoNotMoveTheListUnderIt() async throws {
        try await forEachViewKind { _ in
            showList()
            try focus(items[2])
            try input.key("Menu")
            XCTAssertTrue(waitForMenu(open: true))
            try input.key("End")
            try input.key("ctrl+a")
            XCTAssertTrue(plugin.isMenuOpen, "the menu stays open")
            XCTAssertEqual(adapter.selectedGenerators.count, 0, "Ctrl+A in the menu selects no row")
            try input.key("Escape")
            XCTAssertTrue(waitForMenu(open: false))
            XCTAssertTrue(adapter.focusedGenerator === items[2], "End in the menu did not move the list's cursor")
        }
    }

    func testRowsWithoutActionsOpenNoMenu() async throws {
        try await forEachViewKind { _ in
            showList()
            try input.click(try rowWidget(plain), button: 3)
            MainContext.run(for: 0.2)
            XCTAssertFalse(plugin.isMenuOpen)
            try focus(plain)
            try input.key("Menu")
            XCTAssertFalse(plugin.isMenuOpen)
        }
    }

    func testTheActionsClosureServesRowsThatProvideNone() async throws {
        try await forEachViewKind { _ in
            var asked: [String] = []
            showList(plugin: .rowActions(actions: { generator in
                asked.append((generator as? LabelRow)?.model ?? "?")
                return [RowAction(label: "Copy")]
            }))
            try input.click(try rowWidget(plain), button: 3)
            XCTAssertTrue(waitForMenu(open: true))
            XCTAssertEqual(plugin.shownActions.map(\.id), ["Copy"], "the id defaults to the label")
            XCTAssertEqual(asked, ["plain"])
            plugin.closeMenu()
            XCTAssertTrue(waitForMenu(open: false))
        }
    }

    func testLongPressWithTheMouseOpensTheMenuWhenAsked() async throws {
        try await forEachViewKind { _ in
            showList(plugin: .rowActions(longPressWithMouse: true))
            let opened = try input.longPress(try rowWidget(items[1])) { self.plugin.isMenuOpen }
            XCTAssertTrue(opened, "a long press opens the menu")
            XCTAssertTrue(plugin.menuGenerator === items[1])
            XCTAssertTrue(plugin.isMenuOpen, "releasing the button leaves it open")
            try input.key("Escape")
            XCTAssertTrue(waitForMenu(open: false))
            XCTAssertTrue(adapter.focusedGenerator === items[1])
        }
    }

    func testAnActionThatRemovesItsRowLeavesTheFocusInTheView() async throws {
        try await forEachViewKind { _ in
            showList()
            let target = items[1]
            target.delete.didTrigger += { [weak manager, unowned target] in try? manager?.remove(target) }
            try focus(target)
            try input.key("Menu")
            XCTAssertTrue(waitForMenu(open: true))
            try input.click(try button("delete"))
            XCTAssertTrue(waitForMenu(open: false))
            XCTAssertFalse(manager.contains(target))
            let root = try XCTUnwrap(gtk_widget_get_root(adapter.itemView))
            let focused = try XCTUnwrap(gtk_root_get_focus(root), "something has the focus")
            XCTAssertTrue(focused == adapter.itemView || gtk_widget_is_ancestor(focused, adapter.itemView) != 0,
                          "the focus stays in the view")
        }
    }

    func testOpenMenuFromCodeScrollsToTheRow() async throws {
        try await forEachViewKind { _ in
            host?.destroy()
            items = (0..<300).map { MenuRow("row \($0)") }
            manager = BaseListManager()
            try manager.add(items)
            plugin = .rowActions()
            adapter = switch viewKind {
            case .list: manager.listViewBuilder.add(plugin: .selectable()).add(plugin: plugin).build()
            case .grid: manager.gridViewBuilder.add(plugin: .selectable()).add(plugin: plugin).build()
            case .column: manager.columnViewBuilder(columns: tableColumns()).add(plugin: .selectable()).add(plugin: plugin).build()
            }
            host = WindowHost(child: adapter.scrolledWindow)
            XCTAssertNil(adapter.view(for: items[280]), "far away: not bound")
            XCTAssertTrue(plugin.openMenu(for: items[280]))
            XCTAssertTrue(waitForMenu(open: true))
            XCTAssertTrue(plugin.menuGenerator === items[280])
            plugin.closeMenu()
            XCTAssertTrue(waitForMenu(open: false))
            XCTAssertTrue(adapter.focusedGenerator === items[280])
            XCTAssertFalse(plugin.openMenu(for: LabelRow(model: "stranger")))
        }
    }

    func testThePluginTheMenuAndTheViewGoAwayTogether() async throws {
        try await forEachViewKind { _ in
            showList()
            try input.click(try rowWidget(items[0]), button: 3)
            XCTAssertTrue(waitForMenu(open: true))
            weak var weakPlugin = plugin
            weak var weakAdapter = adapter
            let popover = ObjectReference(retaining: UnsafeMutableRawPointer(plugin.popover))
            var finalized = false
            let watch = WeakObjectWatch(popover.pointer) { finalized = true }
            host.destroy()
            host = nil
            adapter = nil
            plugin = nil
            MainContext.drain()
            XCTAssertNil(weakAdapter)
            XCTAssertNil(weakPlugin)
            XCTAssertNil(gtk_widget_get_parent(popover.pointer.assumingMemoryBound(to: GtkWidget.self)), "unparented")
            withExtendedLifetime(popover) {}
            _ = consume popover
            MainContext.drain()
            XCTAssertTrue(finalized, "the popover is finalized")
            withExtendedLifetime(watch) {}
        }
    }
}

/// Calls `finalized` when a GObject is finalized (a weak reference of GObject's own).
@MainActor
final class WeakObjectWatch {
    private let box: Unmanaged<Box>
    private final class Box {
        let body: () -> Void
        init(_ body: @escaping () -> Void) { self.body = body }
    }

    init(_ object: UnsafeMutableRawPointer, finalized: @escaping () -> Void) {
        box = Unmanaged.passRetained(Box(finalized))
        g_object_weak_ref(object.assumingMemoryBound(to: GObject.self), { data, _ in
            let box = Unmanaged<Box>.fromOpaque(data!)
            box.takeUnretainedValue().body()
            box.release()
        }, box.toOpaque())
    }
}
