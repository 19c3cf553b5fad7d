import CGtk
import GtkDataDisplay

/// The GtkApplication: builds the demo window on `activate` and keeps it alive while it runs.
@MainActor
final class DemoApplication {
    private let application: ObjectReference
    private let options: DemoOptions
    private var window: DemoWindow?
    private var stressRun: StressRun?

    init(options: DemoOptions) {
        self.options = options
        // NON_UNIQUE: several demos may run at once (side by side, or in parallel scripts)
        // instead of the second one activating the first over D-Bus.
        // Registered before the application starts, so GtkApplication finds the icons under its
        // resource base path (/io/github/gtkdatadisplay/Demo/icons).
        DemoResources.register()
        let app = gtk_application_new(DemoResources.applicationID, G_APPLICATION_NON_UNIQUE)!
        application = ObjectReference(adopting: UnsafeMutableRawPointer(app))
        Signal.connect(application.pointer, "activate") { [unowned self] in self.activate() }
    }

    private var screenshotFailed = false

    /// Runs the main loop until the window closes (or `--quit-after` fires); returns the exit status.
    func run() -> Int32 {
        let status = g_application_run(gdd_g_application(application.pointer), 0, nil)
        if let stressRun, !stressRun.passed { return 1 }
        if screenshotFailed { return 1 }
        return status
    }

    private func activate() {
        if let window {
            window.present()
            return
        }
        if let seconds = options.stress {
            if stressRun == nil { stressRun = StressRun(application: gdd_application(application.pointer), seconds: seconds) }
            return
        }
        if options.dark {
            Appearance.prefersDark = true
        } else if options.screenshot == nil {  // a screenshot is light unless --dark: reproducible
            Appearance.followDesktop { [weak self] dark in self?.window?.showDark(dark) }
        }
        let window = DemoWindow(application: gdd_application(application.pointer), initialPage: options.page)
        self.window = window
        window.present()
        if let file = options.screenshot {
            takeScreenshot(of: window, into: file, after: options.screenshotDelay)
            return
        }
        if let seconds = options.quitAfter {
            let app = application.pointer
            Timeout.add(milliseconds: UInt32(seconds * 1000)) {
                g_application_quit(gdd_g_application(app))
                return false
            }
        }
    }

    /// Waits until the window is shown and `delay` seconds more (rows bound, layout settled, slow
    /// pages loaded), then renders it into `file` with GTK's snapshot and quits; exit status 1
    /// when that fails.
    private func takeScreenshot(of window: DemoWindow, into file: String, after delay: Double) {
        let app = application.pointer
        var shownTicks = 0
        Timeout.add(milliseconds: 100) { [weak self] in
            guard gtk_widget_get_mapped(window.widget) != 0 else { return true }
            shownTicks += 1
            guard shownTicks >= max(1, Int((delay * 10).rounded())) else { return true }
            self?.saveAfterNextFrame(window, into: file, application: app, attempts: 20)
            return false
        }
    }

    /// Saves the screenshot right after GTK has drawn a frame, when every widget is laid out: a
    /// page that is still changing (the Stress page filling) would otherwise often be caught
    /// between a change and its layout, with nothing to draw. Tries a few frames.
    private func saveAfterNextFrame(_ window: DemoWindow, into file: String, application app: UnsafeMutableRawPointer, attempts: Int) {
        Task { @MainActor [weak self] in
            for attempt in 1...attempts {
                do {
                    try await window.widget.saveScreenshotAfterNextFrame(png: file)
                    print("gtk-data-display-demo: saved \(file)")
                    break
                } catch {
                    guard attempt == attempts else { continue }
                    DemoResources.warn("\(error)")
                    self?.screenshotFailed = true
                }
            }
            g_application_quit(gdd_g_application(app))
        }
    }
}
