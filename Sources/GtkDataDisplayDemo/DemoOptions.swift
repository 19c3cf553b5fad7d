import Foundation

/// The demo's command-line options.
///
/// They are parsed here, not by GApplication: the application runs with no arguments, so it
/// does not reject options it does not know.
struct DemoOptions {
    /// Quit after this many seconds (for scripts and screenshots).
    var quitAfter: Double?
    /// The page shown first.
    var page = PageName.base
    /// Run the soak test for this many seconds instead of the demo.
    var stress: Double?
    /// Print the usage and exit.
    var showHelp = false
    /// Render the window into this PNG file and exit (`--screenshot FILE`).
    var screenshot: String?
    /// Seconds the window is shown before the screenshot (`--delay`): time for slow pages to load.
    var screenshotDelay = 0.5
    /// Start in the dark style (`--dark`) instead of following the desktop.
    var dark = false
    /// The window's width in pixels (`--width`); nil: the demo's default.
    var width: Int?
    /// Drive the Empty, Contacts, Files and Stress pages and check them (`--self-test`), then exit.
    var selfTest = false

    static var usage: String {
        let width = PageName.allCases.map(\.rawValue.count).max() ?? 0
        let pages = PageName.allCases.map { page in
            "  " + page.rawValue.padding(toLength: width + 2, withPad: " ", startingAt: 0) + page.summary
        }
        return """
        usage: gtk-data-display-demo [--page NAME] [--dark] [--screenshot FILE [--delay SECONDS]] [--quit-after SECONDS]
               gtk-data-display-demo --stress SECONDS
               gtk-data-display-demo --self-test

        The GtkDataDisplay demo (application id \(DemoResources.applicationID)): one page per manager.

        Pages (--page NAME):
        \(pages.joined(separator: "\n"))

        Options:
          --page NAME           show this page first (default: \(PageName.base.rawValue))
          --dark                use the dark style (default: follow the desktop's preference)
          --screenshot FILE     render the window with GTK's own snapshot into the PNG FILE and exit
                                (with --page and --dark; works under Xvfb)
          --delay SECONDS       with --screenshot: show the window this long first (default 0.5;
                                more for pages that load slowly, such as feed)
          --width PIXELS        open the window this wide (narrow: the sidebar folds away)
          --quit-after SECONDS  quit the application after SECONDS (fractions allowed)
          --stress SECONDS      soak run: 100,000 rows, random updates many times a second while
                                scrolling; checks the store against a model; exit status 1 on failure
          --self-test           drive the Contacts, Files and Stress pages in a window, check their stores
                                after each step; exit status 1 on failure
          --help                show this help
        """
    }

    /// A problem with the command line.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    init(arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            // Accept both `--quit-after 3` and `--quit-after=3`.
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            switch parts[0] {
            case "--page":
                guard let text = parts.count == 2 ? parts[1] : remaining.popFirst() else {
                    throw UsageError(description: "--page needs a page name")
                }
                guard let page = PageName(rawValue: text.lowercased()) else {
                    throw UsageError(description: "--page: no page named \(text)")
                }
                self.page = page
            case "--quit-after":
                guard let text = parts.count == 2 ? parts[1] : remaining.popFirst() else {
                    throw UsageError(description: "--quit-after needs a number of seconds")
                }
                guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
                    throw UsageError(description: "--quit-after: not a number of seconds: \(text)")
                }
                quitAfter = seconds
            case "--stress":
                guard let text = parts.count == 2 ? parts[1] : remaining.popFirst(),
                      let seconds = Double(text), seconds > 0, seconds.isFinite else {
                    throw UsageError(description: "--stress needs a number of seconds")
                }
                stress = seconds
            case "--screenshot":
                guard let file = parts.count == 2 ? parts[1] : remaining.popFirst(), !file.isEmpty else {
                    throw UsageError(description: "--screenshot needs a PNG file name")
                }
                screenshot = file
            case "--delay":
                guard let text = parts.count == 2 ? parts[1] : remaining.popFirst(),
                      let seconds = Double(text), seconds >= 0, seconds.isFinite else {
                    throw UsageError(description: "--delay needs a number of seconds")
                }
                screenshotDelay = seconds
            case "--width":
                guard let text = parts.count == 2 ? parts[1] : remaining.popFirst(),
                      let pixels = Int(text), (200...10_000).contains(pixels) else {
                    throw UsageError(description: "--width needs a number of pixels (200 to 10000)")
                }
                width = pixels
            case "--dark":
                dark = true
            case "--self-test":
                selfTest = true
            case "--help", "-h":
                showHelp = true
            default:
                throw UsageError(description: "unknown argument: \(argument)")
            }
        }
    }
}
