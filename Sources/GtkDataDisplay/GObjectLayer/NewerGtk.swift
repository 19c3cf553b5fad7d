// GTK newer than the floor the library builds against (4.8, Debian 12), as it runs on the user's
// machine: Debian 13 ships 4.18, Ubuntu 24.04 4.14. GTK 4.12 rewrote its list item manager, list
// focus and list accessibility, and some of what the library does by hand on 4.8 GTK then does
// itself. Its API is found at run time (`dlsym`) and used only when the running GTK has it: a
// binary built on 4.8 never links a newer symbol, and one built on 4.18 runs on 4.8 the 4.8 way.

import CGtkDataDisplay
import Glibc

/// The running GTK's version and the newer GTK functions the library uses when they exist.
@MainActor
package enum NewerGtk {
    /// GTK's minor version at run time (4.8.3 → 8), whatever the headers built against said.
    package static let minor = Int(gtk_get_minor_version())

    /// GTK 4.12 or later: list items take focus by `focusable`, name themselves by
    /// `accessible-label`, and views scroll to an item and focus it in one call (`scroll_to`).
    static var listItemsFocusThemselves: Bool { minor >= 12 }

    /// `gtk_list_item_set_focusable` (4.12).
    static let listItemSetFocusable = function("gtk_list_item_set_focusable", since: 12,
                                               as: (@convention(c) (OpaquePointer?, gboolean) -> Void).self)

    /// `gtk_list_item_set_accessible_label` (4.12).
    static let listItemSetAccessibleLabel = function("gtk_list_item_set_accessible_label", since: 12,
                                                     as: (@convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Void).self)

    /// `gtk_list_view_scroll_to` / `gtk_grid_view_scroll_to` (4.12): `(view, position, flags, scroll info)`.
    typealias ScrollTo = @convention(c) (UnsafeMutableRawPointer?, guint, guint, OpaquePointer?) -> Void
    static let listViewScrollTo = function("gtk_list_view_scroll_to", since: 12, as: ScrollTo.self)
    static let gridViewScrollTo = function("gtk_grid_view_scroll_to", since: 12, as: ScrollTo.self)
    /// `gtk_column_view_scroll_to` (4.12): `(view, position, column or NULL, flags, scroll info)`.
    typealias ColumnScrollTo = @convention(c) (UnsafeMutableRawPointer?, guint, OpaquePointer?, guint, OpaquePointer?) -> Void
    static let columnViewScrollTo = function("gtk_column_view_scroll_to", since: 12, as: ColumnScrollTo.self)
    /// `GTK_LIST_SCROLL_FOCUS` of `GtkListScrollFlags` (4.12; not in 4.8's headers).
    static let scrollFocus: guint = 1 << 0

    /// The C function `name` of the running GTK, if it is `4.since` or later and has it.
    private static func function<F>(_ name: String, since: Int, as type: F.Type) -> F? {
        minor >= since ? loadedFunction(name, as: type) : nil
    }

    /// The C function `name` of a library the process has loaded (GTK's, or libadwaita when the app
    /// links it), as `type` (a `@convention(c)` function type); nil when none has it.
    package static func loadedFunction<F>(_ name: String, as type: F.Type) -> F? {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }
}
