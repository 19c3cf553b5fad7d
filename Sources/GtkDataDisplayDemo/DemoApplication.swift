import GtkDataDisplay
import GtkDataDisplayAdwaita
import GtkDataDisplayShell

/// The demo application: builds the demo window on `activate` and keeps it alive while it runs.
@MainActor
final class DemoApplication {
    /// The GtkApplication.
    let application: Application
    private let options: DemoOptions
    /// The demo window, once the application has been activated (nil in a stress run).
    private(set) var window: DemoWindow?
    private var stressRun: StressRun?
    private var screenshotFailed = false

    init(options: DemoOptions) {
        self.options = options
        // Registered before the application starts, so GtkApplication finds the icons under its
        // resource base path (/io/github/gtkdatadisplay/Demo/icons).
        DemoResources.register()
        // Not unique: several demos may run at once (side by side, or in parallel scripts)
        // instead of the second one activating the first over D-Bus.
        application = Application(id: DemoResources.applicationID, isUnique: false)
        // A libadwaita app: its look (stylesheet, style manager) and its window, with the header
        // bar inside; the light or dark style then goes through its style manager.
        application.useAdwaita()
        application.onActivate { [unowned self] window in self.activate(window) }
    }

    /// Runs the main loop until the window closes (or `--quit-after` fires); returns the exit status.
    func run() -> Int32 {
        // GApplication gets no options of the demo's: they were parsed already.
        let status = application.run(arguments: [CommandLine.arguments.first ?? "gtk-data-display-demo"])
        if let stressRun, !stressRun.passed { return 1 }
        if screenshotFailed { return 1 }
        return status
    }

    /// The first activation: the stress run's window, or the demo window. (Later activations
    /// present the window again: `Application` does that.)
    private func activate(_ main: Window) {
        if let seconds = options.stress {
            stressRun = StressRun(application: application, window: main, seconds: seconds)
            return
        }
        if options.dark {
            Appearance.prefersDark = true
        } else if options.screenshot == nil {  // a screenshot is light unless --dark: reproducible
            Appearance.followDesktop { [weak self] dark in self?.window?.showDark(dark) }
        }
        let window = DemoWindow(application: application, window: main, initialPage: options.page)
        if let width = options.width { main.setDefaultSize(width: width, height: 760) }
        self.window = window
        window.present()
        if let file = options.screenshot {
            takeScreenshot(of: window, into: file, after: options.screenshotDelay)
            return
        }
        if let seconds = options.quitAfter {
            Timeout.once(milliseconds: Int((seconds * 1000).rounded())) { [weak self] in self?.application.quit() }
        }
    }

    /// Waits until the window is shown and `delay` seconds more (rows bound, layout settled, slow
    /// pages loaded), then renders it into `file` with GTK's snapshot and quits; exit status 1
    /// when that fails.
    private func takeScreenshot(of window: DemoWindow, into file: String, after delay: Double) {
        var shownTicks = 0
        Timeout.repeating(milliseconds: 100) { [weak self] in
            guard window.window.isMapped else { return true }
            shownTicks += 1
            guard shownTicks >= max(1, Int((delay * 10).rounded())) else { return true }
            self?.saveAfterNextFrame(window, into: file, attempts: 20)
            return false
        }
    }

    /// Saves the screenshot right after GTK has drawn a frame, when every widget is laid out: a
    /// page that is still changing (the Stress page filling) would otherwise often be caught
    /// between a change and its layout, with nothing to draw. Tries a few frames.
    private func saveAfterNextFrame(_ window: DemoWindow, into file: String, attempts: Int) {
        Task { @MainActor [weak self] in
            for attempt in 1...attempts {
                do {
                    try await window.window.saveScreenshotAfterNextFrame(png: file)
                    print("gtk-data-display-demo: saved \(file)")
                    break
                } catch {
                    guard attempt == attempts else { continue }
                    DemoResources.warn("\(error)")
                    self?.screenshotFailed = true
                }
            }
            self?.application.quit()
        }
    }
}
