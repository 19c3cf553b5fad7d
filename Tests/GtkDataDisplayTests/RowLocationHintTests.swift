@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Single operations find a row from the place it was last seen (`Row.indexHint`), searching outward;
/// hints go stale as rows are inserted, removed, moved, folded and replaced by whole states. Checked
/// against a plain array model: after every random operation, every row's location and position are
/// what the model says, whatever its hint.
@MainActor
final class RowLocationHintTests: XCTestCase {
    override func tearDown() {
        MainActor.assumeIsolated { Row.endScratchRows() }
        super.tearDown()
    }

    func testLocationsFollowRandomOperationsAgainstAPlainArrayModel() async throws {
        try await locationsFollowRandomOperations()
    }

    /// The same with a section's rows in chunks of three (`RowList`): hints searched across chunks.
    func testLocationsFollowRandomOperationsWithRowsInChunksOfThree() async throws {
        let chunkSize = RowList.defaultChunkSize
        RowList.defaultChunkSize = 3
        defer { RowList.defaultChunkSize = chunkSize }
        try await locationsFollowRandomOperations()
    }

    private func locationsFollowRandomOperations() async throws {
        var rng = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64.max, using: &rng)
        var random = HintTestRandom(seed: seed)
        let manager = BaseListManager()
        var model: [[LabelRow]] = [[], [], []]
        var next = 0
        func fresh() -> LabelRow { next += 1; return LabelRow(model: "r\(next)", id: next) }
        for s in model.indices {
            model[s] = (0..<40).map { _ in fresh() }
            try manager.addSection(header: LabelHeader(model: "h\(s)", id: "h\(s)"), rows: model[s])
        }

