import CGtkDataDisplay

/// Expand and collapse as actions of a row's widget: `row.expand` and `row.collapse`.
///
/// GTK 4.8's AT-SPI bridge lists a widget's own enabled actions without parameters, so a screen
/// reader (or any AT-SPI client) can fold the row it is on; only the action that applies is
/// enabled (`row.expand` on a collapsed foldable row, `row.collapse` on an expanded one, neither
/// on a row that cannot fold). Keyboard users have the folding keys and the expander for the same.
@MainActor
final class FoldActions {
    /// The prefix the actions are inserted under.
    static let prefix = "row"
    private let group: ObjectReference
    private let expand: OpaquePointer
    private let collapse: OpaquePointer
    /// The widget the group is inserted in (it holds the group; we only compare pointers).
    private var installedOn: UnsafeMutableRawPointer?

    /// `perform(true)` expands, `perform(false)` collapses the row shown now.
    init(perform: @escaping @MainActor (_ expand: Bool) -> Void) {
        let group = g_simple_action_group_new()!
        self.group = ObjectReference(adopting: untyped(group))
        expand = g_simple_action_new("expand", nil)
        collapse = g_simple_action_new("collapse", nil)
        for (action, expands) in [(expand, true), (collapse, false)] {
            g_simple_action_set_enabled(action, 0)
            Signal.connect(untyped(action), "activate", pointer: { _ in perform(expands) })
            g_action_map_add_action(gdd_action_map(untyped(group)), gdd_action(untyped(action)))  // takes a reference
            g_object_unref(untyped(action))
        }
    }

    /// Puts the actions on `widget` (once; again only if the widget changed).
    func install(on widget: UnsafeMutablePointer<GtkWidget>) {
        guard installedOn != untyped(widget) else { return }
        Self.prefix.withGString { gtk_widget_insert_action_group(widget, $0, gdd_action_group(group.pointer)) }
        installedOn = untyped(widget)
    }

    /// Enables the action that applies: nil when the row cannot fold.
    func update(expanded: Bool?) {
        g_simple_action_set_enabled(expand, expanded == false ? 1 : 0)
        g_simple_action_set_enabled(collapse, expanded == true ? 1 : 0)
    }
}
