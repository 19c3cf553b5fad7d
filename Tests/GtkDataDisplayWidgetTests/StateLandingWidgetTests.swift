import CGtkDataDisplay
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A big `setStateInBackground` shown in a real view lands over several frames (`StateLanding`): the
/// window paints while it lands, and at the end the view shows the new rows, the selected rows the
/// new state keeps are still selected, and nothing was logged (the suite runs with fatal warnings).
/// When the view shows the top of the list, the rows it shows take the new state's first rows in
/// place: GTK makes and tears down no list item while the state lands.
final class StateLandingWidgetTests: WidgetTestCase {
    override func setUp() async throws {
        try await super.setUp()
        StateLanding.sizes = StateLanding.Sizes(minimumRows: 1_000, rowsPerStep: 64, sliceBudget: 0)
    }

    override func tearDownViews() async throws {
        StateLanding.sizes = StateLanding.Sizes()
    }

    /// Set when the update under test returned.
    private final class Flag { var isSet = false }

    func testAViewPaintsWhileABigSearchLandsAndKeepsTheSelectedRowsItKeeps() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let shown = rows(3_000)
            try manager.setState([Section(rows: shown)])
            let (adapter, host) = present(manager, selection: .multiple)
            defer { host.destroy() }
            host.settle()
            // Kept rows selected, and one the search drops.
            adapter.select([shown[4], shown[30], shown[1_001]])
            let target = shown.enumerated().filter { $0.offset % 3 != 0 }.map(\.element)
                + rows(500, prefix: "new")
            var frames = 0, framesWhileLanding = 0
            let clock = UnsafeMutableRawPointer(gtk_widget_get_frame_clock(host.window)!)
            let handler = Signal.connectAfter(clock, "after-paint") {
                frames += 1
                if manager.landing != nil { framesWhileLanding += 1 }
            }
            defer { Signal.disconnect(clock, handler) }
            let applied = try await land(target, on: manager, "the search")
            host.settle()
            XCTAssertTrue(applied)
            XCTAssertGreaterThan(framesWhileLanding, 0, "the window painted while the state landed")
            XCTAssertGreaterThan(frames, framesWhileLanding, "and after")
            XCTAssertTrue(manager.store.shows(target))
            XCTAssertEqual(adapter.selectedGenerators.map(ObjectIdentifier.init), [shown[4], shown[1_001]].map(ObjectIdentifier.init),
                           "the kept selected rows stay selected; the one that left is gone")
            let bound = boundGenerators(adapter)
            XCTAssertFalse(bound.isEmpty)
            XCTAssertTrue(bound.allSatisfy { generator in target.contains { $0 === generator } }, "only new rows are shown")
        }
    }

    func testABigFirstFillPaintsItsFirstRowsBeforeItsNextSlice() async throws {
        try await forEachViewKind { _ in
            let manager = BaseListManager()
            let (adapter, host) = present(manager, selection: .single)
            defer { host.destroy() }
            host.settle()
            var slices = 0
            var firstPaint: (slices: Int, rows: Int)?
            manager.didLandSlice.addListener(key: "count") { slices += 1 }
            let clock = UnsafeMutableRawPointer(gtk_widget_get_frame_clock(host.window)!)
            let handler = Signal.connectAfter(clock, "after-paint") {
                if firstPaint == nil, manager.landing != nil { firstPaint = (slices, manager.store.count) }
            }
            defer { Signal.disconnect(clock, handler) }
            let target = rows(3_000)
            let applied = try await land(target, on: manager, "the first fill")
            XCTAssertTrue(applied)
            XCTAssertEqual(firstPaint?.slices, 1, "the frame after the first slice came before the next slice")
            XCTAssertEqual(firstPaint?.rows, StateLanding.sizes.firstFillRows, "it showed the first step's rows alone")
            XCTAssertTrue(manager.store.shows(target))
            XCTAssertFalse(boundGenerators(adapter).isEmpty)
        }
    }

    /// After a first fill's first steps, the steps stay small (`realisedRows`) while GTK realises the
    /// rows they land (the last one has a list item when the frame after them is painted), each a
    /// slice of its own; then they are big again.
    func testAFirstFillLandsSmallStepsWhereTheViewRealisesRows() async throws {
        try await forEachViewKind { kind in
            let manager = BaseListManager()
            // (The adapter is held: a view without its adapter binds no row.)
            let (adapter, host) = present(manager, selection: .single)
            defer { host.destroy() }
            host.settle()
            // The rows in the store after each slice; whether the last of them had a list item when a
            // frame was painted after it (what the next slice goes by).
            var counts: [Int] = []
            var boundAtPaint: [Int: Bool] = [:]
            manager.didLandSlice.addListener(key: "count") { counts.append(manager.store.count) }
            defer { manager.didLandSlice.removeListener(key: "count") }   // (it holds the manager)
            let clock = UnsafeMutableRawPointer(gtk_widget_get_frame_clock(host.window)!)
            let handler = Signal.connectAfter(clock, "after-paint") {
                guard manager.landing != nil, let count = counts.last else { return }
                boundAtPaint[count] = manager.store.row(at: count - 1)?.isBound == true
            }
            defer { Signal.disconnect(clock, handler) }
            let target = rows(3_000)
            try await land(target, on: manager, "the first fill")
            XCTAssertTrue(manager.store.shows(target))
            let sizes = StateLanding.sizes
            let firstSteps = sizes.firstFillRows * sizes.firstFillSteps
            var previous = 0, small = 0
            for count in counts {
                if previous < firstSteps {
                    XCTAssertEqual(count - previous, sizes.firstFillRows, "\(kind): a first step")
                } else if boundAtPaint[previous] == true {
                    XCTAssertEqual(count - previous, sizes.realisedRows, "\(kind): a step next to realised rows is small")
                    small += 1
                } else {
                    XCTAssertEqual(count - previous, sizes.rowsPerStep, "\(kind): a step away from them is not")
                }
                previous = count
            }
            XCTAssertGreaterThan(counts.count, small + sizes.firstFillSteps, "\(kind): big steps came")
            XCTAssertFalse(boundGenerators(adapter).isEmpty)
            if NewerGtk.minor < 10 {
                // GTK 4.8 realises about 200 rows: small steps came after the first ones.
                XCTAssertGreaterThan(small, 0, "\(kind): GTK realised rows past the first steps")
            }
        }
    }

    /// Rows shown in place beyond `shownInPlaceRows` are rebound in the next slices, that many a
    /// slice, top first; at the end every list item shows its own row, none made or torn down.
    func testRowsShownInPlaceAreReboundOverSlices() async throws {
        StateLanding.sizes.shownInPlaceRows = 8
        try await forEachViewKind { kind in
            let (manager, shown, adapter, host) = try presentShown()
            defer { host.destroy() }
            let bound = boundGenerators(adapter).count
            XCTAssertGreaterThan(bound, 16, "\(kind): the test needs rows for three slices of rebinds")
            adapter.resetStatistics()
            var binds: [Int] = []
            // After the first slice: which of the first 16 rows' list items show their own rows.
            var freshAfterFirst: [Bool] = []
            manager.didLandSlice.addListener(key: "binds") {
                binds.append(adapter.statistics.binds)
                guard binds.count == 1 else { return }
                freshAfterFirst = (0..<16).map { position in
                    guard let row = manager.store.generator(at: position) as? LabelRow,
                          let view = adapter.view(for: row) as? LabelRowView else { return false }
                    return view.text == row.model
                }
            }
            defer { manager.didLandSlice.removeListener(key: "binds") }   // (it holds the manager and the adapter)
            // Every other row goes: each row shown takes another's content.
            let target = shown.enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            try await land(target, on: manager, "the search")
            host.settle()
            XCTAssertTrue(manager.store.shows(target))
            XCTAssertEqual(Array(binds.prefix(2)), [8, 16], "\(kind): 8 rows rebound in the first slice, 8 in the next")
            XCTAssertEqual(freshAfterFirst, Array(repeating: true, count: 8) + Array(repeating: false, count: 8),
                           "\(kind): the first slice rebound the top 8 rows, the next ones wait")
            XCTAssertEqual(adapter.statistics.setups, 0, "\(kind): GTK made list items")
            XCTAssertEqual(adapter.statistics.teardowns, 0, "\(kind): GTK tore list items down")
            XCTAssertLessThanOrEqual(adapter.statistics.binds, bound, "\(kind): a shown row rebinds once at most")
            try assertNoStaleRow(adapter, "\(kind)")
        }
    }

    /// A manager showing 3,000 rows in a view of the kind under test, the focus elsewhere (as in an app whose
    /// search entry has it: a focused row stays its own), settled.
    private func presentShown() throws -> (BaseListManager, [LabelRow], ListBaseAdapter, WindowHost) {
        let manager = BaseListManager()
        let shown = rows(3_000)
        try manager.setState([Section(rows: shown)])
        let (adapter, host) = present(manager)
        gtk_root_set_focus(OpaquePointer(host.window), nil)
        host.settle()
        return (manager, shown, adapter, host)
    }

    /// Fails unless every list item of `adapter` shows its own row's content.
    private func assertNoStaleRow(_ adapter: ListBaseAdapter, _ step: String) throws {
        for generator in boundGenerators(adapter) {
            let row = try XCTUnwrap(generator as? LabelRow)
            let view = try XCTUnwrap(adapter.view(for: row) as? LabelRowView)
            XCTAssertEqual(view.text, row.model, "\(step): a list item shows a stale row")
        }
    }

    /// Lands `target` by `setStateInBackground`, GLib's turns (frames) and the main actor's (the
    /// update's slices) by turns, as in an app. Returns what the call returned.
    @discardableResult
    private func land(_ target: [LabelRow], on manager: BaseListManager, _ step: String) async throws -> Bool {
        let done = Flag()
        var applied = false
        Task { @MainActor in
            applied = (try? await manager.setStateInBackground([Section(rows: target)])) ?? false
            done.isSet = true
        }
        let deadline = Date().addingTimeInterval(30)
        while !done.isSet, Date() < deadline {
            MainContext.run(for: 0.004)
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        XCTAssertTrue(done.isSet, "\(step): the update returned")
        return applied
    }

    func testTheRowsShownAtTheTopKeepTheirListItemsWhileAStateLands() async throws {
        try await forEachViewKind { kind in
            let (manager, shown, adapter, host) = try presentShown()
            defer { host.destroy() }
            let items = Set(manager.store.objectAddresses.prefix(boundGenerators(adapter).count))
            // A search that keeps rows far below (every row shown leaves); rows put above the kept
            // ones with new content at the top; kept rows in place with new content and old ones
            // between them gone; then the first search again.
            let steps: [(String, [LabelRow])] = [
                ("search", Array(shown[1_500..<2_700])),
                ("new rows above", rows(40, prefix: "new") + Array(shown[1_500..<2_700])),
                ("content in place", rows(40, prefix: "new").enumerated().map { index, row in
                    index % 2 == 0 ? LabelRow(model: row.model + " v2", id: row.model) : row
                }.filter { $0.model != "new 7" } + Array(shown[1_500..<2_600])),
                ("search again", Array(shown[1_500..<2_700])),
            ]
            for (step, target) in steps {
                let bound = boundGenerators(adapter).count
                adapter.resetStatistics()
                try await land(target, on: manager, step)
                host.settle()
                XCTAssertTrue(manager.store.shows(target), "\(kind) \(step): the store shows the new state")
                XCTAssertEqual(adapter.statistics.setups, 0, "\(kind) \(step): GTK made list items")
                XCTAssertEqual(adapter.statistics.teardowns, 0, "\(kind) \(step): GTK tore list items down")
                XCTAssertLessThanOrEqual(adapter.statistics.binds, bound, "\(kind) \(step): a shown row rebinds once at most")
                XCTAssertTrue(items.isSubset(of: Set(manager.store.objectAddresses)), "\(kind) \(step): the shown row objects stay")
                XCTAssertEqual(adapter.scrollPosition?.position, 0, "\(kind) \(step): the view stays at the top")
                XCTAssertFalse(boundGenerators(adapter).isEmpty)
                try assertNoStaleRow(adapter, "\(kind) \(step)")
                for (index, generator) in manager.flatGenerators.enumerated() {
                    XCTAssertEqual(manager.position(of: generator), index, "\(kind) \(step): a row is found where it stands")
                }
            }
        }
    }

    /// Random states (ids in order, some rows dropped, new ones and new content anywhere, the top
    /// often changed) land under a view at the top, a shown row selected before some: each ends as its
    /// target, every shown row shows its own generator, and the selected rows it keeps stay selected.
    func testRandomStatesLandingUnderTheShownTopEndAsTheirTargets() async throws {
        try await forEachViewKind { kind in
            var rng = RandomizedRNG(seed: 0x6c61_6e64)
            let manager = BaseListManager()
            var version = [Int](repeating: 0, count: 4_000)
            @MainActor func state() -> [LabelRow] {
                let keep = 0.3 + Double(rng.below(70)) / 100
                return (0..<4_000).compactMap { id -> LabelRow? in
                    guard rng.chance(keep) else { return nil }
                    if rng.chance(0.05) { version[id] += 1 }
                    return LabelRow(model: "row \(id) v\(version[id])", id: id)
                }
            }
            try manager.setState([Section(rows: state())])
            let (adapter, host) = present(manager, selection: .multiple)
            defer { host.destroy() }
            gtk_root_set_focus(OpaquePointer(host.window), nil)
            host.settle()
            var selectedIDs = Set<Int>()
            for round in 0..<12 {
                let step = "round \(round)"
                if rng.chance(0.5), let row = rng.pick(boundGenerators(adapter)) {
                    adapter.select([row])
                    selectedIDs.insert(row.diffID as! Int)
                }
                let target = state()
                try await land(target, on: manager, step)
                host.settle()
                XCTAssertTrue(manager.store.shows(target), "\(kind) \(step): the store shows the new state")
                try assertNoStaleRow(adapter, "\(kind) \(step)")
                selectedIDs.formIntersection(target.map { $0.diffID as! Int })
                XCTAssertEqual(adapter.selectedGenerators.map { $0.diffID as! Int }.sorted(), selectedIDs.sorted(),
                               "\(kind) \(step): the selected rows stay selected while kept")
            }
        }
    }
}
