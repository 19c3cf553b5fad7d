// Where a dragged row lands when it is dropped before or after a row of the list: pure manager
// state, no widgets (the reordering plugin asks with the row under the pointer).

/// Where a drop would put the dragged row, and where to draw the indicator.
@MainActor
struct DropDestination {
    /// The dragged row's new position among its siblings.
    let position: RowPosition
    /// The row the indicator is drawn on.
    let indicator: any RowGenerator
    /// Whether the indicator goes after (below, or right of) that row rather than before it.
    let after: Bool
}

extension BaseListManager {
    /// Where `dragged` lands when dropped before `target` (or after it, with `after`), or nil when
    /// it cannot land there (on itself or its own subtree, a child row outside its parent, a header
    /// or footer for a child row) or would not move.
    ///
    /// A section's own row dropped on a header opens that section (before a header: it closes the
    /// previous one); on a footer, it closes that section; on a child row of another foldable, it
    /// goes after that foldable's whole subtree. A child row lands among its siblings only.
    func dropDestination(of dragged: any RowGenerator, onto target: any RowGenerator, after: Bool) -> DropDestination? {
        guard let (s, i) = try? rowLocation(dragged),
              let targetRow = row(of: target) else { return nil }
        let depth = state[s].rows[i].depth
        let from = siblingPosition(section: s, index: i)
        let draggedParent = parentIndex(section: s, index: i)
        var result: DropDestination?
        switch targetRow.role {
        case .header, .footer:
            guard depth == 0, let t = state.firstIndex(where: { $0.header === targetRow || $0.footer === targetRow }) else { return nil }
            let isHeader = state[t].header === targetRow
            let count = topLevelCount(t)
            let position: RowPosition
            switch (isHeader, after) {
            case (true, true): position = RowPosition(section: t, index: 0)
            case (true, false): position = t > 0 ? RowPosition(section: t - 1, index: topLevelCount(t - 1)) : RowPosition(section: t, index: 0)
            case (false, false): position = RowPosition(section: t, index: count)
            case (false, true): position = t + 1 < state.count ? RowPosition(section: t + 1, index: 0) : RowPosition(section: t, index: count)
            }
            result = DropDestination(position: position, indicator: target, after: after)
        case .row:
            guard let (ts, ti) = try? rowLocation(target) else { return nil }
            if ts == s, (i..<state[s].subtreeEnd(i)).contains(ti) { return nil }
            let rows = state[ts].rows
            guard rows[ti].depth >= depth else { return nil }
            // The target's ancestor at the dragged row's level (the target itself when at that level).
            var a = ti
            while rows[a].depth > depth { a -= 1 }
            if depth > 0 {
                guard ts == s, parentIndex(section: ts, index: a) == draggedParent else { return nil }
            }
            let sibling = siblingPosition(section: ts, index: a)
            if a != ti {
                // On a row inside a sibling's subtree: after that whole subtree.
                let last = state[ts].subtreeEnd(a) - 1
                result = DropDestination(position: RowPosition(section: ts, index: sibling.index + 1),
                                         indicator: rows[last].generator, after: true)
            } else {
                result = DropDestination(position: RowPosition(section: ts, index: sibling.index + (after ? 1 : 0)),
                                         indicator: target, after: after)
            }
        }
        guard var destination = result else { return nil }
        // Indices count the siblings without the dragged row.
        if destination.position.section == s, destination.position.index > from.index {
            destination = DropDestination(position: RowPosition(section: s, index: destination.position.index - 1),
                                          indicator: destination.indicator, after: destination.after)
        }
        return destination.position == from ? nil : destination
    }

    /// The number of a section's own rows.
    private func topLevelCount(_ s: Int) -> Int { state[s].topLevelCount }
}
