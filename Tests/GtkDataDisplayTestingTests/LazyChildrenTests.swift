import Foundation
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Children loaded on demand: a folder whose loader runs on its first expand, with the loading row,
/// the error row and Retry, cancelling on collapse, dropping late answers — checked on the real
/// `GListStore` (and its `items-changed` splices) and GTK's selection model, headless.
@MainActor
final class LazyChildrenTests: XCTestCase {
    /// A loader the test answers when it wants: each call waits until `answer` is set (or the
    /// load is cancelled, unless `ignoresCancellation`).
    @MainActor
    private final class Gate {
        var calls = 0
        var cancelled = 0
        /// Loads that returned an answer.
        var returned = 0
        var ignoresCancellation = false
        var answer: Result<[any RowGenerator], any Error>?
        var loader: ChildrenLoader {
            { [self] in
                calls += 1
                answer = nil
                while answer == nil {
                    if Task.isCancelled, !ignoresCancellation { cancelled += 1; throw CancellationError() }
                    try? await Task.sleep(for: .milliseconds(2))
                }
                returned += 1
                return try answer!.get()
            }
        }
    }

    private struct LoadFailed: Error, CustomStringConvertible {
        var description: String { "permission denied" }
    }

    private let gate = Gate()
    private var manager: BaseListManager!
    private var folder: FoldableRowGenerator<LabelRowView>!
    private var splices: [(position: Int, removed: Int, added: Int)] = []

    /// "before", folder (lazy), "after".
    private func makeList(expanded: Bool? = nil) throws {
        manager = BaseListManager()
        folder = FoldableRowGenerator<LabelRowView>(model: "folder", id: "folder", expanded: expanded, loadChildren: gate.loader)
        try manager.addSection(rows: [LabelRow(model: "before", id: "before"), folder, LabelRow(model: "after", id: "after")])
        manager.store.onItemsChanged { [weak self] position, removed, added in self?.splices.append((position, removed, added)) }
    }

    private var shown: [String] {
        (0..<manager.store.count).map { position in
            let generator = manager.store.generator(at: position)
            return (generator as? LabelRow)?.model ?? (generator as? FoldableRowGenerator<LabelRowView>)?.model
                ?? String(describing: type(of: generator!))
        }
    }

    private func files(_ names: [String]) -> [any RowGenerator] { names.map { LabelRow(model: $0, id: $0) } }

    /// Fails unless `condition` comes to hold while main-actor tasks and GLib's loop run (5 s).
    private func expect(_ message: String = "", file: StaticString = #filePath, line: UInt = #line,
                        _ condition: () -> Bool) async {
        if !(await settle(until: condition)) { XCTFail("timed out: \(message)", file: file, line: line) }
    }

    /// Lets main-actor tasks and GLib's loop run until `condition` holds (false after 5 s).
    private func settle(until condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while !condition() {
            if Date() > deadline { return false }
            MainContext.drain()
            try? await Task.sleep(for: .milliseconds(2))
        }
        MainContext.drain()
        return true
    }

    func testTheFirstExpandShowsTheLoadingRowThenTheChildrenInOneSplice() async throws {
        try makeList()
        XCTAssertEqual(folder.childLoading?.state, .notLoaded)
        XCTAssertEqual(folder.children.count, 0)
        XCTAssertEqual(gate.calls, 0, "nothing is read before the first expand")

        try manager.expand(folder)
        XCTAssertEqual(shown, ["before", "folder", "ChildLoadingRow", "after"])
        XCTAssertEqual(manager.depth(of: manager.store.generator(at: 2)!), 1, "the loading row is the folder's child")
        XCTAssertEqual(folder.childLoading?.state, .loading)
        await expect { self.gate.calls == 1 }

        var loaded: [any FoldableItem] = []
        manager.didLoadChildren += { loaded.append($0) }
        splices = []
        gate.answer = .success(files((0..<10_000).map { "file \($0)" }))
        await expect { self.folder.childLoading?.state == .loaded }
        XCTAssertEqual(manager.store.count, 10_003)
        XCTAssertEqual(shown[2], "file 0")
        XCTAssertEqual(shown[10_001], "file 9999")
        XCTAssertEqual(splices.count, 1, "the loading row gives way to 10,000 children in one splice")
        XCTAssertEqual(splices.first?.position, 2)
        XCTAssertEqual(splices.first?.removed, 1)
        XCTAssertEqual(splices.first?.added, 10_000)
        XCTAssertEqual(loaded.count, 1)
        XCTAssertTrue(loaded.first === folder)

        // Loaded once: collapsing and expanding again reads nothing.
        try manager.collapse(folder)
        try manager.expand(folder)
        XCTAssertEqual(manager.store.count, 10_003)
        XCTAssertEqual(gate.calls, 1)
    }

