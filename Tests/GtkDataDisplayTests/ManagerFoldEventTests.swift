import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// One manager-wide fold event for a whole tree: every row that expands or collapses, with its new
/// state and who folded it, after the row's own event.
@MainActor
final class ManagerFoldEventTests: XCTestCase {
    typealias Folder = FoldableRowGenerator<LabelRowView>

    func testEveryFoldOfTheAppsCodeIsReportedOnceAfterTheRowsOwnEvent() async throws {
        let leaf = LabelRow(model: "leaf", id: "leaf")
        let inner = Folder(model: "inner", id: "inner", children: [leaf])
        let outer = Folder(model: "outer", id: "outer", children: [inner])
        let manager = BaseListManager()
        try manager.add([outer])
        var log: [String] = []
        outer.didFoldEvent += { log.append("outer's own \($0)") }
        manager.didFold += { change in
            log.append("\((change.generator as! Folder).model) \(change.isExpanded) \(change.cause)")
        }
        try manager.expand(outer)
        try manager.expandSubtree(outer)
        try manager.collapseSubtree(outer)
        try manager.toggle(outer)
        try manager.collapse(outer)
        try manager.collapse(outer)   // already collapsed: nothing folds, nothing fires
        XCTAssertEqual(log, ["outer's own true", "outer true code",
                             "inner true code",
                             "inner false code", "outer's own false", "outer false code",
                             "outer's own true", "outer true code",
                             "outer's own false", "outer false code"])
    }

    func testAFoldInsideABatchIsReportedWhenTheBatchHasReachedTheStore() async throws {
        let folder = Folder(model: "folder", id: "folder", children: [LabelRow(model: "child", id: "child")])
        let manager = BaseListManager()
        try manager.add([folder])
        var storeCountWhenReported: [Int] = []
        manager.didFold += { _ in storeCountWhenReported.append(manager.store.count) }
        try manager.batch { () throws(DataDisplayError) in
            try manager.expand(folder)
            try manager.add(rows("after"))
        }
        XCTAssertEqual(storeCountWhenReported, [3])
    }
}
