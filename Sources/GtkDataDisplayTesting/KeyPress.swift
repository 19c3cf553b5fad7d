import Foundation

/// Why a key could not be sent.
public enum KeyPressError: Error, Equatable, CustomStringConvertible {
    /// xdotool is not installed (Debian package `xdotool`).
    case xdotoolMissing
    /// xdotool ended with this status (no X display, an unknown key name).
    case failed(status: Int32)

    /// What went wrong, in words.
    public var description: String {
        switch self {
        case .xdotoolMissing: "xdotool is missing (Debian package xdotool)"
        case .failed(let status): "xdotool failed with status \(status)"
        }
    }
}

extension WindowHost {
    /// Presses and releases a key through the X server, as a keyboard does, then lets GTK handle
    /// it (`settle()`): the event goes GTK's whole way — the window, the focused widget's key
    /// controllers and shortcuts (GtkListView's own, the library's folding, reordering, row-actions
    /// and navigation keys). Names are X keysyms joined by `+`: "Down", "Return", "ctrl+a",
    /// "alt+Down", "shift+F10", "plus", "asterisk".
    ///
    /// GTK 4 has no public way to make a key event (`gdk_key_event_new` is private, and
    /// `gtk_test_widget_send_key` went away with GTK 3), so the kit sends real X input with
    /// xdotool (XTEST), which works under Xvfb. The window takes the keyboard focus when presented;
    /// give a row the focus first with `focus(_:in:)`.
    public func pressKey(_ name: String) throws(KeyPressError) {
        let path = "/usr/bin/xdotool"
        guard FileManager.default.isExecutableFile(atPath: path) else { throw .xdotoolMissing }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["key", "--clearmodifiers", name]
        do { try process.run() } catch { throw .xdotoolMissing }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw .failed(status: process.terminationStatus) }
        settle()
    }
}
