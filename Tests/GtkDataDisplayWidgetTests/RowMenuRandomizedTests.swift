import Foundation
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Randomized tests of row menus during updates, on a real list and grid in a real window (Xvfb):
/// seeded sequences of 500 operations — menus opened from code and now and then by a real right
/// click (xdotool), entries clicked, actions chosen from code, menus closed — interleaved with
/// updates that keep, replace (a new instance with the same id, with or without actions) or take
/// away the menu's row: `setState`, `remove`, `clear`, `batch`, and `setStateInBackground` calls
/// held in flight while other operations run (newer intents supersede them). The main loop runs
/// only now and then, as in an app that updates faster than it draws.
///
/// After every operation, against `RowMenuModel`: the store shows the model's rows; the menu is
/// open exactly when the model says, for the generator it says, which the manager shows, with that
/// generator's actions; when an update took the menu's row away the focus is in the view, not in
/// the menu; every action run is the model's (the action's own handler and `didTriggerAction`,
/// same generator, same action); each background call returned what the model says; GTK logged
/// nothing (the suite's fatal-warnings mode aborts on any warning). After each sequence, closing the
/// window leaves as many row objects and row widgets alive as before it.
///
/// `GDD_RANDOM_OPERATIONS` (default 10,000, half in lists, half in grids), `GDD_RANDOM_SEED`,
/// `GDD_RANDOM_SEQUENCES`, `GDD_RANDOM_TRACE` (see `FeatureRandomizedRun`).
final class RowMenuRandomizedTests: WidgetTestCase {
    func testMenusDuringRandomUpdatesInAListAndAGrid() async throws {
        let run = FeatureRandomizedRun(name: "Randomized row menus", test: "RowMenuRandomizedTests/testMenusDuringRandomUpdatesInAListAndAGrid",
                                       perSequence: 500, defaultSeed: 20_270_243, widget: true)
        var rightClicks = 0, grids = 0
        var paths: [String: Int] = [:]
        let operations = await run.run { seed in
            let objectsBefore = Diagnostics.liveRowObjects, widgetsBefore = Diagnostics.liveWidgets
            var result: (operations: Int, problems: [String], log: [String]) = (0, [], [])
            do {
                let grid = seed & 1 == 1
                grids += grid ? 1 : 0
                let harness = RowMenuRandomizedHarness(seed: seed, grid: grid)
                while result.operations < run.perSequence, result.problems.isEmpty {
                    result.problems = await harness.step()
                    result.operations += 1
                    if run.trace { print("  #\(result.operations) \(harness.trace.last!)") }
                }
                result.problems += await harness.finish()
                result.log = harness.trace
                rightClicks += harness.rightClicks
                paths.merge(harness.model.paths, uniquingKeysWith: +)
            }
            MainContext.drain()
            if result.problems.isEmpty {
                if Diagnostics.liveRowObjects != objectsBefore {
                    result.problems.append("\(Diagnostics.liveRowObjects - objectsBefore) row objects outlived the window and manager")
                }
                if Diagnostics.liveWidgets != widgetsBefore {
                    result.problems.append("\(Diagnostics.liveWidgets - widgetsBefore) row widgets outlived the window")
                }
            }
            return result
        }
        print("  paths: " + paths.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        print("  \(grids) of \(run.sequences) sequences in a grid, \(rightClicks) menus opened by a real right click")
        XCTAssertGreaterThanOrEqual(operations, min(10_000, run.sequences * run.perSequence))
        if run.sequences >= 4 {
            XCTAssertGreaterThan(grids, 0, "some sequences run in a grid")
            XCTAssertLessThan(grids, run.sequences, "some in a list")
            XCTAssertGreaterThan(rightClicks, 0, "some menus open by a real right click")
        }
    }
}
