import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// The README's example, kept compiling and correct.
final class TitleView: ConfigurableRowView {
    let widget = OwnedWidget(gtk_label_new(nil))
    static func make() -> TitleView { TitleView() }
    func configure(with title: String) { gtk_label_set_text(gdd_label(widget.raw), title) }
}

final class ReadmeExampleTests: WidgetTestCase {
    func testReadmeExample() async throws {
        let manager = BaseListManager()
        let adapter = ListViewAdapter(manager: manager, selection: .single)
        let host = WindowHost(child: adapter.scrolledWindow)
        defer { host.destroy() }

        let fruits = BaseHeaderGenerator<TitleView>(model: "Fruits", id: "fruits")
        let apple = BaseRowGenerator<TitleView>(model: "Apple", id: "apple")
        var selected = false
        apple.didSelectEvent += { selected = true }
        try manager.addSection(header: fruits, rows: [apple])
        try manager.add([BaseRowGenerator<TitleView>(model: "Pear", id: "pear")], toSectionWith: fruits)

        apple.model = "Green apple"
        try manager.update(apple)
        try manager.setState([Section(header: fruits, rows: [BaseRowGenerator<TitleView>(model: "Pear", id: "pear"), apple])])
        host.settle()

        let titles = manager.flatGenerators.compactMap { ($0 as? BaseRowGenerator<TitleView>)?.model }
        XCTAssertEqual(titles, ["Pear", "Green apple"])
        let label = try XCTUnwrap(adapter.view(for: apple)?.widget.raw)
        XCTAssertEqual(String(cString: gtk_label_get_text(gdd_label(label))), "Green apple")
        adapter.select(apple)
        XCTAssertTrue(selected)
    }
}
