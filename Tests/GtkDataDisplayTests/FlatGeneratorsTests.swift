@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// `FlatGenerators` (a flattened state's generators, copied unretained beside the arrays and single
/// generators that hold them): the order of what was appended, the first array shared as it is,
/// copies that do not see each other's appends, and every generator released exactly once — an extra
/// release would crash, a missing one leaves a generator alive.
@MainActor
final class FlatGeneratorsTests: XCTestCase {
    private func rows(_ ids: Range<Int>) -> [any RowGenerator] {
        ids.map { LabelRow(model: "r\($0)", id: $0) as any RowGenerator }
    }

    /// The models of `flat`'s generators in order: "r<n>" for `rows`, the single ones' own.
    private func models(_ flat: FlatGenerators) -> [String] {
        flat.map { ($0 as! LabelRow).model }
    }

    private func names(_ ids: [Int]) -> [String] { ids.map { "r\($0)" } }

    func testOneArrayIsSharedAsItIs() async {
        let section = rows(0..<5)
        var flat = FlatGenerators()
        flat.append(contentsOf: section)
        XCTAssertEqual(models(flat), names([0, 1, 2, 3, 4]))
        let shared = flat.withUnsafeBufferPointer { a in section.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
        XCTAssertTrue(shared, "one array is not copied")
    }

    func testArraysAndSingleGeneratorsKeepTheirOrderAndLiveAsLongAsTheList() async {
        weak var firstOfA: AnyObject?
        weak var header: AnyObject?
        weak var lastOfB: AnyObject?
        var flat = FlatGenerators()
        do {
            let a = rows(0..<300)
            let single = LabelRow(model: "h", id: 1000) as any RowGenerator
            let b = rows(300..<1000)
            firstOfA = a[0] as AnyObject
            header = single as AnyObject
            lastOfB = b[699] as AnyObject
            flat.append(contentsOf: a)  // shared while it is the only one
            flat.append(single)         // now copied, a kept
            flat.append(contentsOf: b)
            flat.append(contentsOf: [])
        }
        XCTAssertEqual(flat.count, 1001)
        XCTAssertEqual(models(flat), names(Array(0..<300)) + ["h"] + names(Array(300..<1000)))
        XCTAssertNotNil(firstOfA, "the list keeps the arrays whose references it copied")
        XCTAssertNotNil(header, "and the single generators")
        XCTAssertNotNil(lastOfB)
        let buffered = flat.withUnsafeBufferPointer { buffer in buffer.map { ($0 as! LabelRow).model } }
        XCTAssertEqual(buffered, models(flat), "the buffer and the subscript agree")
        flat = FlatGenerators()
        XCTAssertNil(firstOfA, "released with the list")
        XCTAssertNil(header)
        XCTAssertNil(lastOfB)
    }

    func testACopyDoesNotSeeTheOthersAppends() async {
        weak var added: AnyObject?
        var flat = FlatGenerators()
        flat.reserveCapacity(4)
        flat.append(contentsOf: rows(0..<3))
        var copy = flat
        do {
            let extra = LabelRow(model: "x", id: 99) as any RowGenerator
            added = extra as AnyObject
            copy.append(extra)
            copy.append(contentsOf: rows(3..<40))  // grows past the reserved room
        }
        flat.append(contentsOf: rows(50..<52))
        XCTAssertEqual(models(flat), names([0, 1, 2, 50, 51]))
        XCTAssertEqual(models(copy), names([0, 1, 2]) + ["x"] + names(Array(3..<40)))
        XCTAssertNotNil(added)
        copy = FlatGenerators()
        XCTAssertNil(added, "the copy's own generator goes with it")
        XCTAssertEqual(models(flat), names([0, 1, 2, 50, 51]), "the other list is untouched")
    }

    func testAWholeStateOfManySectionsAppliesAndReleasesTheOldGenerators() async throws {
        weak var replaced: AnyObject?
        let manager = BaseListManager()
        do {
            let sections = (0..<4).map { s in
                Section(header: LabelHeader(model: "s\(s)", id: "header \(s)"), rows: rows((s * 100)..<(s * 100 + 100)))
            }
            replaced = sections[2].rows[5] as AnyObject
            try manager.setState(sections)
        }
        var next = (0..<4).map { s in
            Section(header: LabelHeader(model: "s\(s)", id: "header \(s)"), rows: rows((s * 100)..<(s * 100 + 100)))
        }
        next.swapAt(0, 3)
        try manager.setState(next)
        XCTAssertEqual(manager.store.count, 404)
        for (i, generator) in manager.flatGenerators.enumerated() {
            XCTAssertTrue(manager.store.generator(at: i) === generator, "row \(i)")
        }
        XCTAssertNil(replaced, "a generator the new state replaced is released")
    }
}
