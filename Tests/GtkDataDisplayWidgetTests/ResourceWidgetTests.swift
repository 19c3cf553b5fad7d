import CGtkDataDisplay
import Foundation
import GtkDataDisplay
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

/// Resources at work on a display: a .ui template built from the demo's bundle, the dark style
/// setting, and a window rendered to PNG by GTK's snapshot.
@MainActor
final class ResourceWidgetTests: WidgetTestCase {
    func testTheDemosBadgeRowBuildsFromItsResource() async throws {
        let bundle = Bundle.main.bundleURL.appendingPathComponent("GtkDataDisplay_GtkDataDisplayDemo.resources/io.github.gtkdatadisplay.Demo.gresource").path
        try GResourceBundle.register(path: bundle)
        let builder = gtk_builder_new_from_resource("/io/github/gtkdatadisplay/Demo/ui/badge-row.ui")!
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        let root = try XCTUnwrap(gtk_builder_get_object(builder, "root"))
        XCTAssertNotEqual(gdd_is_widget(root), 0)
        XCTAssertNotEqual(gtk_widget_has_css_class(gdd_widget(root), "badge-row"), 0)
        for id in ["icon", "title", "caption", "count"] {
            XCTAssertNotNil(gtk_builder_get_object(builder, id), id)
        }
        g_object_ref_sink(UnsafeMutableRawPointer(root))  // the builder's floating root: ours to drop
        g_object_unref(UnsafeMutableRawPointer(root))
    }

    func testPrefersDarkIsGtksSetting() async {
        let before = Appearance.prefersDark
        defer { Appearance.prefersDark = before }
        Appearance.prefersDark = !before
        var value = GValue()
        g_value_init(&value, gdd_type_boolean())
        g_object_get_property(gdd_object(UnsafeMutableRawPointer(gtk_settings_get_default())), "gtk-application-prefer-dark-theme", &value)
        XCTAssertEqual(g_value_get_boolean(&value) != 0, !before)
        g_value_unset(&value)
        XCTAssertEqual(Appearance.prefersDark, !before)
    }

    func testAScreenshotIsAPNGOfTheWindowsSize() async throws {
        let label = gtk_label_new("Screenshot")!
        let host = WindowHost(child: label, width: 320, height: 200)
        defer { host.destroy() }
        host.settle()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("gdd-shot-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try host.window.saveScreenshot(png: file)
        var error: UnsafeMutablePointer<GError>?
        let texture = gdk_texture_new_from_filename(file, &error)
        XCTAssertNil(error.map { String(cString: $0.pointee.message) })
        let loaded = try XCTUnwrap(texture)
        defer { g_object_unref(UnsafeMutableRawPointer(loaded)) }
        XCTAssertEqual(gdk_texture_get_width(loaded), gtk_widget_get_width(host.window))
        XCTAssertEqual(gdk_texture_get_height(loaded), gtk_widget_get_height(host.window))
    }

    func testAScreenshotOfAnUnshownWidgetIsATypedError() async {
        let label = gtk_label_new("never shown")!
        g_object_ref_sink(UnsafeMutableRawPointer(label))
        defer { g_object_unref(UnsafeMutableRawPointer(label)) }
        XCTAssertThrowsError(try label.saveScreenshot(png: "/tmp/never.png")) { error in
            guard case .failed(let path, _)? = error as? ScreenshotError else { return XCTFail("\(error)") }
            XCTAssertEqual(path, "/tmp/never.png")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: "/tmp/never.png"))
    }
}
