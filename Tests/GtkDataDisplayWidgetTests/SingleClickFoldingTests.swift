import CGtkDataDisplay
import Foundation
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// `.foldable(onSingleClick: true)`: one click on a foldable row folds it (real clicks via
/// xdotool), a double click folds once, the expander still folds once, Enter still folds, and
/// without the option a single click does not fold. List and grid.
final class SingleClickFoldingTests: WidgetTestCase {
    private var manager: BaseListManager!
    private var adapter: ListBaseAdapter!
    private var host: WindowHost!
    private var folder: Folder!
    private var folds = 0
    private var input: XInput { XInput(host: host) }

    private func showTree(singleClick: Bool) {
        host?.destroy()
        folder = Folder(model: "folder", id: "folder", children: rows(3, prefix: "child"))
        folds = 0
        folder.didFoldEvent += { [unowned self] _ in folds += 1 }
        manager = BaseListManager()
        try! manager.addSection(header: LabelHeader(model: "Tree"), rows: [folder, LabelRow(model: "after", id: "after")])
        adapter = build(manager, plugins: [.selectable(), .foldable(onSingleClick: singleClick)])
        host = WindowHost(child: adapter.scrolledWindow)
    }

    override func tearDownViews() async throws {
        host?.destroy()
        host = nil
        adapter = nil
        manager = nil
    }

    private func folderLabel() throws -> UnsafeMutablePointer<GtkWidget> {
        try XCTUnwrap(adapter.view(for: folder), "bound").widget.pointer
    }

    func testOneClickFoldsAndUnfolds() async throws {
        try await forEachViewKind { _ in
            showTree(singleClick: true)
            try input.click(try folderLabel())
            XCTAssertTrue(MainContext.iterate(until: { self.folder.isExpanded }), "one click expands")
            XCTAssertEqual(manager.flatGenerators.count, 6)
            XCTAssertTrue(adapter.isSelected(folder), "GTK still selects the clicked row")
            // Elsewhere on the row: two clicks at one spot in quick succession are a double click.
            try input.click(try folderLabel(), x: 0.8)
            XCTAssertTrue(MainContext.iterate(until: { !self.folder.isExpanded }), "a second click collapses")
            XCTAssertEqual(folds, 2)
        }
    }

    func testADoubleClickFoldsOnceAndStillActivates() async throws {
        try await forEachViewKind { _ in
            showTree(singleClick: true)
            var activations = 0
            adapter.didActivate += { _ in activations += 1 }
            try input.click(try folderLabel(), count: 2)
            XCTAssertTrue(MainContext.iterate(until: { activations == 1 }), "the double click activates")
            MainContext.run(for: 0.1)
            XCTAssertTrue(folder.isExpanded, "folded by the first click, not back by the activation")
            XCTAssertEqual(folds, 1)
        }
    }

    func testTheExpanderFoldsOnceAndEnterStillFolds() async throws {
        try await forEachViewKind { _ in
            showTree(singleClick: true)
            let container = try XCTUnwrap(gtk_widget_get_parent(try folderLabel()))
            let expander = try XCTUnwrap(gtk_widget_get_first_child(container))
            try input.click(expander)
            XCTAssertTrue(MainContext.iterate(until: { self.folder.isExpanded }))
            MainContext.run(for: 0.1)
            XCTAssertEqual(folds, 1, "the expander's click folds once")
            // Enter on the focused row (activation) folds too.
            let rowWidget = try XCTUnwrap(adapter.rowWidget(for: folder))
            XCTAssertTrue(gtk_widget_grab_focus(rowWidget) != 0)
            host.settle()
            try input.key("Return")
            XCTAssertTrue(MainContext.iterate(until: { !self.folder.isExpanded }), "Enter folds")
        }
    }

    func testWithoutTheOptionOneClickDoesNotFold() async throws {
        try await forEachViewKind { _ in
            showTree(singleClick: false)
            try input.click(try folderLabel())
            MainContext.run(for: 0.2)
            XCTAssertFalse(folder.isExpanded)
            XCTAssertTrue(adapter.isSelected(folder))
            try input.click(try folderLabel(), count: 2, x: 0.8)
            XCTAssertTrue(MainContext.iterate(until: { self.folder.isExpanded }), "a double click (activation) folds")
        }
    }

    func testCtrlClickSelectsWithoutFolding() async throws {
        try await forEachViewKind { _ in
            showTree(singleClick: true)
            try input.click(try folderLabel(), modifiers: ["ctrl"])
            MainContext.run(for: 0.2)
            XCTAssertFalse(folder.isExpanded)
        }
    }
}
