import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// What the box adapter tests check against the real `GtkBox`.
@MainActor
enum BoxChecks {
    /// The text a generator's label view should show (headers, footers, rows and folders of
    /// `LabelRowView`, counter rows of `CounterRowView`).
    static func expectedText(_ generator: any RowGenerator) -> String? {
        if let r = generator as? BaseRowGenerator<LabelRowView> { return r.model }
        if let s = generator as? SupplementaryRowGenerator<LabelRowView> { return s.model }
        if let c = generator as? CounterRow { return "\(c.model)" }
        return nil
    }

    /// The text shown by the view inside a row widget, read from GTK (the last child of the row
    /// widget is the view; a label, or a box holding one).
    static func shownText(inRowWidget rowWidget: UnsafeMutablePointer<GtkWidget>) -> String? {
        guard var widget = gtk_widget_get_last_child(rowWidget) else { return nil }
        if gtk_widget_get_first_child(widget) != nil, !isLabel(widget) { widget = gtk_widget_get_first_child(widget)! }
        guard isLabel(widget), let text = gtk_label_get_text(gdd_label(UnsafeMutableRawPointer(widget))) else { return nil }
        return String(cString: text)
    }

    private static func isLabel(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        String(cString: g_type_name(gdd_type_from_instance(UnsafeMutableRawPointer(widget)))) == "GtkLabel"
    }

    /// Everything wrong with the box against the manager: the box's children, in order, are one
    /// widget per flat row, each showing its row's content in the view the adapter reports, with
    /// the row's role, depth and fold state. Empty when all is right.
    static func problems(_ adapter: BoxAdapter) -> [String] {
        let flat = adapter.manager.flatGenerators
        let widgets = adapter.rowWidgets
        var problems: [String] = []
        if widgets.count != flat.count {
            problems.append("the box has \(widgets.count) children, the manager \(flat.count) rows")
        }
        for (i, generator) in flat.enumerated() where i < widgets.count {
            let widget = widgets[i]
            if adapter.rowWidget(for: generator) != widget { problems.append("child \(i) is not the widget of \(expectedText(generator) ?? "?")") }
            if let view = adapter.view(for: generator), view.widget.parent != widget {
                problems.append("the view of row \(i) is not inside its row widget")
            }
            let expected = expectedText(generator)
            let shown = shownText(inRowWidget: widget)
            if expected != nil, shown != expected { problems.append("child \(i) shows \(shown ?? "nil"), its row is \(expected!)") }
            let isHeader = generator is HeaderGenerator, isFooter = generator is FooterGenerator
            if (gtk_widget_has_css_class(widget, "gdd-header") != 0) != isHeader { problems.append("child \(i): gdd-header class wrong") }
            if (gtk_widget_has_css_class(widget, "gdd-footer") != 0) != isFooter { problems.append("child \(i): gdd-footer class wrong") }
            let depth = adapter.manager.depth(of: generator) ?? 0
            if Int(gtk_widget_get_margin_start(widget)) != depth * adapter.indentPerLevel {
                problems.append("child \(i): indent \(gtk_widget_get_margin_start(widget)) for depth \(depth)")
            }
            if let expander = adapter.expander(for: generator) {
                let foldable = generator as? FoldableItem
                // A child row that cannot fold keeps the expander's space: there, invisible (opacity 0).
                let keepsSpace = foldable == nil && depth > 0 && !(generator is HeaderGenerator) && !(generator is FooterGenerator)
                if (gtk_widget_get_visible(expander) != 0) != (foldable != nil || keepsSpace) { problems.append("child \(i): expander visibility wrong") }
                if keepsSpace, gtk_widget_get_opacity(expander) != 0 { problems.append("child \(i): the kept space shows an expander") }
                if let foldable {
                    let icon = gtk_button_get_icon_name(gdd_button(UnsafeMutableRawPointer(expander))).map { String(cString: $0) }
                    let wanted = foldable.isExpanded ? "pan-down-symbolic" : "pan-end-symbolic"
                    if icon != wanted { problems.append("child \(i): expander shows \(icon ?? "nil"), the row is \(foldable.isExpanded ? "expanded" : "collapsed")") }
                }
            } else {
                problems.append("child \(i): no expander")
            }
        }
        return problems
    }

