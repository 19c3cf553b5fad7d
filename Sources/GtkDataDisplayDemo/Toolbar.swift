import CGtk
import GtkDataDisplay

/// One toolbar button: what it says, what its tooltip explains, and what it does. An underscore
/// in the label marks its mnemonic: Alt and that letter press the button. Mnemonics must not be
/// the digits 1 to 4, which switch pages (Alt+1…4).
@MainActor
struct ToolbarAction {
    let label: String
    let tooltip: String
    let run: @MainActor () -> Void

    init(_ label: String, _ tooltip: String, _ run: @escaping @MainActor () -> Void) {
        self.label = label
        self.tooltip = tooltip
        self.run = run
    }
}

/// Builds a page's toolbar: one line of buttons per row of actions, and an optional hint under
/// them (how to use the list itself, e.g. the folding keys).
@MainActor
enum Toolbar {
    static func make(_ rows: [[ToolbarAction]], hint: String? = nil) -> UnsafeMutablePointer<GtkWidget> {
        let toolbar = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_widget_add_css_class(toolbar, "toolbar")
        for actions in rows {
            // Not homogeneous: equal widths would make every button as wide as the widest and
            // push the window wider. Expanding buttons share the spare width instead.
            let line = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
            for action in actions {
                // The helper keeps the underscore out of what screen readers read ("_Add Add").
                let button = Button(mnemonic: action.label)
                gtk_widget_set_tooltip_text(button.widget.pointer, action.tooltip)
                gtk_widget_set_hexpand(button.widget.pointer, 1)
                button.onClicked(action.run)
                gtk_box_append(gdd_box(line), button.widget.pointer)  // the line keeps it
            }
            gtk_box_append(gdd_box(toolbar), line)
        }
        if let hint {
            let label = makeLabel(cssClass: "hint")
            // A hint is read, not skimmed: wrap it rather than cut it.
            gtk_label_set_ellipsize(gdd_label(label), PANGO_ELLIPSIZE_NONE)
            gtk_label_set_wrap(gdd_label(label), 1)
            gtk_label_set_text(gdd_label(label), hint)
            gtk_box_append(gdd_box(toolbar), label)
        }
        return toolbar
    }
}
