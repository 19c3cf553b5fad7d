// Seeded inputs: the same old list for every mix of a size, and the new list the mix makes of it.
// Identical for every contender and every process (see SeededRandom).

/// One input: old and new rows as ids plus a content version (a changed version = changed content).
struct BenchInput: Sendable {
    let mix: Mix
    let size: Int
    let oldIDs: [Int]
    let oldContent: [Int]
    let newIDs: [Int]
    let newContent: [Int]

    /// The old list every mix starts from: ids 0..<n, content 0.
    static func oldRows(size: Int) -> (ids: [Int], content: [Int]) {
        (Array(0..<size), [Int](repeating: 0, count: size))
    }

    /// Builds the input for `mix` at `size` from the run's base seed.
    static func make(mix: Mix, size: Int, seed: UInt64) -> BenchInput {
        let old = oldRows(size: size)
        var rows = Rows(ids: old.ids, content: old.content, nextID: size)
        var rng = SeededRandom(base: seed, mix: mix.ordinal, size: size)
        let n = size
        let onePercent = max(1, n / 100)
        switch mix {
        case .none: break
        case .update1: rows.update(rows.pick(onePercent, &rng, oldRowsOnly: n))
        case .update10: rows.update(rows.pick(max(1, n / 10), &rng, oldRowsOnly: n))
        case .append: rows.insertNew(onePercent, at: rows.ids.count)
        case .prepend: rows.insertNew(onePercent, at: 0)
        case .insertDelete:
            rows.delete(rng.distinctIndices(onePercent, in: rows.ids.count))
            rows.insertNewAtRandom(onePercent, &rng)
        case .deleteBlock:
            let length = max(1, n / 20)
            let start = rng.below(n - length + 1)
            rows.delete(Array(start..<(start + length)))
        case .rotateLeft: rows.moveOne(from: 0, to: rows.ids.count - 1)
        case .rotateRight: rows.moveOne(from: rows.ids.count - 1, to: 0)
        case .swapEnds:
            rows.ids.swapAt(0, rows.ids.count - 1)
            rows.content.swapAt(0, rows.content.count - 1)
        case .move1: rows.moveRandom(onePercent, &rng)
        case .move10: rows.moveRandom(max(1, n / 10), &rng)
        case .blockMove: rows.moveBlock(length: onePercent, &rng)
        case .classic:
            rows.delete(rng.distinctIndices(max(1, n / 10), in: rows.ids.count))
            rows.insertNewAtRandom(max(1, n / 10), &rng)
            rows.shuffleSome(max(2, n / 50), &rng)
        case .mixed:
            let fivePercent = max(1, n / 20)
            rows.delete(rng.distinctIndices(fivePercent, in: rows.ids.count))
            rows.insertNewAtRandom(fivePercent, &rng)
            rows.update(rows.pick(fivePercent, &rng, oldRowsOnly: n))
            rows.moveRandom(onePercent, &rng)
        case .reverse:
            rows.ids.reverse()
            rows.content.reverse()
        case .shuffle:
            var order = Array(0..<n)
            rng.shuffle(&order)
            rows.ids = order.map { rows.ids[$0] }
            rows.content = order.map { rows.content[$0] }
        }
        // The new lists in buffers of their own, as an app's new state always is: a mix that leaves the
        // ids (none, updates) or the content alone would otherwise share the old list's buffer, and a
        // diff comparing the two would read one array twice (half the memory traffic of a real update).
        return BenchInput(mix: mix, size: size, oldIDs: old.ids, oldContent: old.content,
                          newIDs: Self.ownCopy(rows.ids), newContent: Self.ownCopy(rows.content))
    }

    /// `array`'s elements in a new buffer (never shared with another array).
    private static func ownCopy(_ array: [Int]) -> [Int] {
        [Int](unsafeUninitializedCapacity: array.count) { buffer, count in
            _ = buffer.initialize(fromContentsOf: array)
            count = array.count
        }
    }
}

/// A list being edited into the new list.
private struct Rows {
    var ids: [Int]
    var content: [Int]
    var nextID: Int

