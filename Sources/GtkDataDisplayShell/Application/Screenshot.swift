import CGtkDataDisplay
import GtkDataDisplay

/// A screenshot that could not be taken.
public enum ScreenshotError: Error, Equatable, CustomStringConvertible {
    /// The window is not shown or laid out yet, or GTK could not render or save it (the reason).
    case failed(path: String, reason: String)

    /// The file and why it could not be written.
    public var description: String {
        switch self {
        case .failed(let path, let reason): return "screenshot \(path): \(reason)"
        }
    }
}

/// Screenshots of any widget, drawn by GTK's own renderer.
extension WidgetConvertible {
    /// Renders the widget (a `Window`, say) with GTK's own snapshot into a PNG file at `path`: its
    /// paintable snapshotted into a render node, rendered by the window's renderer, no screen
    /// grab, so it works under Xvfb. The window must have been presented and drawn once.
    @MainActor
    public func saveScreenshot(png path: String) throws(ScreenshotError) {
        if let reason = WidgetSnapshot.savePNG(gtkWidget, to: path) {
            throw .failed(path: path, reason: reason)
        }
    }

    /// Like `saveScreenshot(png:)`, but first waits until GTK has drawn the widget's next frame,
    /// so a window that is still changing (rows arriving, a list filling) is taken between two
    /// changes, fully laid out, rather than in the middle of one (where GTK draws nothing).
    @MainActor
    public func saveScreenshotAfterNextFrame(png path: String) async throws(ScreenshotError) {
        let widget = gtkWidget
        let failure: String? = await withCheckedContinuation { continuation in
            let waiting = FrameTick.afterNextPaint(of: widget) {
                continuation.resume(returning: WidgetSnapshot.savePNG(widget, to: path))
            }
            if !waiting { continuation.resume(returning: "the widget is not realised (present its window first)") }
        }
        if let failure { throw .failed(path: path, reason: failure) }
    }
}
