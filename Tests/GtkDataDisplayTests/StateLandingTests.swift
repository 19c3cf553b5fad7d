@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A big `setStateInBackground` lands over several turns of the main loop (`StateLanding`): a step
/// at a time, the store always showing the manager's rows, ending where `setState` ends; a change
/// made meanwhile finishes it first, a newer background update waits for it. Landing is made to
/// happen at test sizes (a few thousand rows, steps of 64 rows, one step a slice).
@MainActor
final class StateLandingTests: XCTestCase {
    override func setUp() async throws {
        StateLanding.sizes = StateLanding.Sizes(minimumRows: 1_000, rowsPerStep: 64, sliceBudget: 0)
    }

    override func tearDown() async throws {
        StateLanding.sizes = StateLanding.Sizes()
    }

    private func rows(_ ids: some Sequence<Int>, version: Int = 0) -> [LabelRow] {
        ids.map { LabelRow(model: "row \($0) v\(version)", id: $0) }
    }

    private func id(_ row: LabelRow) -> Int { row.diffID.base as! Int }

    /// The rows `0 ..< 3000` shown.
    private func filled() throws -> (BaseListManager, [LabelRow]) {
        let manager = BaseListManager()
        let shown = rows(0..<3_000)
        try manager.setState([Section(rows: shown)])
        return (manager, shown)
    }

    /// A search-like change of `shown`: every third row gone, new rows after every 50th, every 7th
    /// kept row a new instance (every 14th with new content), the rest the same instances.
    private func searched(_ shown: [LabelRow]) -> (target: [LabelRow], changed: Int) {
        var target: [LabelRow] = []
        var changed = 0
        for (index, row) in shown.enumerated() where index % 3 != 0 {
            if index % 14 == 0 {
                target.append(LabelRow(model: "row \(index) v1", id: index))
                changed += 1
            } else if index % 7 == 0 {
                target.append(LabelRow(model: row.model, id: index))
            } else {
                target.append(row)
            }
            if index % 50 == 1 { target.append(LabelRow(model: "new \(index)", id: 10_000 + index)) }
        }
        return (target, changed)
    }

    /// Runs `update` and, between each two of its slices, checks that the store shows the manager's
    /// rows, which are the target's first rows above the old rows' last ones; returns what the update
    /// returned and how many states were seen between slices.
    private func watching(_ manager: BaseListManager, old: [LabelRow], target: [LabelRow],
                          _ update: () async throws -> Bool) async throws -> (applied: Bool, states: Int) {
        var states = 0
        let targetIDs = target.map(id), oldIDs = old.map(id)
        manager.didLandSlice.addListener(key: "watch") { [unowned self] in
            states += 1
            let shown = manager.flatGenerators
            XCTAssertTrue(manager.store.shows(shown), "between two slices the store shows the manager's rows")
            let ids = shown.map { self.id($0 as! LabelRow) }
            let landed = zip(ids, targetIDs).prefix { $0 == $1 }.count
            let left = zip(ids.reversed(), oldIDs.reversed()).prefix { $0 == $1 }.count
            XCTAssertGreaterThanOrEqual(landed + left, ids.count, "the target's first rows above the old rows' last ones")
        }
        defer { manager.didLandSlice.removeListener(key: "watch") }
        return (try await update(), states)
    }

