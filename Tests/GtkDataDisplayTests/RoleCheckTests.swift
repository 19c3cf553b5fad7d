@_spi(Testing) @testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A generator stands only in the role its type takes: a `HeaderGenerator` only as a section's
/// header, a `FooterGenerator` only as its footer, any other only as a row. Every entry point throws
/// `.wrongRole` for anything else and changes nothing (semantics: every error before any change).
@MainActor
final class RoleCheckTests: XCTestCase {
    private var manager: BaseListManager!
    private var recorder: ItemsChangedRecorder!
    private var head: LabelHeader!
    private var foot: LabelFooter!
    private var present: [LabelRow]!
    private var before: [String] = []

    override func setUp() async throws {
        manager = BaseListManager()
        head = header("H")
        foot = LabelFooter(model: "F", id: "footer:F")
        present = rows("a", "b")
        try manager.addSection(header: head, rows: present, footer: foot)
        before = storeTexts(manager)
        recorder = ItemsChangedRecorder(manager.store)
    }

    private func expectWrongRole(_ mentioning: String, file: StaticString = #filePath, line: UInt = #line,
                                 _ body: () throws(DataDisplayError) -> Void) {
        do {
            try body()
            XCTFail("no error thrown", file: file, line: line)
        } catch {
            guard case .wrongRole(let what) = error else {
                return XCTFail("expected wrongRole, got \(error)", file: file, line: line)
            }
            XCTAssertTrue(what.contains(mentioning), "the message names the generator: \(what)", file: file, line: line)
        }
        XCTAssertEqual(recorder.changes, [], "the store emitted a change", file: file, line: line)
        XCTAssertEqual(storeTexts(manager), before, "nothing changed", file: file, line: line)
        assertStoreMatchesManager(manager, file: file, line: line)
    }

    private var aHeader: LabelHeader { LabelHeader(model: "stray header", id: "stray header") }
    private var aFooter: LabelFooter { LabelFooter(model: "stray footer", id: "stray footer") }
    private var aRow: LabelRow { LabelRow(model: "stray row", id: "stray row") }

