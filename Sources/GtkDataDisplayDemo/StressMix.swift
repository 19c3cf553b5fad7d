// The Stress page's kinds of change: the benchmark's mixes (Sources/GtkDataDisplayBench/Mix.swift),
// written again for the demo, which cannot import the bench target. Each one turns the current
// rows into a new list; the page passes that to the manager as a whole state.

/// One kind of whole-state change, applied to the rows the page shows now.
enum StressMix: String, CaseIterable, Sendable {
    case none
    case update1 = "update-1"
    case update10 = "update-10"
    case append
    case prepend
    case insertDelete = "insert-delete"
    case deleteBlock = "delete-block"
    case rotateLeft = "rotate-left"
    case rotateRight = "rotate-right"
    case swapEnds = "swap-ends"
    case move1 = "move-1"
    case move10 = "move-10"
    case blockMove = "block-move"
    case classic
    case mixed
    case reverse
    case shuffle

    /// The button's text.
    var label: String {
        switch self {
        case .none: "No change"
        case .update1: "Update 1%"
        case .update10: "Update 10%"
        case .append: "Append 1%"
        case .prepend: "Prepend 1%"
        case .insertDelete: "Ins/Del 1%"
        case .deleteBlock: "Delete 5%"
        case .rotateLeft: "Rotate ←"
        case .rotateRight: "Rotate →"
        case .swapEnds: "Swap ends"
        case .move1: "Move 1%"
        case .move10: "Move 10%"
        case .blockMove: "Block move"
        case .classic: "Classic"
        case .mixed: "Mixed"
        case .reverse: "Reverse"
        case .shuffle: "Shuffle"
        }
    }

    /// What it does (the button's tooltip), in the benchmark's words.
    var summary: String {
        switch self {
        case .none: "No change: the same rows again (nothing reaches the store)"
        case .update1: "1% content updates: rows rebound in place, no splice"
        case .update10: "10% content updates: rows rebound in place, no splice"
        case .append: "Append 1% new rows at the end"
        case .prepend: "Prepend 1% new rows at the start"
        case .insertDelete: "1% random deletes + 1% random inserts"
        case .deleteBlock: "One deleted block of 5%"
        case .rotateLeft: "Rotate by one: the first row to the end"
        case .rotateRight: "Rotate by one: the last row to the front"
        case .swapEnds: "Swap the first and last rows"
        case .move1: "1% random moves"
        case .move10: "10% random moves"
        case .blockMove: "One block of 1% moved elsewhere"
        case .classic: "Classic: −10%, +10%, 2% shuffled"
        case .mixed: "5% deletes + 5% inserts + 5% updates + 1% moves"
        case .reverse: "Reverse the whole list"
        case .shuffle: "Full shuffle (every row moves)"
        }
    }

