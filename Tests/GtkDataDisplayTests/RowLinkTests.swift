@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A manager finds the row of a generator through the link the generator carries (`RowLink`), or
/// through its table for generators that carry none or that another manager links. Checked against
/// the manager's own flat list after every step of random operations on two managers sharing
/// generators of both kinds, including failed batches, clears and a manager going away.
@MainActor
final class RowLinkTests: XCTestCase {
    /// Whether every generator of `universe` is found exactly where `manager` shows it, and nowhere else.
    private func assertLookups(_ manager: BaseListManager, _ universe: [any RowGenerator], _ step: String,
                               file: StaticString = #filePath, line: UInt = #line) {
        let shown = manager.flatGenerators
        var position: [ObjectIdentifier: Int] = [:]
        for (index, g) in shown.enumerated() { position[ObjectIdentifier(g)] = index }
        for g in universe {
            let expected = position[ObjectIdentifier(g)]
            XCTAssertEqual(manager.contains(g), expected != nil, "\(step): contains(\(g.diffID))", file: file, line: line)
            XCTAssertEqual(manager.position(of: g), expected, "\(step): position(of: \(g.diffID))", file: file, line: line)
            XCTAssertTrue(manager.row(of: g).map { $0.generator === g } ?? (expected == nil),
                          "\(step): the row found for \(g.diffID) shows another generator", file: file, line: line)
        }
    }

