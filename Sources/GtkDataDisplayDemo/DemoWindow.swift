import CGtk
import GtkDataDisplay

/// The demo window: a toolbar of list updates, the list, and a status line.
///
/// It owns the manager and the adapter, which the list view calls back into for as long as it
/// shows rows. Every toolbar action reaches the store as a diffed update (a few splices),
/// never as a full reload; the status line says how many splices it took.
@MainActor
final class DemoWindow {
    private let window: ObjectReference
    private let manager = BaseListManager()
    private let adapter: ListViewAdapter
    private var catalog = DemoCatalog()
    private let status: UnsafeMutablePointer<GtkWidget>
    private let statistics: UnsafeMutablePointer<GtkWidget>
    /// `items-changed` emissions of the store since the current action began.
    private var splices = 0

    init(application: UnsafeMutablePointer<GtkApplication>) {
        DemoResources.installStylesheet()
        adapter = ListViewAdapter(manager: manager, selection: .single)
        let window = gtk_application_window_new(application)!
        self.window = ObjectReference(retaining: UnsafeMutableRawPointer(window))
        status = Self.makeLabel(cssClass: "status")
        // The status wraps rather than hide the end of a long report.
        gtk_label_set_ellipsize(gdd_label(status), PANGO_ELLIPSIZE_NONE)
        gtk_label_set_wrap(gdd_label(status), 1)
        statistics = Self.makeLabel(cssClass: "statistics")

        gtk_window_set_title(gdd_window(window), "GtkDataDisplay demo")
        gtk_window_set_default_size(gdd_window(window), 480, 720)
        gtk_widget_add_css_class(window, "demo")
        let footer = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_widget_add_css_class(footer, "footer")
        gtk_box_append(gdd_box(footer), status)
        gtk_box_append(gdd_box(footer), statistics)
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(gdd_box(content), makeToolbar())
        gtk_box_append(gdd_box(content), adapter.scrolledWindow)
        gtk_box_append(gdd_box(content), footer)
        gtk_window_set_child(gdd_window(window), content)

        // Each g_list_store_splice emits items-changed once: counting emissions counts splices.
        Signal.connect(UnsafeMutableRawPointer(manager.store.listModel), "items-changed",
                       itemsChanged: { [weak self] _, _, _ in self?.splices += 1 })
        adapter.didActivate += { [weak self] generator in self?.activated(generator) }

        perform { () throws(DataDisplayError) in
            try manager.setState(catalog.initialState())
            return "Loaded"
        }
        showStatistics()
        // Binds happen when GTK lays the list out, after an action returns: poll, cheaply.
        Timeout.add(milliseconds: 500) { [weak self] in
            self?.showStatistics()
            return self != nil
        }
    }

    func present() {
        gtk_window_present(gdd_window(window.pointer))
    }

    // MARK: Layout

