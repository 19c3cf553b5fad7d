@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// `FilteredState.inBackground`: random changes handed to the manager with `setStateInBackground`
/// (landing over several turns at test sizes) end where the same changes made directly end, on a
/// second manager; a newer change supersedes an older one still landing; a refused change leaves
/// the object and the store as they were.
@MainActor
final class FilteredStateBackgroundTests: XCTestCase {
    override func setUp() async throws {
        StateLanding.sizes = StateLanding.Sizes(minimumRows: 1_000, rowsPerStep: 64, sliceBudget: 0)
    }

    override func tearDown() async throws {
        PendingMatch.willMatch = nil
        StateLanding.sizes = StateLanding.Sizes()
    }

    /// `count` distinct made-up words (seeded).
    private func words(_ count: Int, seed: UInt64) -> [String] { syllableWords(count, seed: seed) }

    private func list(_ manager: BaseListManager, _ models: [String]) throws -> FilteredState<String> {
        try FilteredState(manager: manager, models: models, text: { $0 }) { LabelRow(model: $0, id: $0) }
    }

    private func shown(_ manager: BaseListManager) -> [String] {
        (0..<manager.store.count).map { (manager.store.generator(at: $0) as! LabelRow).model }
    }

    /// Lets a background update that was started get under way (its keys read, or landing).
    private func untilUnderWay(_ manager: BaseListManager) async {
        for _ in 0..<1_000 where manager.backgroundUpdates.inFlight == 0 { await Task.yield() }
    }

    func testRandomChangesInTheBackgroundEndWhereTheSameChangesMadeDirectlyEnd() async throws {
        let pool = words(3_300, seed: 11)
        let background = BaseListManager(), direct = BaseListManager()
        let state = try list(background, Array(pool.prefix(3_000)))
        let reference = try list(direct, Array(pool.prefix(3_000)))
        var reserve = pool.dropFirst(3_000)
        var slices = 0
        background.didLandSlice.addListener(key: "count") { slices += 1 }
        let long = ModelFilter<String>("long", isOn: false) { $0.count >= 7 }
        try await state.inBackground { try $0.addFilter(long) }
        try reference.addFilter(long)
        let sorts: [((String, String) -> Bool)?] = [nil, { $0 < $1 }, { $0.count > $1.count }]
        var rng = RandomizedRNG(seed: 4)
        var typed = ""
        for step in 0..<150 {
            let change: (FilteredState<String>) throws -> Void
            switch rng.next() % 8 {
            case 0..<3:
                typed.append(["a", "n", "o", "e", "r"][Int(rng.next() % 5)])
                change = { [typed] state in try state.setQuery(typed) }
            case 3, 4:
                if !typed.isEmpty { typed.removeLast() }
                change = { [typed] state in try state.setQuery(typed) }
            case 5:
                change = { state in try state.setFilter(at: 0, isOn: !state.filters[0].isOn) }
            case 6:
                let sort = sorts[Int(rng.next() % 3)]
                change = { state in try state.sort(by: sort) }
            default:
                let new = Array(reserve.prefix(1 + Int(rng.next() % 5)))
                reserve = reserve.dropFirst(new.count)
                change = { state in try state.append(new) }
            }
            let applied = try await state.inBackground(change)
            try change(reference)
            XCTAssertTrue(applied, "step \(step)")
            XCTAssertTrue(shown(background) == shown(direct), "step \(step): \"\(typed)\"")
            XCTAssertEqual(state.query, reference.query)
            XCTAssertEqual(state.matchCount, reference.matchCount, "step \(step)")
            XCTAssertTrue(state.models == reference.models, "step \(step)")
            assertStoreMatchesManager(background)
        }
        XCTAssertGreaterThan(slices, 100, "big results landed over several turns")
    }

    func testABigFirstFillMakesItsRowsOverSeveralTurnsAndAFirstSearchFoldsItsTextsSo() async throws {
        let models = words(3_000, seed: 6)
        let manager = BaseListManager()
        var made = 0, madeBetweenTurns: Set<Int> = []
        let state = try FilteredState(manager: manager, models: [String](), text: { $0 }) { (word: String) -> any RowGenerator in
            made += 1
            return LabelRow(model: word, id: word)
        }
        let fill = Task { try await state.inBackground { try $0.setModels(models) } }
        while made < models.count {
            await Task.yield()
            madeBetweenTurns.insert(made)
        }
        let filled = try await fill.value
        XCTAssertTrue(filled)
        XCTAssertGreaterThan(madeBetweenTurns.filter { $0 > 0 && $0 < models.count }.count, 3, "the rows were made over several turns")
        XCTAssertEqual(made, models.count, "each model's row made once")
        XCTAssertTrue(shown(manager) == models)
        XCTAssertNil(state.keys)
        var foldedBetweenTurns = false
        let search = Task { try await state.inBackground { try $0.setQuery("or") } }
        while state.query != "or" {
            await Task.yield()
            if state.keys == nil && state.preparing > 0 { foldedBetweenTurns = true }
        }
        let searched = try await search.value
        XCTAssertTrue(searched)
        XCTAssertTrue(foldedBetweenTurns, "the texts were folded while the main loop turned")
        XCTAssertTrue(shown(manager) == models.filter { $0.lowercased().contains("or") })
        XCTAssertEqual(made, models.count, "no row made again")
    }

