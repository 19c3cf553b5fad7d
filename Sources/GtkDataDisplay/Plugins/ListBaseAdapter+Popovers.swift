import CGtkDataDisplay

// A plugin's popover (a row menu, the type-to-find entry) hangs on the adapter's item view.

extension ListBaseAdapter {
    /// Parents `popover` to the item view, and takes it off again when the view is destroyed: GTK
    /// wants a widget's children gone before it finalizes. `popover` (a reference of the plugin's
    /// own) keeps it alive meanwhile.
    func parentPopover(_ popover: ObjectReference) {
        gtk_widget_set_parent(popover.pointer.asWidget, itemView)
        Signal.connect(untyped(itemView), "destroy") {
            if gtk_widget_get_parent(popover.pointer.asWidget) != nil { gtk_widget_unparent(popover.pointer.asWidget) }
        }
    }
}
