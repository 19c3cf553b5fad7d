// `--table-only`: a table of four columns (name, size, kind, modified) over 100,000 rows, re-sorted
// by each column in turn, as clicks on the headers do. The library sorts through the manager
// (`BaseListManager.sort(by:)`: the column's keys read from the models, a stable sort, one diffed
// update of moves into the store); GTK's own `GtkSortListModel` sorts the same items, in a
// `GListStore`, by the same keys with a `GtkCustomSorter`, as a GTK app does. Each re-sort starts
// from the order the previous column left (GTK's from the store's order: it sorts the whole model
// anew). In this process, no view. Then, under a display, the table (`ColumnViewAdapter`) shown in
// a window and re-sorted by header (`sort(by:ascending:)`): what it bound against the rows on screen.

import CGtkDataDisplay
import GtkDataDisplay

@MainActor
enum TableSort {
    /// One row of the benchmark's table.
    struct Record: Equatable {
        let name: String
        let size: Int
        let kind: String
        let modified: Int
    }

    /// The records the C comparison of GTK's side reads, by item id.
    nonisolated(unsafe) private static var records: [Record] = []

    private static let columns = ["name", "size", "kind", "modified"]

    static func run(size: Int, settings: Settings, runs: Int?) {
        let count = runs ?? 6
        var random = SeededRandom(seed: settings.seed)
        let kinds = ["Text", "Image", "Archive", "Folder", "Audio", "Video", "Settings", "Script or source"]
        records = (0..<size).map { i in
            let name = (0..<(2 + Int(random.next() % 3))).map { _ in ["an", "bel", "cor", "da", "en", "fi", "gar", "ho", "is", "ka", "lo",
                                                                     "mer", "ni", "or", "pa", "ru", "sen", "ta"][Int(random.next() % 18)] }
                .joined() + "-\(i)"
            return Record(name: name, size: Int(random.next() % 10_000_000), kind: kinds[Int(random.next() % UInt64(kinds.count))],
                          modified: 1_600_000_000 + Int(random.next() % 200_000_000))
        }
        print("TABLE SORT — \(sizeLabel(size)) rows, four columns, re-sorted by each column in turn (ascending); median ms of \(count)")
        print(pad(["column", "manager.sort", "GtkSortListModel", "×", "moves", "shown in place"]))
        let ours = oursTimes(runs: count)
        let gtk = gtkTimes(runs: count)
        var worst = Double.infinity
        for (index, column) in columns.enumerated() {
            let ratio = gtk[index] / ours.ms[index]
            worst = min(worst, ratio)
            print(pad([column, String(format: "%.1f", ours.ms[index]), String(format: "%.1f", gtk[index]),
                       String(format: "×%.2f", ratio), String(ours.moves[index]), String(ours.repurposed[index])]))
        }
        print("GtkSortListModel against manager.sort, the smallest ratio over the columns: ×\(String(format: "%.2f", worst)) "
              + (worst >= 1 ? "(the manager is faster at every column)" : "(slower at some column)"))
        if WindowHost.initializeGTK() { shownBinds() } else { print("table binds: no display, not measured") }
    }

    // MARK: The library

    private typealias Row = BaseRowGenerator<RecordView>

    private static func order(_ index: Int) -> RowOrder {
        switch index {
        case 0: RowOrder(id: "name", model: Record.self) { $0.name }
        case 1: RowOrder(id: "size", model: Record.self) { $0.size }
        case 2: RowOrder(id: "kind", model: Record.self) { $0.kind }
        default: RowOrder(id: "modified", model: Record.self) { $0.modified }
        }
    }

    /// `manager.sort(by:)` of each column after the previous one, `runs` rounds.
    /// (`repurposed`: rows the update showed in place, in the row objects already there, with no splice.)
    private static func oursTimes(runs: Int) -> (ms: [Double], moves: [Int], repurposed: [Int]) {
        let manager = BaseListManager()
        try! manager.setState([Section(rows: records.indices.map { Row(model: records[$0], id: $0) })])
        var times = Array(repeating: [Double](), count: columns.count)
        var moves = Array(repeating: 0, count: columns.count), repurposed = Array(repeating: 0, count: columns.count)
        try! manager.sort(by: order(columns.count - 1))   // the round's first re-sort starts from the last column's order
        for _ in 0..<runs {
            for index in columns.indices {
                let t0 = Clock.now()
                try! manager.sort(by: order(index))
                times[index].append(Clock.ms(t0, Clock.now()))
                moves[index] = manager.lastUpdate?.moves ?? 0
                repurposed[index] = manager.lastUpdate?.repurposed ?? 0
                let shown = manager.flatGenerators.compactMap { $0.model(as: Record.self) }
                precondition(isSorted(shown, by: index), "the manager's rows are not sorted by \(columns[index])")
            }
        }
        manager.clear()
        return (times.map { median($0)! }, moves, repurposed)
    }

    private static func isSorted(_ rows: [Record], by index: Int) -> Bool {
        zip(rows, rows.dropFirst()).allSatisfy { a, b in
            switch index {
            case 0: a.name <= b.name
            case 1: a.size <= b.size
            case 2: a.kind <= b.kind
            default: a.modified <= b.modified
            }
        }
    }

