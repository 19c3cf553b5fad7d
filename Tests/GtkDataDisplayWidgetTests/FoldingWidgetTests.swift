import CGtkDataDisplay
import Foundation
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

typealias Folder = FoldableRowGenerator<LabelRowView>

/// Folding as a user does it: keyboard (real X key events via xdotool), activation, the expander;
/// in a list and in a grid where the behaviour is shared.
final class FoldingWidgetTests: WidgetTestCase {
    private var manager: BaseListManager!
    private var adapter: ListBaseAdapter!
    private var host: WindowHost!
    private var root: Folder!
    private var middle: Folder!

    /// root ─ middle ─ leaf 0…2 ; sibling
    private func showTree() {
        let leaves = (0..<3).map { LabelRow(model: "leaf \($0)", id: "leaf \($0)") }
        middle = Folder(model: "middle", id: "middle", children: leaves)
        root = Folder(model: "root", id: "root", children: [middle, LabelRow(model: "sibling", id: "sibling")])
        manager = BaseListManager()
        try! manager.addSection(header: LabelHeader(model: "Tree"), rows: [root, LabelRow(model: "after", id: "after")])
        host?.destroy()
        (adapter, host) = present(manager, plugins: [.selectable(), .foldable()])
    }

    override func tearDownViews() async throws {
        host?.destroy()
        host = nil
        adapter = nil
        manager = nil
    }

    private func names() -> [String] {
        manager.flatGenerators.compactMap { ($0 as? LabelRow)?.model }
    }

    /// Focuses the row of `generator` (GTK's row widget, the parent of our container).
    private func focus(_ generator: any RowGenerator) throws {
        let rowWidget = try XCTUnwrap(adapter.rowWidget(for: generator))
        XCTAssertTrue(gtk_widget_grab_focus(rowWidget) != 0)
        host.settle()
        XCTAssertTrue(adapter.focusedGenerator === generator)
    }

    /// Presses a key through the X server, as a keyboard would.
    private func press(_ key: String) throws {
        let xdotool = Process()
        xdotool.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        xdotool.arguments = ["key", "--clearmodifiers", key]
        try xdotool.run()
        xdotool.waitUntilExit()
        XCTAssertEqual(xdotool.terminationStatus, 0)
        host.settle()
    }

    func testTheManagersFoldEventSaysTheUserFoldedWithKeysAndTheExpander() async throws {
        showTree()
        var causes: [String] = []
        manager.didFold += { change in causes.append("\((change.generator as! Folder).model) \(change.isExpanded) \(change.cause)") }
        try focus(root)
        try press("Right")
        try press("Left")
        try manager.expand(root)
        host.settle()
        let expander = try expanderButton(of: root)
        gtk_widget_activate(expander)  // a click, animated: GTK emits "clicked" after 250 ms
        XCTAssertTrue(MainContext.iterate(until: { !self.root.isExpanded }))
        XCTAssertEqual(causes, ["root true user", "root false user", "root true code", "root false user"])
    }

    func testRightExpandsLeftCollapsesInAList() async throws {
        showTree()
        try focus(root)
        try press("Right")
        XCTAssertEqual(names(), ["root", "middle", "sibling", "after"])
        try press("Left")
        XCTAssertEqual(names(), ["root", "after"])
    }

    func testInAGridRightAndLeftMoveWhilePlusAndMinusFold() async throws {
        try await forEachViewKind([.grid]) { _ in
            showTree()
            try focus(root)
            try press("Right")
            XCTAssertFalse(root.isExpanded, "Right moves in a grid")
            XCTAssertEqual((adapter.focusedGenerator as? LabelRow)?.model, "after")
            try press("Left")
            XCTAssertTrue(adapter.focusedGenerator === root)
            try press("plus")
            XCTAssertEqual(names(), ["root", "middle", "sibling", "after"], "the children's tiles come in")
            try press("Right")
            XCTAssertEqual((adapter.focusedGenerator as? LabelRow)?.model, "middle")
            try press("Left")
            try press("minus")
            XCTAssertEqual(names(), ["root", "after"], "and go out")
        }
    }

    func testPlusAndMinusFold() async throws {
        try await forEachViewKind { _ in
            showTree()
            try focus(root)
            try press("plus")
            XCTAssertTrue(root.isExpanded)
            try press("minus")
            XCTAssertFalse(root.isExpanded)
            try press("KP_Add")
            XCTAssertTrue(root.isExpanded)
        }
    }

    func testAsteriskExpandsTheWholeSubtree() async throws {
        try await forEachViewKind { _ in
            showTree()
            try focus(root)
            try press("asterisk")
            XCTAssertEqual(names(), ["root", "middle", "leaf 0", "leaf 1", "leaf 2", "sibling", "after"])
        }
    }