    private static func makeLabel(cssClass: String) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(nil)!
        gtk_label_set_xalign(gdd_label(label), 0)
        gtk_label_set_ellipsize(gdd_label(label), PANGO_ELLIPSIZE_END)
        gtk_widget_add_css_class(label, cssClass)
        return label
    }

    private func makeToolbar() -> UnsafeMutablePointer<GtkWidget> {
        let actions: [(label: String, tooltip: String, run: @MainActor (DemoWindow) -> Void)] = [
            ("Add", "Insert a new row at the top of “Recently added”", { $0.add() }),
            ("Remove", "Remove a random row", { $0.removeRandomRow() }),
            ("Update", "Change a random row and rebind it in place", { $0.updateRandomRow() }),
            ("Shuffle", "Shuffle every section (one diffed whole-state update)", { $0.shuffle() }),
            ("Rebuild", "Load a fresh state: some rows changed, gone or new (diffed)", { $0.rebuild() }),
        ]
        // Not homogeneous: equal widths would make every button as wide as the widest and
        // push the window past 480 px. Expanding buttons share the spare width instead.
        let bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_widget_add_css_class(bar, "toolbar")
        for action in actions {
            let button = gtk_button_new_with_label(action.label)!
            gtk_widget_set_tooltip_text(button, action.tooltip)
            gtk_widget_set_hexpand(button, 1)
            Signal.connect(UnsafeMutableRawPointer(button), "clicked") { [weak self] in
                if let self { action.run(self) }
            }
            gtk_box_append(gdd_box(bar), button)
        }
        return bar
    }

    // MARK: Actions

    private func add() {
        perform { () throws(DataDisplayError) in
            guard let header = manager.sections.first(where: { $0.header?.diffID == AnyHashable(DemoCatalog.recentSectionID) })?.header else {
                return "No “Recently added” section"
            }
            let row = catalog.makeRow()
            try manager.insert(row, after: header)
            reveal(row)
            return "Added “\(row.title)”"
        }
    }

    private func removeRandomRow() {
        perform { () throws(DataDisplayError) in
            guard let row = randomRow() else { return "Nothing to remove" }
            try manager.remove(row)
            return "Removed “\(row.title)”"
        }
    }

    private func updateRandomRow() {
        perform { () throws(DataDisplayError) in
            guard let row = randomRow() else { return "Nothing to update" }
            row.changeContent()
            try manager.update(row)
            reveal(row)
            return "Updated “\(row.title)”"
        }
    }

    private func shuffle() {
        perform { () throws(DataDisplayError) in
            // The same generators in a new order: the diff sees moves only.
            let shuffled = manager.sections.map { Section(header: $0.header, rows: $0.rows.shuffled(), footer: $0.footer) }
            try manager.setState(shuffled)
            return "Shuffled: \(plural(manager.lastUpdate?.moves ?? 0, "row")) moved"
        }
    }

    private func rebuild() {
        perform { () throws(DataDisplayError) in
            // New generator instances with the old ids: matched by id, rebound only if changed.
            try manager.setState(catalog.rebuild(manager.sections))
            guard let update = manager.lastUpdate else { return "Rebuilt" }
            return "Rebuilt: \(update.inserted) new, \(update.removed) gone, \(update.updated) changed, \(update.moves) moved"
        }
    }

    private func activated(_ generator: any RowGenerator) {
        let title = (generator as? any DemoRow)?.title ?? "row"
        setStatus("Activated “\(title)” · \(plural(rowCount, "row"))")
    }

    // MARK: Helpers

    /// Runs one action and reports it with what reached the store: splices, and visible rows
    /// rebound in place (rows off screen are bound when they scroll into view).
    private func perform(_ action: () throws(DataDisplayError) -> String) {
        splices = 0
        let rebindsBefore = adapter.statistics.rebinds
        var parts: [String]
        do {
            parts = [try action()]
        } catch {
            parts = ["Failed: \(error)"]
        }
        parts.append(plural(splices, "splice"))
        let rebound = adapter.statistics.rebinds - rebindsBefore
        if rebound > 0 { parts.append("\(rebound) rebound") }
        parts.append(plural(rowCount, "row"))
        setStatus(parts.joined(separator: " · "))
        showStatistics()
    }

    /// Scrolls to a row and selects it, so the change is easy to spot.
    private func reveal(_ row: any RowGenerator) {
        guard let position = manager.position(of: row) else { return }
        adapter.scrollTo(position: position)
        adapter.select(row)
    }

    private func randomRow() -> (any DemoRow)? {
        manager.sections.flatMap(\.rows).compactMap { $0 as? any DemoRow }.randomElement()
    }

    /// Rows of every section, headers not counted.
    private var rowCount: Int {
        manager.sections.reduce(0) { $0 + $1.rows.count }
    }

    private func setStatus(_ text: String) {
        gtk_label_set_text(gdd_label(status), text)
    }

    private func showStatistics() {
        let s = adapter.statistics
        let text = "\(manager.store.count) store items · \(s.setups) list items · \(s.viewsCreated) views built · \(s.binds) binds · \(s.rebinds) rebinds"
        gtk_label_set_text(gdd_label(statistics), text)
    }

    private func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
