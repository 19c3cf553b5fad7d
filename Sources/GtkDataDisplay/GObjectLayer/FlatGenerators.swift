// The unsafe layer, for whole-state diffing: the generators of a flattened state, in list order.
//
// A state of one section of plain rows is its section's own array (shared, nothing copied). A state
// of several sections was one array made by appending every section's rows: a retain of each of a
// million generators as they were copied, and a release of each when the update dropped the array —
// most of what 26 sections cost a whole-state update over one section of as many rows. Now the flat
// list keeps each section's array (one reference an array) and copies the references in it without
// retaining them: the arrays it keeps hold every one. A single generator appended (a header, a footer,
// a row of an expanded foldable) is retained here.

/// The generators of a flattened state in list order: one array as it is, or the references of
/// several copied unretained, beside the arrays (and single generators) that hold them.
struct FlatGenerators: RandomAccessCollection {
    /// References copied without retains, and what holds them: every reference in `base` is one of
    /// `arrays` or `retained`.
    private final class Storage {
        var base: UnsafeMutablePointer<any RowGenerator>
        var count = 0
        var capacity: Int
        /// The arrays whose references were copied (kept whole: one retain an array).
        var arrays: [[any RowGenerator]] = []
        /// Single generators appended, retained here.
        var retained: [any RowGenerator] = []

        init(capacity: Int) {
            self.capacity = Swift.max(capacity, 16)
            base = .allocate(capacity: self.capacity)
        }

        /// A copy of `other` (its references copied unretained again, what holds them kept too).
        init(copying other: Storage, capacity: Int) {
            self.capacity = Swift.max(capacity, other.count, 16)
            base = .allocate(capacity: self.capacity)
            UnsafeMutableRawPointer(base).copyMemory(from: other.base, byteCount: other.count * MemoryLayout<any RowGenerator>.stride)
            count = other.count
            arrays = other.arrays
            retained = other.retained
        }

        // The references in `base` were never retained by it: freeing the memory releases nothing.
        deinit { base.deallocate() }

        func reserve(_ needed: Int) {
            guard needed > capacity else { return }
            let grown = Swift.max(needed, capacity * 2)
            let moved = UnsafeMutablePointer<any RowGenerator>.allocate(capacity: grown)
            UnsafeMutableRawPointer(moved).copyMemory(from: base, byteCount: count * MemoryLayout<any RowGenerator>.stride)
            base.deallocate()
            base = moved
            capacity = grown
        }

        /// Copies `count` references from `source` without retaining them (the caller keeps what holds them).
        func appendUnretained(_ source: UnsafePointer<any RowGenerator>, count added: Int) {
            reserve(count + added)
            (UnsafeMutableRawPointer(base) + count * MemoryLayout<any RowGenerator>.stride)
                .copyMemory(from: source, byteCount: added * MemoryLayout<any RowGenerator>.stride)
            count += added
        }
    }

    /// A section's own array, while the state is that one array.
    private var array: [any RowGenerator] = []
    /// The copied references, once a state takes more than one array.
    private var storage: Storage?

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { storage?.count ?? array.count }

    subscript(index: Int) -> any RowGenerator {
        guard let storage else { return array[index] }
        precondition(index >= 0 && index < storage.count, "index \(index) out of 0..<\(storage.count)")
        return storage.base[index]
    }

    /// Calls `body` with the generators in one buffer (valid only during the call).
    func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<any RowGenerator>) throws(E) -> R) throws(E) -> R {
        guard let storage else {
            return try array.withUnsafeBufferPointer { buffer throws(E) -> R in try body(buffer) }
        }
        return try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }

    /// Room for `capacity` generators in all.
    mutating func reserveCapacity(_ capacity: Int) {
        uniqueStorage(capacity: capacity).reserve(capacity)
    }

    /// Appends `rows`: while nothing else was appended, this is that array itself; after that its
    /// references are copied unretained, and the array kept.
    mutating func append(contentsOf rows: [any RowGenerator]) {
        if storage == nil && array.isEmpty {
            array = rows
            return
        }
        guard !rows.isEmpty else { return }
        let storage = uniqueStorage(capacity: count + rows.count)
        storage.arrays.append(rows)
        rows.withUnsafeBufferPointer { storage.appendUnretained($0.baseAddress!, count: $0.count) }
    }

    /// Appends one generator (a header, a footer, a row of an expanded foldable), retained here.
    mutating func append(_ generator: any RowGenerator) {
        let storage = uniqueStorage(capacity: count + 1)
        storage.retained.append(generator)
        storage.retained.withUnsafeBufferPointer { storage.appendUnretained($0.baseAddress! + $0.count - 1, count: 1) }
    }

    /// This value's own storage, made (from the shared array, if any) or copied when shared.
    private mutating func uniqueStorage(capacity: Int) -> Storage {
        if storage != nil {
            // Asked before a second reference is bound: `isKnownUniquelyReferenced` counts them all.
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage!, capacity: capacity) }
            return storage!
        }
        // The array so far: kept, its references copied unretained.
        let made = Storage(capacity: Swift.max(capacity, array.count))
        if !array.isEmpty {
            made.arrays.append(array)
            array.withUnsafeBufferPointer { made.appendUnretained($0.baseAddress!, count: $0.count) }
            array = []
        }
        storage = made
        return made
    }
}
