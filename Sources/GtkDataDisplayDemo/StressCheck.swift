// The self-test of the Stress page: the fill, then every mix, each checked against the intended
// rows (the mix applied to plain values with the same random draws), with its splices, rebinds
// and live row objects.

import Foundation
import GtkDataDisplay
import GtkDataDisplayShell

@MainActor
struct StressCheck {
    let page: StressPage
    let contacts: ContactsPage
    let report: SelfTestReport

    /// The rows in the store, read from the store.
    private var stored: [StressItem] {
        let store = page.manager.store
        return (0..<store.count).map { (store.generator(at: $0) as? StressItemRow)?.item ?? StressItem(id: -1, revision: -1) }
    }

    /// Row objects alive beyond the two pages' stores.
    private var extraRowObjects: Int {
        Diagnostics.liveRowObjects - page.manager.store.count - contacts.manager.store.count
    }

    func run() async {
        func check(_ condition: Bool, _ what: @autoclosure () -> String) { report.check(condition, what()) }
        let n = page.rowCount
        var waited = 0
        while !page.isFilled, waited < 1_200 {
            await settle(100)
            waited += 1
        }
        check(page.isFilled && stored == (0..<n).map { StressItem(id: $0, revision: 0) },
              "stress: showing the page fills it with rows 0..<\(n) in order (\(page.manager.store.count) rows, \(page.fillMilliseconds.map(StressPage.format) ?? "-"))")
        await settle(300)
        let baseline = extraRowObjects

        for (index, mix) in StressMix.allCases.enumerated() {
            // Every other mix on the main thread, the rest diffed in the background
            // (GDD_SELF_TEST_DIFF=background or main: all of them so).
            switch ProcessInfo.processInfo.environment["GDD_SELF_TEST_DIFF"] {
            case "background": page.backgroundCheck.isActive = true
            case "main": page.backgroundCheck.isActive = false
            default: page.backgroundCheck.isActive = index % 2 == 0
            }
            var random = page.random
            var next = page.nextID
            let old = page.rows.map(\.item)
            let expected = mix.apply(to: old, random: &random, make: {
                defer { next += 1 }
                return StressItem(id: next, revision: 0)
            }, update: { StressItem(id: $0.id, revision: $0.revision + 1) })
            let bound = Set(page.rows.filter { page.adapter.view(for: $0) != nil }.map(\.item.id))
            let oldRevisions = Dictionary(uniqueKeysWithValues: old.map { ($0.id, $0.revision) })
            let updated = Set(expected.filter { item in oldRevisions[item.id].map { $0 != item.revision } ?? false }.map(\.id))
            let statistics = page.adapter.statistics
            let recorder = SpliceRecorder(page.manager.store)
            await page.apply(mix)
            await settle(250)
            recorder.stop()
            let splices = recorder.splices
            let summary = page.manager.lastUpdate
            let name = "stress: \(mix.rawValue) (\(page.backgroundCheck.isActive ? "background" : "main thread"))"
            if mix == .update10 { await selfTestShot("stress-update-10") }
            let inPlace = summary.map { $0.repurposed > 0 ? ", \($0.repurposed) rows shown in place" : "" } ?? ""
            let timing = "\(StressPage.format(page.lastUpdateMilliseconds ?? -1)), longest stall \(StressPage.format(page.lastStallMilliseconds ?? -1))\(inPlace)"
            check(stored == expected, "\(name): the store holds the intended \(expected.count) rows (\(timing))")
            check(summary?.splices == splices.count, "\(name): the store saw the \(splices.count) splices the manager reports")
            let rebinds = page.adapter.statistics.rebinds - statistics.rebinds
            switch mix {
            case .none:
                check(splices.isEmpty && page.adapter.statistics == statistics, "\(name): nothing spliced, nothing bound")
            case .update1, .update10:
                check(splices.isEmpty && summary?.updated == updated.count, "\(name): \(updated.count) rows updated in place, no splice")
                check(rebinds == updated.intersection(bound).count,
                      "\(name): exactly the updated rows on screen were rebound (\(rebinds) of \(updated.intersection(bound).count))")
            case .append:
                check(splices.count == 1 && splices[0] == (old.count, 0, old.count / 100), "\(name): one splice @\(old.count) +\(old.count / 100)")
            case .prepend:
                check(splices.count == 1 && splices[0] == (0, 0, old.count / 100), "\(name): one splice @0 +\(old.count / 100)")
            case .deleteBlock:
                check(splices.count == 1 && splices[0].removed == old.count / 20 && splices[0].added == 0,
                      "\(name): one splice −\(old.count / 20)")
            case .rotateLeft, .rotateRight:
                check(summary?.moves == 1 && splices.count <= 2, "\(name): one row moved, \(splices.count) splices")
            case .swapEnds:
                check(summary?.moves == 2 && splices.count <= 2, "\(name): two rows moved, \(splices.count) splices")
            case .reverse:
                check(summary?.moves == old.count - 1, "\(name): \(old.count - 1) rows moved (all but one)")
            case .insertDelete, .move1, .move10, .blockMove, .classic, .mixed, .shuffle:
                check(summary.map { $0.churn < 2 * old.count + 2 * expected.count } ?? false, "\(name): diffed (churn \(summary?.churn ?? -1))")
            }
            check(extraRowObjects == baseline, "\(name): no row object left over (\(extraRowObjects) beyond the stores, \(baseline) before)")
        }

        // Refill: every old row goes, the new ones come, nothing is left over.
        await page.fill()
        await settle(300)
        check(page.manager.store.count == n && stored.first?.id == page.nextID - n && extraRowObjects == baseline,
              "stress: Refill replaces every row, and the old row objects are freed")
    }
}