    // MARK: GTK's sort model

    /// `gtk_sort_list_model_set_sorter` with each column's sorter after the previous one's, `runs` rounds.
    private static func gtkTimes(runs: Int) -> [Double] {
        let store = g_list_store_new(BenchItem.type)!
        var items: [UnsafeMutableRawPointer?] = records.indices.map { BenchItem.make(id: $0, content: 0) }
        items.withUnsafeMutableBufferPointer { g_list_store_splice(store, 0, 0, $0.baseAddress, guint($0.count)) }
        for item in items { g_object_unref(item) }   // the store holds them
        items = []
        let model = gtk_sort_list_model_new(gdd_list_model(UnsafeMutableRawPointer(store)), nil)!  // takes the store
        let sorters = columns.indices.map { gtkSorter(column: $0) }
        gtk_sort_list_model_set_sorter(model, sorters.last!)
        var times = Array(repeating: [Double](), count: columns.count)
        for _ in 0..<runs {
            for index in columns.indices {
                let t0 = Clock.now()
                gtk_sort_list_model_set_sorter(model, sorters[index])
                times[index].append(Clock.ms(t0, Clock.now()))
                let list = gdd_list_model(UnsafeMutableRawPointer(model))
                var shown: [Record] = []
                for position in 0..<g_list_model_get_n_items(list) {
                    let item = g_list_model_get_item(list, position)!
                    shown.append(records[BenchItem.id(of: item)])
                    g_object_unref(item)
                }
                precondition(isSorted(shown, by: index), "GTK's rows are not sorted by \(columns[index])")
            }
        }
        g_object_unref(UnsafeMutableRawPointer(model))
        for sorter in sorters { g_object_unref(UnsafeMutableRawPointer(sorter)) }
        return times.map { median($0)! }
    }

    /// A `GtkCustomSorter` comparing the column's key of two items (transfer full).
    private static func gtkSorter(column: Int) -> UnsafeMutablePointer<GtkSorter> {
        let compare: GCompareDataFunc = { a, b, data in
            let x = TableSort.records[BenchItem.id(of: UnsafeMutableRawPointer(mutating: a!))]
            let y = TableSort.records[BenchItem.id(of: UnsafeMutableRawPointer(mutating: b!))]
            switch Int(bitPattern: data) {
            case 0: return x.name < y.name ? -1 : (x.name == y.name ? 0 : 1)
            case 1: return x.size < y.size ? -1 : (x.size == y.size ? 0 : 1)
            case 2: return x.kind < y.kind ? -1 : (x.kind == y.kind ? 0 : 1)
            default: return x.modified < y.modified ? -1 : (x.modified == y.modified ? 0 : 1)
            }
        }
        return gdd_sorter(UnsafeMutableRawPointer(gtk_custom_sorter_new(compare, UnsafeMutableRawPointer(bitPattern: column), nil)))
    }

    // MARK: Shown

    /// The table in a window, re-sorted by each column: the rows' own binds and the other cells' fills
    /// each re-sort took, against the rows realised (GTK binds the rows on screen and a few beyond;
    /// a re-sort brings other rows to every realised place, so each binds once at least, and its
    /// three declared cells fill once).
    private static func shownBinds() {
        let manager = BaseListManager()
        try! manager.setState([Section(rows: records.indices.map { Row(model: records[$0], id: $0) })])
        let table = ColumnViewAdapter(manager: manager, selection: .single, columns: [
            TableColumn(id: "name", title: "Name").sortable { (r: Record) in r.name },
            TableColumn(id: "size", title: "Size", text: { (r: Record) in String(r.size) }).sortable { (r: Record) in r.size },
            TableColumn(id: "kind", title: "Kind", text: { (r: Record) in r.kind }).sortable { (r: Record) in r.kind },
            TableColumn(id: "modified", title: "Modified", text: { (r: Record) in String(r.modified) }).sortable { (r: Record) in r.modified },
        ])
        let host = WindowHost(width: 600, height: 600)
        host.show(table.widget)
        host.settle()
        print(pad(["column", "rows realised", "rows bound", "cells filled", "rows × 3", ""]))
        for column in table.columns {
            table.flushUnbinds()
            host.settle()
            let before = table.statistics
            table.sort(by: column)
            host.settle(activity: { table.statistics.binds + table.statistics.cellBinds })
            table.flushUnbinds()
            let shown = table.boundCellCount
            print(pad([column.id, String(shown), String(table.statistics.binds - before.binds),
                       String(table.statistics.cellBinds - before.cellBinds), String(shown * 3), ""]))
        }
        host.show(nil)
        host.destroy()
        manager.clear()
    }

    private static func pad(_ cells: [String]) -> String { tableLine(cells, widths: [10, 14, 18, 16, 15, 8]) }
}

/// The Name column's view of the table benchmark: a label.
@MainActor
final class RecordView: ConfigurableRowView {
    let widget = OwnedWidget(gtk_label_new(nil))
    static func make() -> RecordView { RecordView() }
    func configure(with model: TableSort.Record) {
        model.name.withCString { gtk_label_set_text(gdd_label(widget.raw), $0) }
    }
}
