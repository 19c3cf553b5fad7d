/*
 * CGtkDataDisplay shim: what Swift cannot import from GTK 4 / GLib on its own.
 *
 * GObject's casts, type constants and signal helpers are macros, which Swift does not import.
 * Each gets a small static inline function here. Nothing in this header keeps state: the row
 * object's and the row model's GTypes are registered once, from Swift (see GObjectLayer/RowObjectType.swift
 * and GObjectLayer/RowModelType.swift).
 */
#ifndef GTK_DATA_DISPLAY_SHIM_H
#define GTK_DATA_DISPLAY_SHIM_H

#include <gtk/gtk.h>
#include <glib-unix.h>
#include <unistd.h>
#include <malloc.h>

/* A row: its fields, in a record of 24 bytes kept in slabs (`RowRecords`); the Swift side's `Row` is
 * a handle on its record. `generator` holds a Swift generator's instance, retained (`Unmanaged`; its
 * conformance is found from its class: `StoredGenerator`), set and cleared from Swift only; the rest
 * are plain numbers. */
typedef struct {
    void *generator;
    guint32 section_hint;
    guint32 index_hint;
    guint32 shown_revision;
    guint32 bits;
} GddRowRecord;

/* The instance and class structs of the row object type ("GddRowObject"): the item a view is handed
 * for a row, made when the row is first asked for and kept by the row until it ends (`RowObjects`).
 * `row` is the row's record, NULL once the row has ended. 32 bytes: one 32-byte slice. */
typedef struct {
    GObject parent_instance;
    GddRowRecord *row;
} GddRowObject;

typedef struct {
    GObjectClass parent_class;
} GddRowObjectClass;

/* The instance struct of the row model type ("GddRowModel"), the `GListModel` the views show: its
 * items are the Swift side's (`RowItems`), retained (`Unmanaged`) and released in finalize. */
typedef struct {
    GObject parent_instance;
    void *items;
} GddRowModel;

/* A hint that `address` is about to be read: loops over rows in random order ask for a row a few
 * steps ahead, so its cache line is on its way while the rows before it are worked on. */
static inline void gdd_prefetch(const void *address) { __builtin_prefetch(address, 0, 3); }

/* The bytes malloc has handed out and not had back, in every arena and in mapped blocks (glibc's
 * mallinfo2: what is in use, not what the process keeps resident): the benchmark's heap per row. */
static inline size_t gdd_heap_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

/* Type constants: the fundamental types, for checking signal signatures and filling GValues. */
static inline GType gdd_type_none(void) { return G_TYPE_NONE; }
static inline GType gdd_type_interface(void) { return G_TYPE_INTERFACE; }
static inline GType gdd_type_boolean(void) { return G_TYPE_BOOLEAN; }
static inline GType gdd_type_char(void) { return G_TYPE_CHAR; }
static inline GType gdd_type_uchar(void) { return G_TYPE_UCHAR; }
static inline GType gdd_type_int(void) { return G_TYPE_INT; }
static inline GType gdd_type_uint(void) { return G_TYPE_UINT; }
static inline GType gdd_type_long(void) { return G_TYPE_LONG; }
static inline GType gdd_type_ulong(void) { return G_TYPE_ULONG; }
static inline GType gdd_type_int64(void) { return G_TYPE_INT64; }
static inline GType gdd_type_uint64(void) { return G_TYPE_UINT64; }
static inline GType gdd_type_enum(void) { return G_TYPE_ENUM; }
static inline GType gdd_type_flags(void) { return G_TYPE_FLAGS; }
static inline GType gdd_type_float(void) { return G_TYPE_FLOAT; }
static inline GType gdd_type_double(void) { return G_TYPE_DOUBLE; }
static inline GType gdd_type_string(void) { return G_TYPE_STRING; }
static inline GType gdd_type_pointer(void) { return G_TYPE_POINTER; }
static inline GType gdd_type_boxed(void) { return G_TYPE_BOXED; }
static inline GType gdd_type_param(void) { return G_TYPE_PARAM; }
static inline GType gdd_type_object(void) { return G_TYPE_OBJECT; }
static inline GType gdd_type_variant(void) { return G_TYPE_VARIANT; }

