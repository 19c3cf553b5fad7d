@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// `FlatGenerators` (a flattened state's generators, kept as the arrays they came in): the order of
/// what was appended, each array shared as it is, the parts a pass walks agreeing with the list,
/// copies that do not see each other's appends, and every generator released with the list.
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

    /// The models of `flat`'s generators as its parts give them, and the parts' starts.
    private func walked(_ flat: FlatGenerators) -> (models: [String], starts: [Int]) {
        var models: [String] = [], starts: [Int] = []
        _ = flat.forEachPart { part, start in
            starts.append(start)
            models += part.map { ($0 as! LabelRow).model }
            return true
        }
        return (models, starts)
    }

    func testEveryArrayIsSharedAsItIs() async {
        let first = rows(0..<5), second = rows(5..<8)
        var flat = FlatGenerators()
        flat.append(contentsOf: first)
        flat.append(contentsOf: second)
        XCTAssertEqual(models(flat), names([0, 1, 2, 3, 4, 5, 6, 7]))
        var addresses: [UnsafeRawPointer?] = []
        _ = flat.forEachPart { part, _ in
            addresses.append(UnsafeRawPointer(part.baseAddress))
            return true
        }
        let given = [first, second].map { array in array.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) } }
        XCTAssertEqual(addresses, given, "no array is copied")
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
            flat.append(contentsOf: a)  // kept as it is
            flat.append(single)         // in a part of the list's own
            flat.append(contentsOf: b)
            flat.append(contentsOf: [])
        }
        XCTAssertEqual(flat.count, 1001)
        XCTAssertEqual(models(flat), names(Array(0..<300)) + ["h"] + names(Array(300..<1000)))
        XCTAssertNotNil(firstOfA, "the list keeps the arrays")
        XCTAssertNotNil(header, "and the single generators")
        XCTAssertNotNil(lastOfB)
        let parts = walked(flat)
        XCTAssertEqual(parts.models, models(flat), "the parts and the iterator agree")
        XCTAssertEqual(parts.starts, [0, 300, 301], "a part starts where the one before ends")
        XCTAssertEqual((0..<flat.count).map { (flat[$0] as! LabelRow).model }, models(flat), "and the subscript")
        flat = FlatGenerators()
        XCTAssertNil(firstOfA, "released with the list")
        XCTAssertNil(header)
        XCTAssertNil(lastOfB)
    }

    func testACopyDoesNotSeeTheOthersAppends() async {
        weak var added: AnyObject?
        var flat = FlatGenerators()
        flat.append(contentsOf: rows(0..<3))
        var copy = flat
        do {
            let extra = LabelRow(model: "x", id: 99) as any RowGenerator
            added = extra as AnyObject
            copy.append(extra)
            copy.append(contentsOf: rows(3..<40))
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
