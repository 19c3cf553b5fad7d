import Foundation
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Base for tests that need a real display (run under `xvfb-run -a`). Without a display they
/// skip — unless `GDD_REQUIRE_DISPLAY=1`, which the README's test command sets, so that CI can
/// never pass by skipping them.
@MainActor
class WidgetTestCase: XCTestCase {
    override func setUp() async throws {
        guard WindowHost.initializeGTK() else {
            if ProcessInfo.processInfo.environment["GDD_REQUIRE_DISPLAY"] == "1" {
                XCTFail("no display: run widget tests under xvfb-run -a")
            }
            throw XCTSkip("no display (run under xvfb-run -a)")
        }
    }

    /// Text rows whose ids are their texts.
    func rows(_ count: Int, prefix: String = "row") -> [LabelRow] {
        (0..<count).map { LabelRow(model: "\(prefix) \($0)", id: "\(prefix) \($0)") }
    }

    /// A list of `rows` in one section under a header, shown in a real window.
    func show(_ manager: BaseListManager, selection: SelectionMode = .single) -> (ListViewAdapter, WindowHost) {
        let adapter = ListViewAdapter(manager: manager, selection: selection)
        let host = WindowHost(child: adapter.scrolledWindow)
        return (adapter, host)
    }

    /// A list view with these plugins over `manager`, shown in a real window.
    func show(_ manager: BaseListManager, plugins: [ListViewPlugin]) -> (ListViewAdapter, WindowHost) {
        let adapter = ListViewAdapter(manager: manager, plugins: plugins)
        return (adapter, WindowHost(child: adapter.scrolledWindow))
    }

    /// The generators currently bound to a widget.
    func boundGenerators(_ adapter: ListViewAdapter) -> [any RowGenerator] {
        adapter.manager.flatGenerators.filter { adapter.view(for: $0) != nil }
    }
}
