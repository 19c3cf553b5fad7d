import Foundation
import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

/// The helpers app code uses instead of C for common needs: a key shortcut on a list, a progress
/// bar, knowing when a widget comes on screen, and the clipboard — in a real window.
@MainActor
final class AppWidgetHelperTests: WidgetTestCase {
    func testAKeyShortcutOnAListRunsForItsKeyOnlyWhileTheListHasTheFocus() async throws {
        let manager = BaseListManager()
        let items = rows(5)
        try manager.addSection(header: LabelHeader(model: "Rows"), rows: items)
        let (adapter, host) = show(manager, selection: .multiple)
        defer { host.destroy() }
        var deletes = 0
        try adapter.itemView.addShortcut("Delete") {
            deletes += 1
            return true
        }
        let input = XInput(host: host)
        let rowWidget = try XCTUnwrap(gtk_widget_get_parent(try XCTUnwrap(adapter.view(for: items[1])?.widget.parent)))
        XCTAssertTrue(gtk_widget_grab_focus(rowWidget) != 0)
        host.settle()
        try input.key("Delete")
        XCTAssertEqual(deletes, 1, "Delete on a focused row reaches the list's shortcut")
        try input.key("BackSpace")
        try input.key("shift+Delete")
        XCTAssertEqual(deletes, 1, "other keys, and Delete with Shift, do not")

        // With the focus outside the list, the list's shortcut stays quiet.
        let entry = SearchEntry()
        let box = Box(.vertical, spacing: 0, entry)
        let other = WindowHost(child: box.gtkWidget)
        defer { other.destroy() }
        XCTAssertTrue(gtk_widget_grab_focus(entry.gtkWidget) != 0)
        other.settle()
        try XInput(host: other).key("Delete")
        XCTAssertEqual(deletes, 1)
    }

    func testAProgressBarShowsItsFractionClampedAndItsText() async throws {
        let bar = ProgressBar(fraction: 0.25)
        XCTAssertEqual(bar.fraction, 0.25)
        XCTAssertNil(bar.text)
        bar.fraction = 1.5
        XCTAssertEqual(bar.fraction, 1)
        bar.fraction = -1
        XCTAssertEqual(bar.fraction, 0)
        bar.text = "3 of 4 rows"
        XCTAssertEqual(bar.text, "3 of 4 rows")
        XCTAssertEqual(gtk_progress_bar_get_show_text(OpaquePointer(bar.gtkWidget)), 1)
        bar.text = nil
        XCTAssertNil(bar.text)
        XCTAssertEqual(gtk_progress_bar_get_show_text(OpaquePointer(bar.gtkWidget)), 0)
    }

    func testOnMapRunsWhenTheWidgetComesOnScreenAndAgainAfterBeingHidden() async throws {
        let label = Label("page")
        let box = Box(.vertical, spacing: 0, label)
        var maps = 0
        label.onMap { maps += 1 }
        XCTAssertFalse(label.isMapped)
        let host = WindowHost(child: box.gtkWidget)
        defer { host.destroy() }
        XCTAssertTrue(label.isMapped)
        XCTAssertEqual(maps, 1, "presenting the window maps the label")
        label.isVisible = false
        host.settle()
        XCTAssertFalse(label.isMapped)
        label.isVisible = true
        host.settle()
        XCTAssertEqual(maps, 2, "shown again: mapped again")
    }

    /// An adapter put in a `Box` and kept nowhere else (as an app writes `Box(.vertical, search,
    /// list)`) lives as long as it is in the box: its rows stay, and it goes with the box.
    func testABoxKeepsTheAdaptersGivenItAlive() async throws {
        weak var weakBoxAdapter: BoxAdapter?, weakListAdapter: ListBaseAdapter?
        do {
            let settings = BaseListManager(), words = BaseListManager()
            try settings.add((0..<3).map { LabelRow(model: "Setting \($0)", id: $0) })
            try words.add((0..<50).map { LabelRow(model: "Word \($0)", id: $0) })
            var page: Box?
            do {
                let boxAdapter = BoxAdapter(manager: settings), listAdapter = ListViewAdapter(manager: words)
                weakBoxAdapter = boxAdapter
                weakListAdapter = listAdapter
                page = Box(.vertical, spacing: 6, boxAdapter, listAdapter)
            }
            XCTAssertNotNil(weakBoxAdapter, "the box keeps the box adapter")
            XCTAssertNotNil(weakListAdapter, "the box keeps the list adapter")
            let host = WindowHost(child: try XCTUnwrap(page).widget.pointer, height: 400)
            host.settle()
            XCTAssertEqual(weakBoxAdapter?.rowWidgets.count, 3, "the settings are shown")
            XCTAssertGreaterThan(gtk_widget_get_height(try XCTUnwrap(weakBoxAdapter).box), 0)
            page?.remove(try XCTUnwrap(weakBoxAdapter))
            XCTAssertNil(weakBoxAdapter, "taken out of the box, the adapter goes")
            host.destroy()
            page = nil
        }
        MainContext.drain()
        XCTAssertNil(weakListAdapter, "the adapter goes with the box")
    }

