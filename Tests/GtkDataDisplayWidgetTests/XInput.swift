import CGtkDataDisplay
import Foundation
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Real input through the X server (xdotool), as a mouse and a keyboard give it: clicks with any
/// button and modifiers, drags, long presses and keys, aimed at a widget of a test's window.
@MainActor
struct XInput {
    let host: WindowHost

    /// Runs xdotool with `arguments`; fails the test when it fails.
    @discardableResult
    func xdotool(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "xdotool \(arguments.joined(separator: " "))")
        return process.terminationStatus
    }

    /// The point at fractions of `widget`'s size, in screen pixels relative to the window.
    /// A widget inside a popover counts from the popover's surface, placed relative to the
    /// window's surface.
    func point(in widget: UnsafeMutablePointer<GtkWidget>, x fx: Float = 0.5, y fy: Float = 0.5) throws -> (Int, Int) {
        var inside = graphene_point_t(x: Float(gtk_widget_get_width(widget)) * fx, y: Float(gtk_widget_get_height(widget)) * fy)
        let native = try XCTUnwrap(gtk_widget_get_native(widget), "the widget is in a native")
        let nativeWidget = UnsafeMutableRawPointer(native).assumingMemoryBound(to: GtkWidget.self)
        var inNative = graphene_point_t()
        XCTAssertEqual(gtk_widget_compute_point(widget, nativeWidget, &inside, &inNative), 1, "the widget is in its native")
        var dx = 0.0, dy = 0.0
        gtk_native_get_surface_transform(native, &dx, &dy)
        var surfaceX = 0, surfaceY = 0
        if nativeWidget != host.window, let surface = gtk_native_get_surface(native) {
            surfaceX = Int(gdk_popup_get_position_x(surface))
            surfaceY = Int(gdk_popup_get_position_y(surface))
        }
        return (Int(Double(inNative.x) + dx) + surfaceX, Int(Double(inNative.y) + dy) + surfaceY)
    }

    /// Moves the pointer to `widget` (at fractions of its size).
    func move(to widget: UnsafeMutablePointer<GtkWidget>, x: Float = 0.5, y: Float = 0.5) throws {
        let title = "gdd-xinput-\(UInt(bitPattern: host.window))"
        gtk_window_set_title(gdd_window(UnsafeMutableRawPointer(host.window)), title)
        host.settle()
        let (px, py) = try point(in: widget, x: x, y: y)
        try xdotool(["search", "--sync", "--name", title, "mousemove", "--window", "%1", "\(px)", "\(py)"])
    }

    /// Clicks `widget` with `button` (1 left, 3 right) while holding `modifiers` (xdotool names:
    /// "ctrl", "shift"); `count` clicks in a row make a double click.
    func click(_ widget: UnsafeMutablePointer<GtkWidget>, button: Int = 1, modifiers: [String] = [],
               count: Int = 1, x: Float = 0.5) throws {
        try move(to: widget, x: x)
        for key in modifiers { try xdotool(["keydown", key]) }
        try xdotool(["click", "--repeat", "\(count)", "--delay", "40", "\(button)"])
        for key in modifiers.reversed() { try xdotool(["keyup", key]) }
        host.settle()
    }

    /// Presses the left button on `from`, moves in steps to `to` and releases there.
    func drag(from: UnsafeMutablePointer<GtkWidget>, to: UnsafeMutablePointer<GtkWidget>,
              fromX: Float = 0.5, toX: Float = 0.5) throws {
        try move(to: from, x: fromX)
        let (x0, y0) = try point(in: from, x: fromX)
        let (x1, y1) = try point(in: to, x: toX)
        let title = "gdd-xinput-\(UInt(bitPattern: host.window))"
        try xdotool(["mousedown", "1"])
        MainContext.run(for: 0.05)
        for step in 1...8 {
            let x = x0 + (x1 - x0) * step / 8, y = y0 + (y1 - y0) * step / 8
            try xdotool(["search", "--name", title, "mousemove", "--window", "%1", "\(x)", "\(y)"])
            MainContext.run(for: 0.03)
        }
        try xdotool(["mouseup", "1"])
        host.settle()
    }

    /// Holds the left button on `widget` until `until` holds (or 5 s pass), then releases it.
    /// Returns whether `until` held while the button was down.
    func longPress(_ widget: UnsafeMutablePointer<GtkWidget>, until: () -> Bool) throws -> Bool {
        try move(to: widget)
        try xdotool(["mousedown", "1"])
        let held = MainContext.iterate(until: until)
        try xdotool(["mouseup", "1"])
        host.settle()
        return held
    }

    /// Presses a key (xdotool's names: "Menu", "shift+F10", "Escape", "Return").
    func key(_ name: String) throws {
        try xdotool(["key", "--clearmodifiers", name])
        host.settle()
    }
}
