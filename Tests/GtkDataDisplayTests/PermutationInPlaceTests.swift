@testable import DataDisplayDiff
@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A re-sort of the shown generators (the same instances in another order, as `FilteredState.sort`
/// gives) at thousands of rows is matched through the links and shown in place: the row objects pass
/// the generators round with their references (`Row.takeMoved`), and the moves are counted only when
/// `lastUpdate.moves` is read. Checked by weak references: every generator lives exactly as long as
/// the manager shows it, whatever the order steps took.
@MainActor
final class PermutationInPlaceTests: XCTestCase {
    private let count = 6_000

    /// The view of another keyed generator class (mixed with `LabelRow`, rows take generators of
    /// another class). Never made: no view shows these rows.
    private final class OtherView: ConfigurableRowView {
        let widget: OwnedWidget
        private init() { widget = LabelRowView.make().widget }
        static func make() -> OtherView { OtherView() }
        func configure(with model: String) {}
    }

    /// `0 ..< n` in a seeded random order.
    private func shuffled(_ n: Int, seed: UInt64) -> [Int] {
        var rng = RandomizedRNG(seed: seed)
        var order = Array(0..<n)
        for i in stride(from: n - 1, to: 0, by: -1) { order.swapAt(i, Int(rng.next() % UInt64(i + 1))) }
        return order
    }

    /// Shows `made` in the orders of `steps` (positions into `made`), checking after each that the
    /// store shows exactly those generators, that the update was matched by link and shown in place,
    /// and that `moves` is the minimum; then lets go of the generators: the manager keeps every one
    /// alive, and `clear()` ends every one and every row object.
    private func passRound(_ make: () -> [any RowGenerator], steps: [[Int]]) throws {
        let manager = BaseListManager()
        let baseline = Diagnostics.liveRowObjects
        var made = make()
        let weak = made.map { WeakBox($0 as AnyObject) }
        var shown: [any RowGenerator] = made
        try manager.setState([Section(rows: shown)])
        for (step, order) in steps.enumerated() {
            let before = shown.map { $0.diffID }
            let matched = manager.permutationsMatchedByLink
            shown = order.map { made[$0] }
            try manager.setState([Section(rows: shown)])
            XCTAssertEqual(manager.permutationsMatchedByLink, matched + 1, "step \(step): matched through the links")
            let wrong = shown.indices.first { manager.store.generator(at: $0) !== shown[$0] }
            XCTAssertNil(wrong, "step \(step): the row at \(wrong ?? -1) shows another generator")
            let summary = try XCTUnwrap(manager.lastUpdate)
            XCTAssertGreaterThan(summary.repurposed, count / 2, "step \(step): shown in place")
            XCTAssertEqual(summary.moves, ListDiff.minimumMoves(old: before, new: shown.map { $0.diffID }),
                           "step \(step): the moves counted when read")
            for probe in [0, 17, count / 2, count - 1] {
                XCTAssertEqual(manager.position(of: shown[probe]), probe, "step \(step): the manager finds its rows")
            }
        }
        XCTAssertEqual(Diagnostics.liveRowObjects, baseline + count, "no row object made or left behind")
        shown = []
        made = []
        XCTAssertEqual(weak.filter { $0.object == nil }.count, 0, "the rows hold every generator they show")
        manager.clear()
        XCTAssertEqual(weak.filter { $0.object != nil }.count, 0, "no generator is held once nothing shows it")
        XCTAssertEqual(Diagnostics.liveRowObjects, baseline)
    }

    func testAReSortPassesEachGeneratorOnWithItsReference() async throws {
        let byModel = (0..<count).sorted { String($0) < String($1) }
        try passRound({ (0..<count).map { LabelRow(model: "row \($0)", id: $0) } },
                      steps: [shuffled(count, seed: 3), byModel, Array((0..<count).reversed()),
                              shuffled(count, seed: 4), Array(0..<count)])
    }

    func testGeneratorsOfTwoClassesArePassedRoundToo() async throws {
        let count = self.count
        try passRound({
            (0..<count).map { (index: Int) -> any RowGenerator in
                if index % 3 == 0 { return BaseRowGenerator<OtherView>(model: "other \(index)", id: index) }
                return LabelRow(model: "row \(index)", id: index)
            }
        }, steps: [shuffled(count, seed: 5), Array((0..<count).reversed()), Array(0..<count)])
    }

    func testMovesAreCountedWhenTheUpdateIsNotShownInPlace() async throws {
        // A header keeps the update off the path shown in place: the plan's splices apply, and its
        // moves are counted before the summary is made.
        let manager = BaseListManager()
        let made: [any RowGenerator] = (0..<count).map { LabelRow(model: "row \($0)", id: $0) }
        let header = LabelHeader(model: "header", id: "header")
        try manager.setState([Section(header: header, rows: made)])
        let order = shuffled(count, seed: 6).map { made[$0] }
        try manager.setState([Section(header: header, rows: order)])
        let summary = try XCTUnwrap(manager.lastUpdate)
        XCTAssertEqual(summary.repurposed, 0)
        XCTAssertEqual(summary.moves, ListDiff.minimumMoves(old: made.map(\.diffID), new: order.map(\.diffID)))
        XCTAssertEqual(summary.churn, summary.removed + summary.inserted + 2 * (summary.moves + summary.reinserted))
        manager.clear()
    }
}

/// A weak reference to `object`.
private final class WeakBox {
    weak var object: AnyObject?
    init(_ object: AnyObject) { self.object = object }
}