    func testHeadersAndFootersAreNoRowsOfSingleOperations() async throws {
        expectWrongRole("stray header") { () throws(DataDisplayError) in try manager.add([aHeader]) }
        expectWrongRole("stray footer") { () throws(DataDisplayError) in try manager.add(rows("x") + [aFooter]) }
        expectWrongRole("stray header") { () throws(DataDisplayError) in try manager.add([aHeader], toSectionWith: head) }
        let manual = ManualListManager()
        try manual.add(rows("m"))
        let anchor = manual.flatGenerators[0]
        XCTAssertThrowsError(try manual.insert([aHeader], after: anchor)) { error in
            guard case DataDisplayError.wrongRole = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try manual.insert([aFooter], before: anchor)) { error in
            guard case DataDisplayError.wrongRole = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(storeTexts(manual), ["m"])
    }

    func testRowsAreNoHeadersOrFootersOfSections() async throws {
        expectWrongRole("stray row") { () throws(DataDisplayError) in try manager.addSection(header: aRow, rows: rows("x")) }
        expectWrongRole("stray row") { () throws(DataDisplayError) in try manager.addSection(rows: rows("x"), footer: aRow) }
        expectWrongRole("stray footer") { () throws(DataDisplayError) in try manager.addSection(header: aFooter, rows: rows("x")) }
        expectWrongRole("stray header") { () throws(DataDisplayError) in try manager.addSection(rows: rows("x"), footer: aHeader) }
    }

    func testReplaceKeepsEachRoleToItsKind() async throws {
        expectWrongRole("stray header") { () throws(DataDisplayError) in try manager.replace(present[0], with: aHeader) }
        expectWrongRole("stray row") { () throws(DataDisplayError) in try manager.replace(head, with: aRow) }
        expectWrongRole("stray row") { () throws(DataDisplayError) in try manager.replace(foot, with: aRow) }
        expectWrongRole("stray header") { () throws(DataDisplayError) in try manager.replace(foot, with: aHeader) }
    }

    func testAWholeStateChecksEveryRoleWhicheverPathItTakes() async throws {
        // The first state of plain rows reads ids with the fold check deferred; a state after one with
        // foldable rows flattens at once: both refuse a header among the rows.
        expectWrongRole("stray header") { () throws(DataDisplayError) in
            try manager.setState([Section(header: head, rows: present + [aHeader], footer: foot)])
        }
        expectWrongRole("stray row") { () throws(DataDisplayError) in
            try manager.setState([Section(header: aRow, rows: present)])
        }
        expectWrongRole("stray header") { () throws(DataDisplayError) in
            try manager.setState([Section(rows: present, footer: aHeader)])
        }
        expectWrongRole("stray footer") { () throws(DataDisplayError) in
            try manager.setState([Section(rows: present), Section(rows: [aFooter] + rows("y"))])
        }
        let folder = Folder(model: "folder", id: "folder", children: rows("f1"), expanded: true)
        try manager.setState([Section(header: head, rows: present + [folder], footer: foot)])
        before = storeTexts(manager)
        recorder = ItemsChangedRecorder(manager.store)
        expectWrongRole("stray header") { () throws(DataDisplayError) in
            try manager.setState([Section(header: head, rows: present + [folder, aHeader], footer: foot)])
        }
        // A shown child of an expanded foldable is a row too.
        let parent = Folder(model: "parent", id: "parent", children: [aHeader], expanded: true)
        expectWrongRole("stray header") { () throws(DataDisplayError) in
            try manager.setState([Section(header: head, rows: present + [parent], footer: foot)])
        }
    }

    func testAWrongRoleIsReportedBeforeAGeneratorStandingTwice() async throws {
        // A repeated row ("a" twice) and a row as a header: the role is what setState reports first,
        // on either path (a wrong role or a cycle, in list order, before any repeat).
        let a = present[0]
        expectWrongRole("stray row") { () throws(DataDisplayError) in
            try manager.setState([Section(rows: [a, a]), Section(header: aRow, rows: rows("z"))])
        }
    }

    func testAWholeStateInABatchOrInTheBackgroundChecksRolesToo() async throws {
        expectWrongRole("stray header") { () throws(DataDisplayError) in
            let (manager, rows, stray) = (self.manager!, self.present!, self.aHeader)
            try manager.batch { () throws(DataDisplayError) in
                try manager.setState([Section(rows: rows + [stray])])
            }
        }
        do {
            try await manager.setStateInBackground([Section(header: aRow, rows: present)])
            XCTFail("no error thrown")
        } catch {
            guard case .wrongRole = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(storeTexts(manager), before)
    }

    func testAHeaderAmongACollapsedFoldersChildrenIsRefusedWhenItWouldBeShown() async throws {
        let folder = Folder(model: "folder", id: "folder", children: [LabelRow(model: "kid", id: "kid"), aHeader], expanded: false)
        try manager.add([folder])
        before = storeTexts(manager)
        recorder = ItemsChangedRecorder(manager.store)
        expectWrongRole("stray header") { () throws(DataDisplayError) in try manager.expand(folder) }
        XCTAssertFalse(folder.isExpanded, "the fold state is as it was")
    }

    func testAPaginationPageWithAHeaderAmongItsRowsChangesNothingAndShowsTheError() async throws {
        let source = ScriptedPages()
        let plugin = PaginationPlugin(edge: .bottom, loadPage: source.load)
        plugin.attach(to: manager)
        plugin.edgeReached()
        source.completions[0](.success(PaginationPage(rows: rows("p") + [aHeader], hasMore: true)))
        guard case .failed = plugin.state else { return XCTFail("state \(plugin.state)") }
        guard case .wrongRole? = plugin.lastError as? DataDisplayError else { return XCTFail("\(String(describing: plugin.lastError))") }
        XCTAssertEqual(pagedTexts(manager).dropLast(), ["#H", "a", "b", "?"], "the page's rows are not shown")
    }

    func testAGeneratorOfBothEndsMayStandAsHeaderOrFooter() async throws {
        let ends = HeaderOrFooter(model: "ends", id: "ends")
        try manager.addSection(rows: rows("x"), footer: ends)
        try manager.replace(ends, with: HeaderOrFooter(model: "other", id: "other"))
        try manager.addSection(header: HeaderOrFooter(model: "top", id: "top"), rows: rows("y"))
        XCTAssertEqual(manager.store.count, 8)
    }
}
