@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// `FilteredState` against a brute-force filter and sort of the same models: random typing and
/// deleting, filters switched on and off, sorts changed, sections and trees. Every step is checked
/// on the real store: the rows it shows, in order.
@MainActor
final class FilteredStateTests: XCTestCase {
    /// A word and how long it is.
    private struct Word {
        let text: String
        var length: Int { text.count }
    }

    /// `count` words made of syllables (seeded), no two alike.
    private func words(_ count: Int, seed: UInt64) -> [Word] { syllableWords(count, seed: seed).map(Word.init) }

    private func list(_ manager: BaseListManager, _ models: [Word] = []) throws -> FilteredState<Word> {
        try FilteredState(manager: manager, models: models, text: \.text) { LabelRow(model: $0.text, id: $0.text) }
    }

    /// The texts of the rows the store shows, in order (a header's in brackets).
    private func shown(_ manager: BaseListManager) -> [String] {
        (0..<manager.store.count).map { position in
            let generator = manager.store.generator(at: position)
            return (generator as? LabelRow)?.model ?? "[\((generator as! LabelHeader).model)]"
        }
    }

    func testRandomTypingFiltersAndSortsShowWhatAFilterAndSortOfTheModelsShows() async throws {
        let pool = words(3_400, seed: 5)
        var models = Array(pool.prefix(3_000))
        var reserve = pool.dropFirst(3_000)   // appended now and then
        let manager = BaseListManager()
        let state = try list(manager, models)
        try state.addFilter(ModelFilter("long", isOn: false) { $0.length >= 7 })
        try state.addFilter(ModelFilter("no o", isOn: false) { !$0.text.contains("o") })
        let sorts: [((Word, Word) -> Bool)?] = [nil, { $0.text < $1.text }, { $0.length > $1.length }]
        var sort = 0
        var rng = RandomizedRNG(seed: 9)
        var typed = ""
        var narrowedSteps = 0, recalledSteps = 0, appendedSteps = 0
        /// The last eight queries searched (lower case), the latest first: their matches are kept.
        var recent: [String] = []
        for step in 0..<300 {
            let before = state.matchCount
            let roll = rng.next() % 11
            var narrowing = false, recalled = false
            func search(_ query: String) throws {
                let folded = query.lowercased()
                recalled = recent.contains(folded) && folded != state.query.lowercased()
                try state.setQuery(query)
                guard !folded.isEmpty else { return }
                recent.removeAll { $0 == folded }
                recent.insert(folded, at: 0)
                if recent.count > 8 { recent.removeLast() }
            }
            switch roll {
            case 0..<5:
                narrowing = !typed.isEmpty
                typed.append(["a", "n", "o", "e", "r", "B", "k"][Int(rng.next() % 7)])
                try search(typed)
            case 5..<7:
                if !typed.isEmpty { typed.removeLast() }
                try search(typed)
            case 7:
                let index = Int(rng.next() % 2)
                try state.setFilter(at: index, isOn: !state.filters[index].isOn)
            case 8:
                sort = Int(rng.next() % UInt64(sorts.count))
                try state.sort(by: sorts[sort])
            case 9:
                typed = ""
                try search("")
            default:
                // New models, shown where the sort and the query put them.
                let new = Array(reserve.prefix(1 + Int(rng.next() % 6)))
                reserve = reserve.dropFirst(new.count)
                try state.append(new)
                models += new
                if !new.isEmpty { appendedSteps += 1 }
                // The recent queries' matches are dropped, but the current query's.
                recent = state.query.isEmpty ? [] : [state.query.lowercased()]
            }
            // The same result by brute force: every model tested, then a stable sort.
            let on = state.filters.filter(\.isOn)
            var expected = models.enumerated().filter { _, word in
                (typed.isEmpty || word.text.lowercased().contains(typed.lowercased())) && on.allSatisfy { $0.isIncluded(word) }
            }
            if let order = sorts[sort] {
                expected.sort { a, b in order(a.element, b.element) || (!order(b.element, a.element) && a.offset < b.offset) }
            }
            XCTAssertEqual(shown(manager), expected.map(\.element.text), "step \(step): \"\(typed)\"")
            XCTAssertEqual(state.query, typed)
            if recalled {
                // One of the last eight queries again (a deleted letter): no text compared.
                XCTAssertEqual(state.comparedTexts, 0, "step \(step)")
                recalledSteps += 1
            } else if narrowing, on.isEmpty, let before {
                // Typing on looks only at what the shorter query matched.
                XCTAssertEqual(state.comparedTexts, before, "step \(step)")
                narrowedSteps += 1
            }
        }
        XCTAssertGreaterThan(narrowedSteps, 20, "the walk typed on often enough")
        XCTAssertGreaterThan(recalledSteps, 20, "and came back to recent queries often enough")
        XCTAssertGreaterThan(appendedSteps, 15, "and appended models often enough")
    }