    func testAFailureShowsTheErrorRowAndRetryLoadsAgain() async throws {
        try makeList()
        let adapter = HeadlessAdapter(manager: manager, plugins: [.selectable(.multiple), .foldable()])
        adapter.clickExpander(of: folder)
        await expect { self.gate.calls == 1 }
        gate.answer = .failure(LoadFailed())
        await expect { self.folder.childLoading?.state == .failed(message: "permission denied") }
        XCTAssertEqual(shown, ["before", "folder", "ChildErrorRow", "after"])
        let errorRow = try XCTUnwrap(manager.store.generator(at: 2))
        XCTAssertEqual((errorRow as? BaseRowGenerator<ChildErrorView>)?.model, "permission denied")

        adapter.selectAll()
        XCTAssertEqual(adapter.modelSelectedPositions, [0, 1, 3], "the error row is never selected")

        XCTAssertTrue(adapter.activate(errorRow), "Enter on the error row retries")
        XCTAssertEqual(shown[2], "ChildLoadingRow")
        await expect { self.gate.calls == 2 }
        gate.answer = .success(files(["a", "b"]))
        await expect { self.folder.childLoading?.state == .loaded }
        XCTAssertEqual(shown, ["before", "folder", "a", "b", "after"])
    }

    func testCollapsingBeforeTheAnswerCancelsTheLoadAndTheNextExpandLoadsAgain() async throws {
        try makeList()
        try manager.expand(folder)
        await expect { self.gate.calls == 1 }
        try manager.collapse(folder)
        XCTAssertEqual(shown, ["before", "folder", "after"])
        XCTAssertEqual(folder.childLoading?.state, .notLoaded)
        await expect("the loader's task is cancelled") { self.gate.cancelled == 1 }

        try manager.expand(folder)
        await expect { self.gate.calls == 2 }
        gate.answer = .success(files(["x"]))
        await expect { self.folder.childLoading?.state == .loaded }
        XCTAssertEqual(shown, ["before", "folder", "x", "after"])
    }

    func testAnAnswerThatComesAfterACollapseIsDropped() async throws {
        try makeList()
        gate.ignoresCancellation = true        // a loader that answers anyway
        try manager.expand(folder)
        await expect { self.gate.calls == 1 }
        try manager.collapse(folder)
        splices = []
        var loaded = 0
        manager.didLoadChildren += { _ in loaded += 1 }
        gate.answer = .success(files(["late"]))
        await expect("the loader returns its late answer") { self.gate.returned == 1 }
        for _ in 0..<10 { MainContext.drain(); await Task.yield() }
        XCTAssertTrue(splices.isEmpty, "the late answer changes nothing")
        XCTAssertEqual(loaded, 0)
        XCTAssertEqual(folder.childLoading?.state, .notLoaded)
        XCTAssertEqual(shown, ["before", "folder", "after"])

        try manager.expand(folder)
        await expect("the next expand loads again") { self.gate.calls == 2 }
        gate.answer = .success(files(["fresh"]))
        await expect { self.folder.childLoading?.state == .loaded }
        XCTAssertEqual(shown, ["before", "folder", "fresh", "after"])
    }

    func testAnAnswerForAFolderThatLeftTheListIsDropped() async throws {
        try makeList()
        try manager.expand(folder)
        await expect { self.gate.calls == 1 }
        try manager.remove(folder)
        splices = []
        gate.answer = .success(files(["gone"]))
        await expect { self.folder.childLoading?.state == .notLoaded }
        XCTAssertTrue(splices.isEmpty)
        XCTAssertEqual(shown, ["before", "after"])
    }