/* The instance's own type, its class, and a signal parameter's type without its scope flag. */
static inline GType gdd_type_from_instance(gpointer p) { return G_TYPE_FROM_INSTANCE(p); }
static inline GObjectClass *gdd_object_get_class(gpointer p) { return G_OBJECT_GET_CLASS(p); }
static inline GType gdd_signal_param_type(GType t) { return t & ~G_SIGNAL_TYPE_STATIC_SCOPE; }

/* Checked casts (G_TYPE_CHECK_INSTANCE_CAST warns on a wrong type). */
static inline GObject *gdd_object(gpointer p) { return G_OBJECT(p); }
static inline GObjectClass *gdd_object_class(gpointer klass) { return G_OBJECT_CLASS(klass); }
static inline GtkWidget *gdd_widget(gpointer p) { return GTK_WIDGET(p); }
static inline GListModel *gdd_list_model(gpointer p) { return G_LIST_MODEL(p); }
static inline GtkSelectionModel *gdd_selection_model(gpointer p) { return GTK_SELECTION_MODEL(p); }
static inline GtkListItem *gdd_list_item(gpointer p) { return GTK_LIST_ITEM(p); }
static inline GtkListView *gdd_list_view(gpointer p) { return GTK_LIST_VIEW(p); }
static inline GtkGridView *gdd_grid_view(gpointer p) { return GTK_GRID_VIEW(p); }
static inline GtkColumnView *gdd_column_view(gpointer p) { return GTK_COLUMN_VIEW(p); }
static inline GtkColumnViewColumn *gdd_column_view_column(gpointer p) { return GTK_COLUMN_VIEW_COLUMN(p); }
static inline GtkSorter *gdd_sorter(gpointer p) { return GTK_SORTER(p); }
static inline GtkListItemFactory *gdd_list_item_factory(gpointer p) { return GTK_LIST_ITEM_FACTORY(p); }
static inline GtkScrolledWindow *gdd_scrolled_window(gpointer p) { return GTK_SCROLLED_WINDOW(p); }
static inline GtkOverlay *gdd_overlay(gpointer p) { return GTK_OVERLAY(p); }
static inline GtkFixed *gdd_fixed(gpointer p) { return GTK_FIXED(p); }
static inline GtkPicture *gdd_picture(gpointer p) { return GTK_PICTURE(p); }
static inline GtkWindow *gdd_window(gpointer p) { return GTK_WINDOW(p); }
static inline GtkBox *gdd_box(gpointer p) { return GTK_BOX(p); }
static inline GtkLabel *gdd_label(gpointer p) { return GTK_LABEL(p); }
static inline GtkButton *gdd_button(gpointer p) { return GTK_BUTTON(p); }
static inline GtkImage *gdd_image(gpointer p) { return GTK_IMAGE(p); }
static inline GtkStack *gdd_stack(gpointer p) { return GTK_STACK(p); }
static inline GtkApplication *gdd_application(gpointer p) { return GTK_APPLICATION(p); }
static inline GApplication *gdd_g_application(gpointer p) { return G_APPLICATION(p); }
/* What apps put around a list: search, header bar, toggles, popovers, input, drag and drop, actions. */
static inline GtkSearchEntry *gdd_search_entry(gpointer p) { return GTK_SEARCH_ENTRY(p); }
static inline GtkEditable *gdd_editable(gpointer p) { return GTK_EDITABLE(p); }
static inline GtkHeaderBar *gdd_header_bar(gpointer p) { return GTK_HEADER_BAR(p); }
static inline GtkToggleButton *gdd_toggle_button(gpointer p) { return GTK_TOGGLE_BUTTON(p); }
static inline GtkPopover *gdd_popover(gpointer p) { return GTK_POPOVER(p); }
static inline GtkEventController *gdd_event_controller(gpointer p) { return GTK_EVENT_CONTROLLER(p); }
static inline GtkGesture *gdd_gesture(gpointer p) { return GTK_GESTURE(p); }
static inline GtkGestureSingle *gdd_gesture_single(gpointer p) { return GTK_GESTURE_SINGLE(p); }
static inline GtkGestureClick *gdd_gesture_click(gpointer p) { return GTK_GESTURE_CLICK(p); }
static inline GtkDragSource *gdd_drag_source(gpointer p) { return GTK_DRAG_SOURCE(p); }
static inline GtkDropTarget *gdd_drop_target(gpointer p) { return GTK_DROP_TARGET(p); }
static inline GAction *gdd_action(gpointer p) { return G_ACTION(p); }
static inline GSimpleAction *gdd_simple_action(gpointer p) { return G_SIMPLE_ACTION(p); }
static inline GActionMap *gdd_action_map(gpointer p) { return G_ACTION_MAP(p); }
static inline GActionGroup *gdd_action_group(gpointer p) { return G_ACTION_GROUP(p); }
/* The app shell: header bar menus, page stacks and sidebars, dialogs, shortcuts, menus. */
static inline GtkMenuButton *gdd_menu_button(gpointer p) { return GTK_MENU_BUTTON(p); }
static inline GtkActionable *gdd_actionable(gpointer p) { return GTK_ACTIONABLE(p); }
static inline GtkStackSidebar *gdd_stack_sidebar(gpointer p) { return GTK_STACK_SIDEBAR(p); }
static inline GtkStackSwitcher *gdd_stack_switcher(gpointer p) { return GTK_STACK_SWITCHER(p); }
static inline GtkAboutDialog *gdd_about_dialog(gpointer p) { return GTK_ABOUT_DIALOG(p); }
static inline GtkProgressBar *gdd_progress_bar(gpointer p) { return GTK_PROGRESS_BAR(p); }
static inline GtkShortcutController *gdd_shortcut_controller(gpointer p) { return GTK_SHORTCUT_CONTROLLER(p); }
static inline GMenu *gdd_menu(gpointer p) { return G_MENU(p); }
static inline GMenuModel *gdd_menu_model(gpointer p) { return G_MENU_MODEL(p); }

