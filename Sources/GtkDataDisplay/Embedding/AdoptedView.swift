// An item view the app made itself (from its own .ui, another binding, a libadwaita page) that an
// adapter drives instead of making one: checked before anything is changed.

import CGtkDataDisplay

/// Why an adapter cannot drive a view the app made (`ListViewAdapter(manager:adopting:plugins:)`,
/// `GridViewAdapter(manager:adopting:plugins:)`). Nothing was changed on the view.
public enum ViewAdoptionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The widget is not the kind of view the adapter drives (a `GtkGridView` for a list adapter).
    case wrongType(expected: String, found: String)
    /// The view stands in a parent other than a `GtkScrolledWindow` (a `GtkListView` or `GtkGridView`
    /// scrolls only as a scrolled window's direct child): `parent` is that parent's type.
    case notInAScrolledWindow(parent: String)
    /// Another adapter drives this view already.
    case alreadyDriven

    /// What is wrong, with the GTK type names involved.
    public var description: String {
        switch self {
        case let .wrongType(expected, found): "cannot drive a \(found): the adapter needs a \(expected)"
        case let .notInAScrolledWindow(parent): "the view stands in a \(parent); put it directly in a GtkScrolledWindow (or in nothing: the adapter makes one)"
        case .alreadyDriven: "another adapter drives this view already"
        }
    }
}

/// An app's view, checked: of the adapter's kind, in a `GtkScrolledWindow` or in nothing.
@MainActor
struct AdoptedView {
    let view: UnsafeMutablePointer<GtkWidget>
    /// The scrolled window the view stands in (nil: none yet; the adapter makes one).
    let scrolledWindow: UnsafeMutablePointer<GtkWidget>?
    /// Marks a view an adapter drives (`g_object_set_data`), so a second adapter is refused.
    private static let drivenKey = "gdd-adopted-by-adapter"

    init(_ view: UnsafeMutablePointer<GtkWidget>, kind: ItemViewKind) throws(ViewAdoptionError) {
        let (type, name) = kind.viewType
        guard isInstance(view, of: type) else {
            throw .wrongType(expected: name, found: TypeInspection.name(gdd_type_from_instance(untyped(view))))
        }
        guard g_object_get_data(untyped(view).asObject, Self.drivenKey) == nil else { throw .alreadyDriven }
        let parent = gtk_widget_get_parent(view)
        if let parent, !isInstance(parent, of: gtk_scrolled_window_get_type()) {
            throw .notInAScrolledWindow(parent: TypeInspection.name(gdd_type_from_instance(untyped(parent))))
        }
        g_object_set_data(untyped(view).asObject, Self.drivenKey, untyped(view))
        self.view = view
        scrolledWindow = parent
    }

    /// The adapter driving `view` went away: another may drive it now. (A view the adapter made
    /// itself carries no mark: this changes nothing there.)
    static func release(_ view: UnsafeMutablePointer<GtkWidget>) {
        g_object_set_data(untyped(view).asObject, drivenKey, nil)
    }
}

extension ListViewAdapter {
    /// Drives a `GtkListView` the app made (from its own `.ui`, another Swift GTK binding, a
    /// libadwaita page): the adapter gives it its factory and its model (the manager's store through
    /// a selection model), and does the rest as for a list view it made itself. The view may stand
    /// directly in a `GtkScrolledWindow` (then `scrolledWindow` is that one) or in nothing yet (the
    /// adapter makes a scrolled window: put `scrolledWindow` or `widget` in your UI). Any pointer type
    /// another binding hands out works: `ListViewAdapter(manager: m, adopting: OpaquePointer(raw))`.
    public convenience init(manager: BaseListManager, adopting listView: OpaquePointer,
                            plugins: [ListViewPlugin] = [.selectable()]) throws(ViewAdoptionError) {
        let adopted = try AdoptedView(UnsafeMutablePointer<GtkWidget>(listView), kind: .list)
        self.init(manager: manager, plugins: plugins, adopted: adopted)
    }
}

extension GridViewAdapter {
    /// Drives a `GtkGridView` the app made, as `ListViewAdapter(manager:adopting:plugins:)` drives a
    /// list view.
    public convenience init(manager: BaseListManager, adopting gridView: OpaquePointer,
                            plugins: [ListViewPlugin] = [.selectable()]) throws(ViewAdoptionError) {
        let adopted = try AdoptedView(UnsafeMutablePointer<GtkWidget>(gridView), kind: .grid)
        self.init(manager: manager, plugins: plugins, adopted: adopted)
    }
}

extension WidgetConvertible {
    /// The `GtkWidget *` as an opaque pointer, for bindings that take one (adwaita-swift's
    /// `ViewStorage`, SwiftGtk's `WidgetRef(opaquePointer:)`). It is `gtkWidget`, untyped.
    public var rawWidget: OpaquePointer { OpaquePointer(gtkWidget) }
}
