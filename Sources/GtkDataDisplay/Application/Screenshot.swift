import CGtk

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
}
