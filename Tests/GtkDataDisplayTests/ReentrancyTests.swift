import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A mutation started while the store is being updated is queued and applied right after.
@MainActor
final class ReentrancyTests: XCTestCase {
    func testMutationFromItemsChangedHandlerIsQueuedAndApplied() async throws {
        let manager = BaseListManager()
        let recorder = ItemsChangedRecorder(manager.store)
        var reacted = false
        var storeCountsSeenInside: [Int] = []
        let model = UnsafeMutableRawPointer(manager.store.listModel)
        let handler = Signal.connect(model, "items-changed", itemsChanged: { _, _, _ in
            storeCountsSeenInside.append(manager.store.count)
            guard !reacted else { return }
            reacted = true
            // Runs inside the emission: must not splice now.
            try? manager.add(rows("from-handler"))
        })
        defer { Signal.disconnect(model, handler) }
        try manager.add(rows("a", "b"))
        XCTAssertEqual(storeTexts(manager), ["a", "b", "from-handler"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 0, removed: 0, added: 2),
                                          ItemsChange(position: 2, removed: 0, added: 1)])
        XCTAssertEqual(storeCountsSeenInside, [2, 3])
        XCTAssertEqual(recorder.invalidChanges, [])
        assertStoreMatchesManager(manager)
    }

    func testQueuedMutationsRunInOrder() async throws {
        let manager = BaseListManager()
        var fired = false
        let model = UnsafeMutableRawPointer(manager.store.listModel)
        let handler = Signal.connect(model, "items-changed", itemsChanged: { _, _, _ in
            guard !fired else { return }
            fired = true
            try? manager.add(rows("1"))
            try? manager.add(rows("2"))
            try? manager.batch { () throws(DataDisplayError) in try manager.add(rows("3")) }
        })
        defer { Signal.disconnect(model, handler) }
        try manager.add(rows("0"))
        XCTAssertEqual(storeTexts(manager), ["0", "1", "2", "3"])
    }

    func testQueuedMutationThatFailsIsReported() async throws {
        let manager = BaseListManager()
        var errors: [DataDisplayError] = []
        manager.queuedMutationFailed += { errors.append($0) }
        var fired = false
        let model = UnsafeMutableRawPointer(manager.store.listModel)
        let handler = Signal.connect(model, "items-changed", itemsChanged: { _, _, _ in
            guard !fired else { return }
            fired = true
            try? manager.remove(rows("missing")[0])
        })
        defer { Signal.disconnect(model, handler) }
        try manager.add(rows("a"))
        XCTAssertEqual(errors.count, 1)
        if case .generatorNotFound = errors.first {} else { XCTFail("expected generatorNotFound, got \(errors)") }
        XCTAssertEqual(storeTexts(manager), ["a"])
    }
}

/// Fold events and mutations started from them.
@MainActor
final class FoldEventReentrancyTests: XCTestCase {
    func testMutationFromAFoldEventRunsAfterTheFoldAndKeepsTheStoreConsistent() async throws {
        let manager = BaseListManager()
        let folder = FoldableRowGenerator<LabelRowView>(model: "folder", id: "folder", children: rows("c1", "c2"))
        try manager.add([folder])
        folder.didFoldEvent += { expanded in
            if expanded { try? manager.add(rows("added-by-listener")) }
        }
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.expand(folder)
        XCTAssertEqual(storeTexts(manager), ["folder", "c1", "c2", "added-by-listener"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 1, removed: 0, added: 2),
                                          ItemsChange(position: 3, removed: 0, added: 1)])
        assertStoreMatchesManager(manager)
    }

    func testFoldEventsInsideABatchFireAfterTheBatchReachedTheStore() async throws {
        let manager = BaseListManager()
        let folder = FoldableRowGenerator<LabelRowView>(model: "folder", id: "folder", children: rows("c1"))
        try manager.add([folder])
        var storeCountAtEvent: [Int] = []
        folder.didFoldEvent += { _ in storeCountAtEvent.append(manager.store.count) }
        try manager.batch { () throws(DataDisplayError) in
            try manager.expand(folder)
            XCTAssertEqual(storeCountAtEvent, [], "no event before the batch is applied")
            try manager.add(rows("x"))
        }
        XCTAssertEqual(storeCountAtEvent, [3])
    }
}

/// Fold events carry the state each change made, even when a listener folds again.
@MainActor
final class FoldEventOrderTests: XCTestCase {
    func testAListenerThatCollapsesDuringExpandSubtreeDoesNotGetFalseTwice() async throws {
        let manager = BaseListManager()
        let inner = Folder(model: "inner", id: "inner", children: rows("i1"))
        let outer = Folder(model: "outer", id: "outer", children: [inner])
        try manager.add([outer])
        var innerEvents: [Bool] = []
        inner.didFoldEvent += { innerEvents.append($0) }
        outer.didFoldEvent += { expanded in if expanded { try? manager.collapse(inner) } }
        try manager.expandSubtree(outer)
        XCTAssertEqual(innerEvents, [true, false])
        XCTAssertFalse(inner.isExpanded)
        assertStoreMatchesManager(manager)
    }
}
