import DataDisplayDiff

// The order in which a store emits a plan's splices.
//
// GTK 4.8 handles each `items-changed` at once: `gtk_list_item_manager_model_items_changed_cb`
// ends with `gtk_list_item_manager_ensure_items`, which binds every item that is now in a tracked
// range (the realised window around the view's anchor row) without a list item, and gives list
// items now outside it to other items. The window keeps its size, so a splice inside it that
// removes more rows than it adds pulls rows in at the window's edge (they are bound), and one that
// adds more pushes rows out (their list items go to other rows). Applied in ascending order, a
// plan with both kinds inside the window moves the edge back and forth: a row pushed out by one
// splice comes back with the next in another list item (bound again), or a row pulled in by one is
// pushed out by the next (bound for nothing).
//
// Emitted shrinking splices first, then those that keep the count, then growing ones, every row
// moves only towards the anchor while the first ones run and only away from it afterwards, so it
// crosses the window's edge at most once: a row the window shows before and after the update keeps
// its list item throughout. Rows pulled in by the first splices and pushed out by the last ones are
// still bound and unbound by GTK in between; the list view holds those binds until the plan ends
// (`ListBaseAdapter.holdBinds`), so their generators are never called.

/// A plan's splices in the order the store emits them, each at its position in the store as it
/// stands when it is emitted.
enum SpliceOrder {
    /// `splices` (a plan's, ascending, each positioned after the earlier ones) reordered: those
    /// that remove more rows than they add first, then those that keep the count, then those that
    /// add more; each group in the plan's order. Returns `splices` itself when that is the order
    /// already. O(k log k) for k splices.
    static func emissions(of splices: [Splice]) -> [Splice] {
        guard splices.count > 1, !isOrdered(splices) else { return splices }
        // Each splice's position in the original list: before it the earlier splices changed the
        // count by `shift`. Splices do not overlap there, so each can be emitted at any time, at
        // its original position moved by the growth of the earlier splices already emitted.
        var original: [Int] = []
        original.reserveCapacity(splices.count)
        var shift = 0
        for splice in splices {
            original.append(splice.position - shift)
            shift += growth(splice)
        }
        var emitted = GrowthSums(count: splices.count)
        var result: [Splice] = []
        result.reserveCapacity(splices.count)
        for group in 0..<3 {
            for (index, splice) in splices.enumerated() where Self.group(splice) == group {
                var moved = splice
                moved.position = original[index] + emitted.sum(before: index)
                result.append(moved)
                emitted.add(growth(splice), at: index)
            }
        }
        return result
    }

    /// Rows added minus rows removed.
    private static func growth(_ splice: Splice) -> Int {
        splice.inserted.count - splice.removedCount
    }

    /// 0 for a splice that shrinks the list, 1 for one that keeps its count, 2 for one that grows it.
    private static func group(_ splice: Splice) -> Int {
        let growth = growth(splice)
        return growth < 0 ? 0 : growth == 0 ? 1 : 2
    }

    /// Whether the groups already come in order.
    private static func isOrdered(_ splices: [Splice]) -> Bool {
        var last = 0
        for splice in splices {
            let group = group(splice)
            if group < last { return false }
            last = group
        }
        return true
    }
}

/// Sums of the growth of emitted splices by plan index (a Fenwick tree): O(log k) per step.
private struct GrowthSums {
    private var tree: [Int]

    init(count: Int) {
        tree = Array(repeating: 0, count: count + 1)
    }

    /// Records `growth` for the splice at `index`.
    mutating func add(_ growth: Int, at index: Int) {
        var i = index + 1
        while i < tree.count {
            tree[i] += growth
            i += i & -i
        }
    }

    /// The growth recorded for splices at indices below `index`.
    func sum(before index: Int) -> Int {
        var total = 0
        var i = index
        while i > 0 {
            total += tree[i]
            i -= i & -i
        }
        return total
    }
}
