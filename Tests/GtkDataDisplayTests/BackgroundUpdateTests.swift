import DataDisplayDiff
import Foundation
import GtkDataDisplay
import GtkDataDisplayTesting
import Synchronization
import XCTest

/// A diff id that counts the hashes computed off the main thread.
struct ThreadRecordingID: Hashable, Sendable {
    static let offMainHashes = Atomic<Int>(0)
    let value: Int
    func hash(into hasher: inout Hasher) {
        if !Thread.isMainThread { Self.offMainHashes.add(1, ordering: .relaxed) }
        hasher.combine(value)
    }
}

/// Whole-state updates with the diff computed off the main thread; the latest one wins.
@MainActor
final class BackgroundUpdateTests: XCTestCase {
    private func state(_ ids: [Int], tag: String = "") -> [Section] {
        [Section(rows: ids.map { LabelRow(model: "\($0)\(tag)", id: $0) })]
    }

    /// Starts a background update whose off-main diff waits at `GatedID`'s gate, and returns once
    /// it waits there: what the test does next certainly happens while the diff runs. (Diffs got
    /// fast enough that a `Task.yield()` no longer guaranteed it.) Open the gate with `openGate()`.
    /// 0..<count in scattered order: a diff hashes every row of it (a reversed list it would match
    /// by position, in no time), so a background update of it is still diffing when the test acts.
    private func scattered(_ count: Int) -> [Int] { (0..<count).map { ($0 * 7_919) % count } }

    private func heldUpdate(_ manager: BaseListManager, rows: Int = 5_000) async -> Task<Bool, any Error> {
        GatedID.isOpen.store(false, ordering: .releasing)
        GatedID.waiting.store(0, ordering: .relaxed)
        let target = [Section(rows: (0..<rows).map { LabelRow(model: "g\($0)", id: GatedID(value: $0)) })]
        let update = Task { try await manager.setStateInBackground(target) }
        while GatedID.waiting.load(ordering: .relaxed) == 0 { try? await Task.sleep(nanoseconds: 1_000_000) }
        return update
    }

    private nonisolated func openGate() { GatedID.isOpen.store(true, ordering: .releasing) }

    override func tearDown() {
        openGate()
        super.tearDown()
    }

    func testBackgroundUpdateReachesTheStoreWithMinimumMoves() async throws {
        let manager = BaseListManager()
        let old = Array(0..<100_000)
        try manager.setState(state(old))
        var new = old.filter { $0 % 10 != 3 }
        new.swapAt(10, 80_000)
        new.append(contentsOf: 100_000..<100_500)
        let target = state(new)
        let recorder = ItemsChangedRecorder(manager.store)
        let applied = try await manager.setStateInBackground(target)
        XCTAssertTrue(applied)
        XCTAssertTrue(manager.store.shows(target[0].rows))
        XCTAssertEqual(manager.lastUpdate?.moves, ListDiff.minimumMoves(old: old, new: new))
        XCTAssertEqual(recorder.changes.count, manager.lastUpdate?.splices)
        XCTAssertEqual(recorder.invalidChanges, [])
    }

    func testTheDiffIsHashedOffTheMainThread() async throws {
        let manager = BaseListManager()
        let ids = (0..<2_000).map(ThreadRecordingID.init)
        try manager.setState([Section(rows: ids.map { LabelRow(model: "\($0.value)", id: $0) })])
        let before = ThreadRecordingID.offMainHashes.load(ordering: .relaxed)
        // Rows in scattered order, so that the diff hashes them (a reversed list it matches by position).
        let shuffled = ids.indices.map { ids[($0 * 1_919) % ids.count] }.map { LabelRow(model: "\($0.value)", id: $0) }
        try await manager.setStateInBackground([Section(rows: shuffled)])
        XCTAssertGreaterThan(ThreadRecordingID.offMainHashes.load(ordering: .relaxed) - before, 1_000)
        XCTAssertTrue(manager.store.shows(shuffled))
    }

    func testContentChangesAreRebindsDecidedOnTheMainActor() async throws {
        let manager = BaseListManager()
        try manager.setState(state(Array(0..<100)))
        let objects = manager.store.objectAddresses
        try await manager.setStateInBackground(state(Array(0..<100), tag: "!"))
        XCTAssertEqual(manager.lastUpdate?.updated, 100)
        XCTAssertEqual(manager.lastUpdate?.splices, 0)
        XCTAssertEqual(manager.store.objectAddresses, objects)
    }

