// Typed pointers to GTK objects whose C struct GTK keeps private.
//
// GTK 4 declares most of its newer types as `typedef struct _GtkListView GtkListView;` (or with
// G_DECLARE_FINAL_TYPE / G_DECLARE_INTERFACE) and defines the struct only in its private headers.
// Clang sees an incomplete type, and Swift imports a pointer to an incomplete type as
// `OpaquePointer`: there is no `UnsafeMutablePointer<GtkListView>` (nor `<GtkSelectionModel>`,
// `<GtkListItemFactory>`) to offer. `TypedObject` puts the GTK type back into the Swift type, so a
// list view and a selection model cannot be mixed up, while `pointer` stays exactly the value that
// GTK's own functions take.

import CGtkDataDisplay

/// A GTK type whose instances Swift can only see as `OpaquePointer`: the tag of a `TypedObject`.
public protocol GtkTypeTag {
    /// GTK's checked cast to this type (`GTK_LIST_VIEW(p)` and the like; warns on a wrong type).
    static func cast(_ instance: GObjectPointer) -> OpaquePointer?
}

/// A tag for a widget type: its `TypedObject` is also a `GtkWidget *`.
public protocol GtkWidgetTypeTag: GtkTypeTag {}

/// Tags for the opaque GTK types the library hands out.
public enum GtkType {
    /// `GtkListView` (a widget).
    public enum ListView: GtkWidgetTypeTag {
        /// `GTK_LIST_VIEW(instance)`.
        public static func cast(_ instance: GObjectPointer) -> OpaquePointer? { gdd_list_view(instance) }
    }
    /// `GtkGridView` (a widget).
    public enum GridView: GtkWidgetTypeTag {
        /// `GTK_GRID_VIEW(instance)`.
        public static func cast(_ instance: GObjectPointer) -> OpaquePointer? { gdd_grid_view(instance) }
    }
    /// `GtkColumnView` (a widget).
    public enum ColumnView: GtkWidgetTypeTag {
        /// `GTK_COLUMN_VIEW(instance)`.
        public static func cast(_ instance: GObjectPointer) -> OpaquePointer? { gdd_column_view(instance) }
    }
    /// `GtkSelectionModel` (an interface: GtkSingleSelection, GtkMultiSelection, GtkNoSelection…).
    public enum SelectionModel: GtkTypeTag {
        /// `GTK_SELECTION_MODEL(instance)`.
        public static func cast(_ instance: GObjectPointer) -> OpaquePointer? { gdd_selection_model(instance) }
    }
    /// `GtkListItemFactory` (GtkSignalListItemFactory, GtkBuilderListItemFactory).
    public enum ListItemFactory: GtkTypeTag {
        /// `GTK_LIST_ITEM_FACTORY(instance)`.
        public static func cast(_ instance: GObjectPointer) -> OpaquePointer? { gdd_list_item_factory(instance) }
    }
}

/// A pointer to an instance of the opaque GTK type `Tag`.
///
/// Pass `pointer` to GTK's functions for that type (`gtk_list_view_*`), `raw` to `Signal.connect`
/// and the `g_object_*` functions, and `widget` (for widget types) to the `gtk_widget_*` functions.
/// It holds no reference: its owner keeps the object alive.
public struct TypedObject<Tag: GtkTypeTag>: Hashable {
    /// The instance as GTK's functions for `Tag` take it.
    public let pointer: OpaquePointer

    /// Wraps a pointer already known to be a `Tag` (a `gtk_list_view_new` result, say).
    public init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// Wraps any instance through GTK's checked cast; nil when the cast fails.
    public init?(casting instance: GObjectPointer) {
        guard let pointer = Tag.cast(instance) else { return nil }
        self.pointer = pointer
    }

    /// The instance as an untyped pointer, for `Signal.connect` and `g_object_*`.
    public var raw: GObjectPointer { UnsafeMutableRawPointer(pointer) }

    /// The instance as a `GObject *`.
    public var object: UnsafeMutablePointer<GObject> { raw.asObject }
}

extension TypedObject where Tag: GtkWidgetTypeTag {
    /// The instance as a `GtkWidget *`.
    public var widget: UnsafeMutablePointer<GtkWidget> { raw.asWidget }
}
