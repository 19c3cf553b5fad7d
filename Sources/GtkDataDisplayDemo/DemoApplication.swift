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
        let app = gtk_application_new("org.gtkdatadisplay.Demo", G_APPLICATION_NON_UNIQUE)!
        application = ObjectReference(adopting: UnsafeMutableRawPointer(app))
        Signal.connect(application.pointer, "activate") { [unowned self] in self.activate() }
    }

    /// Runs the main loop until the window closes (or `--quit-after` fires); returns the exit status.
    func run() -> Int32 {
        let status = g_application_run(gdd_g_application(application.pointer), 0, nil)
        if let stressRun, !stressRun.passed { return 1 }
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
        let window = DemoWindow(application: gdd_application(application.pointer), initialPage: options.page)
        self.window = window
        window.present()
        if let seconds = options.quitAfter {
            let app = application.pointer
            Timeout.add(milliseconds: UInt32(seconds * 1000)) {
                g_application_quit(gdd_g_application(app))
                return false
            }
        }
    }
}
