// The seeded change mixes of benchmarks.md, turned into old → new list generators for the tests.

/// A way of turning an old list into a new one.
enum Mix: CaseIterable {
    case noChange, updates1, updates10, append, prepend, randomInsertsAndDeletes, deletedBlock
    case rotateLeft, rotateRight, swapFirstAndLast, moves1, moves10, blockMove
    case classic, deletesInsertsUpdatesMoves, reverse, fullShuffle

    /// A list of `count` rows with distinct, non-consecutive ids.
    static func oldList(count: Int) -> [Row] { (0..<count).map { Row(id: $0 * 3 + 1, version: 0) } }

    /// The new list for `old`; fresh ids never collide with old ones or each other.
    func apply(to old: [Row], rng: inout SplitMix64) -> [Row] {
        var list = old
        var fresh = FreshRows()
        let n = old.count
        switch self {
        case .noChange:
            break
        case .updates1:
            list.updateRandomly(percent: 1, rng: &rng)
        case .updates10:
            list.updateRandomly(percent: 10, rng: &rng)
        case .append:
            list += fresh.take(Swift.max(1, n / 10))
        case .prepend:
            list = fresh.take(Swift.max(1, n / 10)) + list
        case .randomInsertsAndDeletes:
            list.deleteRandomly(percent: 10, rng: &rng)
            list.insertRandomly(fresh.take(changeCount(percent: 10, of: n)), rng: &rng)
        case .deletedBlock:
            guard n > 0 else { break }
            let length = 1 + rng.below(n)
            let start = rng.below(n - length + 1)
            list.removeSubrange(start..<(start + length))
        case .rotateLeft:
            if n > 0 { list.append(list.removeFirst()) }
        case .rotateRight:
            if n > 0 { list.insert(list.removeLast(), at: 0) }
        case .swapFirstAndLast:
            if n > 1 { list.swapAt(0, n - 1) }
        case .moves1:
            list.moveRandomly(count: changeCount(percent: 1, of: n), rng: &rng)
        case .moves10:
            list.moveRandomly(count: changeCount(percent: 10, of: n), rng: &rng)
        case .blockMove:
            guard n > 1 else { break }
            let length = 1 + rng.below(Swift.max(1, n / 4))
            let start = rng.below(n - length + 1)
            let block = list[start..<(start + length)]
            list.removeSubrange(start..<(start + length))
            list.insert(contentsOf: block, at: rng.below(list.count + 1))
        case .classic:
            list.deleteRandomly(percent: 10, rng: &rng)
            list.insertRandomly(fresh.take(changeCount(percent: 10, of: n)), rng: &rng)
            list.moveRandomly(count: changeCount(percent: 2, of: n), rng: &rng)
        case .deletesInsertsUpdatesMoves:
            list.deleteRandomly(percent: 5, rng: &rng)
            list.insertRandomly(fresh.take(changeCount(percent: 5, of: n)), rng: &rng)
            list.updateRandomly(percent: 5, rng: &rng)
            list.moveRandomly(count: changeCount(percent: 1, of: n), rng: &rng)
        case .reverse:
            list.reverse()
        case .fullShuffle:
            list.shuffleFisherYates(rng: &rng)
        }
        return list
    }

    /// percent % of n rows, at least one when the list is not empty.
    private func changeCount(percent: Int, of n: Int) -> Int { n == 0 ? 0 : Swift.max(1, n * percent / 100) }
}

/// Hands out rows with ids no old list uses (old ids are 3k + 1; fresh ones are 3k + 2).
struct FreshRows {
    private var next = 2

    mutating func take(_ count: Int) -> [Row] {
        (0..<count).map { _ in
            defer { next += 3 }
            return Row(id: next + 3_000_000_000, version: 0)
        }
    }
}

extension Array where Element == Row {
    mutating func updateRandomly(percent: Int, rng: inout SplitMix64) {
        for index in indices where rng.chance(percent: percent) { self[index].version += 1 }
    }

    mutating func deleteRandomly(percent: Int, rng: inout SplitMix64) {
        var kept: [Row] = []
        for row in self where !rng.chance(percent: percent) { kept.append(row) }
        self = kept
    }

    mutating func insertRandomly(_ newRows: [Row], rng: inout SplitMix64) {
        for row in newRows { insert(row, at: rng.below(count + 1)) }
    }

    /// Removes a random row and reinserts it at a random position, `count` times.
    mutating func moveRandomly(count moves: Int, rng: inout SplitMix64) {
        guard count > 1 else { return }
        for _ in 0..<moves {
            let row = remove(at: rng.below(count))
            insert(row, at: rng.below(count + 1))
        }
    }

    mutating func shuffleFisherYates(rng: inout SplitMix64) {
        guard count > 1 else { return }
        for index in stride(from: count - 1, to: 0, by: -1) { swapAt(index, rng.below(index + 1)) }
    }
}