    func testTheReadmeExample() async throws {
        let manager = BaseListManager()
        let dictionary = words(3_000, seed: 12)
        // README:begin filtered-state-background
        let words = try FilteredState(manager: manager, models: [String](), text: { $0 }) { word in
            BaseRowGenerator<TitleView>(model: word, id: word)
        }
        try await words.inBackground { try $0.setModels(dictionary) }   // lands over several frames

        // As the user types: a newer change supersedes one still landing (that call returns false).
        try await words.inBackground { try $0.setQuery("stre") }
        // README:end filtered-state-background
        XCTAssertEqual(words.query, "stre")
        XCTAssertTrue(manager.store.count == dictionary.filter { $0.lowercased().contains("stre") }.count)
        try await words.inBackground { try $0.setQuery("") }
        XCTAssertEqual(manager.store.count, dictionary.count)
    }

    func testANewerChangeSupersedesAnOlderOneStillUnderWay() async throws {
        let models = words(3_000, seed: 2)
        let manager = BaseListManager(), direct = BaseListManager()
        let state = try list(manager, models)
        let reference = try list(direct, models)
        // Two background changes: the later one wins.
        let older = Task { try await state.inBackground { try $0.setQuery("a") } }
        await untilUnderWay(manager)
        let newer = Task { try await state.inBackground { try $0.setQuery("an") } }
        let (olderApplied, newerApplied) = (try await older.value, try await newer.value)
        XCTAssertFalse(olderApplied)
        XCTAssertTrue(newerApplied)
        try reference.setQuery("an")
        XCTAssertTrue(shown(manager) == shown(direct))
        // A change made directly meanwhile wins too, and an append while a state is under way goes
        // after the rows of the state it lands on.
        try reference.setQuery("")
        let cleared = Task { try await state.inBackground { try $0.setQuery("") } }
        await untilUnderWay(manager)
        XCTAssertGreaterThan(manager.backgroundUpdates.inFlight, 0)
        try state.setQuery("o")
        try state.append(["ozone", "bolo"])
        let clearedApplied = try await cleared.value
        XCTAssertFalse(clearedApplied)
        try reference.setQuery("o")
        try reference.append(["ozone", "bolo"])
        XCTAssertTrue(shown(manager) == shown(direct))
        XCTAssertEqual(state.matchCount, reference.matchCount)
        assertStoreMatchesManager(manager)
    }

    /// 3,000 words (`models`) shown through `state` in the background and through `reference`
    /// directly, both searched for `query` (the texts folded).
    private func searchedPair(seed: UInt64, query: String) async throws
        -> (models: [String], state: FilteredState<String>, reference: FilteredState<String>) {
        let models = words(3_000, seed: seed)
        let state = try list(BaseListManager(), models)
        let reference = try list(BaseListManager(), models)
        try await state.inBackground { try $0.setQuery(query) }
        try reference.setQuery(query)
        return (models, state, reference)
    }

