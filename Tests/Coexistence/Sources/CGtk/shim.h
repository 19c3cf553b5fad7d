/* The host app's own C module over GTK 4, as other Swift GTK frameworks have one. */
#include <gtk/gtk.h>
static inline GtkBox *host_box(GtkWidget *widget) { return GTK_BOX(widget); }
static inline GtkWindow *host_window(GtkWidget *widget) { return GTK_WINDOW(widget); }
static inline GtkLabel *host_label(GtkWidget *widget) { return GTK_LABEL(widget); }
static inline GtkScrolledWindow *host_scrolled_window(GtkWidget *widget) { return GTK_SCROLLED_WINDOW(widget); }