/* Type checks. */
static inline gboolean gdd_is_widget(gpointer p) { return GTK_IS_WIDGET(p); }
static inline gboolean gdd_is_window(gpointer p) { return GTK_IS_WINDOW(p); }
static inline gboolean gdd_is_instance_of(gpointer p, GType t) { return G_TYPE_CHECK_INSTANCE_TYPE(p, t); }

/* Signals: g_signal_connect is a macro. */
static inline gulong gdd_signal_connect(gpointer instance, const gchar *signal, GCallback handler,
                                        gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, (GConnectFlags)0);
}
static inline gulong gdd_signal_connect_after(gpointer instance, const gchar *signal, GCallback handler,
                                              gpointer data, GClosureNotify destroy) {
    return g_signal_connect_data(instance, signal, handler, data, destroy, G_CONNECT_AFTER);
}

/* `items-changed` of a list model with a typed C handler (no Swift closure: the benchmark's counter). */
typedef void (*GddItemsChangedHandler)(GListModel *model, guint position, guint removed, guint added, gpointer data);
static inline gulong gdd_connect_items_changed(gpointer model, GddItemsChangedHandler handler, gpointer data) {
    return g_signal_connect_data(model, "items-changed", G_CALLBACK(handler), data, NULL, (GConnectFlags)0);
}

/* GSource return values. */
static inline gboolean gdd_source_continue(void) { return G_SOURCE_CONTINUE; }
static inline gboolean gdd_source_remove(void) { return G_SOURCE_REMOVE; }

/* Emits a signal that has no arguments and no return value (g_signal_emit_by_name is variadic). */
static inline void gdd_signal_emit_void(gpointer instance, const char *name) { g_signal_emit_by_name(instance, name); }

