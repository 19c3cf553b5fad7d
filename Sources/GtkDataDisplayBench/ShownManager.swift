// A BaseListManager shown through one of the library's adapters (a list or a grid view) in the
// host window, and one measured update of it: the setState call timed, then GTK settled and the
// realised rows compared with the store. Used by the binds worker (list) and the views worker
// (list beside grid).

import CGtkDataDisplay
import GtkDataDisplay

/// Which adapter shows the rows.
enum BenchView: String, CaseIterable, Sendable {
    case list, grid
}

@MainActor
final class ShownManager {
    let manager = BaseListManager()
    let adapter: ListBaseAdapter
    private let realised: RealisedRows
    private let oldGenerators: [any RowGenerator]

    init(view: BenchView, size: Int) {
        let old = BenchInput.oldRows(size: size)
        oldGenerators = makeGenerators(ids: old.ids, content: old.content)
        try! manager.setState([Section(rows: oldGenerators)])
        switch view {
        case .list: adapter = ListViewAdapter(manager: manager, selection: .single)
        case .grid: adapter = GridViewAdapter(manager: manager, selection: .single)
        }
        realised = RealisedRows(factory: adapter.factory.raw)
    }

    private var activity: Int { adapter.statistics.binds + adapter.statistics.unbinds + adapter.statistics.setups }

    /// The models the realised list items show, and the first position whose view disagrees with the store.
    private func snapshot() -> (rows: Set<BenchModel>, mismatch: String?) {
        var rows = Set<BenchModel>()
        var mismatch: String?
        for (position, listItem) in realised.positioned {
            guard let generator = manager.store.generator(at: position) as? BenchRow else { continue }
            rows.insert(generator.model)
            let view = ViewRegistry.view(of: gtk_list_item_get_child(listItem))
            if mismatch == nil, view?.shown != generator.model {
                mismatch = "position \(position) shows \(view?.shown.map { "id \($0.id) v\($0.content)" } ?? "nothing"), store has id \(generator.model.id) v\(generator.model.content)"
            }
        }
        return (rows, mismatch)
    }

    /// One update to `newGenerators` from the top of the view, shown in `host`: binds and unbinds
    /// against the minimum, the setState time, and whether the screen matches the store after it.
    func measure(_ newGenerators: [any RowGenerator], mix: Mix, size: Int, host: WindowHost) -> TaskResult {
        // The last reset laid out first: the adapter puts the rows on screen back after the layout that
        // follows a change (GTK 4.12+ leaves that to it more often than 4.8), which would undo a scroll
        // to the top made before it.
        host.settle(activity: { self.activity })
        host.scrollToTop(adapter.scrolledWindow)
        host.settle(activity: { self.activity })
        adapter.flushUnbinds()
        let before = snapshot()
        adapter.resetStatistics()
        ViewRegistry.configured.removeAll()

        Wire.run()
        let t0 = Clock.now()
        try! manager.setState([Section(rows: newGenerators)])
        let t1 = Clock.now()
        Wire.setup()
        host.settle(activity: { self.activity })
        adapter.flushUnbinds()
        let after = snapshot()

        var result = TaskResult(mix: mix.rawValue, size: size, contender: ContenderName.ours.rawValue)
        result.binds = adapter.statistics.binds
        result.unbinds = adapter.statistics.unbinds
        result.minBinds = minimumBinds(before: before.rows, after: after.rows)
        result.realisedBefore = before.rows.count
        result.realisedAfter = after.rows.count
        result.viewApplyMs = Clock.ms(t0, t1)
        result.displayMismatch = before.mismatch.map { "before: " + $0 } ?? after.mismatch
        let extra = ViewRegistry.configured.filter { before.rows.contains($0) || !after.rows.contains($0) }
        if !extra.isEmpty {
            result.extraBinds = "\(extra.count): " + extra.prefix(6).map {
                "id \($0.id) v\($0.content)" + (before.rows.contains($0) ? " (realised before)" : " (not realised after)")
            }.joined(separator: ", ")
        }
        return result
    }

    /// Back to the old rows (untimed; the next `measure` settles first).
    func reset() {
        try! manager.setState([Section(rows: oldGenerators)])
    }
}
