@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// `RowList` (a section's rows in chunks) against a plain array: random edits with chunks of a few
/// rows, so every edit crosses, splits, empties or appends to chunks; after each, the same rows in the
/// same order, lookups by identity that agree, short chunks, and removed rows freed.
@MainActor
final class RowListTests: XCTestCase {
    override func tearDown() {
        MainActor.assumeIsolated { Row.endScratchRows() }
        super.tearDown()
    }

    private var next = 0

    private func rows(_ n: Int) -> [Row] {
        (0..<n).map { _ in
            next += 1
            return Row.scratch(generator: LabelRow(model: "r\(next)", id: next), role: .row)
        }
    }

    /// `rows`, each given its index as its hint (what a whole-state update does).
    @discardableResult
    private func numbered(_ rows: [Row]) -> [Row] {
        for (i, row) in rows.enumerated() { row.indexHint = RowHint(index: i).raw }
        return rows
    }

    private func assertSame(_ list: RowList, _ model: [Row], _ context: @autoclosure () -> String,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(list.count, model.count, context(), file: file, line: line)
        XCTAssertTrue(Array(list).elementsEqual(model, by: ===), "iteration: \(context())", file: file, line: line)
        XCTAssertTrue(list.array.elementsEqual(model, by: ===), "array: \(context())", file: file, line: line)
        for i in model.indices where !(list[i] === model[i]) {
            XCTFail("subscript \(i): \(context())", file: file, line: line)
            return
        }
        XCTAssertTrue(list.chunkCounts.allSatisfy { $0 > 0 && $0 <= 2 * list.chunkSize } || list.chunkCounts.count == 1,
                      "chunks \(list.chunkCounts): \(context())", file: file, line: line)
        XCTAssertEqual(list.chunkCounts.reduce(0, +), model.count, context(), file: file, line: line)
    }

    /// The rows two lists share at either end (what a batch's end reads instead of every row), and
    /// copies of a range, against the arrays they model.
    private func assertCommonRuns(_ a: RowList, _ modelA: [Row], _ b: RowList, _ modelB: [Row], _ context: String,
                                  file: StaticString = #filePath, line: UInt = #line) {
        let prefix = zip(modelA, modelB).prefix { $0 === $1 }.count
        let suffix = zip(modelA.reversed(), modelB.reversed()).prefix { $0 === $1 }.count
        XCTAssertEqual(a.commonPrefixCount(with: b), prefix, "prefix: \(context)", file: file, line: line)
        XCTAssertEqual(b.commonPrefixCount(with: a), prefix, "prefix the other way: \(context)", file: file, line: line)
        let rest = min(modelA.count, modelB.count) - prefix
        for limit in [0, 1, 4, rest, Int.max] {
            XCTAssertEqual(a.commonSuffixCount(with: b, limit: limit), min(suffix, limit), "suffix up to \(limit): \(context)", file: file, line: line)
            XCTAssertEqual(b.commonSuffixCount(with: a, limit: limit), min(suffix, limit), "suffix the other way up to \(limit): \(context)",
                           file: file, line: line)
        }
        let start = Int.random(in: 0...modelB.count), end = Int.random(in: start...modelB.count)
        XCTAssertTrue(b.rows(in: start..<end).elementsEqual(modelB[start..<end], by: ===), "rows(in: \(start)..<\(end)): \(context)",
                      file: file, line: line)
    }

    /// A copy of a long list in chunks with one edit in it, at and around chunk boundaries: the rows
    /// both hold at either end, counted right whether the chunks around the edit are shared or copied.
    /// (That shared chunks are passed without reading their rows changes no count, so no test here
    /// sees it; the audit's `batch { insert after }` line does.)
    func testACopyWithOneEditCountsTheRowsBothHoldAtEitherEnd() async {
        let all = rows(5_000)
        var list = RowList(all, chunkSize: 64)
        list.insert(rows(1)[0], at: 0)  // split into chunks of 64
        XCTAssertGreaterThan(list.chunkCounts.count, 50, "in chunks: \(list.chunkCounts.count)")
        for at in [0, 1, 63, 64, 65, 2_500, 4_999, 5_001] {
            var edited = list
            let inserted = rows(2)
            edited.replaceSubrange(at..<min(at + 1, list.count), with: inserted)
            var model = Array(list)
            model.replaceSubrange(at..<min(at + 1, model.count), with: inserted)
            assertSame(edited, model, "edit at \(at)")
            assertCommonRuns(list, Array(list), edited, model, "edit at \(at)")
            XCTAssertEqual(list.commonPrefixCount(with: edited), at, "edit at \(at)")
        }
        XCTAssertEqual(list.commonPrefixCount(with: list), list.count, "a list and itself")
        XCTAssertEqual(list.commonSuffixCount(with: list, limit: 100), 100, "a list and itself, up to a limit")
    }