    /// The rows after the change. `make` makes a new row, `update` a changed copy of one (same
    /// identity, new content); `random` decides which rows, so the same seed gives the same result.
    func apply<Row>(to rows: [Row], random: inout SeededRandom, make: () -> Row, update: (Row) -> Row) -> [Row] {
        let n = rows.count
        guard n > 1 || self == .append || self == .prepend else { return rows }
        let onePercent = max(1, n / 100)
        switch self {
        case .none:
            return rows
        case .update1, .update10:
            var result = rows
            for i in Self.distinctIndices(self == .update1 ? onePercent : max(1, n / 10), below: n, &random) {
                result[i] = update(result[i])
            }
            return result
        case .append:
            return rows + (0..<onePercent).map { _ in make() }
        case .prepend:
            return (0..<onePercent).map { _ in make() } + rows
        case .insertDelete:
            let kept = Self.removing(Self.distinctIndices(onePercent, below: n, &random), from: rows)
            return Self.inserting((0..<onePercent).map { _ in make() }, into: kept, &random)
        case .deleteBlock:
            let count = max(1, n / 20)
            let start = Int.random(in: 0...(n - count), using: &random)
            var result = rows
            result.removeSubrange(start..<start + count)
            return result
        case .rotateLeft:
            return Array(rows.dropFirst()) + [rows[0]]
        case .rotateRight:
            return [rows[n - 1]] + rows.dropLast()
        case .swapEnds:
            var result = rows
            result.swapAt(0, n - 1)
            return result
        case .move1, .move10:
            return Self.moving(self == .move1 ? onePercent : max(1, n / 10), of: rows, &random)
        case .blockMove:
            let start = Int.random(in: 0...(n - onePercent), using: &random)
            var rest = rows
            let block = Array(rest[start..<start + onePercent])
            rest.removeSubrange(start..<start + onePercent)
            rest.insert(contentsOf: block, at: Int.random(in: 0...rest.count, using: &random))
            return rest
        case .classic:
            let tenth = max(1, n / 10)
            var result = Self.removing(Self.distinctIndices(tenth, below: n, &random), from: rows)
            result = Self.inserting((0..<tenth).map { _ in make() }, into: result, &random)
            return Self.shufflingSome(max(2, result.count / 50), of: result, &random)
        case .mixed:
            let twentieth = max(1, n / 20)
            var result = Self.removing(Self.distinctIndices(twentieth, below: n, &random), from: rows)
            result = Self.inserting((0..<twentieth).map { _ in make() }, into: result, &random)
            for i in Self.distinctIndices(twentieth, below: result.count, &random) { result[i] = update(result[i]) }
            return Self.moving(max(1, result.count / 100), of: result, &random)
        case .reverse:
            return Array(rows.reversed())
        case .shuffle:
            return rows.shuffled(using: &random)
        }
    }

    // MARK: Helpers

    /// `count` different indices in `0..<bound`, in ascending order.
    static func distinctIndices(_ count: Int, below bound: Int, _ random: inout SeededRandom) -> [Int] {
        let count = min(count, bound)
        var chosen = Set<Int>(minimumCapacity: count)
        while chosen.count < count { chosen.insert(Int.random(in: 0..<bound, using: &random)) }
        return chosen.sorted()
    }

    /// `rows` without the rows at `indices`.
    static func removing<Row>(_ indices: [Int], from rows: [Row]) -> [Row] {
        var drop = [Bool](repeating: false, count: rows.count)
        for i in indices { drop[i] = true }
        var result: [Row] = []
        result.reserveCapacity(rows.count - indices.count)
        for (i, row) in rows.enumerated() where !drop[i] { result.append(row) }
        return result
    }

    /// `rows` with `new` rows put in at random places (in one pass, not one insert each).
    static func inserting<Row>(_ new: [Row], into rows: [Row], _ random: inout SeededRandom) -> [Row] {
        let places = new.map { _ in Int.random(in: 0...rows.count, using: &random) }
        let order = places.indices.sorted { places[$0] != places[$1] ? places[$0] < places[$1] : $0 < $1 }
        var result: [Row] = []
        result.reserveCapacity(rows.count + new.count)
        var next = 0
        for (i, row) in rows.enumerated() {
            while next < order.count, places[order[next]] == i { result.append(new[order[next]]); next += 1 }
            result.append(row)
        }
        while next < order.count { result.append(new[order[next]]); next += 1 }
        return result
    }

    /// `rows` with `count` random rows taken out and put back at random places.
    static func moving<Row>(_ count: Int, of rows: [Row], _ random: inout SeededRandom) -> [Row] {
        let indices = distinctIndices(count, below: rows.count, &random)
        let moved = indices.map { rows[$0] }
        return inserting(moved, into: removing(indices, from: rows), &random)
    }

    /// `rows` with the rows at `count` random places shuffled among those places.
    static func shufflingSome<Row>(_ count: Int, of rows: [Row], _ random: inout SeededRandom) -> [Row] {
        let indices = distinctIndices(count, below: rows.count, &random)
        let shuffled = indices.shuffled(using: &random)
        var result = rows
        for (to, from) in zip(indices, shuffled) { result[to] = rows[from] }
        return result
    }
}