    func testActivatingAFoldableRowTogglesIt() async throws {
        try await forEachViewKind { _ in
            showTree()
            var folds: [Bool] = []
            root.didFoldEvent += { folds.append($0) }
            let position = UInt32(manager.position(of: root)!)
            for _ in 0..<2 {
                _ = gtk_widget_activate_action_variant(adapter.rowsView,
                                                       "list.activate-item", g_variant_new_uint32(position))
                host.settle()
            }
            XCTAssertEqual(folds, [true, false])
        }
    }

    func testEnterOnTheFocusedRowTogglesIt() async throws {
        try await forEachViewKind { _ in
            showTree()
            try focus(root)
            try press("Return")
            XCTAssertTrue(root.isExpanded)
            XCTAssertEqual(names(), ["root", "middle", "sibling", "after"])
        }
    }

    func testExpanderShowsStateAndClickingItToggles() async throws {
        try await forEachViewKind { _ in
            showTree()
            let expander = try expanderButton(of: root)
            XCTAssertTrue(gtk_widget_get_visible(expander) != 0)
            XCTAssertEqual(iconName(expander), "pan-end-symbolic")
            gtk_widget_activate(expander)  // a click, animated: GTK emits "clicked" after 250 ms
            MainContext.iterate(until: { self.root.isExpanded }, timeout: 2)
            host.settle()
            XCTAssertTrue(root.isExpanded)
            XCTAssertEqual(iconName(try expanderButton(of: root)), "pan-down-symbolic")
            let leafExpander = try expanderButton(of: manager.flatGenerators.first { ($0 as? LabelRow)?.model == "sibling" }!)
            XCTAssertTrue(gtk_widget_get_visible(leafExpander) != 0, "a leaf keeps the expander's space…")
            XCTAssertEqual(gtk_widget_get_opacity(leafExpander), 0, "…but shows no arrow")
            XCTAssertFalse(gtk_widget_get_can_target(leafExpander) != 0)
            let headerExpander = try expanderButton(of: manager.flatGenerators[0])
            XCTAssertFalse(gtk_widget_get_visible(headerExpander) != 0, "headers keep no expander space")
        }
    }

    func testLeavesLineUpWithFoldableSiblings() async throws {
        showTree()
        try manager.expand(root)
        host.settle()
        let middleView = try XCTUnwrap(adapter.view(for: middle)).widget.pointer
        let siblingView = try XCTUnwrap(adapter.view(for: manager.flatGenerators.first { ($0 as? LabelRow)?.model == "sibling" }!)).widget.pointer
        var a = graphene_rect_t(), b = graphene_rect_t()
        let rootWidget = adapter.itemView
        XCTAssertTrue(gtk_widget_compute_bounds(middleView, rootWidget, &a) != 0)
        XCTAssertTrue(gtk_widget_compute_bounds(siblingView, rootWidget, &b) != 0)
        XCTAssertEqual(a.origin.x, b.origin.x, accuracy: 0.5)
    }

    func testExpandSubtreeRedrawsTheArrowsOfRowsAlreadyShown() async throws {
        try await forEachViewKind { _ in
            showTree()
            try manager.expand(root)
            host.settle()
            XCTAssertEqual(iconName(try expanderButton(of: middle)), "pan-end-symbolic")
            try manager.expandSubtree(root)
            host.settle()
            XCTAssertEqual(iconName(try expanderButton(of: middle)), "pan-down-symbolic")
            try manager.collapseSubtree(root)
            try manager.expand(root)
            host.settle()
            XCTAssertEqual(iconName(try expanderButton(of: middle)), "pan-end-symbolic")
        }
    }

    /// Folding inside a batch redraws the arrows of the rows whose fold state changed when the batch
    /// ends (a row expanded, a row already shown that an expandSubtree expanded too, and a foldable
    /// with no children, whose expansion changes no row of the store).
    func testFoldingInsideABatchRedrawsTheArrowsAtItsEnd() async throws {
        try await forEachViewKind { _ in
            showTree()
            let empty = Folder(model: "empty", id: "empty")
            try manager.add([empty])
            host.settle()
            XCTAssertEqual(iconName(try expanderButton(of: empty)), "pan-end-symbolic")
            try manager.batch { () throws(DataDisplayError) in try self.manager.expand(empty) }
            host.settle()
            XCTAssertEqual(iconName(try expanderButton(of: empty)), "pan-down-symbolic")
            try manager.batch { () throws(DataDisplayError) in try self.manager.expand(self.root) }
            host.settle()
            XCTAssertEqual(iconName(try expanderButton(of: root)), "pan-down-symbolic")
            XCTAssertEqual(iconName(try expanderButton(of: middle)), "pan-end-symbolic")
            try manager.batch { () throws(DataDisplayError) in try self.manager.expandSubtree(self.root) }
            host.settle()
            XCTAssertEqual(iconName(try expanderButton(of: middle)), "pan-down-symbolic")
        }
    }

