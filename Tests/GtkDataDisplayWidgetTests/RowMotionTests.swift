import CGtkDataDisplay
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Removed rows fade out and moved or shifted rows glide, in a real list, grid and table under Xvfb: a
/// picture of each removed row on screen fades where it stood, pictures of the rows below glide
/// from their old places to their new ones while the rows themselves are hidden, then the rows show
/// again and the pictures go. None of it with the desktop's animations off or for more than a
/// screenful; the binds are the same either way; no row object or widget outlives the view.
final class RowMotionTests: WidgetTestCase {
    override func tearDown() {
        if let settings = gtk_settings_get_default() { Property.set(UnsafeMutableRawPointer(settings), "gtk-enable-animations", true) }
        super.tearDown()
    }

    private struct Seen {
        var moving: [(leaving: Int, gliding: Int)] = []
        /// One gliding picture's place at each frame.
        var track: [(x: Double, y: Double)] = []
        var hiddenRows = 0
        var leavingPictures = 0
        var binds = 0
        var appeared: [String] = []
    }

    private func pictures(_ plugin: RowAnimationsPlugin) -> [UnsafeMutablePointer<GtkWidget>] {
        guard let fixed = plugin.motion?.layer.fixed else { return [] }
        var all: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(fixed)
        while let current = child {
            all.append(current)
            child = gtk_widget_get_next_sibling(current)
        }
        return all
    }

    /// Where `picture` stands in the layer (as of the last frame's layout).
    private func place(of picture: UnsafeMutablePointer<GtkWidget>, in plugin: RowAnimationsPlugin) -> (x: Double, y: Double) {
        var x = 0.0, y = 0.0
        gtk_fixed_get_child_position(gdd_fixed(UnsafeMutableRawPointer(plugin.motion!.layer.fixed)), picture, &x, &y)
        return (x, y)
    }

    /// A list, grid or table of 40 rows; `change` runs on it once laid out; what the plugin showed.
    private func run(_ kind: String, animations: Bool, _ change: (BaseListManager, [LabelRow]) throws -> Void) throws -> Seen {
        if let settings = gtk_settings_get_default() { Property.set(UnsafeMutableRawPointer(settings), "gtk-enable-animations", animations) }
        let manager = BaseListManager()
        let rows = (0..<40).map { LabelRow(model: "Row \($0)", id: $0) }
        try manager.add(rows)
        let plugin = RowAnimationsPlugin()
        let adapter: ListBaseAdapter = switch kind {
        case "grid": manager.gridViewBuilder.add(plugin: plugin).build()
        case "table": manager.columnViewBuilder(columns: tableColumns()).add(plugin: plugin).build()
        default: manager.listViewBuilder.add(plugin: plugin).build()
        }
        let host = WindowHost(child: adapter.widget, width: 400, height: 400)
        defer { host.destroy() }
        host.settle()
        adapter.resetStatistics()
        var seen = Seen()
        plugin.rowsAppeared += { seen.appeared += $0.compactMap { ($0 as? LabelRow)?.model } }
        plugin.rowsMoving += { [weak adapter, weak manager, weak plugin] moving in
            guard let manager, let plugin else { return }
            seen.moving.append(moving)
            let shown = self.pictures(plugin)
            seen.leavingPictures = shown.filter { gtk_widget_has_css_class($0, "gdd-leaving") != 0 }.count
            seen.hiddenRows = manager.flatGenerators.compactMap { adapter?.rowWidget(for: $0) }.filter { gtk_widget_get_opacity($0) == 0 }.count
        }
        try change(manager, rows)
        // Each frame of the glide, until the pictures are gone.
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline, seen.moving.isEmpty || plugin.isMoving {
            MainContext.iterate(until: { false }, timeout: 0.01)
            // The last gliding picture (the lowest row that moved).
            if plugin.isMoving, let picture = pictures(plugin).last(where: { gtk_widget_has_css_class($0, "gdd-leaving") == 0 }) {
                let now = place(of: picture, in: plugin)
                if seen.track.last.map({ $0 != now }) ?? true { seen.track.append(now) }
            }
            if seen.moving.isEmpty, Date() > deadline.addingTimeInterval(-2.5) { break }   // nothing started
        }
        host.settle()
        XCTAssertFalse(plugin.isMoving, "the pictures go after the animation")
        XCTAssertEqual(pictures(plugin).count, 0)
        let hiddenAfter = manager.flatGenerators.compactMap { adapter.rowWidget(for: $0) }.filter { gtk_widget_get_opacity($0) < 1 }.count
        XCTAssertEqual(hiddenAfter, 0, "every row shows again")
        seen.binds = adapter.statistics.binds
        return seen
    }

    func testARemovedRowFadesOutAndTheRowsBelowGlideUpWithTheSameBinds() async throws {
        MainContext.drain()
        let objectsBefore = Diagnostics.liveRowObjects
        for name in ["list", "grid", "table"] {
            let remove: (BaseListManager, [LabelRow]) throws -> Void = { manager, rows in try manager.remove(rows[3]) }
            let on = try run(name, animations: true, remove)
            XCTAssertEqual(on.moving.count, 1, "\(name): one animation")
            XCTAssertEqual(on.moving.first?.leaving, 1, "\(name): the removed row fades out")
            XCTAssertEqual(on.leavingPictures, 1, "\(name): its picture, styled to fade")
            XCTAssertGreaterThan(on.moving.first?.gliding ?? 0, 3, "\(name): the rows after it glide")
            XCTAssertEqual(on.hiddenRows, on.moving.first?.gliding, "\(name): each gliding row is hidden behind its picture")
            // The picture moves, frame by frame, from the row's old place ever nearer its new one.
            XCTAssertGreaterThan(on.track.count, 2, "\(name): the glide takes several frames: \(on.track)")
            let end = try XCTUnwrap(on.track.last)
            let distances = on.track.map { (($0.x - end.x) * ($0.x - end.x) + ($0.y - end.y) * ($0.y - end.y)).squareRoot() }
            XCTAssertEqual(distances, distances.sorted(by: >), "\(name): ever nearer: \(on.track)")
            XCTAssertGreaterThan(distances.first ?? 0, 10, "\(name): from a place well away")
            let off = try run(name, animations: false, remove)
            XCTAssertTrue(off.moving.isEmpty, "\(name): nothing moves with the desktop's animations off")
            XCTAssertEqual(on.binds, off.binds, "\(name): the animation binds nothing")
        }
        _ = MainContext.iterate(until: { Diagnostics.liveRowObjects == objectsBefore }, timeout: 3)
        XCTAssertEqual(Diagnostics.liveRowObjects, objectsBefore, "no row object outlives its list (the pictures' references go)")
    }

    func testAMovedRowGlidesToItsPlaceWithoutFadingAndABigChangeIsShownAtOnce() async throws {
        let moved = try run("list", animations: true) { manager, rows in try manager.move(rows[1], after: rows[6]) }
        XCTAssertEqual(moved.moving.first?.leaving, 0, "a moved row does not fade out")
        XCTAssertGreaterThanOrEqual(moved.moving.first?.gliding ?? 0, 6, "it and the rows it passed glide")
        XCTAssertEqual(moved.appeared, [], "nor does it fade in")
        let big = try run("list", animations: true) { manager, rows in try manager.remove(Array(rows[0..<30])) }
        XCTAssertTrue(big.moving.isEmpty, "more than a screenful changed: shown at once")
    }
}
