import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

typealias Folder = FoldableRowGenerator<LabelRowView>

/// Folding: nested expand/collapse as single splices, inner state restored, events after the change.
@MainActor
final class FoldingTests: XCTestCase {
    /// root ─ a ─ a1, a2 ; b ; c ─ c1
    private func tree() -> (root: Folder, a: Folder, c: Folder, leaves: [String: LabelRow]) {
        let a1 = LabelRow(model: "a1", id: "a1"), a2 = LabelRow(model: "a2", id: "a2")
        let a = Folder(model: "a", id: "a", children: [a1, a2])
        let b = LabelRow(model: "b", id: "b")
        let c1 = LabelRow(model: "c1", id: "c1")
        let c = Folder(model: "c", id: "c", children: [c1])
        let root = Folder(model: "root", id: "root", children: [a, b, c])
        return (root, a, c, ["a1": a1, "a2": a2, "b": b, "c1": c1])
    }

    private func texts(_ manager: BaseListManager) -> [String] {
        manager.store.generators.map { g in
            let depth = manager.depth(of: g) ?? -1
            let name = (g as? LabelRow)?.model ?? (g as? LabelHeader).map { "#" + $0.model } ?? "?"
            return String(repeating: ".", count: depth) + name
        }
    }

    func testExpandInsertsVisibleChildrenAfterTheParentInOneSplice() async throws {
        let manager = BaseListManager()
        let t = tree()
        let tail = rows("tail")
        try manager.add([t.root] + tail)
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.expand(t.root)
        XCTAssertEqual(texts(manager), ["root", ".a", ".b", ".c", "tail"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 1, removed: 0, added: 3)])
    }

    func testCollapseRemovesGrandchildrenToo() async throws {
        // RDDM's table plugin left expanded grandchildren on screen.
        let manager = BaseListManager()
        let t = tree()
        try manager.add([t.root] + rows("tail"))
        try manager.expand(t.root)
        try manager.expand(t.a)
        XCTAssertEqual(texts(manager), ["root", ".a", "..a1", "..a2", ".b", ".c", "tail"])
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.collapse(t.root)
        XCTAssertEqual(texts(manager), ["root", "tail"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 1, removed: 5, added: 0)])
        XCTAssertFalse(manager.contains(t.leaves["a1"]!))
    }

    func testReExpandingRestoresTheInnerState() async throws {
        let manager = BaseListManager()
        let t = tree()
        try manager.add(t.root)
        try manager.expand(t.root)
        try manager.expand(t.c)
        try manager.collapse(t.root)
        try manager.expand(t.root)
        XCTAssertEqual(texts(manager), ["root", ".a", ".b", ".c", "..c1"])
    }

    func testFoldEventFiresAfterTheChangeWithTheNewState() async throws {
        let manager = BaseListManager()
        let t = tree()
        try manager.add(t.root)
        var seen: [(Bool, Int)] = []
        t.root.didFoldEvent += { expanded in seen.append((expanded, manager.store.count)) }
        try manager.expand(t.root)
        try manager.collapse(t.root)
        XCTAssertEqual(seen.map(\.0), [true, false])
        XCTAssertEqual(seen.map(\.1), [4, 1], "the store had already changed when the event fired")
    }

    func testExpandSubtreeExpandsEveryLevelInOneSplice() async throws {
        let manager = BaseListManager()
        let t = tree()
        try manager.add(t.root)
        let recorder = ItemsChangedRecorder(manager.store)
        var events: [String] = []
        for f in [t.root, t.a, t.c] { f.didFoldEvent += { events.append("\(f.model) \($0)") } }
        try manager.expandSubtree(t.root)
        XCTAssertEqual(texts(manager), ["root", ".a", "..a1", "..a2", ".b", ".c", "..c1"])
        XCTAssertEqual(recorder.changes.count, 1)
        XCTAssertEqual(events, ["root true", "a true", "c true"])
    }

    func testExpandSubtreeKeepsRowObjectsOfRowsAlreadyShown() async throws {
        let manager = BaseListManager()
        let t = tree()
        try manager.add(t.root)
        try manager.expand(t.root)
        let before = manager.store.objectAddresses  // root, a, b, c
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.expandSubtree(t.root)
        let after = manager.store.objectAddresses
        for g in [t.root, t.a, t.leaves["b"]!, t.c] as [any RowGenerator] {
            XCTAssertTrue(before.contains(after[manager.position(of: g)!]), "\(g) got a new row object")
        }
        XCTAssertEqual(Set(after).subtracting(before).count, 3, "only a1, a2 and c1 are new")
        XCTAssertEqual(recorder.changes.count, 1)
    }

    func testCollapseSubtreeCollapsesHiddenLevelsTooInOneSplice() async throws {
        let manager = BaseListManager()
        let t = tree()
        try manager.add(t.root)
        try manager.expandSubtree(t.root)
        let recorder = ItemsChangedRecorder(manager.store)
        var events: [String] = []
        for f in [t.root, t.a, t.c] { f.didFoldEvent += { events.append("\(f.model) \($0)") } }
        try manager.collapseSubtree(t.root)
        XCTAssertEqual(texts(manager), ["root"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 1, removed: 6, added: 0)])
        XCTAssertEqual(Set(events), ["root false", "a false", "c false"])
        try manager.expand(t.root)
        XCTAssertEqual(texts(manager), ["root", ".a", ".b", ".c"], "one level at a time again")
    }

    func testExpandingTenThousandChildrenIsOneSplice() async throws {
        let manager = BaseListManager()
        let big = Folder(model: "big", children: (0..<10_000).map { LabelRow(model: "\($0)") })
        try manager.add(big)
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.expand(big)
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 1, removed: 0, added: 10_000)])
        XCTAssertEqual(manager.store.count, 10_001)
    }

    func testFoldingInsideSections() async throws {
        let manager = BaseListManager()
        let t = tree()
        try manager.addSection(header: header("A"), rows: rows("x"))
        try manager.addSection(header: header("B"), rows: [t.root], footer: LabelFooter(model: "f"))
        try manager.expand(t.root)
        XCTAssertEqual(storeTexts(manager), ["#A", "x", "#B", "root", "a", "b", "c", "_f"])
        try manager.collapse(t.root)
        XCTAssertEqual(storeTexts(manager), ["#A", "x", "#B", "root", "_f"])
    }

    func testInsertAfterAnExpandedRowGoesAfterItsSubtree() async throws {
        let manager = BaseListManager()
        let t = tree()
        try manager.add(t.root)
        try manager.expand(t.root)
        try manager.insert(rows("next"), after: t.root)
        XCTAssertEqual(texts(manager), ["root", ".a", ".b", ".c", "next"])
    }

    func testRemovingAFoldableRowRemovesItsShownSubtree() async throws {
        let manager = BaseListManager()
        let t = tree()
        try manager.add([t.root] + rows("tail"))
        try manager.expandSubtree(t.root)
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.remove(t.root)
        XCTAssertEqual(texts(manager), ["tail"])
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 0, removed: 7, added: 0)])
    }

    func testMovingAFoldableRowMovesItsSubtree() async throws {
        let manager = BaseListManager()
        let t = tree()
        let others = rows("p", "q")
        try manager.add([t.root] + others)
        try manager.expand(t.root)
        try manager.move(t.root, after: others[1])
        XCTAssertEqual(texts(manager), ["p", "q", "root", ".a", ".b", ".c"])
        assertStoreMatchesManager(manager)
    }

    func testChildRowsAreNotAnchorsForInsertion() async throws {
        let manager = BaseListManager()
        let t = tree()
        try manager.add(t.root)
        try manager.expand(t.root)
        XCTAssertThrowsError(try manager.insert(rows("x"), after: t.a)) { error in
            guard case DataDisplayError.invalidAnchor = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(texts(manager), ["root", ".a", ".b", ".c"])
    }

    func testFoldingARowThatIsNotFoldableIsATypedError() async throws {
        let manager = BaseListManager()
        let r = rows("plain")
        try manager.add(r)
        XCTAssertThrowsError(try manager.expand(r[0])) { error in
            guard case DataDisplayError.notFoldable(let what) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(what.contains("plain"))
        }
    }

    func testChildRowsCanBeUpdatedInPlace() async throws {
        let manager = BaseListManager()
        let t = tree()
        try manager.add(t.root)
        try manager.expand(t.root)
        let recorder = ItemsChangedRecorder(manager.store)
        t.leaves["b"]!.model = "B"
        try manager.update(t.leaves["b"]!)
        XCTAssertEqual(recorder.changes, [])
    }

    func testReloadChildrenShowsTheNewChildren() async throws {
        let manager = BaseListManager()
        let t = tree()
        try manager.add(t.root)
        try manager.expand(t.root)
        t.root.children = [t.leaves["b"]!, LabelRow(model: "new")]
        try manager.reloadChildren(of: t.root)
        XCTAssertEqual(texts(manager), ["root", ".b", ".new"])
    }

    /// A child replaced by a new generator with its diff id keeps its row object — GTK keeps the
    /// widget and a selection on it — as a whole-state update keeps rows by id; the row shows the new
    /// generator. (Found by the randomized harness run long: the subtree kept rows by generator only.)
    func testReloadChildrenKeepsTheRowOfAChildWhoseIDStays() async throws {
        let manager = BaseListManager()
        let adapter = HeadlessAdapter(manager: manager)
        let t = tree()
        try manager.add(t.root)
        try manager.expand(t.root)
        XCTAssertEqual(texts(manager), ["root", ".a", ".b", ".c"])
        adapter.select(t.leaves["b"]!)
        let objects = manager.store.objectAddresses
        let newB = LabelRow(model: "b again", id: "b")
        let newC = Folder(model: "c again", id: "c", children: [])
        t.root.children = [t.a, newB, newC]
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.reloadChildren(of: t.root)
        XCTAssertEqual(texts(manager), ["root", ".a", ".b again", ".c again"])
        XCTAssertEqual(manager.store.objectAddresses, objects, "every child kept its row object")
        XCTAssertEqual(recorder.changes, [], "no row left the store or entered it")
        XCTAssertTrue(manager.store.generator(at: 2) === newB)
        XCTAssertTrue(manager.contains(newB))
        XCTAssertFalse(manager.contains(t.leaves["b"]!))
        XCTAssertTrue(adapter.isSelected(newB), "the selection stays on the row")
        // A row taken by id is found from its new generator by the operations after.
        newB.model = "B"
        try manager.update(newB)
        XCTAssertEqual(texts(manager), ["root", ".a", ".B", ".c again"])
        XCTAssertThrowsError(try manager.update(t.leaves["b"]!), "the replaced generator is not shown")
    }

    func testWholeStateWithExpandedFoldablesIsDiffedWithDepth() async throws {
        let manager = BaseListManager()
        let t = tree()
        t.root.isExpanded = true
        try manager.setState([Section(rows: [t.root])])
        XCTAssertEqual(texts(manager), ["root", ".a", ".b", ".c"])
        let again = tree()
        again.root.isExpanded = true
        again.a.isExpanded = true
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.setState([Section(rows: [again.root])])
        XCTAssertEqual(texts(manager), ["root", ".a", "..a1", "..a2", ".b", ".c"])
        XCTAssertEqual(recorder.churn, 2)
        try manager.collapse(again.root)
        XCTAssertEqual(texts(manager), ["root"])
    }

    func testFoldingInABatchIsOneDiffedUpdate() async throws {
        let manager = BaseListManager()
        let t = tree()
        try manager.add([t.root] + rows("tail"))
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.batch { () throws(DataDisplayError) in
            try manager.expand(t.root)
            try manager.expand(t.a)
            try manager.remove(manager.flatGenerators.last!)
        }
        XCTAssertEqual(texts(manager), ["root", ".a", "..a1", "..a2", ".b", ".c"])
        XCTAssertEqual(recorder.invalidChanges, [])
        assertStoreMatchesManager(manager)
    }
}

/// A batch that fails leaves fold states as they were, not only the rows.
@MainActor
final class FoldingBatchRollbackTests: XCTestCase {
    func testFailedBatchRestoresFoldStates() async throws {
        let manager = BaseListManager()
        let inner = Folder(model: "inner", id: "inner", children: rows("x"), expanded: true)
        let outer = Folder(model: "outer", id: "outer", children: [inner], expanded: true)
        let leaf = LabelRow(model: "leaf", id: "leaf")
        try manager.add([outer, leaf])
        let before = storeTexts(manager)
        XCTAssertThrowsError(try manager.batch { () throws(DataDisplayError) in
            try manager.collapseSubtree(outer)
            try manager.collapseSubtree(leaf)   // not foldable: the batch fails
        })
        XCTAssertTrue(outer.isExpanded)
        XCTAssertTrue(inner.isExpanded)
        XCTAssertEqual(storeTexts(manager), before)
        try manager.collapse(outer)
        try manager.expand(outer)
        XCTAssertEqual(storeTexts(manager), ["outer", "inner", "x", "leaf"], "inner state intact")
    }
}
