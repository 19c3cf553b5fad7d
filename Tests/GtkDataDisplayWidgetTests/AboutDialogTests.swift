import CGtkDataDisplay
import Foundation
import GtkDataDisplay
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

/// `AboutDialog` sets what GTK's dialog shows, opens modal over the window it is given, and
/// closing it destroys it: nothing stays behind hidden, and no widget is left alive.
final class AboutDialogTests: WidgetTestCase {
    func testTheDialogShowsWhatWasSetOverItsWindowAndClosingFreesIt() async throws {
        let content = Label("main window")
        let host = WindowHost(child: content.gtkWidget, width: 300, height: 200)
        defer { host.destroy() }
        let widgetsBefore = Diagnostics.liveWidgets
        let aboutType = gtk_about_dialog_get_type()
        XCTAssertEqual(WidgetTree.toplevels(of: aboutType).count, 0)
        weak var released: AboutDialog?
        do {
            let about = AboutDialog()
            released = about
            about.programName = "Contacts"
            about.version = "1.2.0"
            about.comments = "Your contacts."
            about.website = "https://example.org/contacts"
            about.websiteLabel = "Website"
            about.copyright = "© 2026 The Contacts authors"
            about.license = .mitX11
            about.authors = ["Ada Lovelace", "Grace Hopper"]
            about.logoIconName = "avatar-default-symbolic"
            let dialog = OpaquePointer(about.widget.raw)
            XCTAssertEqual(String(cString: gtk_about_dialog_get_program_name(dialog)), "Contacts")
            XCTAssertEqual(String(cString: gtk_about_dialog_get_version(dialog)), "1.2.0")
            XCTAssertEqual(String(cString: gtk_about_dialog_get_website(dialog)), "https://example.org/contacts")
            XCTAssertEqual(gtk_about_dialog_get_license_type(dialog), GTK_LICENSE_MIT_X11)
            XCTAssertEqual(about.license, .mitX11)
            XCTAssertEqual(about.authors, ["Ada Lovelace", "Grace Hopper"])
            XCTAssertEqual(about.comments, "Your contacts.")
            XCTAssertEqual(about.copyright, "© 2026 The Contacts authors")
            XCTAssertEqual(about.websiteLabel, "Website")
            XCTAssertEqual(about.logoIconName, "avatar-default-symbolic")
            about.license = .gpl3OrLater
            XCTAssertEqual(gtk_about_dialog_get_license_type(dialog), GTK_LICENSE_GPL_3_0)
            about.license = .custom("Do what you like.")
            XCTAssertEqual(gtk_about_dialog_get_license_type(dialog), GTK_LICENSE_CUSTOM)
            XCTAssertEqual(about.license, .custom("Do what you like."))
            about.license = .mitX11

            // Presented over a widget inside the window: transient for that window, and modal.
            about.present(over: host.window)
            MainContext.iterate(until: { about.isMapped })
            let window = gdd_window(about.widget.raw)
            XCTAssertEqual(gtk_window_get_transient_for(window).map { UnsafeMutableRawPointer($0) }, UnsafeMutableRawPointer(host.window))
            XCTAssertNotEqual(gtk_window_get_modal(window), 0)
            XCTAssertNotEqual(gtk_window_get_destroy_with_parent(window), 0)
            XCTAssertEqual(WidgetTree.toplevels(of: aboutType).count, 1, "the dialog is open")
            about.close()
        }
        MainContext.drain()
        XCTAssertEqual(WidgetTree.toplevels(of: aboutType).count, 0, "closing destroys the dialog: it is not kept hidden")
        XCTAssertNil(released, "the Swift wrapper is gone")
        XCTAssertEqual(Diagnostics.liveWidgets, widgetsBefore, "no widget of the dialog is left")
    }

    func testADialogNobodyKeepsStaysOpenUntilClosed() async throws {
        let content = Label("main window")
        let host = WindowHost(child: content.gtkWidget, width: 300, height: 200)
        defer { host.destroy() }
        let widgetsBefore = Diagnostics.liveWidgets
        do {
            let about = AboutDialog()
            about.programName = "Fire and forget"
            about.present(over: host.window)
        }
        MainContext.drain()
        let open = WidgetTree.toplevels(of: gtk_about_dialog_get_type())
        XCTAssertEqual(open.count, 1, "GTK's list of windows keeps the dialog the app let go of")
        let dialog = try XCTUnwrap(open.first)
        XCTAssertEqual(String(cString: gtk_about_dialog_get_program_name(OpaquePointer(dialog))), "Fire and forget")
        gtk_window_close(gdd_window(UnsafeMutableRawPointer(dialog)))
        MainContext.drain()
        XCTAssertEqual(WidgetTree.toplevels(of: gtk_about_dialog_get_type()).count, 0)
        XCTAssertEqual(Diagnostics.liveWidgets, widgetsBefore)
    }
}
