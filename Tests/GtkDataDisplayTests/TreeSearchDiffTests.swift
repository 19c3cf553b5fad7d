// A search over a large tree: most rows go, then come back. The whole-state diff matches such a
// middle from a table of its new rows (the old ids are unique) and hashes string ids once, when their
// keys are made: rows that stay keep their row objects, repeats between a new row and a kept row are
// still reported, and long string ids equal to Swift (canonical equivalence) are one id.

@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

@MainActor
final class TreeSearchDiffTests: XCTestCase {
    /// `folders` folders of `files` files each, ids of paths; folder `f` keeps the files `keep(f, i)`
    /// says (every file when nil).
    private func tree(folders: Int, files: Int, keep: ((Int, Int) -> Bool)? = nil) -> [Section] {
        var rows: [any RowGenerator] = []
        for f in 0..<folders {
            let children: [any RowGenerator] = (0..<files).compactMap { i in
                keep.map { $0(f, i) } == false ? nil : LabelRow(model: "file \(i)", id: "/data/folder-\(f)/file-number-\(i).txt")
            }
            if keep != nil && children.isEmpty { continue }
            rows.append(Folder(model: "folder \(f)", id: "/data/folder-\(f)", children: children, expanded: true))
        }
        return [Section(rows: rows)]
    }

    /// The row object of each row id shown.
    private func objects(_ manager: BaseListManager) -> [String: UInt] {
        var result: [String: UInt] = [:]
        for (index, address) in manager.store.objectAddresses.enumerated() {
            result[manager.store.generator(at: index)!.diffKey.string!] = address
        }
        return result
    }

    func testNarrowingAndWideningATreeKeepsTheRowsThatStay() async throws {
        // 20 folders: 4,020 rows, below `PositionalHull.minimumRows` (from there an update that takes
        // away or brings back most rows is shown in place: `PositionalHullTests`).
        let folders = 20
        let manager = BaseListManager()
        try manager.setState(tree(folders: folders, files: 200))
        XCTAssertEqual(manager.store.count, folders * 201)
        XCTAssertLessThan(manager.store.count, PositionalHull.minimumRows)
        let before = objects(manager)
        // A search: files whose number ends in 7, folders that hold any (every one).
        try manager.setState(tree(folders: folders, files: 200) { _, i in i % 10 == 7 })
        XCTAssertEqual(manager.store.count, folders * 21)
        let narrowed = objects(manager)
        for (id, object) in narrowed { XCTAssertEqual(before[id], object, "\(id) kept its row object") }
        // Cleared again: the rows that stayed are still the same objects.
        try manager.setState(tree(folders: folders, files: 200))
        XCTAssertEqual(manager.store.count, folders * 201)
        let widened = objects(manager)
        for (id, object) in narrowed { XCTAssertEqual(widened[id], object, "\(id) kept its row object") }
        XCTAssertEqual(manager.lastUpdate?.removed, 0)
        XCTAssertEqual(manager.lastUpdate?.inserted, folders * 180)
        // A query that matches nothing, then everything again.
        try manager.setState(tree(folders: folders, files: 200) { _, _ in false })
        XCTAssertEqual(manager.store.count, 0)
        try manager.setState(tree(folders: folders, files: 200))
        XCTAssertEqual(manager.store.count, folders * 201)
    }

    func testARepeatOfAKeptRowIsReportedWhenMostRowsAreNew() async throws {
        let manager = BaseListManager()
        let narrow = tree(folders: 50, files: 200) { _, i in i == 3 }
        try manager.setState(narrow)
        let before = manager.store.objectAddresses
        // Widened, with the first folder's kept file (matched by position, at the start) repeated deep inside.
        var wide = tree(folders: 50, files: 200)[0].rows
        let first = wide[0] as! Folder
        var children = first.children
        children.insert(LabelRow(model: "again", id: "/data/folder-0/file-number-3.txt"), at: 150)
        wide[0] = Folder(model: "folder 0", id: "/data/folder-0", children: children, expanded: true)
        XCTAssertThrowsError(try manager.setState([Section(rows: wide)])) {
            guard case .duplicateDiffID = $0 as? DataDisplayError else { return XCTFail("\($0)") }
        }
        XCTAssertEqual(manager.store.objectAddresses, before, "nothing changed")
        // Narrowed from the wide tree, with a repeat among the few new rows.
        try manager.setState(tree(folders: 50, files: 200))
        let full = manager.store.objectAddresses
        var few = narrow[0].rows
        let folder = few[1] as! Folder
        few[1] = Folder(model: "folder 1", id: "/data/folder-1",
                        children: folder.children + [LabelRow(model: "again", id: "/data/folder-1/file-number-3.txt")], expanded: true)
        XCTAssertThrowsError(try manager.setState([Section(rows: few)])) {
            guard case .duplicateDiffID = $0 as? DataDisplayError else { return XCTFail("\($0)") }
        }
        XCTAssertEqual(manager.store.objectAddresses, full, "nothing changed")
    }

    /// Long ids (keys of the string form) that Swift finds equal though their scalars differ: the
    /// three scalars canonically equal to an ASCII one, and "é" written two ways.
    func testLongCanonicallyEquivalentStringIDsAreOneID() async throws {
        let prefix = "/home/user/documents/reports/"
        let pairs: [(String, String)] = [("\(prefix)K", "\(prefix)\u{212A}"), ("\(prefix)a;b", "\(prefix)a\u{37E}b"),
                                         ("\(prefix)`x", "\(prefix)\u{1FEF}x"), ("\(prefix)caf\u{E9}", "\(prefix)cafe\u{301}"),
                                         ("\(prefix)\u{212A}\u{E9}", "\(prefix)K\u{E9}")]
        for (kept, other) in pairs {
            XCTAssertEqual(kept, other, "Swift finds them equal")
            XCTAssertEqual(StringKey(slot: 0, id: DiffKey(kept)), StringKey(slot: 0, id: DiffKey(other)))
            XCTAssertEqual(StringKey(slot: 0, id: DiffKey(kept))?.hashValue, StringKey(slot: 0, id: DiffKey(other))?.hashValue)
            let manager = BaseListManager()
            var rows: [any RowGenerator] = (0..<40).map { LabelRow(model: "\($0)", id: "\(prefix)row-\($0)") }
            rows.insert(LabelRow(model: "kept", id: kept), at: 20)
            try manager.setState([Section(rows: rows)])
            let before = manager.store.objectAddresses
            // The same row under the other spelling keeps its row object.
            var same = (0..<40).map { LabelRow(model: "\($0)", id: "\(prefix)row-\($0)") as any RowGenerator }
            same.insert(LabelRow(model: "kept", id: other), at: 20)
            try manager.setState([Section(rows: same)])
            XCTAssertEqual(manager.store.objectAddresses, before, "\(other.unicodeScalars.map(\.value)): the same row")
            // Both spellings at once are a repeat.
            same.insert(LabelRow(model: "inserted", id: kept), at: 30)
            XCTAssertThrowsError(try manager.setState([Section(rows: same)])) {
                guard case .duplicateDiffID = $0 as? DataDisplayError else { return XCTFail("\($0)") }
            }
            XCTAssertEqual(manager.store.objectAddresses, before, "nothing changed")
        }
        XCTAssertNotEqual(StringKey(slot: 0, id: DiffKey("\(prefix)a")), StringKey(slot: 0, id: DiffKey("\(prefix)b")))
        XCTAssertNotEqual(StringKey(slot: 0, id: DiffKey("\(prefix)a")), StringKey(slot: 4, id: DiffKey("\(prefix)a")))
    }
}