    /// Holds every match off the main thread until `open()`.
    private final class MatchGate: Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        init() { PendingMatch.willMatch = { [semaphore] in semaphore.wait() } }
        /// Lets the match held go on, and the next ones.
        func open() {
            PendingMatch.willMatch = nil
            semaphore.signal()
        }
        // (A test that stopped early lets its match go on too.)
        deinit { semaphore.signal() }
    }

    /// Lets the main loop turn until a search of `state` is being matched off the main thread.
    private func untilMatching(_ state: FilteredState<String>, file: StaticString = #filePath, line: UInt = #line) async {
        for _ in 0..<100_000 where state.pendingMatch == nil { await Task.yield() }
        XCTAssertNotNil(state.pendingMatch, "a search is being matched off the main thread", file: file, line: line)
    }

    /// Both show the same rows and count the same matches.
    private func assertSameResult(_ state: FilteredState<String>, _ reference: FilteredState<String>,
                                  file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(shown(state.manager) == shown(reference.manager), "the rows shown", file: file, line: line)
        XCTAssertEqual(state.matchCount, reference.matchCount, file: file, line: line)
        assertStoreMatchesManager(state.manager, file: file, line: line)
    }

    func testABigSearchEndingTheChangeIsMatchedOffTheMainThread() async throws {
        let (models, state, reference) = try await searchedPair(seed: 5, query: "o")
        // "a" over all 3,000 texts (at least `minimumRows`): the change returns with the search not
        // matched, and the main loop turns while it is matched elsewhere (held there meanwhile).
        let gate = MatchGate()
        let search = Task { try await state.inBackground { try $0.setQuery("a") } }
        await untilMatching(state)
        for _ in 0..<20 { await Task.yield() }
        XCTAssertNotNil(state.pendingMatch, "matched elsewhere while the main loop turns")
        XCTAssertEqual(state.query, "a", "the query is the new one at once")
        XCTAssertEqual(state.matchCount, reference.matchCount, "counted once matched")
        gate.open()
        let searched = try await search.value
        XCTAssertTrue(searched)
        try reference.setQuery("a")
        assertSameResult(state, reference)
        XCTAssertEqual(state.comparedTexts, models.count)
        // Narrowing to "an" looks only at the matches of "a", also off the main thread.
        try await state.inBackground { try $0.setQuery("an") }
        try reference.setQuery("an")
        XCTAssertEqual(state.comparedTexts, reference.comparedTexts)
        assertSameResult(state, reference)
    }

    func testAChangeMadeWhileASearchIsMatchedOffTheMainThreadGoesOnFromIt() async throws {
        let (_, state, reference) = try await searchedPair(seed: 9, query: "e")
        // A direct change while "a" is matched: it matches "a" itself, then narrows to "ar".
        var gate = MatchGate()
        let older = Task { try await state.inBackground { try $0.setQuery("a") } }
        await untilMatching(state)
        try state.setQuery("ar")
        XCTAssertNil(state.pendingMatch)
        gate.open()
        let olderApplied = try await older.value
        XCTAssertFalse(olderApplied, "the direct change superseded it")
        try reference.setQuery("a")
        try reference.setQuery("ar")
        XCTAssertEqual(state.comparedTexts, reference.comparedTexts, "\"ar\" narrowed the matches of \"a\"")
        assertSameResult(state, reference)
        // A newer background change asking for the same query while it is matched shows it.
        gate = MatchGate()
        let again = Task { try await state.inBackground { try $0.setQuery("i") } }
        await untilMatching(state)
        // Let go before the newer call: it matches "i" itself before it first awaits, so the held
        // call cannot come first (and the newer call's diff finds a free thread, even on one core).
        gate.open()
        let sameApplied = try await state.inBackground { try $0.setQuery("i") }
        let againApplied = try await again.value
        XCTAssertFalse(againApplied)
        XCTAssertTrue(sameApplied)
        try reference.setQuery("i")
        assertSameResult(state, reference)
        // A change that goes on after a big search matches it at once and shows both.
        let long = ModelFilter<String>("long", isOn: true) { $0.count >= 7 }
        try await state.inBackground { state in
            try state.setQuery("u")
            try state.addFilter(long)
        }
        try reference.setQuery("u")
        try reference.addFilter(long)
        XCTAssertNil(state.pendingMatch)
        assertSameResult(state, reference)
    }

    func testARefusedChangeLeavesTheObjectAndTheStoreAsTheyWere() async throws {
        let models = words(2_000, seed: 8)
        let manager = BaseListManager()
        let state = try list(manager, models)
        try await state.inBackground { try $0.setQuery("or") }
        let (rows, count) = (shown(manager), state.matchCount)
        // Refused by the manager, off the main thread: two models with one id, both shown.
        let twice = models.first { $0.lowercased().contains("or") }!
        do {
            try await state.inBackground { try $0.setModels(models + [twice]) }
            XCTFail("a model twice is refused")
        } catch {
            guard case .duplicateDiffID(let message)? = error as? DataDisplayError else { return XCTFail("\(error)") }
            XCTAssertTrue(message.hasPrefix("\(twice) in the new state"), message)
        }
        XCTAssertTrue(state.models == models, "the models are as they were")
        XCTAssertEqual(state.query, "or")
        XCTAssertEqual(state.matchCount, count)
        XCTAssertTrue(shown(manager) == rows, "the store is as it was")
        // Refused inside the change: what it changed before is put back too.
        do {
            try await state.inBackground { state in
                try state.setQuery("an")
                try state.setFilter(at: 3, isOn: true)
            }
            XCTFail("a filter that is not there is refused")
        } catch {
            XCTAssertEqual(error as? DataDisplayError, .indexOutOfRange(index: 3, count: 0))
        }
        XCTAssertEqual(state.query, "or")
        XCTAssertEqual(state.matchCount, count)
        XCTAssertTrue(shown(manager) == rows, "the store is as it was")
        // And the object goes on from there.
        try await state.inBackground { try $0.setQuery("o") }
        XCTAssertTrue(shown(manager) == models.filter { $0.lowercased().contains("o") })
    }
}
