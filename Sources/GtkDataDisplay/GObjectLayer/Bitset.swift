import CGtk

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

    /// How many positions it holds.
    var count: Int { Int(gtk_bitset_get_size(pointer)) }

    var isEmpty: Bool { gtk_bitset_is_empty(pointer) != 0 }

    /// The largest position, if any.
    var last: Int? { isEmpty ? nil : Int(gtk_bitset_get_maximum(pointer)) }

    func contains(_ position: Int) -> Bool { gtk_bitset_contains(pointer, guint(position)) != 0 }

    func insert(_ position: Int) { gtk_bitset_add(pointer, guint(position)) }

    /// The positions in this set and not in `other`.
    func subtracting(_ other: Bitset) -> Bitset {
        let result = Bitset(adopting: gtk_bitset_copy(pointer))
        gtk_bitset_subtract(result.pointer, other.pointer)
        return result
    }

    func makeIterator() -> Iterator { Iterator(self) }

    /// The positions in ascending order.
    struct Iterator: IteratorProtocol {
        private let set: Bitset
        private var iter = GtkBitsetIter()
        private var started = false
        private var done = false

        init(_ set: Bitset) { self.set = set }

        mutating func next() -> Int? {
            guard !done else { return nil }
            var value: guint = 0
            let found: gboolean
            if started {
                found = gtk_bitset_iter_next(&iter, &value)
            } else {
                started = true
                found = gtk_bitset_iter_init_first(&iter, set.pointer, &value)
            }
            done = found == 0
            return done ? nil : Int(value)
        }
    }
}
