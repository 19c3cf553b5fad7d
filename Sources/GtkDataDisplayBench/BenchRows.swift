// The rows the manager paths show: a BaseRowGenerator over a one-label view, as a user would write
// it. The view remembers what it shows so the benchmark can check the screen against the store.

import CGtkDataDisplay
import GtkDataDisplay

/// What a row shows: its id and a content version.
struct BenchModel: Hashable, Sendable {
    var id: Int
    var content: Int
}

/// One GtkLabel showing "row <id> · v<content>".
@MainActor
final class BenchRowView: ConfigurableRowView {
    let widget: OwnedWidget
    private(set) var shown: BenchModel?

    private init() { widget = OwnedWidget(gtk_label_new(nil)) }

    static func make() -> BenchRowView {
        let view = BenchRowView()
        ViewRegistry.views[UInt(bitPattern: view.widget.pointer)] = WeakView(view)
        return view
    }

    func configure(with model: BenchModel) {
        shown = model
        ViewRegistry.configured.append(model)
        "row \(model.id) · v\(model.content)".withCString { gtk_label_set_text(gdd_label(widget.raw), $0) }
    }

    func prepareForReuse() { shown = nil }
}

/// The generator type of every benchmark row.
typealias BenchRow = BaseRowGenerator<BenchRowView>

/// The kind of id the generators carry: `Int` (the row's number) or `String` ("row-<number>"), as
/// apps key rows by database ids or by server-side string ids.
enum BenchIDKind: String, CaseIterable, Sendable {
    case int
    case string
}

/// Generators for a list of ids and content versions (new instances, as a fresh state from a server),
/// identified by `Int` ids or by `String` ids made from them (made here, outside any timing).
@MainActor
func makeGenerators(ids: [Int], content: [Int], idKind: BenchIDKind = .int) -> [any RowGenerator] {
    var generators: [any RowGenerator] = []
    generators.reserveCapacity(ids.count)
    switch idKind {
    case .int:
        for i in ids.indices {
            generators.append(BenchRow(model: BenchModel(id: ids[i], content: content[i]), id: ids[i]))
        }
    case .string:
        for i in ids.indices {
            generators.append(BenchRow(model: BenchModel(id: ids[i], content: content[i]), id: "row-\(ids[i])"))
        }
    }
    return generators
}

/// Finds the BenchRowView behind a list item's child widget.
@MainActor
enum ViewRegistry {
    static var views: [UInt: WeakView] = [:]
    /// Every model configured into a view, in order (the binds workers clear it per update).
    static var configured: [BenchModel] = []

    /// The view whose widget is `widget` or one of its descendants (the adapter may wrap views).
    static func view(of widget: UnsafeMutablePointer<GtkWidget>?, depth: Int = 4) -> BenchRowView? {
        guard let widget else { return nil }
        if let view = views[UInt(bitPattern: widget)]?.view { return view }
        guard depth > 0 else { return nil }
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if let view = view(of: current, depth: depth - 1) { return view }
            child = gtk_widget_get_next_sibling(current)
        }
        return nil
    }
}

@MainActor
final class WeakView {
    weak var view: BenchRowView?
    init(_ view: BenchRowView) { self.view = view }
}
