import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Trees that a foldable cannot form (cycles) and trees of any depth: every entry point walks the
/// tree without recursion and rejects a foldable that contains itself with a typed error, changing nothing.
@MainActor
final class FoldingTreeShapeTests: XCTestCase {
    /// a ─ b ─ a (through b), both expanded.
    private func cycle() -> (a: Folder, b: Folder) {
        let a = Folder(model: "a", id: "a", expanded: true)
        let b = Folder(model: "b", id: "b", children: [a], expanded: true)
        a.children = [LabelRow(model: "a1", id: "a1"), b]
        return (a, b)
    }

    /// A manager showing "x" and a recorder on its store.
    private func manager(_ manager: BaseListManager = BaseListManager()) throws -> (BaseListManager, ItemsChangedRecorder) {
        try manager.add(rows("x"))
        return (manager, ItemsChangedRecorder(manager.store))
    }

    private func assertCycleError(_ body: () throws(DataDisplayError) -> Void, file: StaticString = #filePath, line: UInt = #line) {
        do throws(DataDisplayError) {
            try body()
            XCTFail("no error", file: file, line: line)
        } catch {
            guard case .foldingCycle(let path) = error else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertTrue(path.contains("→"), "the message shows the cycle: \(path)", file: file, line: line)
        }
    }

    func testAFoldableContainingItselfIsATypedErrorInSetState() async throws {
        let (manager, recorder) = try manager()
        let a = Folder(model: "a", id: "a", expanded: true)
        a.children = [a]
        assertCycleError { () throws(DataDisplayError) in try manager.setState([Section(rows: [a])]) }
        let t = cycle()
        assertCycleError { () throws(DataDisplayError) in try manager.setState([Section(rows: [t.a])]) }
        XCTAssertEqual(storeTexts(manager), ["x"])
        XCTAssertEqual(recorder.changes, [])
        a.children = []
        t.a.children = []
    }

    func testACycleIsATypedErrorInEveryManagersSetStateAndInsideABatch() async throws {
        for kind in [BaseListManager(), ManualListManager(), GravityListManager()] {
            let (manager, recorder) = try manager(kind)
            let t = cycle()
            assertCycleError { () throws(DataDisplayError) in try manager.setState([Section(rows: [t.a])]) }
            assertCycleError { () throws(DataDisplayError) in
                try manager.batch { () throws(DataDisplayError) in try manager.setState([Section(rows: [t.a])]) }
            }
            assertCycleError { () throws(DataDisplayError) in try manager.add([t.b]) }
            XCTAssertEqual(storeTexts(manager), ["x"], "\(kind)")
            XCTAssertEqual(recorder.changes, [])
            t.a.children = []
        }
    }