    /// Asserts the box shows the manager's rows (see `problems`).
    static func assertMatches(_ adapter: BoxAdapter, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        let found = problems(adapter)
        XCTAssertTrue(found.isEmpty, "\(message) " + found.joined(separator: "; "), file: file, line: line)
    }
}

/// The box's children next to the store's row objects at one moment. Widgets are referenced and
/// row objects watched (a GObject weak reference, so the snapshot keeps no row alive): afterwards,
/// every row object that lived through and is still in the store must be shown by the very same
/// widget and view.
@MainActor
final class BoxSnapshot {
    private var widgetByRowObject: [UnsafeMutableRawPointer: UnsafeMutableRawPointer] = [:]
    private var viewByRowObject: [UnsafeMutableRawPointer: UnsafeMutableRawPointer] = [:]
    private var widgets: [UnsafeMutableRawPointer] = []
    private let watch = RowObjectWatch()

    init(_ adapter: BoxAdapter) {
        let model = adapter.manager.store.listModel
        let widgets = adapter.rowWidgets
        for i in 0..<Int(g_list_model_get_n_items(model)) where i < widgets.count {
            let item = g_list_model_get_item(model, guint(i))!
            watch.watch(item)
            g_object_unref(item)   // g_list_model_get_item is transfer full
            let widget = UnsafeMutableRawPointer(widgets[i])
            g_object_ref(widget)
            self.widgets.append(widget)
            widgetByRowObject[item] = widget
            if let view = gtk_widget_get_last_child(widgets[i]) {
                viewByRowObject[item] = UnsafeMutableRawPointer(view)
            }
        }
    }

    isolated deinit {
        watch.stopWatching()
        for widget in widgets { g_object_unref(widget) }
    }

    /// Rows of the snapshot still in the store whose widget (or view) is not the one they had,
    /// and how many rows were kept.
    func changedWidgets(_ adapter: BoxAdapter, viewsToo: Bool = true) -> (changed: [String], kept: Int) {
        let model = adapter.manager.store.listModel
        let widgets = adapter.rowWidgets
        var changed: [String] = []
        var kept = 0
        for i in 0..<Int(g_list_model_get_n_items(model)) where i < widgets.count {
            let item = g_list_model_get_item(model, guint(i))!
            defer { g_object_unref(item) }
            guard let before = widgetByRowObject[item], !watch.died(item) else { continue }
            kept += 1
            if before != UnsafeMutableRawPointer(widgets[i]) { changed.append("row \(i): new widget") }
            if viewsToo, let view = viewByRowObject[item],
               gtk_widget_get_last_child(widgets[i]).map(UnsafeMutableRawPointer.init) != view {
                changed.append("row \(i): new view")
            }
        }
        return (changed, kept)
    }

    /// Asserts every kept row kept its widget and view.
    func assertKept(_ adapter: BoxAdapter, viewsToo: Bool = true, file: StaticString = #filePath, line: UInt = #line) {
        let (changed, _) = changedWidgets(adapter, viewsToo: viewsToo)
        XCTAssertTrue(changed.isEmpty, changed.joined(separator: "; "), file: file, line: line)
    }
}

/// GObject weak references on row objects: which of them were finalized since (their address may
/// then be another object's).
final class RowObjectWatch {
    private var alive: Set<UnsafeMutableRawPointer> = []
    private var dead: Set<UnsafeMutableRawPointer> = []

    private static let notify: GWeakNotify = { data, object in
        let watch = Unmanaged<RowObjectWatch>.fromOpaque(data!).takeUnretainedValue()
        let address = UnsafeMutableRawPointer(object!)
        watch.alive.remove(address)
        watch.dead.insert(address)
    }

    func watch(_ object: UnsafeMutableRawPointer) {
        guard alive.insert(object).inserted else { return }
        g_object_weak_ref(gdd_object(object), Self.notify, Unmanaged.passUnretained(self).toOpaque())
    }

    func died(_ object: UnsafeMutableRawPointer) -> Bool { dead.contains(object) }

    func stopWatching() {
        for object in alive { g_object_weak_unref(gdd_object(object), Self.notify, Unmanaged.passUnretained(self).toOpaque()) }
        alive.removeAll()
    }
}
