// What every typed widget helper shares: it is one GTK widget, reachable as a raw pointer.

import CGtk

/// Anything that is, or wraps, one GTK widget: the typed helpers (`Label`, `Box`…), `Widget`,
/// and the raw `UnsafeMutablePointer<GtkWidget>` GTK hands out (`adapter.scrolledWindow`).
/// Containers (`Box`, `Window.child`) take any of them.
@MainActor
public protocol WidgetConvertible {
    /// The `GtkWidget *`, for any `gtk_widget_*` call the helpers do not cover.
    var gtkWidget: UnsafeMutablePointer<GtkWidget> { get }
}

/// A typed helper that owns its widget through a `Widget` (one sunk reference).
@MainActor
public protocol WidgetWrapper: AnyObject, WidgetConvertible {
    /// The wrapped widget: `widget.pointer` is the `GtkWidget *`, and a `ConfigurableRowView`
    /// can return it as its root.
    var widget: Widget { get }
}

extension WidgetWrapper {
    /// `widget.pointer`.
    public var gtkWidget: UnsafeMutablePointer<GtkWidget> { widget.pointer }
}

extension Widget: WidgetConvertible {
    /// `pointer`.
    public var gtkWidget: UnsafeMutablePointer<GtkWidget> { pointer }
}

/// A raw `GtkWidget *` is a widget too: API that takes `any WidgetConvertible` takes a pointer from a `gtk_*` call as it is.
extension UnsafeMutablePointer: WidgetConvertible where Pointee == GtkWidget {
    /// The pointer itself.
    public var gtkWidget: UnsafeMutablePointer<GtkWidget> { self }
}

extension TypedObject: WidgetConvertible where Tag: GtkWidgetTypeTag {
    /// The instance as a `GtkWidget *`.
    public var gtkWidget: UnsafeMutablePointer<GtkWidget> { widget }
}

/// How a widget uses space it is given beyond its natural size (`GtkAlign`).
public enum Align: Sendable {
    /// Stretch to fill.
    case fill
    /// Natural size, at the start (left or top).
    case start
    /// Natural size, at the end.
    case end
    /// Natural size, centred.
    case center

    var gtk: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        }
    }

    init(_ align: GtkAlign) {
        switch align {
        case GTK_ALIGN_START: self = .start
        case GTK_ALIGN_END: self = .end
        case GTK_ALIGN_CENTER: self = .center
        default: self = .fill
        }
    }
}

extension WidgetConvertible {
    /// Whether the widget is shown (`gtk_widget_set_visible`).
    public var isVisible: Bool {
        get { gtk_widget_get_visible(gtkWidget) != 0 }
        nonmutating set { gtk_widget_set_visible(gtkWidget, newValue ? 1 : 0) }
    }

    /// Whether the widget reacts to input (`gtk_widget_set_sensitive`); insensitive widgets are dimmed.
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(gtkWidget) != 0 }
        nonmutating set { gtk_widget_set_sensitive(gtkWidget, newValue ? 1 : 0) }
    }

    /// The tooltip text; nil (or empty) for none.
    public var tooltip: String? {
        get { gtk_widget_get_tooltip_text(gtkWidget).map { String(cString: $0) } }
        nonmutating set {
            if let text = newValue, !text.isEmpty {
                gtk_widget_set_tooltip_text(gtkWidget, text)
            } else {
                gtk_widget_set_tooltip_text(gtkWidget, nil)
            }
        }
    }

    /// Whether the widget takes extra horizontal space (`hexpand`).
    public var hexpand: Bool {
        get { gtk_widget_get_hexpand(gtkWidget) != 0 }
        nonmutating set { gtk_widget_set_hexpand(gtkWidget, newValue ? 1 : 0) }
    }

    /// Whether the widget takes extra vertical space (`vexpand`).
    public var vexpand: Bool {
        get { gtk_widget_get_vexpand(gtkWidget) != 0 }
        nonmutating set { gtk_widget_set_vexpand(gtkWidget, newValue ? 1 : 0) }
    }

    /// Horizontal alignment in the space given (`halign`).
    public var halign: Align {
        get { Align(gtk_widget_get_halign(gtkWidget)) }
        nonmutating set { gtk_widget_set_halign(gtkWidget, newValue.gtk) }
    }

    /// Vertical alignment in the space given (`valign`).
    public var valign: Align {
        get { Align(gtk_widget_get_valign(gtkWidget)) }
        nonmutating set { gtk_widget_set_valign(gtkWidget, newValue.gtk) }
    }

    /// Adds a CSS class (`gtk_widget_add_css_class`).
    public func addCSSClass(_ name: String) { gtk_widget_add_css_class(gtkWidget, name) }

    /// Removes a CSS class.
    public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(gtkWidget, name) }

    /// Adds the CSS class when `isOn`, removes it otherwise (a state shown by style: "starred", "unread").
    public func setCSSClass(_ name: String, _ isOn: Bool) {
        if isOn { addCSSClass(name) } else { removeCSSClass(name) }
    }

    /// Whether the widget has a CSS class.
    public func hasCSSClass(_ name: String) -> Bool { gtk_widget_has_css_class(gtkWidget, name) != 0 }

    /// The smallest size the widget asks for, in pixels; nil keeps its natural size in that
    /// direction (`gtk_widget_set_size_request`, where -1 means natural).
    public func setSizeRequest(width: Int? = nil, height: Int? = nil) {
        gtk_widget_set_size_request(gtkWidget, Int32(clamping: width ?? -1), Int32(clamping: height ?? -1))
    }

    /// The size `setSizeRequest` asked for (nil: natural in that direction).
    public var sizeRequest: (width: Int?, height: Int?) {
        var width: Int32 = -1, height: Int32 = -1
        gtk_widget_get_size_request(gtkWidget, &width, &height)
        return (width >= 0 ? Int(width) : nil, height >= 0 ? Int(height) : nil)
    }

    /// Sets the same margin, in pixels, on all four sides.
    public func setMargins(_ pixels: Int) {
        let value = Int32(pixels)
        gtk_widget_set_margin_start(gtkWidget, value)
        gtk_widget_set_margin_end(gtkWidget, value)
        gtk_widget_set_margin_top(gtkWidget, value)
        gtk_widget_set_margin_bottom(gtkWidget, value)
    }
}
