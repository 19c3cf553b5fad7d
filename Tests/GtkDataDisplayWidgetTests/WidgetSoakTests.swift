import CGtkDataDisplay
import Foundation
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A soak of every interactive feature at once, for `GDD_SOAK_SECONDS` (default 60) in one real
/// window (Xvfb): a list of 2,000 rows and a grid of 400, in sections with foldables, each with
/// multiple selection, row menus, reordering and pagination at both edges (loaders slow, flaky,
/// sometimes answering twice). In random order: menus opened from code and by real right clicks
/// (xdotool), entries chosen, rows dropped by the plugin and dragged by the real pointer, steps,
/// scrolls to both edges (pages arrive at the top and the bottom) and anywhere, filters through
/// `setStateInBackground` (often superseded), folds, selections, retries.
///
/// Every 2 s and at the end: GLib logged no critical and no warning (counted by a log writer that
/// passes every message on to GLib's default one, so `G_DEBUG=fatal-warnings` still aborts on the
/// first); each store matches its manager; an open menu belongs to a shown row and shows its
/// actions; each pagination plugin shows its status row at its edge exactly while loading or
/// failed; the row objects alive beyond the stores stay bounded. After the window and the views are
/// gone, the row objects alive are exactly the managers' rows over the baseline, and no row widget
/// is left; after the managers are gone, none.
final class WidgetSoakTests: WidgetTestCase {
    func testEveryFeatureAtOnceForAMinuteLogsNothingAndLeavesNoRowObjectBehind() async throws {
        let env = ProcessInfo.processInfo.environment
        let seconds = env["GDD_SOAK_SECONDS"].flatMap(Double.init) ?? 60
        let seed = env["GDD_SOAK_SEED"].flatMap(RandomizedSettings.parseSeed) ?? 20_270_343
        GLibLogCounter.install()
        let logsBefore = GLibLogCounter.counts
        GLibLogCounter.message("the widget soak counts GLib's log messages", domain: "GtkDataDisplay-soak")
        XCTAssertEqual(GLibLogCounter.counts.messages, logsBefore.messages + 1, "the counter sees what GLib logs")
        MainContext.drain()
        let objectsBefore = Diagnostics.liveRowObjects, widgetsBefore = Diagnostics.liveWidgets
        let widgetAddressesBefore = WidgetCounter.liveAddresses
        if widgetsBefore > 0 {
            // Left by earlier tests in this process (tracked since `WidgetTestCase.setUp` turned tracking on).
            print("Widget soak: \(objectsBefore) row objects and \(widgetsBefore) widgets alive before it:")
            for line in WidgetCounter.describeLive().prefix(20) { print("  " + line) }
        }
        var rng = RandomizedRNG(seed: seed)
        var problems: [String] = []
        weak var weakList: BaseListManager?, weakGrid: BaseListManager?
        var stores = 0
        do {
            let list = SoakView(name: "list", grid: false, rows: 2_000, seed: seed &+ 1)
            let grid = SoakView(name: "grid", grid: true, rows: 400, seed: seed &+ 2)
            weakList = list.manager
            weakGrid = grid.manager
            let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
            for view in [list, grid] {
                gtk_widget_set_hexpand(view.adapter.widget, 1)
                gtk_box_append(gdd_box(UnsafeMutableRawPointer(box)), view.adapter.widget)
            }
            let host = WindowHost(child: box, width: 1000, height: 700)
            let input = XInput(host: host)
            let clock = ContinuousClock()
            let deadline = clock.now + .milliseconds(Int(seconds * 1000))
            var nextCheck = clock.now + .seconds(2), nextRealClick = clock.now + .seconds(2), nextRealDrag = clock.now + .seconds(4)
            var operations = 0, checks = 0, realClicks = 0, realDrags = 0
            while clock.now < deadline, problems.isEmpty {
                let view = rng.chance(0.7) ? list : grid
                switch rng.weighted([10, 8, 5, 14, 4, 10, 4, 4, 3]) {
                case 0: view.openMenu()
                case 1: view.menus.closeMenu()
                case 2: view.chooseEntry()
                case 3: view.drop()
                case 4: view.toggle()
                case 5: view.scroll { host.waitForDraw() }
                case 6: view.filter()
                case 7: view.select()
                default: view.retry()
                }
                operations += 1
                MainContext.drain(limit: 100)
                await Task.yield()  // background updates that finished apply
                if clock.now >= nextRealClick {
                    nextRealClick = clock.now + .seconds(3)
                    if try rightClick(in: view, others: [list, grid], input: input) { realClicks += 1 }
                }
                if clock.now >= nextRealDrag {
                    nextRealDrag = clock.now + .seconds(5)
                    if try drag(in: view, others: [list, grid], input: input) { realDrags += 1 }
                }
                if clock.now >= nextCheck {
                    nextCheck = clock.now + .seconds(2)
                    checks += 1
                    problems += check([list, grid], logsBefore: logsBefore, objectsBefore: objectsBefore)
                }
            }
            for view in [list, grid] { view.stop() }
            for view in [list, grid] { await view.awaitBackground() }
            MainContext.drain()
            problems += check([list, grid], logsBefore: logsBefore, objectsBefore: objectsBefore)
            print("Widget soak: \(String(format: "%.0f", seconds)) s, \(operations) operations, \(checks) checks, "
                  + "\(realClicks) real right clicks, \(realDrags) real drags, \(list.manager.store.count) + \(grid.manager.store.count) rows at the end")
            for view in [list, grid] {
                print("  \(view.name): " + view.counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
            }
            // The window and the views go; the managers stay: their rows explain every row object left.
            for view in [list, grid] { view.menus.closeMenu() }
            host.destroy()
            MainContext.drain()
            stores = list.manager.store.count + grid.manager.store.count
            // GTK lets go of some objects of a destroyed window in later main-loop iterations (a drag's
            // icon, idle work): they get up to 5 s; what is still alive then is a leak.
            _ = MainContext.iterate(until: { Diagnostics.liveRowObjects - objectsBefore == stores }, timeout: 5)
            XCTAssertEqual(Diagnostics.liveRowObjects - objectsBefore, stores, "the final stores explain every row object alive")
            withExtendedLifetime((list, grid)) {}
        }
        // Only the managers' rows were alive just before the managers went (counted above).
        MainContext.drain()
        XCTAssertNil(weakList, "the list's manager is freed")
        XCTAssertNil(weakGrid, "the grid's manager is freed")
        if Diagnostics.liveRowObjects != objectsBefore || Diagnostics.liveWidgets != widgetsBefore {
            // What is left, and whether GTK lets it go given time.
            print("Widget soak: before it \(objectsBefore) row objects and \(widgetsBefore) widgets were alive; now "
                  + "\(Diagnostics.liveRowObjects) and \(Diagnostics.liveWidgets); the soak's widgets alive:")
            for line in WidgetCounter.describeLive(excluding: widgetAddressesBefore) { print("  " + line) }
            let settled = MainContext.iterate(until: {
                Diagnostics.liveRowObjects == objectsBefore && Diagnostics.liveWidgets == widgetsBefore
            }, timeout: 5)
            print("Widget soak: after 5 s more of the main loop: \(settled ? "settled" : "still alive")")
        }
        XCTAssertEqual(Diagnostics.liveRowObjects, objectsBefore, "no row object outlives the soak (\(stores) rows at its end)")
        XCTAssertEqual(Diagnostics.liveWidgets, widgetsBefore, "no row widget outlives the window")
        let logs = GLibLogCounter.counts
        XCTAssertEqual(logs.criticals, logsBefore.criticals, "no GLib critical")
        XCTAssertEqual(logs.warnings, logsBefore.warnings, "no GLib warning")
        for problem in problems.prefix(10) { XCTFail(problem) }
    }

    /// What does not hold now (see the class's documentation).
    private func check(_ views: [SoakView], logsBefore: (criticals: Int, warnings: Int, messages: Int), objectsBefore: Int) -> [String] {
        var problems = views.flatMap { $0.problems() }
        let logs = GLibLogCounter.counts
        if logs.criticals != logsBefore.criticals || logs.warnings != logsBefore.warnings {
            problems.append("GLib logged \(logs.criticals - logsBefore.criticals) criticals and \(logs.warnings - logsBefore.warnings) warnings")
        }
        // Beyond the stores' rows (and what was alive before the soak), only what GTK's list items
        // still hold (a few screens' worth).
        let beyond = Diagnostics.liveRowObjects - objectsBefore - views.reduce(0) { $0 + $1.manager.store.count }
        if beyond > 3_000 { problems.append("\(beyond) row objects alive beyond the stores' rows") }
        return problems
    }

    /// A real right click on a wholly visible row of `view` (menus closed first: a click outside an
    /// open menu only closes it). Returns whether a menu opened.
    private func rightClick(in view: SoakView, others: [SoakView], input: XInput) throws -> Bool {
        for other in others { other.menus.closeMenu() }
        MainContext.drain()
        guard let row = wholeRows(of: view).randomElement(), let widget = view.adapter.rowWidget(for: row) else { return false }
        // Pages and filters land while the pointer moves: the row under it at the click may be
        // another than `row`; whichever it is, the menu is for a row the view shows (`problems()`).
        try input.click(widget, button: 3)
        let opened = MainContext.iterate(until: { view.menus.isMenuOpen }, timeout: 2)
        if opened { view.note("menus opened by a real right click") }
        return opened
    }

    /// A real drag (xdotool) from one wholly visible row of `view` to another.
    private func drag(in view: SoakView, others: [SoakView], input: XInput) throws -> Bool {
        for other in others { other.menus.closeMenu() }
        MainContext.drain()
        let rows = wholeRows(of: view)
        guard rows.count > 2, let from = rows.randomElement(), let to = rows.filter({ $0 !== from }).randomElement(),
              let a = view.adapter.rowWidget(for: from), let b = view.adapter.rowWidget(for: to) else { return false }
        try input.drag(from: a, to: b)
        view.note("real drags")
        return true
    }

    /// The rows (not headers) of `view` wholly inside its visible area.
    private func wholeRows(of view: SoakView) -> [any RowGenerator] {
        let height = Double(gtk_widget_get_height(view.adapter.itemView))
        return view.adapter.visibleFrames().filter { $0.y >= 0 && $0.y + $0.height <= height && $0.row.role == .row }
            .map(\.row.generator).filter { $0 is SoakRowActions }
    }
}
