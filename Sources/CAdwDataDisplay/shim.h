/*
 * CAdwDataDisplay: libadwaita for the GtkDataDisplayAdwaita product (the core, CGtkDataDisplay,
 * stays GTK-only). Its own name, so that it sits beside another binding's libadwaita module.
 *
 * libadwaita's casts are macros, which Swift does not import: each one used gets a small static
 * inline function here.
 */
#ifndef GTK_DATA_DISPLAY_ADW_SHIM_H
#define GTK_DATA_DISPLAY_ADW_SHIM_H

#include <adwaita.h>

static inline AdwStatusPage *gdd_adw_status_page(void *p) { return ADW_STATUS_PAGE(p); }
static inline AdwPreferencesRow *gdd_adw_preferences_row(void *p) { return ADW_PREFERENCES_ROW(p); }
static inline AdwActionRow *gdd_adw_action_row(void *p) { return ADW_ACTION_ROW(p); }
static inline AdwEntryRow *gdd_adw_entry_row(void *p) { return ADW_ENTRY_ROW(p); }
static inline AdwExpanderRow *gdd_adw_expander_row(void *p) { return ADW_EXPANDER_ROW(p); }
static inline AdwToastOverlay *gdd_adw_toast_overlay(void *p) { return ADW_TOAST_OVERLAY(p); }
static inline AdwLeaflet *gdd_adw_leaflet(void *p) { return ADW_LEAFLET(p); }
static inline AdwApplicationWindow *gdd_adw_application_window(void *p) { return ADW_APPLICATION_WINDOW(p); }
static inline GtkScrolledWindow *gdd_adw_scrolled_window(void *p) { return GTK_SCROLLED_WINDOW(p); }
static inline GtkEditable *gdd_adw_editable(void *p) { return GTK_EDITABLE(p); }
static inline GtkSwitch *gdd_adw_switch(void *p) { return GTK_SWITCH(p); }
static inline GtkButton *gdd_adw_button(void *p) { return GTK_BUTTON(p); }

#endif
