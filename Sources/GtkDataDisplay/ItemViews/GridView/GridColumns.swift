import CGtkDataDisplay

extension ListBaseAdapter {
    /// How many tiles one line holds: 1 in a list; in a grid, read from the realised tiles (GTK
    /// 4.8's `GtkGridView` keeps its column count private). In position order, the first tile that
    /// lines up with an earlier one of the same run of positions is exactly one line of tiles later.
    /// With a single line laid out, the tiles on it; before any, 1.
    var shownColumns: Int {
        guard kind == .grid else { return 1 }
        var tiles: [(position: Int, x: Int)] = []
        for entry in containers.values {
            guard let cell = entry.cell, cell.row != nil, let position = cell.position,
                  let rowWidget = cell.rowWidget,
                  gtk_widget_get_mapped(rowWidget) != 0 else { continue }
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(rowWidget, itemView, &bounds) != 0 else { continue }
            tiles.append((position, Int(bounds.origin.x.rounded())))
        }
        tiles.sort { $0.position < $1.position }
        // Within a run of consecutive positions (the focused tile may sit apart from the visible ones).
        var firstAtX: [Int: Int] = [:]
        var previous = Int.min
        var longestLine = 1
        for tile in tiles {
            if tile.position != previous + 1 { firstAtX.removeAll(keepingCapacity: true) }
            previous = tile.position
            if let earlier = firstAtX[tile.x] { return tile.position - earlier }
            firstAtX[tile.x] = tile.position
            longestLine = max(longestLine, firstAtX.count)
        }
        return longestLine
    }
}