    /// Chunks of very different lengths (most rows removed from one half of the list, then the other):
    /// every index still reaches its row, wherever the first guess of its chunk lands.
    func testEveryRowIsFoundAmongChunksOfVeryDifferentLengths() async {
        for thinnedHalf in 0..<2 {
            var model = rows(400)
            var list = RowList(model, chunkSize: 4)
            list.insert(rows(1)[0], at: 0)  // split into chunks of 4
            model.insert(list[0], at: 0)
            // Three rows of every four gone from one half: chunks of one row there, of four in the other.
            let half = thinnedHalf == 0 ? 1..<200 : 201..<400
            let removed = stride(from: half.lowerBound, to: half.upperBound, by: 4).map { $0..<min($0 + 3, half.upperBound) }
            list.removeSubranges(removed)
            for range in removed.reversed() { model.removeSubrange(range) }
            XCTAssertGreaterThan(Set(list.chunkCounts).count, 1, "chunks of different lengths: \(list.chunkCounts)")
            assertSame(list, model, "thinned half \(thinnedHalf)")
            for i in model.indices {
                // The hint of each index names its chunk and offset: it points exactly there, and finds the row.
                let hint = list.hint(at: i)
                XCTAssertEqual(list.hintedIndex(hint), i, "thinned half \(thinnedHalf), row \(i)")
                XCTAssertEqual(list.index(of: model[i], hint: hint), i, "thinned half \(thinnedHalf), row \(i)")
            }
        }
    }

    func testRandomEditsMatchAnArrayAcrossChunkSizes() async {
        var random = SystemRandomNumberGenerator()
        for chunkSize in [1, 2, 3, 5] {
            let start = numbered(rows(Int.random(in: 0...40, using: &random)))
            var model = start
            var list = RowList(start, chunkSize: chunkSize)
            for step in 0..<400 {
                let context = "chunk size \(chunkSize), step \(step)"
                // The list before the edit: a copy sharing its chunks until the edit copies those it touches.
                let before = list, modelBefore = model
                switch Int.random(in: 0..<8, using: &random) {
                case 7:  // remove several stretches at once (some empty, some across chunks, some adjacent)
                    var ranges: [Range<Int>] = []
                    var at = 0
                    while at < model.count && ranges.count < 6 {
                        let a = Int.random(in: at...min(model.count, at + 8), using: &random)
                        let b = Int.random(in: a...min(model.count, a + 7), using: &random)
                        ranges.append(a..<b)
                        at = b
                    }
                    list.removeSubranges(ranges)
                    for range in ranges.reversed() { model.removeSubrange(range) }
                case 0:  // insert a few anywhere
                    let at = Int.random(in: 0...model.count, using: &random)
                    let new = rows(Int.random(in: 1...7, using: &random))
                    list.insert(contentsOf: new, at: at)
                    model.insert(contentsOf: new, at: at)
                    list.noteLocations(in: at..<(at + new.count), section: 1)
                case 1:  // remove a range (maybe across chunks)
                    guard !model.isEmpty else { continue }
                    let a = Int.random(in: 0..<model.count, using: &random)
                    let b = Int.random(in: a...min(model.count, a + 12), using: &random)
                    list.removeSubrange(a..<b)
                    model.removeSubrange(a..<b)
                case 2:  // replace a range by other rows
                    let a = Int.random(in: 0...model.count, using: &random)
                    let b = Int.random(in: a...min(model.count, a + 9), using: &random)
                    let new = rows(Int.random(in: 0...9, using: &random))
                    list.replaceSubrange(a..<b, with: new)
                    model.replaceSubrange(a..<b, with: new)
                    list.noteLocations(in: a..<(a + new.count), section: 1)
                case 3:  // set one
                    guard !model.isEmpty else { continue }
                    let i = Int.random(in: 0..<model.count, using: &random)
                    let new = rows(1)[0]
                    list[i] = new
                    model[i] = new
                    list.noteLocations(in: i..<(i + 1), section: 1)
                case 4:  // append
                    let new = rows(Int.random(in: 1...4, using: &random))
                    list.append(contentsOf: new)
                    model.append(contentsOf: new)
                    list.noteLocations(in: (model.count - new.count)..<model.count, section: 1)
                case 5:  // remove one
                    guard !model.isEmpty else { continue }
                    let i = Int.random(in: 0..<model.count, using: &random)
                    XCTAssertTrue(list.remove(at: i) === model.remove(at: i), context)
                case 6 where Bool.random(using: &random):  // every row numbered again, the list kept (a whole-state update)
                    _ = numbered(model)
                    list.noteRowsNumbered()
                default:  // a whole new array, as a whole-state update hands over
                    model = numbered(model.filter { _ in Bool.random(using: &random) } + rows(Int.random(in: 0...30, using: &random)))
                    list = RowList(model, chunkSize: chunkSize)
                }
                assertSame(list, model, context)
                assertCommonRuns(before, modelBefore, list, model, context)
                // Lookups by identity, from exact, stale and absurd hints.
                if let i = model.indices.randomElement(using: &random) {
                    XCTAssertEqual(list.index(of: model[i]), i, context)
                    for hint in [i, i - 3, i + 5, -10, model.count + 10] {
                        // Hints that point anywhere, or at no chunk: found all the same.
                        XCTAssertEqual(list.index(of: model[i], hint: RowHint(index: hint)), i, "hint \(hint): \(context)")
                        XCTAssertEqual(list.index(of: model[i], hint: RowHint(serial: abs(hint) % 7, offset: abs(hint) % 3)), i, context)
                    }
                }
                // Every row from its hint, which points into the chunk that holds the row: no edit
                // outside it moves the row away from its hint (indices would drift with every edit before).
                for (i, row) in model.enumerated() {
                    let hint = RowHint(raw: row.indexHint)
                    XCTAssertEqual(list.index(of: row, hint: hint), i, "\(hint): \(context)")
                    let drift = abs(list.hintedIndex(hint) - i)
                    XCTAssertLessThan(drift, 2 * chunkSize, "row \(i), \(hint) points \(drift) away: \(context)")
                }
                let stranger = rows(1)[0]
                XCTAssertNil(list.index(of: stranger), context)
                XCTAssertNil(list.index(of: stranger, hint: RowHint(index: model.count / 2)), context)
                XCTAssertNil(list.index(of: stranger, hint: RowHint(serial: 3, offset: 1)), context)
            }
        }
    }

