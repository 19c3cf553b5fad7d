import CGtkDataDisplay

/// What one row tells assistive technologies, kept in step with what it shows: its name, its
/// level in a folding tree, whether it is expanded, the `row.expand` / `row.collapse` actions,
/// and its expander button's name and state. Shared by a list or grid view's cells and a box's rows.
///
/// The name, level, state and actions go on the widget a screen reader lands on: GTK's row widget
/// (the list item's, which takes the keyboard focus) in a list or grid, the row's container in a box.
/// Only what changed is sent to GTK (each update is a D-Bus signal when AT-SPI is on).
@MainActor
final class RowAccessibility {
    private lazy var actions = FoldActions { [weak self] expand in self?.fold?(expand) }
    /// Folds the row shown now (`true`: expand).
    private let fold: (@MainActor (Bool) -> Void)?
    private var described: UnsafeMutableRawPointer?
    private var name: String??
    private var level: Int??
    private var expanded: Bool??
    /// Whether `actions` were put on the widget (made only once a foldable row is shown).
    private var actionsInstalled = false

    /// `fold` expands (`true`) or collapses the row shown now; nil where rows cannot fold.
    init(fold: (@MainActor (Bool) -> Void)?) {
        self.fold = fold
    }

    /// The accessible name of `generator`'s row shown in `view`: the generator's label, or the
    /// first visible label of the view.
    static func name(of generator: any RowGenerator, in view: any RowView) -> String? {
        name(of: generator, firstLabel: { AccessibleAttributes.firstLabelText(in: view.widget.pointer) })
    }

    /// The accessible name of `generator`'s row: its `AccessibleItem.accessibleLabel`, or when it
    /// has none, `firstLabel()` (the text of the view's first visible label; not read otherwise).
    static func name(of generator: any RowGenerator, firstLabel: () -> String?) -> String? {
        if let item = generator as? any AccessibleItem, let label = item.accessibleLabel { return label }
        return firstLabel()
    }

    /// Describes the row on `widget`: `name`, `level` (1 at the top; nil: not in a tree) and
    /// `expanded` (nil: the row cannot fold). `listItem`: the `GtkListItem` whose row widget `widget`
    /// is; GTK 4.12+ names that widget from the list item's `accessible-label` (and sets it again
    /// whenever it sets the widget up), so the name goes there. GTK 4.8 has no such property.
    func describe(_ widget: UnsafeMutablePointer<GtkWidget>, name: String?, level: Int?, expanded: Bool?,
                  listItem: OpaquePointer? = nil) {
        if described != untyped(widget) {
            described = untyped(widget)
            self.name = nil
            self.level = nil
            self.expanded = nil
        }
        if self.name != .some(name) {
            if let listItem, let setLabel = NewerGtk.listItemSetAccessibleLabel {
                if let name { name.withCString { setLabel(listItem, $0) } } else { setLabel(listItem, nil) }
            } else {
                AccessibleAttributes.setLabel(widget, name)
            }
            self.name = .some(name)
        }
        if self.level != .some(level) {
            AccessibleAttributes.setLevel(widget, level)
            self.level = .some(level)
        }
        setExpanded(expanded, on: widget)
    }

    /// The row folded or unfolded without a rebind.
    func setExpanded(_ expanded: Bool?, on widget: UnsafeMutablePointer<GtkWidget>) {
        guard described == untyped(widget), self.expanded != .some(expanded) else { return }
        AccessibleAttributes.setExpanded(widget, expanded)
        self.expanded = .some(expanded)
        if fold != nil, expanded != nil || actionsInstalled {
            actions.install(on: widget)
            actions.update(expanded: expanded)
            actionsInstalled = true
        }
    }

    /// Names the expander button after what a click does and gives it the expanded state; an
    /// expander that only keeps space (`.reserved`) is kept out of the accessibility tree.
    ///
    /// Such an expander is also never mapped (`gtk_widget_set_child_visible`: it is visible, so the box
    /// still lays it out, but not drawn): GTK 4.12+ shows a widget to assistive technologies again
    /// whenever it maps it (`gtk_widget_map` clears `GTK_ACCESSIBLE_STATE_HIDDEN`), so the hidden
    /// state would not outlast the row coming on screen. (GTK 4.8 sets that state on show and hide.)
    static func describeExpander(_ expander: UnsafeMutablePointer<GtkWidget>, _ mark: ExpanderMark) {
        gtk_widget_set_child_visible(expander, mark == .reserved ? 0 : 1)
        switch mark {
        case .none:
            break  // hidden: GTK keeps it out of the tree
        case .reserved:
            AccessibleAttributes.setHidden(expander, true)
        case .collapsed, .expanded:
            AccessibleAttributes.setHidden(expander, false)
            AccessibleAttributes.setLabel(expander, mark == .expanded ? "Collapse" : "Expand")
            AccessibleAttributes.setExpanded(expander, mark == .expanded)
        }
    }
}
