@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// The process-wide counts that let a selection change skip its per-row walk (`SelectionDispatch`)
/// follow listeners, `isNeedDeselect` and custom `SelectableItem` rows as they come and go — and
/// come back to where they were, or list views would walk their rows forever.
@MainActor
final class SelectionDispatchCountTests: XCTestCase {
    private final class CustomItem: RowGenerator, SelectableItem {
        let id: AnyHashable?
        init(id: AnyHashable? = nil) { self.id = id }
        var diffID: AnyHashable { id ?? AnyHashable(ObjectIdentifier(self)) }
        let didSelectEvent = Event<Void>()
        let didDeselectEvent = Event<Void>()
        let didActivateEvent = Event<Void>()
        var reuseIdentifier: ReuseIdentifier { .of(LabelRowView.self) }
        func makeView() -> any RowView { LabelRowView.make() }
        func bind(_ view: any RowView) {}
    }

    private final class PlainItem: RowGenerator {
        var reuseIdentifier: ReuseIdentifier { .of(LabelRowView.self) }
        func makeView() -> any RowView { LabelRowView.make() }
        func bind(_ view: any RowView) {}
    }

    private var listened: Int { SelectionDispatch.listenedEvents.load(ordering: .relaxed) }
    private var needDeselect: Int { SelectionDispatch.needDeselectGenerators.load(ordering: .relaxed) }
    private var uncounted: Int { SelectionDispatch.uncountedRows.load(ordering: .relaxed) }

    func testSelectEventsCountWhileTheyHaveListeners() async {
        let base = listened
        var row: LabelRow? = LabelRow(model: "a")
        row!.didSelectEvent += {}
        row!.didSelectEvent.addListener(key: "k") {}
        XCTAssertEqual(listened, base + 1, "one event, however many listeners")
        row!.didDeselectEvent.addListener(key: "k") {}
        XCTAssertEqual(listened, base + 2)
        row!.didDeselectEvent.removeListener(key: "k")
        XCTAssertEqual(listened, base + 1)
        row!.didSelectEvent.removeListener(key: "k")
        XCTAssertEqual(listened, base + 1, "a listener is left")
        row!.didSelectEvent.clear()
        XCTAssertEqual(listened, base)
        row!.didSelectEvent += {}
        XCTAssertEqual(listened, base + 1)
        row = nil
        XCTAssertEqual(listened, base, "an event that goes away with listeners stops counting")

        // Other events never count.
        let other = LabelRow(model: "b")
        other.didActivateEvent += {}
        other.willDisplayEvent += {}
        Event<Int>() += { _ in }
        XCTAssertEqual(listened, base)
    }

    func testNeedDeselectCountsWhileTrue() async {
        let base = needDeselect
        var row: LabelRow? = LabelRow(model: "a")
        row!.isNeedDeselect = true
        row!.isNeedDeselect = true
        XCTAssertEqual(needDeselect, base + 1)
        row!.isNeedDeselect = false
        XCTAssertEqual(needDeselect, base)
        row!.isNeedDeselect = true
        row = nil
        XCTAssertEqual(needDeselect, base)
    }

    func testRowsOfCustomSelectableItemsCountWhileTheyLive() async throws {
        let base = uncounted
        XCTAssertTrue(SelectionDispatch.isUncounted(CustomItem()))
        XCTAssertFalse(SelectionDispatch.isUncounted(LabelRow(model: "x")))
        XCTAssertFalse(SelectionDispatch.isUncounted(FoldableRowGenerator<LabelRowView>(model: "x")))
        XCTAssertFalse(SelectionDispatch.isUncounted(PlainItem()), "not a SelectableItem: no events to fire")
        XCTAssertFalse(SelectionDispatch.isUncounted(LabelHeader(model: "h")))

        let manager = BaseListManager()
        let custom = CustomItem()
        try manager.setState([Section(rows: [LabelRow(model: "a", id: 1), custom, PlainItem()])])
        XCTAssertEqual(uncounted, base + 1)
        // A whole-state update hands a row to another generator with the same diff id.
        try manager.setState([Section(rows: [CustomItem(id: 1)])])
        XCTAssertEqual(uncounted, base + 1)
        try manager.setState([Section(rows: [LabelRow(model: "b", id: 1)])])
        XCTAssertEqual(uncounted, base)
        try manager.add(CustomItem())
        XCTAssertEqual(uncounted, base + 1)
        manager.clear()
        XCTAssertEqual(uncounted, base)
    }
}
