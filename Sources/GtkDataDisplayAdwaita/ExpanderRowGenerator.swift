import CGtkDataDisplay
import GtkDataDisplay

/// What an expander row shows: what an action row shows (a title, a dimmed subtitle, an optional
/// icon before them).
public typealias ExpanderRowContent = ActionRowContent

/// A group of settings that folds, as GNOME's settings pages show one: an `AdwExpanderRow` whose
/// arrow turns as the manager expands and collapses the row. Its children are the manager's rows,
/// shown after it (any generators: switch rows, entry rows, your own), so they take part in
/// updates, diffs and selection like every other row.
///
///     let advanced = ExpanderRowGenerator(title: "Advanced", subtitle: "For developers", id: "advanced",
///                                         children: [developerMode, proxy], expanded: false)
///
/// A click on the row (or Enter on it, in a list view) folds it; so do the manager's `expand`,
/// `collapse` and `toggle`, and a list view's folding keys. The adapter draws no expander of its
/// own before it (`showsOwnExpander`). In a list view, add the folding plugin as for any foldable
/// row. Screen readers hear the row by its title and subtitle, and whether it is expanded.
@MainActor
open class ExpanderRowGenerator: TemplateFoldableRowGenerator<ExpanderRowContent> {
    /// A row showing `content` with `children`, matched across updates by `id`. With `expanded`
    /// nil it keeps the fold state of the row with its id across whole-state updates (collapsed at
    /// first).
    public init<ID: Hashable>(_ content: ExpanderRowContent, id: ID, children: [any RowGenerator] = [],
                              expanded: Bool? = nil) {
        Adwaita.registerTypes()
        super.init(template: Self.template, model: content, id: id, children: children, expanded: expanded)
        didFoldEvent += { [weak self] _ in self?.showFoldState() }
    }

    /// A row with these texts and icon, matched across updates by `id`.
    public convenience init<ID: Hashable>(title: String, subtitle: String = "", iconName: String? = nil, id: ID,
                                          children: [any RowGenerator] = [], expanded: Bool? = nil) {
        self.init(ActionRowContent(title: title, subtitle: subtitle, iconName: iconName), id: id,
                  children: children, expanded: expanded)
    }

    /// The row's arrow shows its fold state: the adapter draws no expander before it.
    open override var showsOwnExpander: Bool { true }
    /// An expander row folds; it is not selected.
    open override var isSelectable: Bool { false }
    /// Activating the row (a click, Enter) folds it.
    open override var isActivatable: Bool { true }

    /// Binds as a template row does, shows the fold state, and keeps the row's inner parts out of
    /// the accessibility tree (the adapter's row is named by the title and says whether it is expanded).
    open override func bind(_ view: any RowView) {
        super.bind(view)
        InternalWidgetNames.tidyInnerParts(under: view.widget.pointer)
        InternalWidgetNames.hideInnerLists(under: view.widget.pointer)
        AccessibleAttributes.setLabel(view.widget.pointer, model.title)   // the row inside the adapter's row, named as an action row is
        // libadwaita puts prefixes in boxes of their own (1.2: two, nested), which keep their
        // spacing while the icon is hidden: the boxes holding only the icon go with it, so the
        // title lines up with the other rows' titles.
        if let icon = (view as? TemplateRowView<ExpanderRowContent>)?.object("icon") {
            var inner = icon.assumingMemoryBound(to: GtkWidget.self)
            while let box = gtk_widget_get_parent(inner), box != view.widget.pointer,
                  gtk_widget_get_first_child(box) == inner, gtk_widget_get_last_child(box) == inner {
                gtk_widget_set_visible(box, model.iconName == nil ? 0 : 1)
                inner = box
            }
        }
        // The row's own list of children (in a revealer) stays empty: the children are the
        // manager's rows. Hidden, so that expanding turns the arrow and changes no height (an empty
        // list still has a border, a pixel that GTK 4.18 finds the window too small for).
        if let revealer = Self.firstDescendant(of: view.widget.pointer, typeNamed: "GtkRevealer") {
            gtk_widget_set_visible(revealer, 0)
        }
        showFoldState()
    }

    /// The first widget under `widget` (depth first) of the GTK type `name`.
    private static func firstDescendant(of widget: UnsafeMutablePointer<GtkWidget>, typeNamed name: String) -> UnsafeMutablePointer<GtkWidget>? {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if String(cString: g_type_name(gdd_type_from_instance(UnsafeMutableRawPointer(current)))) == name { return current }
            if let found = firstDescendant(of: current, typeNamed: name) { return found }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }

    /// The `AdwExpanderRow` template (its ids: `row`, `icon`). The row takes no clicks itself: they
    /// reach the adapter's row, which folds it through the manager, the only keeper of fold state.
    public static let template: RowTemplate<ExpanderRowContent> = AdwaitaTemplates.titledRow("""
        <object class="AdwExpanderRow" id="row">
          <property name="use-markup">false</property>
          <property name="focusable">false</property>
          <property name="can-focus">false</property>
          <property name="can-target">false</property>
          <child type="prefix"><object class="GtkImage" id="icon"><property name="accessible-role">presentation</property></object></child>
        </object>
        """)

    /// The arrow of the view bound now follows `isExpanded`.
    private func showFoldState() {
        guard let widget = view?.widget, Property.bool(widget.raw, "expanded") != isExpanded else { return }
        Property.set(widget.raw, "expanded", isExpanded)
    }
}