        for step in 0..<2_000 {
            let s = random.below(model.count)
            switch random.below(6) {
            case 0, 1:  // insert after a random row
                guard let anchor = model[s].randomElement(using: &random) else { continue }
                let row = fresh()
                try manager.insert(row, after: anchor)
                model[s].insert(row, at: model[s].firstIndex { $0 === anchor }! + 1)
            case 2:  // remove
                guard model[s].count > 1 else { continue }
                let i = random.below(model[s].count)
                try manager.remove(model[s][i])
                model[s].remove(at: i)
            case 3:  // move, maybe to another section
                let t = random.below(model.count)
                guard model[s].count > 1, let anchor = model[t].randomElement(using: &random) else { continue }
                let row = model[s][random.below(model[s].count)]
                guard row !== anchor else { continue }
                try manager.move(row, after: anchor)
                model[s].removeAll { $0 === row }
                model[t].insert(row, at: model[t].firstIndex { $0 === anchor }! + 1)
            case 4:  // a whole new state: new instances, some rows dropped and added
                model = model.map { rows in rows.filter { _ in random.below(8) != 0 }.map { LabelRow(model: $0.model, id: Int($0.model.dropFirst())!) } }
                for t in model.indices where random.below(2) == 0 {
                    model[t].insert(fresh(), at: random.below(model[t].count + 1))
                }
                try manager.setState(model.enumerated().map { Section(header: LabelHeader(model: "h\($0.offset)", id: "h\($0.offset)"), rows: $0.element) })
            default:  // replace a row by a new one
                guard let old = model[s].randomElement(using: &random) else { continue }
                let row = fresh()
                try manager.replace(old, with: row)
                model[s][model[s].firstIndex { $0 === old }!] = row
            }
            // A few rows each step (lookups bring hints up to date, so most hints grow stale over
            // many steps), every row every 50 steps: location and flat position.
            let checkAll = step % 50 == 49
            var position = 0
            for (t, rows) in model.enumerated() {
                position += 1  // the header
                for (i, row) in rows.enumerated() {
                    defer { position += 1 }
                    guard checkAll || random.below(40) == 0 else { continue }
                    // The hint names the row's section and points into the chunk that holds it, however
                    // many rows went in or out before it (an index as the hint drifted with each).
                    let placed = manager.row(of: row)!
                    XCTAssertEqual(placed.sectionHint, manager.state[t].id, "seed \(seed), step \(step): \(row.model)")
                    let drift = abs(manager.state[t].rows.hintedIndex(RowHint(raw: placed.indexHint)) - i)
                    XCTAssertLessThan(drift, 2 * RowList.defaultChunkSize, "seed \(seed), step \(step): \(row.model)")
                    let found = try manager.rowLocation(row)
                    XCTAssertTrue(found == (t, i), "seed \(seed), step \(step): \(row.model) at \(found), model says (\(t), \(i))")
                    XCTAssertEqual(manager.position(of: row), position, "seed \(seed), step \(step): \(row.model)")
                }
            }
            XCTAssertEqual(manager.store.count, position, "seed \(seed), step \(step)")
        }
    }

    /// Hints name sections by id, so sections inserted or removed before a row leave its hint exact,
    /// and the operations that place rows (insert, swap, replace, a new section) record where. A stale
    /// hint is still found — by a scan of the sections, O(n) — so exact hints are what keep single
    /// operations O(log n + k); an index as the hint went stale for every row after the section.
    func testHintsStayExactAcrossSectionChangesSwapsAndReplaces() async throws {
        let manager = ManualListManager()
        var next = 0
        func fresh(_ count: Int) -> [LabelRow] { (0..<count).map { _ in next += 1; return LabelRow(model: "r\(next)", id: next) } }
        func header(_ name: String) -> LabelHeader { LabelHeader(model: name, id: name) }
        let a = fresh(5), b = fresh(5), c = fresh(5)
        try manager.setState([Section(header: header("A"), rows: a), Section(header: header("B"), rows: b),
                              Section(header: header("C"), rows: c)])
        func assertExact(_ step: String, line: UInt = #line) {
            for (s, section) in manager.state.enumerated() {
                for (i, row) in section.rows.enumerated() {
                    XCTAssertEqual(row.sectionHint, section.id, "\(step): \(row.generator.diffKey) names another section", line: line)
                    XCTAssertEqual(section.rows.hintedIndex(RowHint(raw: row.indexHint)), i, "\(step): \(row.generator.diffKey) in section \(s)", line: line)
                }
            }
            XCTAssertEqual(Set(manager.state.map(\.id)).count, manager.state.count, "\(step): two sections share an id", line: line)
        }
        assertExact("setState")
        let z = header("Z")
        try manager.insertSection(Section(header: z, rows: fresh(3)), at: 0)
        assertExact("a section inserted first")
        try manager.removeSection(at: 1)
        assertExact("a section removed before others")
        try manager.swap(b[1], with: c[3])
        assertExact("a swap across sections")
        try manager.swap(c[0], with: b[1])
        assertExact("a swap within a section")
        let x = fresh(1)[0]
        try manager.replace(b[2], with: x)
        assertExact("a replace")
        // Blocks of unequal length swapped in one section (a foldable with its two children shown and
        // a plain row, either way round): the rows between shift, but the swapped rows are exact.
        let children = fresh(2)
        let folder = FoldableRowGenerator<LabelRowView>(model: "f", id: "f", children: children)
        try manager.insert(folder, after: c[4])
        try manager.expand(folder)
        func assertExact(_ generators: [any RowGenerator], _ step: String, line: UInt = #line) {
            for g in generators {
                let row = manager.row(of: g)!
                let (s, i) = try! manager.rowLocation(g)
                XCTAssertEqual(row.sectionHint, manager.state[s].id, "\(step): \(g.diffKey)", line: line)
                XCTAssertEqual(manager.state[s].rows.hintedIndex(RowHint(raw: row.indexHint)), i, "\(step): \(g.diffKey)", line: line)
            }
        }
        try manager.swap(folder, with: c[1])
        assertExact([folder] + children + [c[1]], "a foldable swapped with an earlier row")
        try manager.swap(c[1], with: folder)
        assertExact([folder] + children + [c[1]], "swapped back")
        try manager.insertSection(Section(header: header("Y"), rows: fresh(2)), after: z)
        try manager.insert(fresh(1)[0], after: x)
        XCTAssertEqual(try manager.rowLocation(x).0, 2)
        try manager.remove(x)
        XCTAssertFalse(manager.contains(x))
    }

    func testARowIsFoundFromAnyHint() async {
        let rows = (0..<50).map { Row.scratch(generator: LabelRow(model: "\($0)"), role: .row) }
        let section = SectionState(id: 1, rows: rows)
        for (i, row) in rows.enumerated() {
            for hint in [-5, 0, i, 25, 49, 1_000] {
                XCTAssertEqual(section.index(of: row, hint: RowHint(index: hint)), i, "row \(i) from index hint \(hint)")
                XCTAssertEqual(section.index(of: row, hint: RowHint(serial: 0, offset: max(hint, 0) % 50)), i, "row \(i) from chunk hint \(hint)")
            }
        }
        let stranger = Row.scratch(generator: LabelRow(model: "x"), role: .row)
        XCTAssertNil(section.index(of: stranger, hint: RowHint(index: 10)))
        XCTAssertNil(section.index(of: stranger, hint: RowHint(serial: 0, offset: 10)))
        XCTAssertNil(SectionState(id: 2).index(of: stranger, hint: RowHint(index: 0)))
    }
}

/// A small seeded generator (SplitMix64), so a failure names the seed that reproduces it.
struct HintTestRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
}
