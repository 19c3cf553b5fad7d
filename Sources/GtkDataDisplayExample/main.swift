import Foundation
import GtkDataDisplay
import GtkDataDisplayShell

/// A row view: built once per recycled list item, configured per row.
final class TitleView: ConfigurableRowView {
    let label = Label(xalign: 0)
    var widget: OwnedWidget { label.widget }
    static func make() -> TitleView { TitleView() }
    func configure(with title: String) { label.text = title }
}

let manager = BaseListManager()
let fruits = BaseHeaderGenerator<TitleView>(model: "Fruits", id: "fruits")
let apple = BaseRowGenerator<TitleView>(model: "Apple", id: "apple")
apple.didSelectEvent += { print("apple selected") }
try manager.addSection(header: fruits, rows: [apple])                     // one splice
try manager.add([BaseRowGenerator<TitleView>(model: "Pear", id: "pear")], toSectionWith: fruits)

apple.model = "Green apple"
try manager.update(apple)                                                 // rebinds that row only

// A whole new state, diffed by id: unchanged rows are untouched, changed ones rebound in place,
// moved ones keep their widgets.
try manager.setState([Section(header: fruits, rows: [BaseRowGenerator<TitleView>(model: "Pear", id: "pear"), apple])])

let app = Application(id: "org.example.Fruits")
app.onActivate { window in                    // GTK is ready here: make the list view
    window.title = "Fruits"
    window.setDefaultSize(width: 360, height: 480)
    window.child = ListViewAdapter(manager: manager, selection: .single)   // the window keeps it
    window.present()
}
exit(app.run())
