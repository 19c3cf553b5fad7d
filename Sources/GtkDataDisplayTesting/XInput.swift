import CGtkDataDisplay
import Foundation
import GtkDataDisplay

// Real input for a test's window under Xvfb: keys and clicks sent through the X server (XTEST,
// by xdotool), so they take GTK's whole event path, as a keyboard's and a mouse's do. GTK 4 has no
// public way to make an input event (`gdk_key_event_new` and its kin are private, and
// `gtk_test_widget_send_key` went away with GTK 3).

/// Why input could not be sent.
public enum XInputError: Error, Equatable, CustomStringConvertible {
    /// xdotool is not installed (Debian package `xdotool`).
    case xdotoolMissing
    /// xdotool ended with this status (no X display, an unknown key name).
    case failed(status: Int32)
    /// The row (or header) to click is not bound to a widget (scroll to it first), or not on screen.
    case rowNotShown

    /// What went wrong, in words.
    public var description: String {
        switch self {
        case .xdotoolMissing: "xdotool is missing (Debian package xdotool)"
        case .failed(let status): "xdotool failed with status \(status)"
        case .rowNotShown: "the row has no widget on screen (scroll to it first)"
        }
    }
}

/// A mouse button.
public enum MouseButton: Int, Sendable {
    /// The left button: selects, activates on a double click.
    case primary = 1
    /// The middle button.
    case middle = 2
    /// The right button: a context menu.
    case secondary = 3
}

extension WindowHost {
    /// Presses and releases a key through the X server, as a keyboard does, then lets GTK handle
    /// it (`settle()`): the event goes GTK's whole way — the window, the focused widget's key
    /// controllers and shortcuts (GtkListView's own, the library's folding, reordering, row-actions
    /// and navigation keys). Names are X keysyms joined by `+`: "Down", "Return", "ctrl+a",
    /// "alt+Down", "shift+F10", "Menu", "plus", "asterisk". Give a row the focus first with
    /// `focus(_:in:)`.
    public func pressKey(_ name: String) throws(XInputError) {
        try xdotool(["key", "--clearmodifiers", name])
        settle()
    }

    /// Clicks the middle of `generator`'s row in `adapter` through the X server (pointer moved
    /// there first): `count` 2 is a double click; `modifiers` are held meanwhile (xdotool names:
    /// "ctrl", "shift"). Then lets GTK handle it. The row must be bound (`scroll(_:to:at:)`).
    public func click(_ generator: any RowGenerator, in adapter: ListBaseAdapter, button: MouseButton = .primary,
                      count: Int = 1, modifiers: [String] = []) throws(XInputError) {
        guard let rowWidget = adapter.rowWidget(for: generator), let (x, y) = pointInWindow(rowWidget) else {
            throw .rowNotShown
        }
        try click(atX: x, y: y, button: button, count: count, modifiers: modifiers)
    }

    /// Clicks `column`'s header in `table` through the X server, as a user sorting by it does
    /// (again: the other way), then lets GTK handle it. Clicks less than the double-click time
    /// apart count as one double click: wait between two (`MainContext.run(for: 0.6)`).
    public func clickHeader(of column: TableColumn, in table: ColumnViewAdapter) throws(XInputError) {
        guard let header = table.headerWidget(of: column), let (x, y) = pointInWindow(header) else {
            throw .rowNotShown
        }
        try click(atX: x, y: y, button: .primary, count: 1, modifiers: [])
    }

    private func click(atX x: Int, y: Int, button: MouseButton, count: Int, modifiers: [String]) throws(XInputError) {
        let title = "gdd-testing-\(UInt(bitPattern: window))"
        gtk_window_set_title(gdd_window(UnsafeMutableRawPointer(window)), title)
        settle()
        try xdotool(["search", "--sync", "--name", title, "mousemove", "--window", "%1", "\(x)", "\(y)"])
        for key in modifiers { try xdotool(["keydown", key]) }
        try xdotool(["click", "--repeat", "\(max(1, count))", "--delay", "40", "\(button.rawValue)"])
        for key in modifiers.reversed() { try xdotool(["keyup", key]) }
        settle()
    }

    /// The centre of `widget` in the window's surface, in pixels (nil when it is not laid out in this window).
    private func pointInWindow(_ widget: UnsafeMutablePointer<GtkWidget>) -> (Int, Int)? {
        guard gtk_widget_get_mapped(widget) != 0, let native = gtk_widget_get_native(widget),
              UnsafeMutableRawPointer(native) == UnsafeMutableRawPointer(window) else { return nil }
        var inside = graphene_point_t(x: Float(gtk_widget_get_width(widget)) / 2, y: Float(gtk_widget_get_height(widget)) / 2)
        var inWindow = graphene_point_t()
        guard gtk_widget_compute_point(widget, window, &inside, &inWindow) != 0 else { return nil }
        var dx = 0.0, dy = 0.0
        gtk_native_get_surface_transform(native, &dx, &dy)
        return (Int(Double(inWindow.x) + dx), Int(Double(inWindow.y) + dy))
    }

    private func xdotool(_ arguments: [String]) throws(XInputError) {
        let path = "/usr/bin/xdotool"
        guard FileManager.default.isExecutableFile(atPath: path) else { throw .xdotoolMissing }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        do { try process.run() } catch { throw .xdotoolMissing }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw .failed(status: process.terminationStatus) }
    }
}
