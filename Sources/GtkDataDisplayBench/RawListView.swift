// A GtkListView over a raw GListStore of BenchItems with a plain GtkSignalListItemFactory, as a
// hand-written app would build it: setup makes a label, bind fills it, every GTK bind is counted.

import CGtkDataDisplay
import GtkDataDisplay

@MainActor
final class RawListView {
    let scrolledWindow: UnsafeMutablePointer<GtkWidget>
    /// The `GtkListView` as a widget (for `gtk_widget_activate_action_variant`).
    let listView: UnsafeMutablePointer<GtkWidget>
    /// The selection model the list view shows (the list view holds it).
    let selectionModel: OpaquePointer
    let factory: OpaquePointer
    private(set) var binds = 0
    private(set) var unbinds = 0
    /// What each bound list item shows (set at bind).
    private(set) var shown: [UInt: BenchModel] = [:]
    let realised: RealisedRows

    /// A list view over `listModel`: a GtkSingleSelection (no autoselect, can unselect), or with
    /// `multiple` a GtkMultiSelection.
    init(listModel: OpaquePointer, multiple: Bool = false) {
        g_object_ref(UnsafeMutableRawPointer(listModel))  // the selection model takes this one
        let selection: UnsafeMutableRawPointer
        if multiple {
            selection = UnsafeMutableRawPointer(gtk_multi_selection_new(listModel)!)
        } else {
            let single = gtk_single_selection_new(listModel)!
            gtk_single_selection_set_autoselect(single, 0)
            gtk_single_selection_set_can_unselect(single, 1)
            selection = UnsafeMutableRawPointer(single)
        }
        selectionModel = gdd_selection_model(selection)
        factory = gtk_signal_list_item_factory_new()!
        let raw = UnsafeMutableRawPointer(factory)
        Signal.connect(raw, "setup", pointer: { item in
            gtk_list_item_set_child(gdd_list_item(item), gtk_label_new(nil))
        })
        realised = RealisedRows(factory: raw)
        let view = gtk_list_view_new(selectionModel, gdd_list_item_factory(raw))!  // takes both
        listView = view
        scrolledWindow = gtk_scrolled_window_new()
        g_object_ref_sink(UnsafeMutableRawPointer(scrolledWindow))
        gtk_scrolled_window_set_child(gdd_scrolled_window(UnsafeMutableRawPointer(scrolledWindow)), view)
        connectFactory(raw)
    }

    private func connectFactory(_ raw: UnsafeMutableRawPointer) {
        Signal.connect(raw, "bind", pointer: { [weak self] item in
            let listItem = gdd_list_item(item)!
            guard let self, let object = gtk_list_item_get_item(listItem) else { return }
            let model = BenchModel(id: BenchItem.id(of: object), content: BenchItem.content(of: object))
            "row \(model.id) · v\(model.content)".withCString {
                gtk_label_set_text(gdd_label(UnsafeMutableRawPointer(gtk_list_item_get_child(listItem))), $0)
            }
            self.binds += 1
            self.shown[UInt(bitPattern: item)] = model
        })
        Signal.connect(raw, "unbind", pointer: { [weak self] item in
            self?.unbinds += 1
            self?.shown[UInt(bitPattern: item)] = nil
        })
    }

    func resetCounts() { binds = 0; unbinds = 0 }

    /// The realised rows as the store holds them now, and the first row whose label disagrees.
    func snapshot(_ model: OpaquePointer) -> (rows: Set<BenchModel>, mismatch: String?) {
        var rows = Set<BenchModel>()
        var mismatch: String?
        for (position, listItem) in realised.positioned {
            guard let object = gtk_list_item_get_item(listItem) else { continue }
            let row = BenchModel(id: BenchItem.id(of: object), content: BenchItem.content(of: object))
            rows.insert(row)
            let address = UInt(bitPattern: UnsafeMutableRawPointer(listItem))
            if mismatch == nil, shown[address] != row {
                mismatch = "position \(position) shows \(shown[address].map { "id \($0.id) v\($0.content)" } ?? "nothing"), store has id \(row.id) v\(row.content)"
            }
        }
        return (rows, mismatch)
    }

    func destroy() {
        g_object_unref(UnsafeMutableRawPointer(scrolledWindow))
    }
}