    func testTextCopiedToTheClipboardReadsBack() async throws {
        XCTAssertTrue(Clipboard.copy("ada.baker@example.org"))
        XCTAssertEqual(Clipboard.localText, "ada.baker@example.org")
        XCTAssertTrue(Clipboard.copy("grace@example.com"))
        XCTAssertEqual(Clipboard.localText, "grace@example.com")
    }
}

/// A screenshot taken after the next frame is laid out even while a list keeps changing. The
/// tests are synchronous: the frame comes from GLib's main loop, which `MainContext` runs while the
/// screenshot's task waits (an async test would hold the main queue the task needs).
final class ScreenshotAfterFrameTests: XCTestCase {
    func testAScreenshotAfterTheNextFrameCatchesAListThatIsStillChanging() throws {
        try MainActor.assumeIsolated {
            try XCTSkipUnless(WindowHost.initializeGTK() || ProcessInfo.processInfo.environment["GDD_REQUIRE_DISPLAY"] == "1",
                              "no display (run under xvfb-run -a)")
            XCTAssertTrue(WindowHost.initializeGTK(), "a display")
            let manager = BaseListManager()
            try manager.addSection(rows: (0..<50).map { LabelRow(model: "row \($0)", id: $0) })
            let adapter = ListViewAdapter(manager: manager)
            let host = WindowHost(child: adapter.scrolledWindow)
            defer { host.destroy() }
            let file = NSTemporaryDirectory() + "gdd-after-frame-\(getpid()).png"
            defer { try? FileManager.default.removeItem(atPath: file) }
            // A change right before: the window now waits for its next layout.
            try manager.add((50..<60).map { LabelRow(model: "row \($0)", id: $0) })
            var outcome: Result<Void, ScreenshotError>?
            let window = host.window
            Task { @MainActor in
                do throws(ScreenshotError) {
                    try await window.saveScreenshotAfterNextFrame(png: file)
                    outcome = .success(())
                } catch {
                    outcome = .failure(error)
                }
            }
            XCTAssertTrue(MainContext.iterate(until: { outcome != nil }), "the next frame came")
            try XCTUnwrap(outcome).get()
            let size = (try FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.intValue ?? 0
            XCTAssertGreaterThan(size, 1_000, "a PNG of the window was written")
        }
    }

    func testAWidgetThatIsNotShownCannotBeTaken() throws {
        try MainActor.assumeIsolated {
            try XCTSkipUnless(WindowHost.initializeGTK() || ProcessInfo.processInfo.environment["GDD_REQUIRE_DISPLAY"] == "1",
                              "no display (run under xvfb-run -a)")
            let label = Label("never shown")
            var outcome: Result<Void, ScreenshotError>?
            Task { @MainActor in
                do throws(ScreenshotError) {
                    try await label.saveScreenshotAfterNextFrame(png: "/tmp/never.png")
                    outcome = .success(())
                } catch {
                    outcome = .failure(error)
                }
            }
            XCTAssertTrue(MainContext.iterate(until: { outcome != nil }))
            guard case .failure(let error) = outcome else { return XCTFail("an unrealised widget has no frame to wait for") }
            XCTAssertEqual(error, .failed(path: "/tmp/never.png", reason: "the widget is not realised (present its window first)"))
        }
    }
}

/// `focus(_:)` gives a row the keyboard focus from code, far away rows included.
@MainActor
final class FocusRowTests: WidgetTestCase {
    func testFocusGivesARowTheKeyboardFocusScrollingToItWhenNeeded() async throws {
        let manager = BaseListManager()
        let header = LabelHeader(model: "Rows")
        let items = rows(500)
        try manager.addSection(header: header, rows: items)
        let (adapter, host) = show(manager)
        defer { host.destroy() }
        XCTAssertTrue(adapter.focus(items[2]))
        host.settle()
        XCTAssertTrue(adapter.focusedGenerator === items[2])
        XCTAssertTrue(adapter.focus(items[450]), "a row far below, not yet bound")
        host.settle()
        XCTAssertTrue(adapter.focusedGenerator === items[450])
        XCTAssertNotNil(adapter.view(for: items[450]), "scrolled into view")
        XCTAssertFalse(adapter.focus(header), "a header takes no focus")
        XCTAssertFalse(adapter.focus(LabelRow(model: "elsewhere", id: "elsewhere")), "a row not in the list")
        host.settle()
        XCTAssertTrue(adapter.focusedGenerator === items[450], "the focus stayed where it was")
    }
}
