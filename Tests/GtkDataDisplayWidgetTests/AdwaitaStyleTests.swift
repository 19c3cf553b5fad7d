import CGtkDataDisplay
import Foundation
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

/// An app that initialised libadwaita beside the shell: `Appearance.prefersDark` goes through
/// libadwaita's style manager, and libadwaita logs no warning (it warns when GtkSettings'
/// `gtk-application-prefer-dark-theme` is set). In a child process, which loads libadwaita
/// (Debian's libadwaita-1-0) as such an app would have it linked.
final class AdwaitaStyleTests: WidgetTestCase {
    private typealias Init = @convention(c) () -> Void
    private typealias DefaultManager = @convention(c) () -> OpaquePointer?
    private typealias GetScheme = @convention(c) (OpaquePointer?) -> Int32

    func testWithLibadwaitaTheStyleGoesThroughItsStyleManagerWithoutAWarning() async throws {
        if ChildProcess.isChild() {
            try checkWithLibadwaita()
            return
        }
        // Warnings counted, not fatal: without the style manager, libadwaita's warning is what fails.
        let outcome = try ChildProcess.run(Self.self, sameEnvironment: true, environment: ["G_DEBUG": ""])
        XCTAssertFalse(outcome.failed, outcome.output)
    }

    private func checkWithLibadwaita() throws {
        guard dlopen("libadwaita-1.so.0", RTLD_NOW | RTLD_GLOBAL) != nil else {
            let message = "libadwaita-1-0 is missing (scripts/install-deps --test installs it)"
            if ProcessInfo.processInfo.environment["GDD_REQUIRE_DISPLAY"] == "1" { return XCTFail(message) }
            throw XCTSkip(message)
        }
        func function<F>(_ name: String, _ type: F.Type) throws -> F {
            unsafeBitCast(try XCTUnwrap(dlsym(UnsafeMutableRawPointer(bitPattern: 0), name), name), to: type)
        }
        GLibLogCounter.install()
        let before = GLibLogCounter.warnings.load(ordering: .relaxed)
        Appearance.prefersDark = true   // libadwaita loaded, not initialised: GTK's setting
        XCTAssertTrue(Appearance.prefersDark)
        Appearance.prefersDark = false
        try function("adw_init", Init.self)()
        let manager = try function("adw_style_manager_get_default", DefaultManager.self)()
        let scheme = try function("adw_style_manager_get_color_scheme", GetScheme.self)
        Appearance.prefersDark = true
        XCTAssertEqual(scheme(manager), 4, "ADW_COLOR_SCHEME_FORCE_DARK")
        XCTAssertTrue(Appearance.prefersDark)
        Appearance.prefersDark = false
        XCTAssertEqual(scheme(manager), 1, "ADW_COLOR_SCHEME_FORCE_LIGHT")
        XCTAssertFalse(Appearance.prefersDark)
        XCTAssertEqual(GLibLogCounter.warnings.load(ordering: .relaxed), before, "libadwaita warned")
    }
}
