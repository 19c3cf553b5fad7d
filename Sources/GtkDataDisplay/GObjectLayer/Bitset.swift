import CGtkDataDisplay

/// A `GtkBitset` (GTK's set of list positions, stored as ranges) owned by Swift: one reference,
/// released on deinit. Set operations cost O(ranges), so "every row selected" is cheap.
final class Bitset: Sequence {
    /// The `GtkBitset *`.
    let pointer: OpaquePointer

    /// Takes over a full reference (e.g. from `gtk_selection_model_get_selection`).
    init(adopting pointer: OpaquePointer) {
        self.pointer = pointer
    }

    /// An empty set.
    convenience init() {
        self.init(adopting: gtk_bitset_new_empty())
    }

    /// The positions `range`.
    convenience init(_ range: Range<Int>) {
        self.init(adopting: gtk_bitset_new_range(guint(range.lowerBound), guint(range.count)))
    }

    deinit {
        gtk_bitset_unref(pointer)
    }

    /// A copy that changes independently.
    func copy() -> Bitset { Bitset(adopting: gtk_bitset_copy(pointer)) }

    /// How many positions it holds (O(ranges)).
    var count: Int { Int(gtk_bitset_get_size(pointer)) }

    /// How many of the positions `range` it holds (O(ranges)).
    func count(in range: Range<Int>) -> Int {
        guard !range.isEmpty else { return 0 }
        return Int(gtk_bitset_get_size_in_range(pointer, guint(range.lowerBound), guint(range.upperBound - 1)))
    }

    var isEmpty: Bool { gtk_bitset_is_empty(pointer) != 0 }

    /// The largest position, if any.
    var last: Int? { isEmpty ? nil : Int(gtk_bitset_get_maximum(pointer)) }

    func contains(_ position: Int) -> Bool { gtk_bitset_contains(pointer, guint(position)) != 0 }

    func insert(_ position: Int) { gtk_bitset_add(pointer, guint(position)) }

    /// Adds the positions `range` (one range, not one position at a time).
    func insert(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        gtk_bitset_add_range(pointer, guint(range.lowerBound), guint(range.count))
    }

    /// Adds every position of `other`.
    func insert(contentsOf other: Bitset) {
        gtk_bitset_union(pointer, other.pointer)
    }

    /// Whether every position of this set is in `other`.
    func isSubset(of other: Bitset) -> Bool {
        let rest = copy()
        gtk_bitset_subtract(rest.pointer, other.pointer)
        return rest.isEmpty
    }

    /// The positions in this set and not in `other`.
    func subtracting(_ other: Bitset) -> Bitset {
        let result = copy()
        gtk_bitset_subtract(result.pointer, other.pointer)
        return result
    }

    func makeIterator() -> Iterator { Iterator(self) }

    /// The positions from `start` on, below `end`, in ascending order.
    func positions(from start: Int, below end: Int) -> Iterator { Iterator(self, from: start, below: end) }

    /// The positions in ascending order.
    struct Iterator: IteratorProtocol, Sequence {
        private let set: Bitset
        private var iter = GtkBitsetIter()
        private var started = false
        private var done = false
        private let start: Int
        private let end: Int

        init(_ set: Bitset, from start: Int = 0, below end: Int = Int(UInt32.max)) {
            self.set = set
            self.start = start
            self.end = end
        }

        mutating func next() -> Int? {
            guard !done else { return nil }
            var value: guint = 0
            let found: gboolean
            if started {
                found = gtk_bitset_iter_next(&iter, &value)
            } else {
                started = true
                found = start > 0 ? gtk_bitset_iter_init_at(&iter, set.pointer, guint(start), &value)
                                  : gtk_bitset_iter_init_first(&iter, set.pointer, &value)
            }
            done = found == 0 || Int(value) >= end
            return done ? nil : Int(value)
        }
    }
}