    func testABigSearchLandsInStepsTheStoreShowingTheManagersRowsAfterEachAndEndsAsSetStateWould() async throws {
        let (manager, shown) = try filled()
        let objects = Dictionary(uniqueKeysWithValues: zip(shown.map(id), manager.store.objectAddresses))
        let (target, changed) = searched(shown)
        let baseline = Diagnostics.liveRowObjects
        let recorder = ItemsChangedRecorder(manager.store)
        let (applied, states) = try await watching(manager, old: shown, target: target) {
            try await manager.setStateInBackground([Section(rows: target)])
        }
        XCTAssertTrue(applied)
        XCTAssertNil(manager.landing)
        XCTAssertGreaterThan(states, 5, "the manager was seen between slices")
        XCTAssertGreaterThan(recorder.changes.count, 5, "one splice a step")
        XCTAssertTrue(recorder.invalidChanges.isEmpty)
        // As `setState` would leave it: the target's generators, kept rows in their own objects.
        XCTAssertTrue(manager.store.shows(target))
        assertStoreMatchesManager(manager)
        for (position, row) in target.enumerated() where id(row) < 10_000 {
            XCTAssertEqual(manager.store.objectAddresses[position], objects[id(row)], "row \(id(row)) keeps its object")
        }
        XCTAssertEqual(manager.lastUpdate?.updated, changed, "kept rows whose content changed")
        XCTAssertEqual(manager.lastUpdate?.inserted, target.filter { id($0) >= 10_000 }.count)
        XCTAssertEqual(Diagnostics.liveRowObjects, baseline - 1_000 + target.filter { id($0) >= 10_000 }.count,
                       "the rows that left gave their objects back; one object a new row")
        for row in target { XCTAssertTrue(manager.contains(row), "\(id(row)) is found") }
        XCTAssertFalse(manager.contains(shown[3]), "a row that left is not")
        // Reference: the same update through setState.
        let reference = BaseListManager()
        try reference.setState([Section(rows: shown)])
        try reference.setState([Section(rows: target)])
        XCTAssertEqual(reference.lastUpdate?.updated, manager.lastUpdate?.updated)
        XCTAssertEqual(reference.lastUpdate?.removed, manager.lastUpdate?.removed)
    }

    func testAFirstFillAndAClearLandInSteps() async throws {
        let manager = BaseListManager()
        let target = rows(0..<2_000)
        let recorder = ItemsChangedRecorder(manager.store)
        let fill = try await watching(manager, old: [], target: target) {
            try await manager.setStateInBackground([Section(rows: target)])
        }
        XCTAssertTrue(fill.applied)
        XCTAssertGreaterThan(fill.states, 5)
        XCTAssertTrue(manager.store.shows(target))
        XCTAssertEqual(recorder.changes.first?.position, 0)
        XCTAssertTrue(recorder.changes.allSatisfy { $0.removed == 0 }, "a fill only inserts")
        let cleared = try await watching(manager, old: target, target: []) {
            try await manager.setStateInBackground([Section(rows: [])])
        }
        XCTAssertTrue(cleared.applied)
        XCTAssertEqual(manager.store.count, 0)
        XCTAssertEqual(manager.flatGenerators.count, 0)
    }

    func testAChangeMadeWhileAStateLandsFinishesTheLandingFirst() async throws {
        let (manager, shown) = try filled()
        let (target, _) = searched(shown)
        let extra = LabelRow(model: "extra", id: -1)
        var slices = 0
        // Between the third and fourth slices, a change of the app's.
        manager.didLandSlice.addListener { [unowned manager] in
            slices += 1
            guard slices == 3 else { return }
            XCTAssertNotNil(manager.landing)
            XCTAssertFalse(manager.store.shows(target), "part of the state has landed")
            do { try manager.add(extra) } catch { XCTFail("\(error)") }
            XCTAssertNil(manager.landing, "the change landed the rest first")
            XCTAssertTrue(manager.store.shows(target + [extra]))
            assertStoreMatchesManager(manager)
        }
        let applied = try await manager.setStateInBackground([Section(rows: target)])
        XCTAssertEqual(slices, 3, "no slice after the change")
        XCTAssertTrue(applied, "the update landed")
        XCTAssertTrue(manager.store.shows(target + [extra]))
        assertStoreMatchesManager(manager)
    }

