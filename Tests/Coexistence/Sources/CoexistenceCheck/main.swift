// Shows GtkDataDisplay lists inside the host framework's own window and box: an adapter's widget
// put in the host's box, and a `GtkListView` the host made itself, driven by an adapter. Prints
// what it checked and exits 0 when the rows were bound, 1 otherwise (run under Xvfb by
// scripts/coexistence). The DocC article "Embedding" shows its regions.

import CGtk
import GtkDataDisplay
import HostToolkit

// DocC:begin embedding-row-view
/// A row view made with the host's own C calls: GtkDataDisplay needs only an `OwnedWidget`.
final class NameView: ConfigurableRowView {
    let widget = OwnedWidget(gtk_label_new(nil))
    static func make() -> NameView { NameView() }
    func configure(with name: String) { gtk_label_set_text(host_label(widget.pointer), name) }
}
// DocC:end embedding-row-view

func runMainLoop(seconds: Double) {
    let end = g_get_monotonic_time() + gint64(seconds * 1_000_000)
    while g_get_monotonic_time() < end { _ = g_main_context_iteration(nil, 0) }
}

@MainActor
func check() throws -> Bool {
    let names = (1...200).map { BaseRowGenerator<NameView>(model: "Name \($0)", id: $0) }
    let window = Window(title: "GtkDataDisplay beside another toolkit")
    let box = Box()
    let title = Label("The host's own label")
    box.append(title.pointer)

    // DocC:begin embedding-adapter
    let manager = BaseListManager()
    try manager.add(names)
    let adapter = ListViewAdapter(manager: manager)
    box.append(adapter.gtkWidget)   // the same GtkWidget type as the host's own C module's
    // DocC:end embedding-adapter

    // DocC:begin embedding-adopted
    let listView = gtk_list_view_new(nil, nil)!          // the host's own view, in its own scroller
    let scroller = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_child(host_scrolled_window(scroller), listView)
    gtk_widget_set_vexpand(scroller, 1)
    box.append(scroller)

    let other = BaseListManager()
    try other.add((1...50).map { BaseRowGenerator<NameView>(model: "Other \($0)", id: $0) })
    let driven = try ListViewAdapter(manager: other, adopting: OpaquePointer(listView))
    // DocC:end embedding-adopted

    let button = Button("The host's own button")
    box.append(button.pointer)
    window.setChild(box)
    window.present()
    runMainLoop(seconds: 1.5)

    print("adapter binds: \(adapter.statistics.binds)")
    print("driven view binds: \(driven.statistics.binds), its scrolled window kept: \(driven.scrolledWindow == scroller)")
    let ok = adapter.statistics.binds > 0 && driven.statistics.binds > 0 && driven.scrolledWindow == scroller
    window.destroy()
    runMainLoop(seconds: 0.2)
    withExtendedLifetime((title, button, box, adapter, driven)) {}
    return ok
}

let passed = MainActor.assumeIsolated {
    gtk_init()
    do {
        return try check()
    } catch {
        print("error: \(error)")
        return false
    }
}
print(passed ? "coexistence check: passed" : "coexistence check: FAILED")
exit(passed ? 0 : 1)