    func testLinksAndTheTableAgreeWithTheShownRowsThroughRandomOperations() async throws {
        var rng = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64.max, using: &rng)
        var random = HintTestRandom(seed: seed)
        // Ids 0..<60, each twice: a linked generator and a plain one (never in one manager together).
        let linked: [any RowGenerator] = (0..<60).map { LabelRow(model: "l\($0)", id: $0) }
        let plain: [any RowGenerator] = (0..<60).map { PlainRow(id: $0) }
        let universe = linked + plain
        var managers = [BaseListManager(), BaseListManager()]
        func pick(_ m: BaseListManager, shown: Bool) -> (any RowGenerator)? {
            let candidates = shown ? m.flatGenerators : (0..<60).compactMap { id -> (any RowGenerator)? in
                guard !m.contains(linked[id]), !m.contains(plain[id]) else { return nil }
                return random.below(2) == 0 ? linked[id] : plain[id]
            }
            return candidates.isEmpty ? nil : candidates[random.below(candidates.count)]
        }
        for step in 0..<3_000 {
            let which = random.below(2)
            let m = managers[which]
            let label = "seed \(seed), step \(step), manager \(which)"
            switch random.below(9) {
            case 0:  // a whole state: some ids, each shown by either generator, in random order
                var ids = Array(0..<60).filter { _ in random.below(3) == 0 }
                ids.shuffle(using: &random)
                let gens = ids.map { random.below(2) == 0 ? linked[$0] : plain[$0] }
                try m.setState([Section(rows: gens)])
            case 1, 2:  // insert a generator the manager does not show
                guard let new = pick(m, shown: false) else { continue }
                if let anchor = pick(m, shown: true) {
                    try m.insert(new, after: anchor)
                } else {
                    try m.add(new)
                }
            case 3:
                guard let g = pick(m, shown: true) else { continue }
                try m.remove(g)
            case 4:
                guard let g = pick(m, shown: true), let anchor = pick(m, shown: true), g !== anchor else { continue }
                try m.move(g, after: anchor)
            case 5:  // replace a row by the other generator of its id
                guard let g = pick(m, shown: true) else { continue }
                let id = g.diffID.base as! Int
                try m.replace(g, with: g === linked[id] ? plain[id] : linked[id])
            case 6:  // a batch that fails halfway: nothing of it stays
                guard let g = pick(m, shown: true), let new = pick(m, shown: false) else { continue }
                let before = m.flatGenerators
                XCTAssertThrowsError(try m.batch {
                    try m.remove(g)
                    try m.add(new)
                    try m.add(new)  // a generator stands once: the batch fails
                }, label)
                XCTAssertTrue(m.flatGenerators.elementsEqual(before, by: ===), "\(label): the failed batch left changes")
            case 7:
                if random.below(4) == 0 {
                    m.clear()
                } else if let g = pick(m, shown: true) {
                    try m.update(g)
                }
            default:  // the manager goes away; a new one takes its place (links it wrote no longer hold)
                guard random.below(10) == 0 else { continue }
                managers[which] = BaseListManager()
            }
            assertStoreMatchesManager(managers[which])
            for manager in managers { assertLookups(manager, universe, label) }
        }
    }

    func testAGeneratorShownByTwoManagersIsFoundInBoth() async throws {
        let shared = rows("a", "b", "c")
        let first = BaseListManager(), second = BaseListManager()
        try first.setState([Section(rows: shared)])
        try second.setState([Section(rows: [shared[2], shared[0]])])
        // The first manager linked them; the second keeps its rows of them in its table.
        XCTAssertEqual(first.position(of: shared[2]), 2)
        XCTAssertEqual(second.position(of: shared[2]), 0)
        try first.remove(shared[2])
        XCTAssertFalse(first.contains(shared[2]))
        XCTAssertEqual(second.position(of: shared[2]), 0)
        try second.insert(shared[1], after: shared[0])
        XCTAssertEqual(second.flatGenerators.map { ($0 as! LabelRow).model }, ["c", "a", "b"])
        XCTAssertEqual(first.position(of: shared[1]), 1)
    }

    func testLinksOfAManagerThatIsGoneOrMovedOnCanBeClaimed() async throws {
        let row = LabelRow(model: "a", id: 1)
        func linkedStamp() -> UInt32? { RowLinks.link(of: row)?.stamp }
        var first: BaseListManager? = BaseListManager()
        try first!.setState([Section(rows: [row])])
        XCTAssertEqual(linkedStamp(), first!.linkStamp)
        let second = BaseListManager()
        try second.setState([Section(rows: [row])])
        XCTAssertEqual(linkedStamp(), first!.linkStamp, "a link another live manager holds is not taken")
        try first!.setState([])
        try second.setState([Section(rows: [row])])
        XCTAssertEqual(linkedStamp(), second.linkStamp, "the first manager's link went stale: the second claims it")
        try first!.setState([Section(rows: [LabelRow(model: "b", id: 2), row])])
        XCTAssertEqual(first!.position(of: row), 1)
        XCTAssertEqual(linkedStamp(), second.linkStamp)
        first = nil
        let third = BaseListManager()
        try third.setState([Section(rows: [row])])
        XCTAssertEqual(linkedStamp(), second.linkStamp)
        try second.remove(row)
        XCTAssertEqual(linkedStamp(), 0, "a row leaving frees its link")
        XCTAssertEqual(third.position(of: row), 0)
        XCTAssertFalse(second.contains(row))
    }

    /// No stamp is handed out twice: once all are, a manager stops linking and finds its rows
    /// through its table (slower, never stale).
    func testAManagerLeftWithoutAStampFindsItsRowsThroughItsTable() async throws {
        let rows = (0..<5).map { LabelRow(model: "r\($0)", id: $0) }
        let manager = BaseListManager()
        let saved = RowLinks.lastStamp
        // Of the stamps after `saved`, only the last is handed out here: going back hands out none twice.
        defer { RowLinks.lastStamp = saved }
        RowLinks.lastStamp = .max - 1
        try manager.setState([Section(rows: rows)])
        XCTAssertEqual(manager.linkStamp, .max)
        XCTAssertEqual(RowLinks.link(of: rows[3])?.stamp, .max)
        try manager.setState([Section(rows: rows.reversed())])
        XCTAssertEqual(manager.linkStamp, 0, "no stamp left: the manager does not link")
        XCTAssertEqual(RowLinks.newStamp(), 0)
        XCTAssertEqual(manager.position(of: rows[3]), 1)
        try manager.remove(rows[4])
        try manager.insert(LabelRow(model: "new", id: 9), after: rows[1])
        try manager.move(rows[0], after: rows[3])
        XCTAssertEqual(manager.flatGenerators.map { ($0 as! LabelRow).model }, ["r3", "r0", "r2", "r1", "new"])
        XCTAssertEqual(manager.position(of: rows[1]), 3)
        let other = BaseListManager()
        try other.setState([Section(rows: [rows[2]])])
        XCTAssertEqual(other.position(of: rows[2]), 0)
        XCTAssertEqual(manager.position(of: rows[2]), 2)
    }

    func testOnlyTheLibrarysGeneratorClassesCarryALink() async {
        XCTAssertNotNil(RowLinks.link(of: LabelRow(model: "r", id: 1)))
        XCTAssertNotNil(RowLinks.link(of: LabelHeader(model: "h", id: 1)))
        XCTAssertNotNil(RowLinks.link(of: FoldableRowGenerator<LabelRowView>(model: "f", id: 1, children: [])))
        XCTAssertNil(RowLinks.link(of: PlainRow(id: 1)))
    }
}