    func testANewerBackgroundUpdateWaitsForTheLandingAndIsShownLast() async throws {
        let (manager, shown) = try filled()
        let (target, _) = searched(shown)
        let newest = rows((0..<2_500).reversed(), version: 2)
        var second: Task<Bool, any Error>?
        // At the first slice, a newer background update.
        manager.didLandSlice.addListener { [unowned manager] in
            if second == nil { second = Task { try await manager.setStateInBackground([Section(rows: newest)]) } }
        }
        let firstApplied = try await manager.setStateInBackground([Section(rows: target)])
        XCTAssertTrue(firstApplied, "the landing was not cut short")
        XCTAssertTrue(manager.store.shows(target), "the newer update waited for it")
        let secondApplied = try await second!.value
        XCTAssertTrue(secondApplied)
        XCTAssertTrue(manager.store.shows(newest), "the latest intent is what is shown")
        assertStoreMatchesManager(manager)
    }

    func testOfTwoBigUpdatesCalledTogetherTheLaterIsShownThoughTheEarlierReadsItsKeysFirst() async throws {
        let (manager, shown) = try filled()
        let (searchedRows, _) = searched(shown)
        let narrower = Array(searchedRows.prefix(1_500))
        // Both read their keys in slices; the earlier one's diff ends while the later one still reads.
        let earlier = Task { try await manager.setStateInBackground([Section(rows: searchedRows)]) }
        let later = Task { try await manager.setStateInBackground([Section(rows: narrower)]) }
        let applied = (try await earlier.value, try await later.value)
        XCTAssertFalse(applied.0, "the earlier intent was superseded")
        XCTAssertTrue(applied.1, "the later intent is shown")
        XCTAssertTrue(manager.store.shows(narrower))
        assertStoreMatchesManager(manager)
    }

    func testAStateThatMovesRowsIsAppliedAtOnce() async throws {
        let (manager, shown) = try filled()
        let recorder = ItemsChangedRecorder(manager.store)
        let reversed = Array(shown.reversed())
        let (applied, states) = try await watching(manager, old: shown, target: reversed) {
            try await manager.setStateInBackground([Section(rows: reversed)])
        }
        XCTAssertTrue(applied)
        XCTAssertEqual(states, 0, "no state between slices: it did not land over frames")
        XCTAssertLessThanOrEqual(recorder.changes.count, 2)
        XCTAssertTrue(manager.store.shows(reversed))
    }

    func testAGeneratorStandingTwiceInABigStateChangesNothing() async throws {
        let (manager, shown) = try filled()
        var target = Array(shown.prefix(2_000))
        target.append(shown[5])
        do {
            _ = try await manager.setStateInBackground([Section(rows: target)])
            XCTFail("a generator standing twice is refused")
        } catch {
            XCTAssertEqual(error, .duplicateGenerator(describe(shown[5])))
        }
        XCTAssertTrue(manager.store.shows(shown), "nothing changed")
        assertStoreMatchesManager(manager)
    }

    func testABigFirstFillWithAGeneratorTwiceOrAnIDTwiceShowsNothing() async throws {
        // No instance check of its own: the diff finds the id twice, and the manager tells which fault it is.
        let manager = BaseListManager()
        let target = rows(0..<2_000)
        let sameInstance = target + [target[700]]
        do {
            _ = try await manager.setStateInBackground([Section(rows: sameInstance)])
            XCTFail("a generator standing twice is refused")
        } catch {
            XCTAssertEqual(error, .duplicateGenerator(describe(target[700])))
        }
        let sameID = target + [LabelRow(model: "another", id: 700)]
        do {
            _ = try await manager.setStateInBackground([Section(rows: sameID)])
            XCTFail("an id standing twice is refused")
        } catch {
            XCTAssertEqual(error, .duplicateDiffID("700 in the new state at 700 and 2000"))
        }
        let unkeyed = (0..<2_000).map { LabelRow(model: "row \($0)") }
        do {
            _ = try await manager.setStateInBackground([Section(rows: unkeyed + [unkeyed[3]])])
            XCTFail("a generator without an id standing twice is refused")
        } catch {
            XCTAssertEqual(error, .duplicateGenerator(describe(unkeyed[3])))
        }
        XCTAssertEqual(manager.store.count, 0, "nothing was shown")
        let applied = try await manager.setStateInBackground([Section(rows: target)])
        XCTAssertTrue(applied)
        XCTAssertTrue(manager.store.shows(target))
    }
}