    /// Stretches removed at once from a list handed over as one long chunk (as a whole-state update
    /// leaves it), and from one already in short chunks: the same rows as removing them one by one.
    func testRemovingSeveralStretchesAtOnceMatchesRemovingThemOneByOne() async {
        var random = SystemRandomNumberGenerator()
        for split in [false, true] {
            let all = rows(200)
            var list = RowList(all, chunkSize: 4)
            if split { list.insert(contentsOf: rows(1), at: 100) }
            var model = Array(list)
            let ranges = [0..<3, 3..<4, 10..<30, 31..<32, 60..<61, 62..<130, 150..<150, 199..<(split ? 201 : 200)]
            list.removeSubranges(ranges)
            for range in ranges.reversed() { model.removeSubrange(range) }
            assertSame(list, model, "split \(split)")
            XCTAssertTrue(list.chunkCounts.allSatisfy { $0 <= 2 * list.chunkSize }, "\(list.chunkCounts)")
            for i in model.indices.shuffled(using: &random).prefix(20) {
                XCTAssertEqual(list.index(of: model[i], hint: RowHint(index: i + 7)), i)
            }
        }
    }

    func testAWholeArrayIsSharedAndTheFirstEditSplitsALongChunk() async {
        let all = rows(100)
        var list = RowList(all, chunkSize: 8)
        XCTAssertEqual(list.chunkCounts, [100], "one chunk over the handed array")
        let sharesBuffer = list.array.withUnsafeBufferPointer { a in all.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
        XCTAssertTrue(sharesBuffer, "the array comes back without a copy")

        list.insert(rows(1)[0], at: 50)
        XCTAssertEqual(list.count, 101)
        XCTAssertGreaterThan(list.chunkCounts.count, 10, "split into short chunks: \(list.chunkCounts)")
        XCTAssertTrue(list.chunkCounts.allSatisfy { $0 <= 16 }, "\(list.chunkCounts)")
        // The split copied the buffer it shares with `all` (it moves rows only out of a buffer the
        // list alone holds): `all` is as it was.
        XCTAssertEqual(all.count, 100)
        var expected = all
        expected.insert(list[50], at: 50)
        assertSame(list, expected, "after the split")
    }

    func testALongChunkOnlyTheListHoldsSplitsWithEveryRowInOrder() async {
        var model: [Row] = []
        var list: RowList
        do {
            let all = numbered(rows(1000))
            model = all.map { $0 }  // another array of the same rows, not the same buffer
            list = RowList(all, chunkSize: 16)
        }
        let holdsUniquely = list.array.withUnsafeBufferPointer { a in model.withUnsafeBufferPointer { b in a.baseAddress != b.baseAddress } }
        XCTAssertTrue(holdsUniquely, "the list's buffer is its own")
        let added = rows(3)
        list.insert(contentsOf: added, at: 500)
        model.insert(contentsOf: added, at: 500)
        XCTAssertGreaterThan(list.chunkCounts.count, 30, "split: \(list.chunkCounts)")
        assertSame(list, model, "after the split")
        // Hints point straight at their rows, but in the piece the insert went into (hints are
        // checked and searched from there).
        for i in stride(from: 0, to: model.count, by: 7) where abs(i - 500) > 2 * list.chunkSize {
            XCTAssertEqual(list.hintedIndex(RowHint(raw: model[i].indexHint)), i, "row \(i)'s hint")
        }
    }
}
