import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A row whose `bind` ties the view to `self`, the way app code wires a button to its generator.
final class TappableRow: BaseRowGenerator<LabelRowView> {
    /// What a tap on each view calls, set in `bind` (a closure capturing the generator).
    nonisolated(unsafe) static var tapHandlers: [ObjectIdentifier: () -> Void] = [:]
    let tapped = Event<Void>()

    override func bind(_ view: any RowView) {
        super.bind(view)
        Self.tapHandlers[ObjectIdentifier(view)] = { [unowned self] in self.tapped.invoke() }
    }

    override func unbind(_ view: any RowView) {
        Self.tapHandlers[ObjectIdentifier(view)] = nil
        super.unbind(view)
    }
}

/// Whole-state updates that hand a bound row to another generator instance.
final class GeneratorHandoverTests: WidgetTestCase {
    /// A tap on `view` reaches `new`, not `old`, and the adapter shows `new` in that same view.
    private func assertTapReachesOnly(_ new: TappableRow, not old: TappableRow, from view: any RowView,
                                      in adapter: ListBaseAdapter, line: UInt = #line) {
        var reached: [String] = []
        old.tapped += { reached.append("old") }
        new.tapped += { reached.append("new") }
        TappableRow.tapHandlers[ObjectIdentifier(view)]?()
        XCTAssertEqual(reached, ["new"], line: line)
        XCTAssertTrue(adapter.view(for: new) === view, "the view is kept", line: line)
    }

    func testEventsFromAViewReachTheGeneratorTheRowShowsNow() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let old = TappableRow(model: "a", id: "a")
            try manager.setState([Section(rows: [old])])
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            let view = try XCTUnwrap(adapter.view(for: old))
            let new = TappableRow(model: "a", id: "a")   // equal content, new instance
            try manager.setState([Section(rows: [new])])
            host.settle()
            assertTapReachesOnly(new, not: old, from: view, in: adapter)
        }
    }

    func testReloadChildrenHandsAChildsViewToTheNewGeneratorWithItsID() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let old = TappableRow(model: "a", id: "a")
            let folder = Folder(model: "folder", id: "folder", children: [old])
            folder.isExpanded = true
            try manager.setState([Section(rows: [folder])])
            let (adapter, host) = present(manager, plugins: [.foldable()])
            defer { host.destroy() }
            let view = try XCTUnwrap(adapter.view(for: old))
            let new = TappableRow(model: "a", id: "a")   // equal content, new instance
            folder.children = [new]
            try manager.reloadChildren(of: folder)
            host.settle()
            assertTapReachesOnly(new, not: old, from: view, in: adapter)
        }
    }

    func testAPlainGeneratorTakesOverAViewWithoutABind() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            try manager.setState([Section(rows: rows(20))])
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            adapter.resetStatistics()
            try manager.setState([Section(rows: rows(20))])
            host.settle()
            XCTAssertEqual(adapter.statistics.binds, 0, "BaseRowGenerator's bind gives the view only the model")
        }
    }

    func testTheSameInstanceWithAChangedModelIsRedrawnBySetState() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let row = LabelRow(model: "before", id: 1)
            try manager.setState([Section(rows: [row])])
            let (adapter, host) = present(manager)
            defer { host.destroy() }
            row.model = "after"
            try manager.setState([Section(rows: [row])])
            host.settle()
            XCTAssertEqual(manager.lastUpdate?.updated, 1)
            XCTAssertEqual((adapter.view(for: row) as? LabelRowView)?.text, "after")
        }
    }
}
