import Foundation
import GtkDataDisplay
import GtkDataDisplayTesting
import Synchronization
import XCTest

/// A diff id whose hashing off the main thread waits at a gate, so a test can hold a background
/// diff at its first row, supersede it, then let it go on and see how far it got.
struct GatedID: Hashable, Sendable {
    static let isOpen = Atomic<Bool>(true)
    static let waiting = Atomic<Int>(0)
    static let offMainHashes = Atomic<Int>(0)
    let value: Int

    func hash(into hasher: inout Hasher) {
        if !Thread.isMainThread {
            Self.offMainHashes.add(1, ordering: .relaxed)
            if !Self.isOpen.load(ordering: .acquiring) {
                Self.waiting.add(1, ordering: .relaxed)
                while !Self.isOpen.load(ordering: .acquiring) { usleep(200) }
            }
        }
        hasher.combine(value)
    }
}

/// A superseded background update stops its off-main diff and lets go of its snapshot, so two
/// updates in flight do not hold two diffs' worth of memory until the older one runs out.
@MainActor
final class BackgroundDiffCancellationTests: XCTestCase {
    private let rowCount = 100_000

    private func gatedState() -> [Section] {
        [Section(rows: (0..<rowCount).map { LabelRow(model: "\($0)", id: GatedID(value: $0)) })]
    }

    /// Starts a background update of `rowCount` gated rows and returns once its diff waits at the gate.
    private func startHeldUpdate(on manager: BaseListManager) async -> Task<Bool, any Error> {
        GatedID.isOpen.store(false, ordering: .releasing)
        GatedID.waiting.store(0, ordering: .relaxed)
        let state = gatedState()
        let update = Task { try await manager.setStateInBackground(state) }
        while GatedID.waiting.load(ordering: .relaxed) == 0 { try? await Task.sleep(nanoseconds: 1_000_000) }
        GatedID.offMainHashes.store(0, ordering: .relaxed)
        return update
    }

    override func tearDown() {
        GatedID.isOpen.store(true, ordering: .releasing)
        super.tearDown()
    }

    func testASynchronousChangeStopsTheOlderBackgroundDiff() async throws {
        let manager = BaseListManager()
        let update = await startHeldUpdate(on: manager)
        try manager.setState([Section(rows: rows("a", "b"))])   // the newer intent
        GatedID.isOpen.store(true, ordering: .releasing)
        let applied = try await update.value
        XCTAssertFalse(applied)
        let hashed = GatedID.offMainHashes.load(ordering: .relaxed)
        XCTAssertLessThan(hashed, 2 * 4096, "the superseded diff went on to hash \(hashed) ids (a whole diff hashes at least \(rowCount))")
        XCTAssertEqual(storeTexts(manager), ["a", "b"])
        assertStoreMatchesManager(manager)
    }

    func testANewerValidBackgroundUpdateStopsTheOlderDiff() async throws {
        let manager = BaseListManager()
        let older = await startHeldUpdate(on: manager)
        let newer = [Section(rows: (0..<50).map { LabelRow(model: "n\($0)", id: $0) })]
        let newerApplied = try await manager.setStateInBackground(newer)
        GatedID.isOpen.store(true, ordering: .releasing)
        let olderApplied = try await older.value
        XCTAssertTrue(newerApplied)
        XCTAssertFalse(olderApplied)
        let hashed = GatedID.offMainHashes.load(ordering: .relaxed)
        XCTAssertLessThan(hashed, 2 * 4096, "the superseded diff went on to hash \(hashed) ids (a whole diff hashes at least \(rowCount))")
        XCTAssertTrue(manager.store.shows(newer[0].rows))
    }

    func testAFailingNewerCallLetsTheOlderDiffFinishAndApply() async throws {
        let manager = BaseListManager()
        let older = await startHeldUpdate(on: manager)
        do {
            try await manager.setStateInBackground([Section(rows: rows("x", "y", "x"))])
            XCTFail("a state with a repeated generator was accepted")
        } catch {}
        GatedID.isOpen.store(true, ordering: .releasing)
        let applied = try await older.value
        XCTAssertTrue(applied, "a call that failed must not stop the valid one in flight")
        // The diff went on to hash every row (the one whose hash held it was counted before the
        // count was reset).
        XCTAssertGreaterThanOrEqual(GatedID.offMainHashes.load(ordering: .relaxed), rowCount - 1)
        XCTAssertEqual(manager.store.count, rowCount)
    }

    func testFoldingDuringTheDiffDoesNotStopIt() async throws {
        let manager = BaseListManager()
        let folder = Folder(model: "folder", id: "folder", children: rows("c1"))
        try manager.setState([Section(rows: [folder])])
        let update = await startHeldUpdate(on: manager)
        try manager.expand(folder)
        GatedID.isOpen.store(true, ordering: .releasing)
        let applied = try await update.value
        XCTAssertTrue(applied, "folding is no newer state: the update still lands")
        XCTAssertEqual(manager.store.count, rowCount)
    }
}