/* Accessibility: gtk_accessible_update_* and the gtk_test_accessible_* checks are variadic. */
static inline void gdd_accessible_set_label(gpointer w, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}
static inline void gdd_accessible_reset_label(gpointer w) {
    gtk_accessible_reset_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_LABEL);
}
static inline void gdd_accessible_set_level(gpointer w, int level) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_LEVEL, level, -1);
}
static inline void gdd_accessible_reset_level(gpointer w) {
    gtk_accessible_reset_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_LEVEL);
}
static inline void gdd_accessible_set_expanded(gpointer w, gboolean expanded) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_STATE_EXPANDED, expanded, -1);
}
static inline void gdd_accessible_reset_expanded(gpointer w) {
    gtk_accessible_reset_state(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_STATE_EXPANDED);
}
static inline void gdd_accessible_set_hidden(gpointer w, gboolean hidden) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}
static inline void gdd_accessible_set_description(gpointer w, const char *description) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}
static inline void gdd_accessible_reset_description(gpointer w) {
    gtk_accessible_reset_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}
static inline void gdd_accessible_set_sort(gpointer w, GtkAccessibleSort sort) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_SORT, sort, -1);
}
/* A GtkBox with an accessible role (the role can only be given at construction). */
static inline GtkWidget *gdd_box_new_with_role(GtkOrientation orientation, int spacing, GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_BOX, "orientation", orientation, "spacing", spacing,
                                   "accessible-role", role, NULL));
}
static inline GtkAccessible *gdd_accessible(gpointer p) { return GTK_ACCESSIBLE(p); }
/* A new widget of `type` with an accessible role, which GTK takes only at construction
   (presentation: decorative, kept out of the accessibility tree for good; generic: a plain container). */
static inline GtkWidget *gdd_widget_new_with_role(GType type, GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(type, "accessible-role", role, NULL));
}
static inline gboolean gdd_is_label(gpointer p) { return GTK_IS_LABEL(p); }
/* An object's type and its references now (a leak's report). */
static inline GType gdd_object_type(GObject *object) { return G_OBJECT_TYPE(object); }
static inline guint gdd_object_ref_count(GObject *object) { return g_atomic_int_get(&object->ref_count); }
/* Test checks (GTK_A11Y=test or atspi): NULL when the value matches, else what it is (g_free it). */
static inline char *gdd_test_accessible_check_label(gpointer w, const char *label) {
    return gtk_test_accessible_check_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_LABEL, label);
}
static inline char *gdd_test_accessible_check_level(gpointer w, int level) {
    return gtk_test_accessible_check_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_LEVEL, level);
}
static inline char *gdd_test_accessible_check_expanded(gpointer w, gboolean expanded) {
    return gtk_test_accessible_check_state(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_STATE_EXPANDED, expanded);
}
static inline char *gdd_test_accessible_check_description(gpointer w, const char *description) {
    return gtk_test_accessible_check_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description);
}
static inline char *gdd_test_accessible_check_sort(gpointer w, GtkAccessibleSort sort) {
    return gtk_test_accessible_check_property(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_PROPERTY_SORT, sort);
}
static inline char *gdd_test_accessible_check_hidden(gpointer w, gboolean hidden) {
    return gtk_test_accessible_check_state(GTK_ACCESSIBLE(w), GTK_ACCESSIBLE_STATE_HIDDEN, hidden);
}

/* A widget's allocation in its parent's coordinates, for allocating GTK 4.8's grid again at the
 * size it has (gtk_widget_get_allocation is deprecated from GTK 4.12, and only called before 4.10). */
static inline void gdd_widget_get_allocation(GtkWidget *widget, GtkAllocation *allocation) {
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    gtk_widget_get_allocation(widget, allocation);
    G_GNUC_END_IGNORE_DEPRECATIONS
}

/* libdispatch's hooks for foreign run loops (exported by libdispatch on Linux). */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

#endif
