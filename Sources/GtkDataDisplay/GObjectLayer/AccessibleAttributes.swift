// What assistive technologies read from a widget: its accessible label, level, expanded and hidden
// states (GtkAccessible). GTK's setters are variadic C; these typed helpers call the shim's
// one-attribute wrappers. GTK 4.8 has no getters: tests read the values with `gtk_test_accessible_*`.

import CGtkDataDisplay

/// Typed setters for a widget's accessible attributes.
@MainActor
package enum AccessibleAttributes {
    /// Names the widget (`GTK_ACCESSIBLE_PROPERTY_LABEL`); nil takes the name away.
    package static func setLabel(_ widget: UnsafeMutablePointer<GtkWidget>, _ label: String?) {
        if let label {
            label.withGString { gdd_accessible_set_label(untyped(widget), $0) }
        } else {
            gdd_accessible_reset_label(untyped(widget))
        }
    }

    /// Describes the widget beyond its name (`GTK_ACCESSIBLE_PROPERTY_DESCRIPTION`); nil: none.
    package static func setDescription(_ widget: UnsafeMutablePointer<GtkWidget>, _ description: String?) {
        if let description {
            description.withGString { gdd_accessible_set_description(untyped(widget), $0) }
        } else {
            gdd_accessible_reset_description(untyped(widget))
        }
    }

    /// How a column header sorts its table (`GTK_ACCESSIBLE_PROPERTY_SORT`).
    package static func setSort(_ widget: UnsafeMutablePointer<GtkWidget>, ascending: Bool?) {
        let sort = switch ascending {
        case nil: GTK_ACCESSIBLE_SORT_NONE
        case true?: GTK_ACCESSIBLE_SORT_ASCENDING
        case false?: GTK_ACCESSIBLE_SORT_DESCENDING
        }
        gdd_accessible_set_sort(untyped(widget), sort)
    }

    /// The widget's level in a hierarchy, from 1 (`GTK_ACCESSIBLE_PROPERTY_LEVEL`); nil: none.
    package static func setLevel(_ widget: UnsafeMutablePointer<GtkWidget>, _ level: Int?) {
        if let level {
            gdd_accessible_set_level(untyped(widget), Int32(clamping: level))
        } else {
            gdd_accessible_reset_level(untyped(widget))
        }
    }

    /// Whether what the widget controls is expanded (`GTK_ACCESSIBLE_STATE_EXPANDED`); nil: the
    /// widget cannot expand at all (AT-SPI then drops "expandable").
    package static func setExpanded(_ widget: UnsafeMutablePointer<GtkWidget>, _ expanded: Bool?) {
        if let expanded {
            gdd_accessible_set_expanded(untyped(widget), expanded ? 1 : 0)
        } else {
            gdd_accessible_reset_expanded(untyped(widget))
        }
    }

    /// Keeps a visible widget out of the accessibility tree (`GTK_ACCESSIBLE_STATE_HIDDEN`): for
    /// a widget that only takes space. GTK sets this state itself when the widget is shown or hidden
    /// (4.8), or mapped and unmapped (4.12 and later).
    package static func setHidden(_ widget: UnsafeMutablePointer<GtkWidget>, _ hidden: Bool) {
        gdd_accessible_set_hidden(untyped(widget), hidden ? 1 : 0)
    }

    /// A new `GtkBox` with an accessible role, which GTK takes only at construction.
    package static func makeBox(orientation: GtkOrientation, spacing: Int32, role: GtkAccessibleRole) -> UnsafeMutablePointer<GtkWidget> {
        gdd_box_new_with_role(orientation, spacing, role)
    }

    /// The text of the first visible, non-empty `GtkLabel` in `widget` (itself, then its
    /// descendants depth first, in child order): what a row says by default. The walk is a loop.
    package static func firstLabelText(in widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        var stack = [widget]
        while let next = stack.popLast() {
            guard gtk_widget_get_visible(next) != 0 else { continue }
            if gdd_is_label(untyped(next)) != 0, let text = gtk_label_get_text(gdd_label(untyped(next))) {
                let string = String(cString: text)
                if string.contains(where: { !$0.isWhitespace }) { return string }
            }
            // Pushed last child first, so the first child is visited first.
            var child = gtk_widget_get_last_child(next)
            while let current = child {
                stack.append(current)
                child = gtk_widget_get_prev_sibling(current)
            }
        }
        return nil
    }
}
