// A GtkApplication in a few lines of Swift: GTK initialised by the application's startup, the
// main dispatch queue drained by GLib's loop (MainQueueBridge), one main window handed to the
// app on activation, and a clean end on quit, on SIGINT/SIGTERM, or after a set time (for CI).

import CGtkDataDisplay
import GtkDataDisplay
import Glibc

/// A GTK application: `run()` drives GLib's main loop until `quit()` or the last window closes.
///
///     let app = Application(id: "org.example.Contacts")
///     app.onActivate { window in
///         window.title = "Contacts"
///         window.child = ListViewAdapter(manager: manager)   // the window keeps it
///         window.present()
///     }
///     exit(app.run())
///
/// GTK is initialised when the application starts, so create widgets, list view adapters and
/// template rows inside `onActivate` (or later), not before `run()`.
@MainActor
public final class Application {
    /// The `GtkApplication` (a `GApplication`), for any `g_application_*` / `gtk_application_*` call.
    public let pointer: UnsafeMutablePointer<GtkApplication>
    private let reference: ObjectReference
    private var activate: (@MainActor (Window) -> Void)?
    /// Makes the main window on the first activation (nil: a `GtkApplicationWindow`);
    /// GtkDataDisplayAdwaita's `useAdwaita()` makes an `AdwApplicationWindow`.
    package var makeWindow: (@MainActor (Application) -> Window)?
    private var pendingStylesheets: [String] = []
    /// The main window, made on the first activation (nil before).
    public private(set) var window: Window?
    /// Seconds after which `run()` quits by itself; nil runs until quit. Defaults to the
    /// environment variable `GDD_QUIT_AFTER` when it holds a number, so CI can run any app for a
    /// few seconds: `GDD_QUIT_AFTER=3 xvfb-run -a dbus-run-session -- ./MyApp`.
    public var quitAfter: Double?

    /// The environment variable `quitAfter` is read from.
    nonisolated public static let quitAfterVariable = "GDD_QUIT_AFTER"

    /// An application with the reverse-DNS `id` (`org.example.Contacts`). A unique application
    /// (the default) forwards a second launch to the running instance, whose `onActivate` window is
    /// presented again; `isUnique: false` lets instances run side by side.
    public init(id: String, isUnique: Bool = true) {
        let flags = isUnique ? GApplicationFlags(rawValue: 0) : G_APPLICATION_NON_UNIQUE
        guard let app = gtk_application_new(id, flags) else {
            fatalError("Application: \"\(id)\" is not a valid application id (reverse DNS, such as org.example.App)")
        }
        pointer = app
        reference = ObjectReference(adopting: UnsafeMutableRawPointer(app))
        quitAfter = getenv(Self.quitAfterVariable).flatMap { Double(String(cString: $0)) }
        Signal.connect(reference.pointer, "activate") { [weak self] in self?.activated() }
        Signal.connect(reference.pointer, "startup") { [weak self] in self?.started() }
    }

    /// Sets what the first activation does with the main window (title, size, content, `present()`).
    /// Later activations (the app launched again) present that window again.
    public func onActivate(_ body: @escaping @MainActor (Window) -> Void) {
        activate = body
    }

    /// Runs the application until it quits; returns the exit status for `exit(_:)`.
    ///
    /// `arguments` go to `g_application_run`, which knows only GApplication's own options
    /// (`--help`…) and stops on any other: parse your options first and pass what remains (or just
    /// `[CommandLine.arguments[0]]`). SIGINT and SIGTERM quit cleanly while it runs. Windows still
    /// open when it returns are destroyed.
    public func run(arguments: [String] = CommandLine.arguments) -> Int32 {
        MainQueueBridge.install()
        var sources: [guint] = []
        if let seconds = quitAfter {
            sources.append(GLibSource.timeout(milliseconds: UInt32(clamping: Int((max(seconds, 0) * 1000).rounded()))) { [weak self] in
                self?.quit()
            })
        }
        for signal in [SIGINT, SIGTERM] {
            sources.append(GLibSource.unixSignal(signal) { [weak self] in self?.quit() })
        }
        let status = CArguments(arguments).withArgv { argc, argv in
            g_application_run(gdd_g_application(reference.pointer), argc, argv)
        }
        for source in sources { GLibSource.remove(source) }
        destroyWindows()
        return status
    }

    /// Adds CSS rules for the whole application (above GTK's theme), such as the classes a
    /// template's `.cssClass` bindings turn on. Before the application has started they wait for it.
    public func addStylesheet(_ css: String) {
        guard let display = gdk_display_get_default() else {
            pendingStylesheets.append(css)
            return
        }
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider),
                                                   guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(UnsafeMutableRawPointer(provider))  // the display keeps its own reference
    }

    /// Ends `run()` at the next turn of the main loop.
    public func quit() {
        g_application_quit(gdd_g_application(reference.pointer))
    }

    private func started() {
        let waiting = pendingStylesheets
        pendingStylesheets = []
        for css in waiting { addStylesheet(css) }
    }

    private func activated() {
        if let window {
            window.present()
            return
        }
        let window = makeWindow?(self) ?? Window(application: self)
        self.window = window
        activate?(window)
    }

    private func destroyWindows() {
        var open: [UnsafeMutableRawPointer] = []
        var node = gtk_application_get_windows(pointer)
        while let current = node {
            if let data = current.pointee.data { open.append(data) }
            node = current.pointee.next
        }
        for window in open { gtk_window_destroy(gdd_window(window)) }
        window?.releaseContent()
        window = nil
    }
}

/// One-shot GLib sources that run a Swift closure on the main loop and are removable by id.
@MainActor
private enum GLibSource {
    private final class Box {
        let body: @MainActor () -> Void
        init(_ body: @escaping @MainActor () -> Void) { self.body = body }
    }

    private static let fire: GSourceFunc = { data in
        let body = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue().body
        MainActor.assumeIsolated { body() }
        return gdd_source_remove()
    }

    private static let release: GDestroyNotify = { data in
        Unmanaged<Box>.fromOpaque(data!).release()
    }

    /// Calls `body` once after `milliseconds`.
    static func timeout(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> guint {
        g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, fire, Unmanaged.passRetained(Box(body)).toOpaque(), release)
    }

    /// Calls `body` once when the process gets `signal` (GLib's safe Unix signal source).
    static func unixSignal(_ signal: Int32, _ body: @escaping @MainActor () -> Void) -> guint {
        g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, fire, Unmanaged.passRetained(Box(body)).toOpaque(), release)
    }

    /// Removes a source that has not fired yet (one that fired is gone already).
    static func remove(_ id: guint) {
        guard let source = g_main_context_find_source_by_id(nil, id) else { return }
        g_source_destroy(source)
    }
}

/// A `[String]` as the `argc` / `argv` pair of a C `main`, valid inside `withArgv`.
private struct CArguments {
    let arguments: [String]
    init(_ arguments: [String]) { self.arguments = arguments }

    func withArgv<R>(_ body: (Int32, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        return argv.withUnsafeMutableBufferPointer { body(Int32(arguments.count), $0.baseAddress!) }
    }
}