    func testANewerUpdateSupersedesAStaleOne() async throws {
        let manager = BaseListManager()
        try manager.setState(state(Array(0..<50_000)))
        let recorder = ItemsChangedRecorder(manager.store)
        let latest = state(Array(0..<50_000).filter { $0 % 2 == 0 })
        // The stale update's diff is held until the newer one has landed: call order is certain.
        let first = await heldUpdate(manager)
        let secondApplied = try await manager.setStateInBackground(latest)
        openGate()
        let firstApplied = try await first.value
        XCTAssertFalse(firstApplied, "the stale state must never reach the store")
        XCTAssertTrue(secondApplied)
        XCTAssertTrue(manager.store.shows(latest[0].rows))
        XCTAssertEqual(recorder.changes.count, manager.lastUpdate?.splices, "only the latest update emitted")
    }

    func testASingleOperationDuringTheDiffSupersedesTheBackgroundUpdate() async throws {
        let manager = BaseListManager()
        try manager.setState(state(Array(0..<20_000)))
        let update = await heldUpdate(manager)   // its snapshot taken, diffing off the main thread
        try manager.add(LabelRow(model: "meanwhile", id: -1))   // the newer intent
        openGate()
        let applied = try await update.value
        XCTAssertFalse(applied, "an older background state must not overwrite a newer change")
        XCTAssertEqual(manager.store.count, 20_001)
        XCTAssertEqual(storeTexts(manager).last, "meanwhile")
        assertStoreMatchesManager(manager)
    }

    func testANewerSetStateSupersedesAnOlderBackgroundUpdate() async throws {
        let manager = BaseListManager()
        try manager.setState(state(Array(0..<20_000)))
        let newer = state([7, 8, 9])
        let update = await heldUpdate(manager)
        try manager.setState(newer)
        openGate()
        let applied = try await update.value
        XCTAssertFalse(applied)
        XCTAssertTrue(manager.store.shows(newer[0].rows), "the newest intent stays on screen")
    }

    func testANewerBatchSupersedesAnOlderBackgroundUpdate() async throws {
        let manager = BaseListManager()
        try manager.setState(state(Array(0..<20_000)))
        let update = await heldUpdate(manager)
        try manager.batch { () throws(DataDisplayError) in try manager.removeSection(at: 0) }
        openGate()
        let applied = try await update.value
        XCTAssertFalse(applied)
        XCTAssertEqual(manager.store.count, 0)
    }

    func testAFailingOperationDoesNotSupersedeABackgroundUpdate() async throws {
        let manager = BaseListManager()
        try manager.setState(state(Array(0..<20_000)))
        let target = state(scattered(20_000))
        let update = Task { try await manager.setStateInBackground(target) }
        await Task.yield()
        XCTAssertThrowsError(try manager.remove(LabelRow(model: "missing", id: -5)))
        let applied = try await update.value
        XCTAssertTrue(applied, "a call that failed changed nothing, not even what was in flight")
        XCTAssertTrue(manager.store.shows(target[0].rows))
    }

    func testAFoldDuringTheDiffIsKeptAndTheBackgroundStateStillApplies() async throws {
        let manager = BaseListManager()
        let folder = Folder(model: "folder", id: "folder", children: rows("c1", "c2"))
        try manager.setState([Section(rows: [folder] + (0..<20_000).map { LabelRow(model: "\($0)", id: $0) })])
        let target = [Section(rows: [folder] + scattered(20_000).map { LabelRow(model: "\($0)", id: $0) })]
        let update = Task { try await manager.setStateInBackground(target) }
        await Task.yield()
        try manager.expand(folder)   // the user unfolds a row while data loads
        let applied = try await update.value
        XCTAssertTrue(applied, "folding is not a newer state: the load still lands")
        XCTAssertEqual(Array(storeTexts(manager).prefix(5)), ["folder", "c1", "c2", "0", "7919"])
        assertStoreMatchesManager(manager)
    }

    func testACancelledBackgroundUpdateChangesNothing() async throws {
        let manager = BaseListManager()
        try manager.setState(state(Array(0..<20_000)))
        let before = manager.store.objectAddresses
        let update = await heldUpdate(manager)
        update.cancel()
        openGate()
        let applied = try await update.value
        XCTAssertFalse(applied)
        XCTAssertEqual(manager.store.objectAddresses, before)
    }

