import CGtkDataDisplay

// Folding from the keyboard and the focused row: the same in a list and a grid, except that a grid
// keeps Left and Right for moving between tiles (`ItemViewKind.foldsWithArrowKeys`).

extension ListBaseAdapter {
    func connectFoldingKeys() {
        let controller = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        let arrows = kind.foldsWithArrowKeys
        Signal.connect(untyped(controller), "key-pressed", key: { [weak self] keyval, modifiers in
            guard let self, let action = FoldingKeys.action(for: keyval, modifiers: modifiers, arrows: arrows) else { return false }
            return self.fold(action)
        })
        gtk_widget_add_controller(itemView, controller)  // takes the controller
    }

    /// Folds the focused row; returns whether the key was used.
    private func fold(_ action: FoldingKeys.Action) -> Bool {
        guard let generator = focusedGenerator else { return false }
        return fold(generator, action)
    }

    /// The generator of the row that has keyboard focus in this view.
    public var focusedGenerator: (any RowGenerator)? {
        focusedCell?.row?.generator
    }

    /// The cell whose row has the keyboard focus, or holds it inside its view.
    var focusedCell: Cell? {
        let view = itemView
        guard let root = gtk_widget_get_root(view),
              var widget = gtk_root_get_focus(root) else { return nil }
        // The focus sits on GTK's row widget (the parent of our container; in a table, the parent
        // of the cell holding it) or inside the row's view.
        while true {
            if let child = gtk_widget_get_first_child(widget), let cell = containers[UnsafeMutableRawPointer(child)]?.cell {
                return cell
            }
            if kind == .column {
                var column = gtk_widget_get_first_child(widget)
                while let current = column {
                    if let child = gtk_widget_get_first_child(current), let cell = containers[UnsafeMutableRawPointer(child)]?.cell {
                        return cell
                    }
                    column = gtk_widget_get_next_sibling(current)
                }
            }
            if let cell = containers[UnsafeMutableRawPointer(widget)]?.cell { return cell }
            guard widget != view, let parent = gtk_widget_get_parent(widget) else { return nil }
            widget = parent
        }
    }
}
