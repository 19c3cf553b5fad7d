import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Random operation sequences (the headless suite's generator and reference model, shared through
/// `SharedRandomized/`) run on a manager shown by a real `GtkListView` and `GtkGridView`, with
/// multiple selection and folding. After every step and a turn of the main loop, besides the
/// harness's own checks of the store: every row a list item shows displays its generator's current
/// text, at least one row is shown whenever the store has rows, the selection holds only rows of
/// the store and never a header or footer. After each sequence, releasing the view and clearing
/// the manager leaves no row object or widget.
///
/// `GDD_VIEW_RANDOM_SEED` (base seed), `GDD_VIEW_RANDOM_SEQUENCES` (per manager kind and view,
/// default 3) and `GDD_RANDOM_OPS` (most operations per sequence, default 60) change the run.
final class ItemViewRandomizedTests: WidgetTestCase {
    func testListAndGridFollowRandomOperationsOfEveryManager() async throws {
        let env = ProcessInfo.processInfo.environment
        let baseSeed = env["GDD_VIEW_RANDOM_SEED"].flatMap(RandomizedSettings.parseSeed) ?? 20_261_123
        let sequences = env["GDD_VIEW_RANDOM_SEQUENCES"].flatMap { Int($0) } ?? 3
        let maxOperations = RandomizedSettings.current.maxOperations
        try await forEachViewKind { kind in
            let objectsBefore = Diagnostics.liveRowObjects
            let widgetsBefore = Diagnostics.liveWidgets
            var operations = 0, shownChecked = 0
            var failures: [String] = []
            for managerKind in [RandomizedManagerKind.base, .manual, .gravity] {
                for index in 0..<sequences {
                    let seed = baseSeed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(managerKind.rawValue.count)
                    let harness = RandomizedHarness(kind: managerKind, seed: seed, trace: false)
                    var adapter: ListBaseAdapter? = build(harness.manager, plugins: [.selectable(.multiple), .foldable()])
                    let host = WindowHost(child: adapter!.scrolledWindow)
                    harness.shownObjectAddresses = { [weak adapter] in
                        guard let adapter else { return [] }
                        let store = adapter.manager.store
                        let addresses = store.objectAddresses
                        return Set(addresses.indices.filter { store.generator(at: $0).map { adapter.view(for: $0) != nil } ?? false }.map { addresses[$0] })
                    }
                    let count = harness.source.rng.int(min(30, maxOperations)...maxOperations)
                    var failure: [String] = []
                    for step in 1...count {
                        failure = await harness.step().map { "harness: " + $0 }
                        operations += 1
                        if step % 3 == 0, harness.manager.store.count > 0 {
                            // Select a few rows now and then, so updates meet a selection.
                            let store = harness.manager.store
                            let picks = (0..<3).compactMap { _ in store.generator(at: harness.source.rng.int(0...(store.count - 1))) }
                            for generator in picks { adapter!.select(generator) }
                        }
                        MainContext.drain(limit: 50)
                        let (problems, checked) = Self.viewProblems(adapter!)
                        shownChecked += checked
                        failure += problems
                        if !failure.isEmpty { break }
                    }
                    if failure.isEmpty { failure = harness.finish() }
                    host.destroy()
                    adapter = nil
                    harness.breakCycles()
                    if !failure.isEmpty {
                        failures.append("[\(managerKind.rawValue)] seed \(seed), after operation \(harness.log.count):\n  "
                                        + failure.joined(separator: "\n  ") + "\n  operations:\n    "
                                        + harness.log.enumerated().map { "\($0.offset + 1). \($0.element)" }.joined(separator: "\n    "))
                    }
                }
            }
            MainContext.drain()
            print("\(kind) randomized: \(operations) operations, \(shownChecked) shown rows checked, \(failures.count) failures")
            for failure in failures.prefix(3) { XCTFail(failure) }
            XCTAssertGreaterThanOrEqual(operations, 150, "a few hundred operations")
            XCTAssertGreaterThan(shownChecked, 500)
            if failures.isEmpty {
                XCTAssertEqual(Diagnostics.liveRowObjects, objectsBefore)
                XCTAssertEqual(Diagnostics.liveWidgets, widgetsBefore)
            }
        }
    }

    /// What the view shows that disagrees with the store, and how many shown rows were checked.
    @MainActor
    private static func viewProblems(_ adapter: ListBaseAdapter) -> ([String], Int) {
        let store = adapter.manager.store
        var problems: [String] = []
        var shown = 0
        var inStore = Set<ObjectIdentifier>()
        for position in 0..<store.count {
            guard let generator = store.generator(at: position) else {
                problems.append("no generator at \(position)")
                continue
            }
            inStore.insert(ObjectIdentifier(generator))
            guard let view = adapter.view(for: generator) else { continue }
            shown += 1
            let expected = RandomizedHarness.content(of: generator)
            if let label = view as? LabelRowView, label.text != expected {
                problems.append("row \(position) shows \"\(label.text)\", its generator says \"\(expected)\"")
            }
        }
        if store.count > 0 && shown == 0 { problems.append("\(store.count) rows in the store, none shown") }
        for generator in adapter.selectedGenerators {
            if !inStore.contains(ObjectIdentifier(generator)) { problems.append("a selected generator is not in the store") }
            if !generator.isSelectable { problems.append("an unselectable row (header or footer) is selected") }
        }
        return (problems, shown)
    }
}
