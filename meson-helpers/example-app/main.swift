// Built by meson against GtkDataDisplay from the subproject: a manager, one section, the store's
// row count printed. No display needed (no widgets are made).
import GtkDataDisplay

final class TitleView: ConfigurableRowView {
    let label = Label(xalign: 0)
    var widget: Widget { label.widget }
    static func make() -> TitleView { TitleView() }
    func configure(with title: String) { label.text = title }
}

MainActor.assumeIsolated {
    let manager = BaseListManager()
    let header = BaseHeaderGenerator<TitleView>(model: "Fruits", id: "fruits")
    do {
        try manager.addSection(header: header, rows: ["Apple", "Pear"].map { BaseRowGenerator<TitleView>(model: $0, id: $0) })
        print("gdd-meson-example: \(manager.store.count) rows in the store")
    } catch {
        print("gdd-meson-example: \(error)")
    }
}
