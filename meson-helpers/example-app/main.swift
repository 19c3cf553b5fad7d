// Built by meson against GtkDataDisplay from the subproject: a manager with one section of two rows
// under a header; exits 1 unless the store shows the three. No display needed (no widgets are made).
import Glibc
import GtkDataDisplay
import GtkDataDisplayShell

final class TitleView: ConfigurableRowView {
    let label = Label(xalign: 0)
    var widget: OwnedWidget { label.widget }
    static func make() -> TitleView { TitleView() }
    func configure(with title: String) { label.text = title }
}

let rows = MainActor.assumeIsolated { () -> Int in
    let manager = BaseListManager()
    let header = BaseHeaderGenerator<TitleView>(model: "Fruits", id: "fruits")
    do {
        try manager.addSection(header: header, rows: ["Apple", "Pear"].map { BaseRowGenerator<TitleView>(model: $0, id: $0) })
    } catch {
        print("gdd_meson_example: \(error)")
    }
    return manager.store.count
}
print("gdd_meson_example: \(rows) rows in the store")
exit(rows == 3 ? 0 : 1)
