import CGtkDataDisplay
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Inserted rows fade in, in a real list and grid under Xvfb: a row inserted on screen takes the
/// fading class once laid out (and loses it after the fade), none does with the desktop's animations
/// off or for more than a screenful, and the binds are the same with and without the fade.
final class RowAnimationsTests: WidgetTestCase {
    override func tearDown() {
        if let settings = gtk_settings_get_default() { Property.set(UnsafeMutableRawPointer(settings), "gtk-enable-animations", true) }
        super.tearDown()
    }

    /// Inserts two rows among the shown ones of a list of 40, then 300 at once; returns the rows faded
    /// in each time and the binds the adapter made.
    private func insertRows(grid: Bool, animations: Bool) throws -> (first: [String], big: [String], binds: Int, classSeen: Bool) {
        if let settings = gtk_settings_get_default() { Property.set(UnsafeMutableRawPointer(settings), "gtk-enable-animations", animations) }
        let manager = BaseListManager()
        try manager.add((0..<40).map { LabelRow(model: "Row \($0)", id: $0) })
        let fade = RowAnimationsPlugin()
        let adapter: ListBaseAdapter = grid ? manager.gridViewBuilder.add(plugin: fade).build() : manager.listViewBuilder.add(plugin: fade).build()
        let host = WindowHost(child: adapter.widget, width: 400, height: 400)
        defer { host.destroy() }
        host.settle()
        adapter.resetStatistics()
        var appeared: [[String]] = []
        var classSeen = false
        fade.rowsAppeared += { [weak adapter] rows in
            appeared.append(rows.compactMap { ($0 as? LabelRow)?.model })
            // Right when the fade starts: the row's widget carries the animated class.
            classSeen = rows.allSatisfy { adapter?.rowWidget(for: $0).map { gtk_widget_has_css_class($0, "gdd-appearing") != 0 } ?? false }
        }
        let new = [LabelRow(model: "New 1", id: "n1"), LabelRow(model: "New 2", id: "n2")]
        try manager.insert(new, after: manager.flatGenerators[3])   // on screen (rows above the first shown keep it in place)
        host.settle()
        let first = appeared.first ?? []
        // After the fade: the class is gone.
        _ = MainContext.iterate(until: { false }, timeout: Double(RowAnimationsPlugin.fadeInMilliseconds + 150) / 1000)
        for row in new {
            if let widget = adapter.rowWidget(for: row) { XCTAssertEqual(gtk_widget_has_css_class(widget, "gdd-appearing"), 0, "the class goes after the fade") }
        }
        appeared.removeAll()
        try manager.insert((0..<300).map { LabelRow(model: "Many \($0)", id: "m\($0)") }, before: manager.flatGenerators[0])
        host.settle()
        return (first, appeared.first ?? [], adapter.statistics.binds, classSeen)
    }

    func testInsertedRowsFadeInOnlyWithAnimationsOnAndAtMostAScreenfulWithTheSameBinds() async throws {
        MainContext.drain()
        let objectsBefore = Diagnostics.liveRowObjects
        for grid in [false, true] {
            let name = grid ? "grid" : "list"
            let on = try insertRows(grid: grid, animations: true)
            XCTAssertEqual(on.first, ["New 1", "New 2"], "\(name): the two inserted rows fade in")
            XCTAssertTrue(on.classSeen, "\(name): their widgets take the fading class")
            XCTAssertEqual(on.big, [], "\(name): more than a screenful is shown at once")
            let off = try insertRows(grid: grid, animations: false)
            XCTAssertEqual(off.first, [], "\(name): no fade with the desktop's animations off")
            XCTAssertEqual(on.binds, off.binds, "\(name): the fade binds nothing")
        }
        _ = MainContext.iterate(until: { Diagnostics.liveRowObjects == objectsBefore }, timeout: 3)
        XCTAssertEqual(Diagnostics.liveRowObjects, objectsBefore, "no row object outlives its list (the fade's references go)")
    }

    /// The Animated changes article's code.
    func testTheArticleSnippetFadesARowIn() async throws {
        if let settings = gtk_settings_get_default() { Property.set(UnsafeMutableRawPointer(settings), "gtk-enable-animations", true) }
        let manager = BaseListManager()
        try manager.add((0..<5).map { LabelRow(model: "Message \($0)", id: $0) })
        // DocC:begin animated-changes
        let inbox = manager.listViewBuilder.add(plugin: .animatedChanges()).build()
        // DocC:end animated-changes
        let host = WindowHost(child: inbox.widget, height: 300)
        defer { host.destroy() }
        host.settle()
        var faded = 0
        inbox.plugin(RowAnimationsPlugin.self)?.rowsAppeared += { faded += $0.count }
        try manager.insert(LabelRow(model: "New", id: "new"), after: manager.flatGenerators[1])
        host.settle()
        XCTAssertEqual(faded, 1, "the new message fades in")
    }
}