    /// `k` random positions; with `oldRowsOnly`, only rows whose id is below it (rows of the old list).
    func pick(_ k: Int, _ rng: inout SeededRandom, oldRowsOnly limit: Int) -> [Int] {
        let candidates = ids.indices.filter { ids[$0] < limit }
        return rng.distinctIndices(k, in: candidates.count).map { candidates[$0] }
    }

    mutating func update(_ positions: [Int]) {
        for p in positions { content[p] += 1 }
    }

    mutating func delete(_ positions: [Int]) {
        var gone = [Bool](repeating: false, count: ids.count)
        for p in positions { gone[p] = true }
        var keptIDs: [Int] = [], keptContent: [Int] = []
        keptIDs.reserveCapacity(ids.count)
        keptContent.reserveCapacity(ids.count)
        for i in ids.indices where !gone[i] {
            keptIDs.append(ids[i])
            keptContent.append(content[i])
        }
        ids = keptIDs
        content = keptContent
    }

    /// Inserts `rows` (id, content) at the given positions of the current list (0...count), merged in order.
    mutating func insert(_ rows: [(id: Int, content: Int)], at positions: [Int]) {
        let order = positions.indices.sorted { positions[$0] < positions[$1] }
        var newIDs: [Int] = [], newContent: [Int] = []
        newIDs.reserveCapacity(ids.count + rows.count)
        newContent.reserveCapacity(ids.count + rows.count)
        var next = 0
        for i in 0...ids.count {
            while next < order.count && positions[order[next]] == i {
                newIDs.append(rows[order[next]].id)
                newContent.append(rows[order[next]].content)
                next += 1
            }
            if i < ids.count {
                newIDs.append(ids[i])
                newContent.append(content[i])
            }
        }
        ids = newIDs
        content = newContent
    }

    mutating func freshRows(_ k: Int) -> [(id: Int, content: Int)] {
        defer { nextID += k }
        return (0..<k).map { (nextID + $0, 0) }
    }

    mutating func insertNew(_ k: Int, at position: Int) {
        let rows = freshRows(k)
        insert(rows, at: [Int](repeating: position, count: k))
    }

    mutating func insertNewAtRandom(_ k: Int, _ rng: inout SeededRandom) {
        let rows = freshRows(k)
        let positions = (0..<k).map { _ in rng.below(ids.count + 1) }
        insert(rows, at: positions)
    }

    mutating func moveOne(from: Int, to: Int) {
        let id = ids.remove(at: from), c = content.remove(at: from)
        ids.insert(id, at: to)
        content.insert(c, at: to)
    }

    /// Takes `k` random rows out and puts each back at a random position.
    mutating func moveRandom(_ k: Int, _ rng: inout SeededRandom) {
        let picked = rng.distinctIndices(k, in: ids.count)
        let rows = picked.map { (id: ids[$0], content: content[$0]) }
        delete(picked)
        let positions = (0..<rows.count).map { _ in rng.below(ids.count + 1) }
        insert(rows, at: positions)
    }

    /// Moves one block of `length` rows to another random place.
    mutating func moveBlock(length: Int, _ rng: inout SeededRandom) {
        let n = ids.count
        let start = rng.below(n - length + 1)
        let block = (start..<(start + length)).map { (id: ids[$0], content: content[$0]) }
        delete(Array(start..<(start + length)))
        var target = rng.below(ids.count + 1)
        if target == start { target = (target + ids.count / 2 + 1) % (ids.count + 1) }
        insert(block, at: [Int](repeating: target, count: length))
    }

    /// Permutes the rows at `k` random positions among those positions.
    mutating func shuffleSome(_ k: Int, _ rng: inout SeededRandom) {
        let positions = rng.distinctIndices(k, in: ids.count)
        var order = positions
        rng.shuffle(&order)
        let movedIDs = order.map { ids[$0] }, movedContent = order.map { content[$0] }
        for (slot, p) in positions.enumerated() {
            ids[p] = movedIDs[slot]
            content[p] = movedContent[slot]
        }
    }
}