    func testARowShownAgainIsTheSameGeneratorAndNothingRebinds() async throws {
        let manager = BaseListManager()
        let state = try list(manager, words(500, seed: 1))
        let before = manager.store.generator(at: 0)!
        try state.setQuery("zzz")
        XCTAssertEqual(manager.store.count, 0)
        try state.setQuery("")
        XCTAssertTrue(manager.store.generator(at: 0)! === before, "the model's row is made once")
        XCTAssertEqual(manager.lastUpdate?.updated, 0)
    }

    func testSectionsGroupTheRowsByKeyInTheOrderOfTheirFirstRow() async throws {
        let manager = BaseListManager()
        let state = try list(manager, words(400, seed: 3))
        try state.sort { $0.text.lowercased() < $1.text.lowercased() }
        try state.group(by: { String($0.text.prefix(1)).uppercased() }) { letter, rows in
            LabelHeader(model: "\(letter) \(rows)", id: "header \(letter)")
        }
        func check(_ step: String) {
            let letters = manager.sections.map { ($0.header as! LabelHeader).model.split(separator: " ")[0] }
            XCTAssertEqual(letters, letters.sorted(), step)
            for section in manager.sections {
                let heading = (section.header as! LabelHeader).model.split(separator: " ")
                XCTAssertEqual(heading[1], "\(section.rows.count)", "\(step): the header counts its rows")
                XCTAssertTrue(section.rows.allSatisfy { ($0 as! LabelRow).model.uppercased().hasPrefix(heading[0]) }, step)
            }
        }
        check("all")
        try state.setQuery("a")
        check("a")
        XCTAssertGreaterThan(manager.lastUpdate?.updated ?? 0, 0, "headers whose count changed are rebound")
        XCTAssertTrue(manager.sections.allSatisfy { !$0.rows.isEmpty }, "a letter without a match has no section")
        try state.setQuery("ab")
        try state.setQuery("a")
        XCTAssertEqual(manager.lastUpdate?.moves, 0)
        check("a again")
        try state.ungroup()
        XCTAssertEqual(manager.sections.count, 1)
        XCTAssertNil(manager.sections[0].header)
    }

    func testAccentsAreIgnoredOnRequest() async throws {
        let names = ["Élodie", "Eloise", "Zoë", "Anna"].map(Word.init)
        let accents = try list(BaseListManager(), names)
        let ignoring = try FilteredState(manager: BaseListManager(), models: names, text: \.text, ignoringAccents: true) {
            LabelRow(model: $0.text, id: $0.text)
        }
        try accents.setQuery("elo")
        try ignoring.setQuery("elo")
        XCTAssertEqual(shown(accents.manager), ["Eloise"])
        XCTAssertEqual(shown(ignoring.manager), ["Élodie", "Eloise"])
        try ignoring.setQuery("ZOE")
        XCTAssertEqual(shown(ignoring.manager), ["Zoë"])
        try ignoring.setQuery("zoë")
        XCTAssertEqual(shown(ignoring.manager), ["Zoë"])
        XCTAssertEqual(ignoring.comparedTexts, 0, "the same folded query: its matches are kept")
    }

    func testSectionsOfTheAppsOwnStandAboveTheModelsRows() async throws {
        let manager = BaseListManager()
        let state = try list(manager, ["Anna", "Bert", "Carl"].map(Word.init))
        var pinned = ["Carl"]
        state.leadingSections = {
            [Section(header: LabelHeader(model: "Pinned", id: "pinned"),
                     rows: pinned.filter { $0.lowercased().contains(state.query.lowercased()) || state.query.isEmpty }
                         .map { LabelRow(model: "pinned \($0)", id: "pinned \($0)") })]
        }
        try state.refresh()
        XCTAssertEqual(shown(manager), ["[Pinned]", "pinned Carl", "Anna", "Bert", "Carl"])
        pinned.append("Anna")
        try state.refresh()
        XCTAssertEqual(shown(manager), ["[Pinned]", "pinned Carl", "pinned Anna", "Anna", "Bert", "Carl"])
        try state.setQuery("an")
        XCTAssertEqual(shown(manager), ["[Pinned]", "pinned Anna", "Anna"], "made again for the query")
    }

