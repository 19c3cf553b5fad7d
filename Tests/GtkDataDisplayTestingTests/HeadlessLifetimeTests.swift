import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A headless adapter and a recorder let go of everything: the selection model they put over the
/// store, the store, its row objects.
@MainActor
final class HeadlessLifetimeTests: XCTestCase {
    func testTheAdapterTheRecorderAndTheirModelsGoAway() async throws {
        let before = Diagnostics.liveRowObjects
        weak var weakAdapter: HeadlessAdapter?
        weak var weakManager: BaseListManager?
        do {
            let fruits = try Fruits()
            let adapter = HeadlessAdapter(manager: fruits.manager, plugins: [.selectable(.multiple), .foldable()])
            adapter.install(ReorderingPlugin())
            let events = EventRecorder(adapter)
            events.watchFolds()
            adapter.pressSelectAll()
            adapter.activate(fruits.citrus)
            XCTAssertEqual(Diagnostics.liveRowObjects, before + 8, "one row object per shown row, the unfolded children included")
            weakAdapter = adapter
            weakManager = fruits.manager
        }
        MainContext.drain()
        XCTAssertNil(weakAdapter)
        XCTAssertNil(weakManager)
        XCTAssertEqual(Diagnostics.liveRowObjects, before, "a selection model or store left alive would keep row objects")
    }

    func testARecorderTakesItsListenersAlongWhenItGoes() async throws {
        let fruits = try Fruits()
        let adapter = HeadlessAdapter(manager: fruits.manager)
        let listeners = [adapter.didSelect.count, adapter.selectionChanged.count, adapter.didActivate.count,
                         fruits.manager.didMove.count, fruits.citrus.didFoldEvent.count]
        do {
            let events = EventRecorder(adapter)
            events.watchFolds()
            adapter.click(fruits.apple)
            XCTAssertEqual(events.lines.count, 2)
        }
        XCTAssertEqual([adapter.didSelect.count, adapter.selectionChanged.count, adapter.didActivate.count,
                        fruits.manager.didMove.count, fruits.citrus.didFoldEvent.count], listeners)
        adapter.click(fruits.pear)          // would reach a recorder that is gone
        adapter.activate(fruits.citrus)
        XCTAssertTrue(adapter.isSelected(fruits.pear))
    }
}
