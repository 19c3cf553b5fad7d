import CGtkDataDisplay

// Drag and drop: a `GtkDragSource` on each row's container (added when the factory makes the cell),
// one `GtkDropTarget` on the item view. The drag carries a token naming this adapter's drag (a string,
// in process); the row itself is kept by the plugin. While the pointer moves, the row under it and
// the side (above/below in a list, before/after in a grid) give the destination; if the rows allow
// the move, the target row's widget gets a CSS class that draws the indicator
// (`gdd-drop-above`/`gdd-drop-below`, `gdd-drop-before`/`gdd-drop-after` in a grid).

extension ReorderingPlugin {
    /// The CSS class of the indicator on the row it is drawn on.
    static func indicatorClass(after: Bool, across: Bool) -> String {
        across ? (after ? "gdd-drop-after" : "gdd-drop-before") : (after ? "gdd-drop-below" : "gdd-drop-above")
    }

    func installDragAndDrop(on adapter: ListBaseAdapter) {
        adapter.cellCreated += { [weak self] cell in self?.addDragSource(to: cell) }
        for cell in adapter.liveCells { addDragSource(to: cell) }
        let target = gtk_drop_target_new(gdd_type_string(), GDK_ACTION_MOVE)!
        let raw = UnsafeMutableRawPointer(target)
        Signal.connect(raw, "enter", motion: { [weak self] x, y in self?.hover(x: x, y: y) ?? 0 })
        Signal.connect(raw, "motion", motion: { [weak self] x, y in self?.hover(x: x, y: y) ?? 0 })
        Signal.connect(raw, "leave") { [weak self] in self?.showIndicator(nil) }
        Signal.connect(raw, "drop", drop: { [weak self] value, x, y in
            guard let self else { return false }
            return self.drop(token: DragContent.string(from: value), x: x, y: y)
        })
        gtk_widget_add_controller(adapter.itemView, gdd_event_controller(raw))  // takes the controller
    }

    private func addDragSource(to cell: Cell) {
        let source = gtk_drag_source_new()!
        let raw = UnsafeMutableRawPointer(source)
        gtk_drag_source_set_actions(source, GDK_ACTION_MOVE)
        Signal.connect(raw, "prepare", point: { [weak self, weak cell] x, y in
            guard let self, let cell, let adapter = self.adapter, let row = cell.row, row.role == .row,
                  MoveRule.of(row.generator, unmarked: self.unmarked) != .fixed else { return nil }
            self.dragged = row.generator
            self.dragToken = "gdd-row-drag:\(UInt(bitPattern: ObjectIdentifier(adapter).hashValue)):\(row.generator.diffID)"
            let icon = DragContent.widgetPaintable(cell.container)
            gtk_drag_source_set_icon(source, icon, Int32(x), Int32(y))
            releaseObject(untyped(icon))
            return DragContent.provider(string: self.dragToken)
        })
        Signal.connect(raw, "drag-end", dragEnd: { [weak self] _, _ in
            self?.dragged = nil
            self?.showIndicator(nil)
        })
        gtk_widget_add_controller(cell.container, gdd_event_controller(raw))  // takes the controller
    }

    /// The pointer is over the view at (x, y) with a drag: shows where the row would land and says
    /// whether it can (`GDK_ACTION_MOVE`) or not (0).
    private func hover(x: Double, y: Double) -> UInt32 {
        guard let destination = destination(x: x, y: y) else {
            showIndicator(nil)
            return 0
        }
        showIndicator(destination)
        return GDK_ACTION_MOVE.rawValue
    }

    /// Moves the dragged row where the drop at (x, y) puts it.
    private func drop(token: String?, x: Double, y: Double) -> Bool {
        defer { showIndicator(nil) }
        guard token == dragToken, let dragged, let destination = destination(x: x, y: y) else { return false }
        return move(dragged, to: destination.position)
    }

    /// Where the dragged row lands for the pointer at (x, y) in the item view, if it may go there.
    func destination(x: Double, y: Double) -> DropDestination? {
        guard let adapter, let dragged, let (generator, after) = rowUnderPointer(x: x, y: y, in: adapter) else { return nil }
        return destination(of: dragged, onto: generator, after: after, in: adapter.manager)
    }

    /// The shown row nearest to (x, y) in the item view, and whether the point is in its second
    /// half (below its middle in a list, right of it in a grid).
    private func rowUnderPointer(x: Double, y: Double, in adapter: ListBaseAdapter) -> (any RowGenerator, Bool)? {
        let across = adapter.kind.movesAcross
        var best: (generator: any RowGenerator, distance: Double, after: Bool)?
        for cell in adapter.liveCells {
            guard let row = cell.row, let rowWidget = cell.rowWidget,
                  gtk_widget_get_mapped(rowWidget) != 0 else { continue }
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(rowWidget, adapter.itemView, &bounds) != 0 else { continue }
            let minX = Double(bounds.origin.x), minY = Double(bounds.origin.y)
            let maxX = minX + Double(bounds.size.width), maxY = minY + Double(bounds.size.height)
            let dx = x < minX ? minX - x : (x > maxX ? x - maxX : 0)
            let dy = y < minY ? minY - y : (y > maxY ? y - maxY : 0)
            let distance = dx * dx + dy * dy
            let after = across ? x > (minX + maxX) / 2 : y > (minY + maxY) / 2
            if best == nil || distance < best!.distance { best = (row.generator, distance, after) }
        }
        return best.map { ($0.generator, $0.after) }
    }

    /// Draws the indicator for `destination` (removes it with nil).
    func showIndicator(_ destination: DropDestination?) {
        var next: (widget: UnsafeMutablePointer<GtkWidget>, cssClass: String)?
        if let destination, let adapter, let row = adapter.manager.row(of: destination.indicator),
           let cell = row.cell, cell.adapter === adapter, let rowWidget = cell.rowWidget {
            next = (rowWidget, Self.indicatorClass(after: destination.after, across: adapter.kind.movesAcross))
        }
        if let indicator, let next, indicator.widget.pointer == untyped(next.widget), indicator.cssClass == next.cssClass { return }
        if let indicator {
            gtk_widget_remove_css_class(indicator.widget.pointer.assumingMemoryBound(to: GtkWidget.self), indicator.cssClass)
            self.indicator = nil
        }
        if let next {
            gtk_widget_add_css_class(next.widget, next.cssClass)
            indicator = (ObjectReference(retaining: untyped(next.widget)), next.cssClass)
        }
    }

    /// The widget showing the drop indicator now and its class (tests read it mid-drag).
    var indicatorState: (widget: UnsafeMutablePointer<GtkWidget>, cssClass: String, row: (any RowGenerator)?)? {
        guard let indicator, let adapter else { return nil }
        let widget = indicator.widget.pointer.assumingMemoryBound(to: GtkWidget.self)
        let row = adapter.liveCells.first { $0.rowWidget == widget }?.row?.generator
        return (widget, indicator.cssClass, row)
    }
}

extension ListBaseAdapter {
    /// The cells alive now (each list item has one).
    var liveCells: [Cell] { containers.values.compactMap(\.cell) }
}