    func testModelsAppendedToASortedSearchedListStandWhereTheSortPutsThem() async throws {
        let manager = BaseListManager()
        let state = try list(manager)
        try state.setQuery("a")
        try state.sort { $0.text < $1.text }
        try state.append([Word(text: "banana"), Word(text: "cherry"), Word(text: "apple")])
        XCTAssertEqual(shown(manager), ["apple", "banana"], "sorted from the first models on, “cherry” hidden")
        try state.append([Word(text: "avocado"), Word(text: "date"), Word(text: "bay")])
        XCTAssertEqual(shown(manager), ["apple", "avocado", "banana", "bay", "date"])
        XCTAssertEqual(state.matchCount, 5)
        try state.setQuery("")
        XCTAssertEqual(shown(manager), ["apple", "avocado", "banana", "bay", "cherry", "date"])
    }

    func testBadInputIsATypedErrorAndChangesNothing() async throws {
        let manager = BaseListManager()
        let state = try list(manager, words(50, seed: 2))
        try state.setQuery("a")
        let rows = shown(manager)
        // Two models with one id.
        XCTAssertThrowsError(try state.setModels([Word(text: "same"), Word(text: "same")])) {
            guard case .duplicateDiffID = $0 as? DataDisplayError else { return XCTFail("\($0)") }
        }
        XCTAssertEqual(shown(manager), rows)
        XCTAssertEqual(state.models.count, 50)
        XCTAssertEqual(state.query, "a")
        XCTAssertThrowsError(try state.setFilter(at: 0, isOn: true)) {
            XCTAssertEqual($0 as? DataDisplayError, .indexOutOfRange(index: 0, count: 0))
        }
        XCTAssertThrowsError(try state.removeFilter(at: -1))
        // Appended models: one with the id of a model shown, one twice; none of them is inserted.
        let shownWord = try XCTUnwrap(rows.first)
        XCTAssertThrowsError(try state.append([Word(text: "zanzibar"), Word(text: shownWord)])) {
            guard case .duplicateDiffID = $0 as? DataDisplayError else { return XCTFail("\($0)") }
        }
        XCTAssertThrowsError(try state.append([Word(text: "twice a"), Word(text: "twice a")]))
        XCTAssertEqual(shown(manager), rows)
        XCTAssertEqual(state.models.count, 50)
        try state.append([Word(text: "zanzibar")])
        XCTAssertEqual(shown(manager), rows + ["zanzibar"], "unsorted: after the others; it matches “a”")
        XCTAssertEqual(state.models.count, 51)
        // A row maker that makes rows with one id: the sort that would show them throws and is not kept.
        let clashing = try FilteredState<Word>(manager: BaseListManager(), models: [], text: \.text) { _ in LabelRow(model: "x", id: "x") }
        XCTAssertThrowsError(try clashing.setModels(words(2, seed: 4)))
        XCTAssertEqual(clashing.models.count, 0)
        XCTAssertEqual(clashing.manager.store.count, 0)
        XCTAssertThrowsError(try FilteredState(manager: BaseListManager(), models: words(2, seed: 4), text: \.text) { _ in
            LabelRow(model: "x", id: "x")
        }, "the first models are checked as well")
    }

    /// A contact of the README's example.
    private struct Contact {
        let name: String
        let email: String
        let starred: Bool
    }

    /// The titles the store shows, headers and rows.
    private func titles(_ manager: BaseListManager) -> [String] {
        (0..<manager.store.count).map { position in
            let generator = manager.store.generator(at: position)
            return (generator as? BaseRowGenerator<TitleView>)?.model ?? (generator as! BaseHeaderGenerator<TitleView>).model
        }
    }