    func testRowsAreIndentedByDepthInAListButNotInAGrid() async throws {
        try await forEachViewKind { kind in
            showTree()
            try manager.expandSubtree(root)
            host.settle()
            let margins = manager.flatGenerators.compactMap { g -> Int32? in
                guard let view = adapter.view(for: g), let container = view.widget.parent else { return nil }
                return gtk_widget_get_margin_start(container)
            }
            // header, root, middle, leaf×3, sibling, after
            let level = Int32(adapter.indentPerLevel)
            switch kind {
            case .list, .column:
                XCTAssertGreaterThanOrEqual(level, 20, "a level indents by the expander's width and spacing")
                XCTAssertEqual(margins, [0, 0, level, 2 * level, 2 * level, 2 * level, level, 0])
            case .grid:
                XCTAssertEqual(level, 0, "tiles keep their place at every level")
                XCTAssertEqual(margins, [0, 0, 0, 0, 0, 0, 0, 0])
            }
        }
    }

    func testWholeStateThatExpandsAKeptRowRedrawsItsArrow() async throws {
        try await forEachViewKind { _ in
            showTree()
            XCTAssertEqual(iconName(try expanderButton(of: root)), "pan-end-symbolic")
            root.isExpanded = true   // chosen in the new state: same instance, same content, not a rebind
            try manager.setState(manager.sections)
            host.settle()
            XCTAssertEqual(names(), ["root", "middle", "sibling", "after"])
            XCTAssertEqual(iconName(try expanderButton(of: root)), "pan-down-symbolic")
        }
    }

    /// A shown child replaced by a new generator with its diff id (reloadChildren) keeps its widget,
    /// rebound to what the new generator shows; one with equal content keeps its view unconfigured.
    func testReloadChildrenRebindsAKeptChildInItsWidget() async throws {
        try await forEachViewKind { _ in
            showTree()
            try manager.expand(root)
            try manager.expand(middle)
            host.settle()
            let oldLeaf = middle.children[1], sameLeaf = middle.children[2]
            let rowWidget = try XCTUnwrap(adapter.rowWidget(for: oldLeaf))
            let sameView = try XCTUnwrap(adapter.view(for: sameLeaf) as? LabelRowView)
            let configured = sameView.configureCount
            let newLeaf = LabelRow(model: "leaf 1 again", id: "leaf 1")
            let equalLeaf = LabelRow(model: "leaf 2", id: "leaf 2")
            middle.children = [middle.children[0], newLeaf, equalLeaf]
            try manager.reloadChildren(of: middle)
            host.settle()
            XCTAssertEqual(names(), ["root", "middle", "leaf 0", "leaf 1 again", "leaf 2", "sibling", "after"])
            XCTAssertTrue(adapter.rowWidget(for: newLeaf) == rowWidget, "the same list item widget")
            XCTAssertEqual((adapter.view(for: newLeaf) as? LabelRowView)?.text, "leaf 1 again")
            XCTAssertTrue(adapter.view(for: equalLeaf) === sameView, "equal content: the view is handed over")
            XCTAssertEqual(sameView.configureCount, configured, "and not configured again")
            // Inside a batch: rebound at its end.
            let third = LabelRow(model: "leaf 1 third", id: "leaf 1")
            try manager.batch { [self] () throws(DataDisplayError) in
                middle.children = [middle.children[0], third, equalLeaf]
                try manager.reloadChildren(of: middle)
            }
            host.settle()
            XCTAssertTrue(adapter.rowWidget(for: third) == rowWidget, "the same list item widget")
            XCTAssertEqual((adapter.view(for: third) as? LabelRowView)?.text, "leaf 1 third")
        }
    }

    private func expanderButton(of generator: any RowGenerator) throws -> UnsafeMutablePointer<GtkWidget> {
        // The row's container (`gdd-row`; a header's view sits in a heading inside it).
        let container = try XCTUnwrap(rowContainer(in: try XCTUnwrap(adapter.rowWidget(for: generator))))
        return try XCTUnwrap(gtk_widget_get_first_child(container))
    }

    private func iconName(_ button: UnsafeMutablePointer<GtkWidget>) -> String? {
        gtk_button_get_icon_name(gdd_button(UnsafeMutableRawPointer(button))).map { String(cString: $0) }
    }
}
