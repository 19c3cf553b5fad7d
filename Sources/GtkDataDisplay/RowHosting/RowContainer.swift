import CGtkDataDisplay

/// What a row's expander shows: nothing, an arrow, or an empty space of its size.
enum ExpanderMark: Equatable {
    case none, collapsed, expanded, reserved
}

/// The widget around one row's view: a horizontal box holding an expander button (shown for
/// foldable rows) and the view, indented by depth, styled by role (`gdd-header`, `gdd-footer`).
///
/// What a list view's cell and a box adapter's child have in common; it knows nothing of list
/// items or of the box around it. (The list view's `Cell` builds the same container itself
/// today; it can move onto this one.)
@MainActor
final class RowContainer {
    /// The container (counted by `Diagnostics.liveWidgets` while it lives).
    let widget: OwnedWidget
    /// The expander button.
    let expander: UnsafeMutablePointer<GtkWidget>
    /// The view shown, if any.
    private(set) var view: (any RowView)?
    private var role: RowRole = .row
    private var mark: ExpanderMark = .none

    /// Pixels between the expander and the row's view.
    static let expanderSpacing: Int32 = 4

    /// A new expander button. `focusable`: whether the keyboard can reach it (a list view's rows
    /// fold by keys of their own, so there it is not).
    static func makeExpander(focusable: Bool) -> UnsafeMutablePointer<GtkWidget> {
        let expander = gtk_button_new_from_icon_name("pan-end-symbolic")!
        gtk_widget_add_css_class(expander, "flat")
        gtk_widget_add_css_class(expander, "gdd-expander")
        gtk_widget_set_focusable(expander, focusable ? 1 : 0)
        gtk_widget_set_valign(expander, GTK_ALIGN_CENTER)
        return expander
    }

    /// The width a nesting level indents: an expander and its spacing, as GTK's tree expander
    /// indents, so a child's content starts under its parent's title. Measured once (themes differ).
    static let measuredIndent: Int = {
        let expander = makeExpander(focusable: false)
        let reference = ObjectReference(sinking: untyped(expander))
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(expander, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        withExtendedLifetime(reference) {}
        return Int(natural + expanderSpacing)
    }()

    /// An empty container with a hidden expander; `cssClasses` are added to the container.
    /// `accessibleRole`: what screen readers announce it as (GTK takes a role only at construction).
    init(cssClasses: [String], focusableExpander: Bool, accessibleRole: GtkAccessibleRole = GTK_ACCESSIBLE_ROLE_GROUP) {
        widget = OwnedWidget(AccessibleAttributes.makeBox(orientation: GTK_ORIENTATION_HORIZONTAL, spacing: Self.expanderSpacing,
                                                     role: accessibleRole))
        for name in ["gdd-row"] + cssClasses { gtk_widget_add_css_class(widget.pointer, name) }
        expander = Self.makeExpander(focusable: focusableExpander)
        gtk_widget_set_visible(expander, 0)
        gtk_box_append(gdd_box(widget.raw), expander)
    }

    /// Shows `view` after the expander, taking it from wherever it is (a view kept by its
    /// generator may still sit in another container).
    func setView(_ view: any RowView) {
        removeView()
        if let parent = view.widget.parent, parent != widget.pointer {
            gtk_widget_unparent(view.widget.pointer)
        }
        gtk_widget_set_hexpand(view.widget.pointer, 1)
        gtk_box_append(gdd_box(widget.raw), view.widget.pointer)
        self.view = view
    }

    /// Takes the view out of the container (if it is still there) and forgets it.
    func removeView() {
        guard let view else { return }
        if view.widget.parent == widget.pointer {
            gtk_box_remove(gdd_box(widget.raw), view.widget.pointer)
        }
        self.view = nil
    }

    /// Indents the container by `pixels` at its start.
    func setIndent(_ pixels: Int) {
        gtk_widget_set_margin_start(widget.pointer, Int32(clamping: pixels))
    }

    /// Styles the container for `role`: `gdd-header` / `gdd-footer` (also on `outer`, the widget
    /// around the container when there is one: a list view's row).
    func setRole(_ role: RowRole, outer: UnsafeMutablePointer<GtkWidget>? = nil) {
        guard role != self.role else { return }
        for (r, name) in [(RowRole.header, "gdd-header"), (.footer, "gdd-footer")] {
            if r == self.role {
                gtk_widget_remove_css_class(widget.pointer, name)
                if let outer { gtk_widget_remove_css_class(outer, name) }
            }
            if r == role {
                gtk_widget_add_css_class(widget.pointer, name)
                if let outer { gtk_widget_add_css_class(outer, name) }
            }
        }
        self.role = role
    }

    /// Shows `mark` in the expander.
    func setExpander(_ mark: ExpanderMark) {
        guard mark != self.mark else { return }
        self.mark = mark
        gtk_widget_set_visible(expander, mark == .none ? 0 : 1)
        gtk_widget_set_opacity(expander, mark == .reserved ? 0 : 1)
        gtk_widget_set_can_target(expander, mark == .reserved ? 0 : 1)
        if mark == .collapsed || mark == .expanded {
            gtk_button_set_icon_name(gdd_button(untyped(expander)), mark == .expanded ? "pan-down-symbolic" : "pan-end-symbolic")
        }
        RowAccessibility.describeExpander(expander, mark)
    }

    /// What the expander shows now.
    var expanderMark: ExpanderMark { mark }
}
