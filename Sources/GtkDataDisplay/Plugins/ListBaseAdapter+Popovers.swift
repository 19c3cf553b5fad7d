import CGtkDataDisplay

// A plugin's popover (a row menu, the type-to-find entry) hangs on the adapter's item view.

extension ListBaseAdapter {
    /// Parents `popover` to the item view, closes it when the view is unmapped, and takes it off
    /// again when the view is destroyed: GTK wants a widget's children gone before it finalizes.
    /// `popover` (a reference of the plugin's own) keeps it alive meanwhile.
    func parentPopover(_ popover: ObjectReference) {
        gtk_widget_set_parent(popover.pointer.asWidget, itemView)
        // An open popover holds the keyboard: it closes with the view (its window closed or the
        // view taken out of it), or no later window of the process gets a key. The focus in it goes
        // first (`HiddenFocus`).
        Signal.connect(untyped(itemView), "unmap") {
            let widget = popover.pointer.asWidget
            HiddenFocus.release(inside: widget)
            if gtk_widget_get_visible(widget) != 0 { gtk_popover_popdown(gdd_popover(popover.pointer)) }
        }
        Signal.connect(untyped(itemView), "destroy") {
            if gtk_widget_get_parent(popover.pointer.asWidget) != nil { gtk_widget_unparent(popover.pointer.asWidget) }
        }
    }
}
