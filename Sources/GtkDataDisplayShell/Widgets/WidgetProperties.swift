// What every widget shares, read and set from Swift: visibility, sensitivity, tooltip, expansion,
// alignment, CSS classes, size request, margins — on anything `WidgetConvertible`.

import CGtkDataDisplay
import GtkDataDisplay

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

/// The properties every widget shares, on anything that is one (an adapter, an `OwnedWidget`, a helper).
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

    /// Moves the keyboard focus to the widget, or to the first widget inside it that takes it (a
    /// list adapter: its view), as Ctrl+F moves it to a search field. Returns whether the focus
    /// moved (false for a widget that is not shown or cannot take it).
    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(gtkWidget) != 0 }

    /// Whether the keyboard focus is in the widget now: on it, or on a widget inside it (a search
    /// field's text, a list's row).
    public var hasFocus: Bool {
        guard let root = gtk_widget_get_root(gtkWidget), let focus = gtk_root_get_focus(root) else { return false }
        return focus == gtkWidget || gtk_widget_is_ancestor(focus, gtkWidget) != 0
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
        WidgetMargins.set(gtkWidget, pixels)
    }
}