    func testTheReadmeExample() async throws {
        let book = [Contact(name: "Ann", email: "ann@example.org", starred: true),
                    Contact(name: "Bob", email: "bob@example.org", starred: false),
                    Contact(name: "Dana", email: "dana@example.org", starred: false),
                    Contact(name: "Anton", email: "anton@example.org", starred: false)]
        // README:begin filtered-state
        let manager = BaseListManager()
        let contacts = try FilteredState(manager: manager, models: book, text: { "\($0.name) \($0.email)" }) { contact in
            BaseRowGenerator<TitleView>(model: contact.name, id: contact.email)
        }
        try contacts.sort { $0.name < $1.name }
        try contacts.group(by: { $0.name.prefix(1) }) { letter, count in
            BaseHeaderGenerator<TitleView>(model: "\(letter) (\(count))", id: String(letter))
        }
        try contacts.addFilter(ModelFilter("Favourites", isOn: false) { $0.starred })

        try contacts.setQuery("an")              // as the user types (SearchEntry's onSearchChanged)
        try contacts.setFilter(at: 0, isOn: true)
        // README:end filtered-state
        XCTAssertEqual(titles(manager),
                       ["A (1)", "Ann"])
        try contacts.setFilter(at: 0, isOn: false)
        XCTAssertEqual(titles(manager),
                       ["A (2)", "Ann", "Anton", "D (1)", "Dana"])
    }

    // MARK: Trees

    /// A file or folder.
    private final class Node {
        let name: String
        let children: [Node]?
        init(_ name: String, _ children: [Node]? = nil) {
            self.name = name
            self.children = children
        }
    }

    private typealias Folder = FoldableRowGenerator<LabelRowView>

    private func tree(_ manager: BaseListManager, _ roots: [Node]) throws -> FilteredState<Node> {
        try FilteredState(manager: manager, models: roots, text: \.name, children: \.children,
                      row: { LabelRow(model: $0.name, id: ObjectIdentifier($0)) },
                      folder: { node, children, expanded in
                          Folder(model: node.name, id: ObjectIdentifier(node), children: children, expanded: expanded)
                      })
    }

    /// The store's rows as "name@depth", with a "+" for an expanded folder and "-" for a folded one.
    private func outline(_ manager: BaseListManager) -> [String] {
        (0..<manager.store.count).map { position in
            let row = manager.store.row(at: position)!
            if let folder = row.generator as? Folder { return "\(folder.model)@\(row.depth)\(folder.isExpanded ? "+" : "-")" }
            return "\((row.generator as! LabelRow).model)@\(row.depth)"
        }
    }

    func testATreeSearchShowsMatchesWithTheFoldersAboveThemExpanded() async throws {
        let roots = [
            Node("docs", [Node("report.pdf"), Node("notes.txt"), Node("old", [Node("draft.pdf"), Node("list.txt")])]),
            Node("music", [Node("song.ogg"), Node("pdf-tools", [Node("readme.md")])]),
            Node("empty", []),
            Node("todo.txt"),
        ]
        let manager = BaseListManager()
        let state = try tree(manager, roots)
        XCTAssertEqual(outline(manager), ["docs@0-", "music@0-", "empty@0-", "todo.txt@0"], "folded as the folders say")

        try state.setQuery("PDF")
        XCTAssertEqual(outline(manager), ["docs@0+", "report.pdf@1", "old@1+", "draft.pdf@2", "music@0+", "pdf-tools@1-"],
                       "folders above a match expanded; a folder that matches, with nothing below that does, folded")
        XCTAssertEqual(state.matchCount, 3)
        try manager.expand(manager.store.generator(at: 5)!)
        XCTAssertEqual(outline(manager).last, "readme.md@2", "a matching folder holds all its children")

        try state.setQuery("txt")
        XCTAssertEqual(outline(manager), ["docs@0+", "notes.txt@1", "old@1+", "list.txt@2", "todo.txt@0"])
        try state.sort { $0.name > $1.name }
        XCTAssertEqual(outline(manager), ["todo.txt@0", "docs@0+", "old@1+", "list.txt@2", "notes.txt@1"], "siblings sorted")

        // Cleared: every model, folders as the search left them.
        try state.setQuery("")
        try state.sort(by: nil)
        XCTAssertEqual(outline(manager), ["docs@0+", "report.pdf@1", "notes.txt@1", "old@1+", "draft.pdf@2", "list.txt@2",
                                          "music@0+", "song.ogg@1", "pdf-tools@1+", "readme.md@2", "empty@0-", "todo.txt@0"])
        // A filter works as a query does: folders shown for what they hold.
        try state.addFilter(ModelFilter("markdown") { $0.name.hasSuffix(".md") })
        XCTAssertEqual(outline(manager), ["music@0+", "pdf-tools@1+", "readme.md@2"])
    }
}
