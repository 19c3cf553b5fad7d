// The kinds of change the benchmark applies: one name per mix, as `--mixes` takes them.

/// One kind of whole-state change, from the old list (ids 0..<n, content 0) to a new list.
enum Mix: String, CaseIterable, Sendable {
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

    /// What the mix does, for `--help` and the report.
    var summary: String {
        switch self {
        case .none: return "no change"
        case .update1: return "1% content updates"
        case .update10: return "10% content updates"
        case .append: return "append k = 1% rows"
        case .prepend: return "prepend k = 1% rows"
        case .insertDelete: return "1% random deletes + 1% random inserts"
        case .deleteBlock: return "one deleted block of 5%"
        case .rotateLeft: return "rotate by one: first row to the end"
        case .rotateRight: return "rotate by one: last row to the front"
        case .swapEnds: return "swap first and last"
        case .move1: return "1% random moves"
        case .move10: return "10% random moves"
        case .blockMove: return "one block of 1% moved elsewhere"
        case .classic: return "classic: -10%, +10%, 2% shuffled"
        case .mixed: return "5% deletes + 5% inserts + 5% updates + 1% moves"
        case .reverse: return "reverse"
        case .shuffle: return "full shuffle"
        }
    }

    /// The nominal share of rows the mix changes (for the "< 10% change" goal).
    var changedShare: Double {
        switch self {
        case .none: return 0
        case .update1, .append, .prepend, .move1, .blockMove: return 0.01
        case .insertDelete: return 0.02
        case .deleteBlock: return 0.05
        case .rotateLeft, .rotateRight, .swapEnds: return 0.0001
        case .update10, .move10: return 0.10
        case .mixed: return 0.16
        case .classic: return 0.22
        case .reverse, .shuffle: return 1
        }
    }

    /// Whether the mix changes fewer than 10% of the rows.
    var isSmallChange: Bool { changedShare < 0.10 }

    /// The mixes issue 12 lists for its "< 10% change" goal, in its words: none, 1% updates, append,
    /// prepend, 1% inserts/deletes, a deleted block, rotate (both ways), swap of the ends, 1% moves,
    /// a block move. The same set as `isSmallChange` (the report says so if they ever differ).
    static let issueSmallChanges: [Mix] = [
        .none, .update1, .append, .prepend, .insertDelete, .deleteBlock,
        .rotateLeft, .rotateRight, .swapEnds, .move1, .blockMove,
    ]

    /// The mixes whose plan issue 12 wants in O(changed + log n) rather than O(n) hashing:
    /// rotate by one, swap of the ends, append/prepend and block moves.
    static let issueNoHashing: [Mix] = [.rotateLeft, .rotateRight, .swapEnds, .append, .prepend, .blockMove]

    /// Position in `allCases` (part of the seed).
    var ordinal: Int { Mix.allCases.firstIndex(of: self)! }
}
