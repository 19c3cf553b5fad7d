import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A row that changes the list from inside its own bind: a mutation GTK must not see mid-layout.
final class MutatingRow: BaseRowGenerator<LabelRowView> {
    var onBind: (() -> Void)?
    override func bind(_ view: any RowView) {
        super.bind(view)
        let action = onBind
        onBind = nil
        action?()
    }
}

/// Mutations started from bind callbacks and event listeners are queued, then applied right after.
final class ViewCallbackReentrancyTests: WidgetTestCase {
    func testMutationFromBindIsAppliedAfterGTKFinishes() async throws {
        let manager = BaseListManager()
        let trigger = MutatingRow(model: "trigger", id: "trigger")
        var sawStoreCountInBind = -1
        trigger.onBind = {
            sawStoreCountInBind = manager.store.count
            try? manager.add(LabelRow(model: "added in bind", id: "added"))
            try? manager.remove(manager.flatGenerators[0])
        }
        try manager.add(rows(10) as [any RowGenerator] + [trigger])
        let recorder = ItemsChangedRecorder(manager.store)
        let (_, host) = show(manager)
        defer { host.destroy() }
        XCTAssertEqual(sawStoreCountInBind, 11)
        host.settle()
        XCTAssertEqual(manager.store.count, 11)
        XCTAssertEqual((manager.flatGenerators.last as? LabelRow)?.model, "added in bind")
        XCTAssertEqual(recorder.invalidChanges, [])
        XCTAssertTrue(manager.store.shows(manager.flatGenerators))
    }

    func testMutationFromSelectListenerIsAppliedRightAfter() async throws {
        let manager = BaseListManager()
        let r = rows(5)
        try manager.add(r)
        let (adapter, host) = show(manager, selection: .single)
        defer { host.destroy() }
        r[2].didSelectEvent += { [weak manager, weak victim = r[4]] in   // (the row holds its handlers)
            if let victim { try? manager?.remove(victim) }
        }
        adapter.select(r[2])
        XCTAssertEqual(manager.store.count, 5, "not inside GTK's selection-changed emission")
        host.settle()
        XCTAssertEqual(manager.store.count, 4)
        XCTAssertTrue(adapter.isSelected(position: 2))
    }
}