    func testAWholeStateWithTheFolderExpandedStartsItsLoad() async throws {
        try makeList(expanded: true)
        XCTAssertEqual(shown, ["before", "folder", "ChildLoadingRow", "after"])
        await expect { self.gate.calls == 1 }
        gate.answer = .success(files(["c"]))
        await expect { self.folder.childLoading?.state == .loaded }
        XCTAssertEqual(shown, ["before", "folder", "c", "after"])
    }

    func testLoadChildrenReadsAgain() async throws {
        try makeList(expanded: true)
        await expect { self.gate.calls == 1 }
        gate.answer = .success(files(["old"]))
        await expect { self.folder.childLoading?.state == .loaded }
        try manager.loadChildren(of: folder)
        XCTAssertEqual(shown, ["before", "folder", "ChildLoadingRow", "after"])
        await expect { self.gate.calls == 2 }
        gate.answer = .success(files(["new", "newer"]))
        await expect { self.folder.childLoading?.state == .loaded }
        XCTAssertEqual(shown, ["before", "folder", "new", "newer", "after"])
        XCTAssertThrowsError(try manager.loadChildren(of: LabelRow(model: "stranger", id: "stranger")))
    }

    func testChildrenThatCannotStandInTheListAreAFailureAndChangeNothingElse() async throws {
        try makeList(expanded: true)
        await expect { self.gate.calls == 1 }
        let before = try XCTUnwrap(manager.store.generator(at: 0))
        gate.answer = .success([before])      // already shown above the folder
        await expect {
            if case .failed = self.folder.childLoading?.state { return true } else { return false }
        }
        XCTAssertEqual(shown, ["before", "folder", "ChildErrorRow", "after"])
    }

    func testABoxShowsTheSameRows() async throws {
        try makeList()
        let box = HeadlessAdapter(boxOf: manager)
        box.clickExpander(of: folder)
        XCTAssertEqual(shown, ["before", "folder", "ChildLoadingRow", "after"])
        await expect { self.gate.calls == 1 }
        gate.answer = .success(files(["one"]))
        await expect { self.folder.childLoading?.state == .loaded }
        XCTAssertEqual(shown, ["before", "folder", "one", "after"])
    }

    func testAFolderOfARealDirectoryReadsItsEntriesOnExpand() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lazy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("docs/old"), withIntermediateDirectories: true)
        for name in ["a.txt", "docs/b.txt", "docs/old/c.txt"] {
            try Data(name.utf8).write(to: root.appendingPathComponent(name))
        }
        defer { try? FileManager.default.removeItem(at: root) }
        let manager = BaseListManager()
        // DocC:begin lazy-children
        func folderRow(_ url: URL) -> FoldableRowGenerator<LabelRowView> {
            FoldableRowGenerator<LabelRowView>(model: url.lastPathComponent, id: url.path) {
                // The loader runs on the main actor: read the disk off it.
                let entries = try await Task.detached {
                    try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: [.isDirectoryKey])
                        .sorted { $0.lastPathComponent < $1.lastPathComponent }
                }.value
                return entries.map { entry -> any RowGenerator in
                    let isFolder = (try? entry.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory == true
                    return isFolder ? folderRow(entry) : LabelRow(model: entry.lastPathComponent, id: entry.path)
                }
            }
        }
        let home = folderRow(root)
        try manager.add([home])
        try manager.expand(home)          // "Loading…" under it now, its entries once read
        manager.didLoadChildren += { folder in print(folder.diffID, folder.childLoading?.state ?? .loaded) }
        // DocC:end lazy-children
        self.manager = manager
        await expect { manager.store.count == 3 }
        XCTAssertEqual(shown, [root.lastPathComponent, "a.txt", "docs"])
        let docs = try XCTUnwrap(manager.store.generator(at: 2))
        try manager.expand(docs)
        await expect { manager.store.count == 5 }
        XCTAssertEqual(Array(shown.suffix(2)), ["b.txt", "old"])
        XCTAssertEqual(manager.depth(of: manager.store.generator(at: 4)!), 2)
    }
}