    func testACycleIsATypedErrorInSetStateInBackgroundAndChangesNothing() async throws {
        let (manager, recorder) = try manager()
        let t = cycle()
        do {
            try await manager.setStateInBackground([Section(rows: [t.a])])
            XCTFail("no error")
        } catch {
            guard case .foldingCycle = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(storeTexts(manager), ["x"])
        XCTAssertEqual(recorder.changes, [])
        t.a.children = []
    }

    /// A state with a generator standing twice in one section and a cycle in a later one is a cycle,
    /// whichever path flattens it (semantics: flattened first, then each instance once): the
    /// repeat a child row or a header makes, in `setState` and in `setStateInBackground`.
    func testACycleInALaterSectionComesBeforeARepeatedGeneratorInAnEarlierOne() async throws {
        let (manager, recorder) = try manager()
        let t = cycle()
        let child = LabelRow(model: "c", id: "c")
        let twice = Folder(model: "twice", id: "twice", children: [child, child], expanded: true)
        let header = LabelHeader(model: "h", id: "h")
        for first in [Section(rows: [twice]), Section(header: header, rows: rows("y")), Section(rows: [child, twice])] {
            let state = [first, Section(header: header, rows: [t.a])]
            assertCycleError { () throws(DataDisplayError) in try manager.setState(state) }
            do {
                try await manager.setStateInBackground(state)
                XCTFail("no error")
            } catch {
                guard case .foldingCycle = error else { return XCTFail("\(error)") }
            }
        }
        // Without the cycle, the repeat is the error.
        t.a.children = []
        do throws(DataDisplayError) {
            try manager.setState([Section(rows: [twice]), Section(rows: [t.a])])
            XCTFail("no error")
        } catch {
            guard case .duplicateGenerator = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(storeTexts(manager), ["x"])
        XCTAssertEqual(recorder.changes, [])
    }

    func testExpandSubtreeAndCollapseSubtreeOfACycleAreTypedErrors() async throws {
        let manager = BaseListManager()
        // Collapsed, so adding it shows one row; the cycle is hidden below it.
        let a = Folder(model: "a", id: "a")
        let b = Folder(model: "b", id: "b", children: [a])
        a.children = [b]
        try manager.add([a])
        let recorder = ItemsChangedRecorder(manager.store)
        assertCycleError { () throws(DataDisplayError) in try manager.expandSubtree(a) }
        XCTAssertFalse(a.isExpanded)
        XCTAssertFalse(b.isExpanded)
        b.isExpanded = true
        assertCycleError { () throws(DataDisplayError) in try manager.collapseSubtree(a) }
        XCTAssertTrue(b.isExpanded, "nothing changed")
        XCTAssertEqual(storeTexts(manager), ["a"])
        XCTAssertEqual(recorder.changes, [])
        a.children = []
    }

    func testExpandingIntoACycleIsATypedError() async throws {
        let manager = BaseListManager()
        let a = Folder(model: "a", id: "a")
        let b = Folder(model: "b", id: "b", children: [a], expanded: true)
        a.children = [b]
        try manager.add([a])
        assertCycleError { () throws(DataDisplayError) in try manager.expand(a) }
        XCTAssertFalse(a.isExpanded)
        XCTAssertEqual(storeTexts(manager), ["a"])
        a.children = []
    }

    /// A chain of `depth` expanded foldables, deepest last.
    private func chain(_ depth: Int) -> [Folder] {
        var folders: [Folder] = []
        folders.reserveCapacity(depth)
        for level in 0..<depth { folders.append(Folder(model: "\(level)", id: level, expanded: true)) }
        for level in 0..<(depth - 1) { folders[level].children = [folders[level + 1]] }
        return folders
    }

    func testVeryDeepTreesWorkThroughEveryEntryPoint() async throws {
        let depth = 30_000
        let folders = chain(depth)
        let manager = BaseListManager()
        try manager.setState([Section(rows: [folders[0]])])
        XCTAssertEqual(manager.store.count, depth)
        XCTAssertEqual(manager.depth(of: folders[depth - 1]), depth - 1)
        try manager.collapseSubtree(folders[0])
        XCTAssertEqual(manager.store.count, 1)
        try manager.expandSubtree(folders[0])
        XCTAssertEqual(manager.store.count, depth)
        try manager.collapse(folders[0])
        try manager.expand(folders[0])
        XCTAssertEqual(manager.store.count, depth)
        manager.clear()
        try manager.add([folders[0]])
        XCTAssertEqual(manager.store.count, depth)
        let applied = try await manager.setStateInBackground([Section(rows: [folders[0]] + rows("tail"))])
        XCTAssertTrue(applied)
        XCTAssertEqual(manager.store.count, depth + 1)
        try manager.batch { () throws(DataDisplayError) in try manager.setState([Section(rows: [folders[0]])]) }
        XCTAssertEqual(manager.store.count, depth)
        manager.clear()
    }
}

/// A foldable hidden under a collapsed parent and also shown elsewhere folds consistently everywhere.
@MainActor
final class HiddenAndShownFoldableTests: XCTestCase {
    func testCollapseSubtreeFoldsAFoldableThatIsAlsoShownElsewhere() async throws {
        let manager = BaseListManager()
        let x = Folder(model: "x", id: "x", children: rows("x1"), expanded: true)
        let p = Folder(model: "p", id: "p", children: [x])
        try manager.add([p, x])
        XCTAssertEqual(storeTexts(manager), ["p", "x", "x1"])
        var events: [Bool] = []
        x.didFoldEvent += { events.append($0) }
        try manager.collapseSubtree(p)
        XCTAssertFalse(x.isExpanded)
        XCTAssertEqual(storeTexts(manager), ["p", "x"], "the store agrees with the fold state")
        XCTAssertEqual(events, [false])
        assertStoreMatchesManager(manager)
        try manager.expand(x)
        XCTAssertEqual(storeTexts(manager), ["p", "x", "x1"])
        try manager.collapse(x)
        XCTAssertEqual(storeTexts(manager), ["p", "x"])
    }

    func testExpandSubtreeCannotRevealAFoldableShownElsewhere() async throws {
        let manager = BaseListManager()
        let x = Folder(model: "x", id: "x", children: rows("x1"))
        let p = Folder(model: "p", id: "p", children: [x])
        try manager.add([p, x])
        XCTAssertThrowsError(try manager.expandSubtree(p)) { XCTAssertEqual($0 as? DataDisplayError, .duplicateGenerator("FoldableRowGenerator<LabelRowView> (diff id x)")) }
        XCTAssertFalse(p.isExpanded)
        XCTAssertFalse(x.isExpanded)
        XCTAssertEqual(storeTexts(manager), ["p", "x"])
    }
}
