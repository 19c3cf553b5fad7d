// Whole-state diffing: the generators of a flattened state, in list order.
//
// A state is most often its sections' own arrays one after the other. Copying them into one array
// retained every generator as it was copied and released each when the update dropped the array —
// most of what 26 sections cost a whole-state update over one section of as many rows. So the flat
// list keeps the arrays it was given as they are (one reference an array), and the passes over every
// row walk them one after the other. Generators appended one at a time (headers, footers, the rows of
// an expanded foldable) go into arrays of its own between them.

/// The generators of a flattened state in list order, kept as the arrays they came in.
struct FlatGenerators: RandomAccessCollection {
    /// The generators, a part after the other: an array given whole (a section's rows), or one of
    /// this value's own (generators appended one at a time). No part is empty.
    private var parts: [[any RowGenerator]] = []
    /// `starts[k]`: the list index of the first generator of `parts[k]`.
    private var starts: [Int] = []
    /// Whether the last part is this value's own (the next single generator joins it).
    private var lastPartIsOwn = false
    private(set) var endIndex = 0

    init() {}

    var startIndex: Int { 0 }

    subscript(index: Int) -> any RowGenerator {
        precondition(index >= 0 && index < endIndex, "index \(index) out of 0..<\(endIndex)")
        let k = part(holding: index)
        return parts[k][index - starts[k]]
    }

    func makeIterator() -> Iterator { Iterator(parts: parts) }

    /// Walks the parts in order.
    struct Iterator: IteratorProtocol {
        fileprivate let parts: [[any RowGenerator]]
        private var part = 0
        private var offset = 0

        fileprivate init(parts: [[any RowGenerator]]) { self.parts = parts }

        mutating func next() -> (any RowGenerator)? {
            guard part < parts.count else { return nil }
            defer {
                offset += 1
                if offset == parts[part].count { part += 1; offset = 0 }
            }
            return parts[part][offset]
        }
    }

    /// Calls `body` with each part's generators, in a buffer valid during the call, and the list index
    /// of its first, in order, until `body` returns false; returns false when it did. (Reading an
    /// element of a buffer does not retain it, as reading one of an array does.)
    func forEachPart<E: Error>(_ body: (UnsafeBufferPointer<any RowGenerator>, Int) throws(E) -> Bool) throws(E) -> Bool {
        for k in parts.indices {
            let goOn = try parts[k].withUnsafeBufferPointer { buffer throws(E) -> Bool in try body(buffer, starts[k]) }
            if !goOn { return false }
        }
        return true
    }

    /// Appends `rows`, kept as the array they are.
    mutating func append(contentsOf rows: [any RowGenerator]) {
        guard !rows.isEmpty else { return }
        parts.append(rows)
        starts.append(endIndex)
        endIndex += rows.count
        lastPartIsOwn = false
    }

    /// Appends one generator (a header, a footer, a row of an expanded foldable).
    mutating func append(_ generator: any RowGenerator) {
        if lastPartIsOwn {
            parts[parts.count - 1].append(generator)
        } else {
            parts.append([generator])
            starts.append(endIndex)
            lastPartIsOwn = true
        }
        endIndex += 1
    }

    /// The part holding list index `index` (< endIndex).
    private func part(holding index: Int) -> Int {
        if parts.count == 1 { return 0 }
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
