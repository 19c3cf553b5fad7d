import CGtkDataDisplay

// GTK before 4.12 names an unnamed widget whose role is not a structural one by its class
// ("GtkScrollbar", "GtkOverlay", "GtkColumnListView"), and a screen reader announces that name.
// (GTK 4.12 dropped the fallback: such a widget goes unnamed there.) So the widgets the library
// makes, and the parts GTK makes inside them, are named or kept out of the tree:
// - the overlays it makes are generic containers (structural: never named);
// - a scrolled window's scroll bars are named by their direction, and the range GTK puts inside
//   each is kept out (the scroll bar reads its value);
// - a table's inner list is named as the table, its header row "Column headers", and the sort
//   arrows of the headers are kept out (each header says whether and how it sorts);
// - a label cell with no text is kept out (see `ColumnCellView`); the indicator of a check
//   button likewise; a stack sidebar's (the shell's) scroll bars and page rows are named;
// - icons and spinners beside a text that says the same (the empty state, loading and error rows,
//   row actions) are decorative.
// GTK's parts are found by their type names, and only named where they are found.

/// Names for the widgets GTK makes inside the library's views (see above).
@MainActor
package enum InternalWidgetNames {
    /// A `GtkOverlay` with the generic role (floating reference).
    static func makeOverlay() -> UnsafeMutablePointer<GtkWidget> {
        gdd_widget_new_with_role(gtk_overlay_get_type(), GTK_ACCESSIBLE_ROLE_GENERIC)
    }

    /// A decorative `GtkImage` (the presentation role: never in the accessibility tree; floating).
    static func makeDecorativeImage(iconName: String? = nil) -> UnsafeMutablePointer<GtkWidget> {
        let image = gdd_widget_new_with_role(gtk_image_get_type(), GTK_ACCESSIBLE_ROLE_PRESENTATION)!
        if let iconName { gtk_image_set_from_icon_name(gdd_image(untyped(image)), iconName) }
        return image
    }

    /// A decorative `GtkSpinner` beside a text that says what is under way (floating).
    static func makeDecorativeSpinner() -> UnsafeMutablePointer<GtkWidget> {
        gdd_widget_new_with_role(gtk_spinner_get_type(), GTK_ACCESSIBLE_ROLE_PRESENTATION)
    }

    /// Names the scroll bars of `scrolledWindow` and keeps the ranges inside them out.
    package static func nameScrollBars(of scrolledWindow: UnsafeMutablePointer<GtkWidget>) {
        let window = gdd_scrolled_window(untyped(scrolledWindow))
        for (bar, name) in [(gtk_scrolled_window_get_vscrollbar(window), "Vertical scroll bar"),
                            (gtk_scrolled_window_get_hscrollbar(window), "Horizontal scroll bar")] {
            guard let bar else { continue }
            AccessibleAttributes.setLabel(bar, name)
            for child in children(of: bar) where typeName(child) == "GtkRange" {
                AccessibleAttributes.setHidden(child, true)
            }
        }
    }

    /// Names the inner list of the `GtkColumnView` `view` as `name`, its header row "Column
    /// headers", and keeps the sort arrows of its headers out. Called again after columns change.
    static func nameTableParts(of view: UnsafeMutablePointer<GtkWidget>, name: String) {
        for child in children(of: view) {
            switch typeName(child) {
            case "GtkColumnListView":
                AccessibleAttributes.setLabel(child, name)
            case "GtkListItemWidget", "GtkColumnViewRowWidget":   // the header row (GTK 4.8; 4.12 and later)
                AccessibleAttributes.setLabel(child, "Column headers")
                hideSortArrows(under: child)
            default:
                break
            }
        }
    }

    /// Keeps the indicator GTK draws in a check button out (the button is named by its label).
    package static func hideIndicator(of checkButton: UnsafeMutablePointer<GtkWidget>) {
        for child in children(of: checkButton) where typeName(child) == "GtkBuiltinIcon" {
            AccessibleAttributes.setHidden(child, true)
        }
    }

    /// Names the scroll bars of the scrolled window GTK puts in `widget` (a stack sidebar).
    package static func nameInnerScrollBars(of widget: UnsafeMutablePointer<GtkWidget>) {
        for child in children(of: widget) where typeName(child) == "GtkScrolledWindow" {
            nameScrollBars(of: child)
        }
    }

    /// Tidies what another library built under `widget` (libadwaita's rows and status page) for
    /// screen readers, which GTK 4.8 would announce by type name: its images and gizmos are kept out
    /// (decorative: the row's or page's title says it), the scroll bars of its scrolled windows named.
    package static func tidyInnerParts(under widget: UnsafeMutablePointer<GtkWidget>) {
        for child in children(of: widget) {
            switch typeName(child) {
            case "GtkImage", "AdwGizmo", "GtkBuiltinIcon":
                AccessibleAttributes.setHidden(child, true)
            case "GtkScrolledWindow":
                nameScrollBars(of: child)
                tidyInnerParts(under: child)
            default:
                tidyInnerParts(under: child)
            }
        }
    }

    /// Keeps every `GtkListBox` under `widget` out of the accessibility tree (the inner lists of a
    /// row such as `AdwExpanderRow`, read through the row around them).
    package static func hideInnerLists(under widget: UnsafeMutablePointer<GtkWidget>) {
        for child in children(of: widget) {
            if typeName(child) == "GtkListBox" {
                AccessibleAttributes.setHidden(child, true)
            } else {
                hideInnerLists(under: child)
            }
        }
    }

    /// Names every `GtkListBoxRow` under `widget` (a stack sidebar) by the text of its first label.
    package static func nameListRows(under widget: UnsafeMutablePointer<GtkWidget>) {
        for child in children(of: widget) {
            if typeName(child) == "GtkListBoxRow" {
                if let label = firstLabel(under: child) {
                    AccessibleAttributes.setLabel(child, String(cString: gtk_label_get_text(gdd_label(untyped(label)))))
                }
            } else {
                nameListRows(under: child)
            }
        }
    }

    private static func firstLabel(under widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget>? {
        for child in children(of: widget) {
            if typeName(child) == "GtkLabel" { return child }
            if let found = firstLabel(under: child) { return found }
        }
        return nil
    }

    private static func hideSortArrows(under widget: UnsafeMutablePointer<GtkWidget>) {
        for child in children(of: widget) {
            if typeName(child) == "GtkBuiltinIcon" {
                AccessibleAttributes.setHidden(child, true)
            } else {
                hideSortArrows(under: child)
            }
        }
    }

    private static func children(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            found.append(current)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    private static func typeName(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
        g_type_name(gdd_object_type(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self)))
            .map { String(cString: $0) } ?? ""
    }
}