    func testABackgroundCallThatFailsDoesNotCancelAnEarlierValidOne() async throws {
        for failing in [state([4, 3, 5, 3]), [Section(rows: [LabelRow(model: "twice", id: "t")].flatMap { [$0, $0] })]] {
            let manager = BaseListManager()
            try manager.setState(state(Array(0..<20_000)))
            let valid = state(scattered(20_000))
            let first = Task { try await manager.setStateInBackground(valid) }
            await Task.yield()
            do {
                try await manager.setStateInBackground(failing)
                XCTFail("bad state accepted")
            } catch {}
            let applied = try await first.value
            XCTAssertTrue(applied, "the failed call must not cancel the valid one in flight")
            XCTAssertTrue(manager.store.shows(valid[0].rows))
        }
    }

    func testGravityBackgroundUpdatesOrderByHeavinessLikeSetState() async throws {
        let manager = GravityListManager()
        let heavy = WeightedHeader("heavy", 10), light = WeightedHeader("light", 1)
        let sections = [Section(header: heavy, rows: [WeightedRow("b", 2), WeightedRow("a", 1)]),
                        Section(header: light, rows: [WeightedRow("d", 5), WeightedRow("c", 3)])]
        let applied = try await manager.setStateInBackground(sections)
        XCTAssertTrue(applied)
        XCTAssertEqual(manager.store.generators.map { ($0 as? WeightedHeader).map { "#" + $0.model } ?? ($0 as! LabelRow).model },
                       ["#light", "c", "d", "#heavy", "a", "b"])
        do {
            try await manager.setStateInBackground([Section(header: LabelHeader(model: "plain", id: "plain"), rows: [])])
            XCTFail("a header without heaviness was accepted")
        } catch {
            guard case .missingHeaviness = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(manager.store.count, 6)
    }

    func testAnInvalidUpdateSupersededInTheTurnItStartedReturnsFalseWhenItsDiffHadFoundTheError() async throws {
        let manager = BaseListManager()
        try manager.setState(state([1, 2, 3]))
        GatedID.isOpen.store(false, ordering: .releasing)
        GatedID.waiting.store(0, ordering: .relaxed)
        let repeated = (0..<50).map { GatedID(value: $0) } + [GatedID(value: 7)]
        let update = Task { try await manager.setStateInBackground([Section(rows: repeated.map { LabelRow(model: "g\($0.value)", id: $0) })]) }
        while GatedID.waiting.load(ordering: .relaxed) == 0 { try? await Task.sleep(nanoseconds: 1_000_000) }
        // The diff finishes (it finds the repeated id) while the main actor is busy, then a newer
        // update lands before the background call can resume: it was superseded either way.
        openGate()
        usleep(200_000)  // blocks the main actor: the call cannot resume meanwhile
        try manager.setState(state([9]))
        let applied = try await update.value
        XCTAssertFalse(applied)
        XCTAssertEqual(manager.store.count, 1)
    }

    func testDuplicateIDInBackgroundIsATypedErrorAndChangesNothing() async throws {
        let manager = BaseListManager()
        try manager.setState(state([1, 2, 3]))
        let before = manager.store.objectAddresses
        do {
            try await manager.setStateInBackground(state([4, 3, 5, 3]))
            XCTFail("duplicate id accepted")
        } catch {
            guard case .duplicateDiffID = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(manager.store.objectAddresses, before)
    }

    /// Into an empty list the diff alone finds a repeat (no second check runs): small, and big
    /// enough to be read in slices and land over frames, the repeat first, last, or far apart.
    func testDuplicateIDInABackgroundFirstFillIsATypedErrorAndChangesNothing() async throws {
        for ids in [[1, 2, 1], [7, 7], Array(0..<40_000) + [39_999], [5] + Array(0..<40_000), Array(0..<20_000) + [0] + Array(20_000..<40_000)] {
            let manager = BaseListManager()
            do {
                try await manager.setStateInBackground(state(ids))
                XCTFail("duplicate id accepted in \(ids.count) rows")
            } catch {
                guard case .duplicateDiffID = error else { return XCTFail("\(error)") }
            }
            XCTAssertEqual(manager.store.count, 0)
            XCTAssertTrue(manager.sections.isEmpty)
        }
    }
}
