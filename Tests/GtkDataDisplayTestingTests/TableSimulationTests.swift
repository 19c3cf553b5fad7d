import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A table's rows headless: text columns rendered beside each row, header clicks sorting through
/// the manager with the selection kept, sections and children sorted in place.
@MainActor
final class TableSimulationTests: XCTestCase {
    /// A package: its name is the row's text (the id), its size and section the columns.
    struct Package: Equatable {
        var name: String
        var size: Int
        var section: String
    }
    typealias PackageRow = BaseRowGenerator<PackageNameView>

    @MainActor
    final class PackageNameView: ConfigurableRowView {
        let widget: OwnedWidget = LabelRowView.make().widget
        static func make() -> PackageNameView { PackageNameView() }
        func configure(with model: Package) {}
    }

    private func table() throws -> (HeadlessAdapter, BaseListManager) {
        let packages = [Package(name: "vim", size: 3900, section: "editors"), Package(name: "bash", size: 7100, section: "shells"),
                        Package(name: "zsh", size: 2400, section: "shells"), Package(name: "ed", size: 120, section: "editors")]
        let manager = BaseListManager()
        try manager.setState([Section(header: LabelHeader(model: "Installed", id: "Installed"),
                                      rows: packages.map { PackageRow(model: $0, id: $0.name) })])
        let columns = [
            TableColumn(id: "name", title: "Name").sortable { (p: Package) in p.name },
            TableColumn(id: "size", title: "Size", text: { (p: Package) in "\(p.size) kB" }).sortable { (p: Package) in p.size },
            TableColumn(id: "section", title: "Section", text: { (p: Package) in p.section }),
        ]
        return (HeadlessAdapter(manager: manager, plugins: [.selectable(.multiple)], columns: columns), manager)
    }

    func testRowsRenderWithTheirTextColumns() async throws {
        let (adapter, _) = try table()
        assertRows(adapter, """
        # Installed
        vim | 3900 kB | editors
        bash | 7100 kB | shells
        zsh | 2400 kB | shells
        ed | 120 kB | editors
        """)
        XCTAssertEqual(adapter.rows()[1].cells, ["3900 kB", "editors"])
    }

    func testHeaderClicksSortAscendingThenDescendingAndKeepTheSelection() async throws {
        let (adapter, manager) = try table()
        let size = adapter.columns[1]
        adapter.select(manager.store.generators[2])   // bash
        XCTAssertTrue(try adapter.clickHeader(of: size))
        XCTAssertTrue(adapter.sortColumn === size)
        assertRows(adapter, """
        # Installed
        ed | 120 kB | editors
        zsh | 2400 kB | shells
        vim | 3900 kB | editors
        bash [selected] | 7100 kB | shells
        """)
        try adapter.clickHeader(of: size)
        XCTAssertFalse(adapter.sortsAscending)
        XCTAssertEqual(adapter.rows().dropFirst().map(\.text), ["bash", "vim", "zsh", "ed"])
        try adapter.clickHeader(of: adapter.columns[0])
        XCTAssertEqual(adapter.rows().dropFirst().map(\.text), ["bash", "ed", "vim", "zsh"])
        XCTAssertEqual(adapter.selectedGenerators.map(\.diffID), ["bash"])
        // The section column has no sort key: its header does nothing.
        XCTAssertFalse(try adapter.clickHeader(of: adapter.columns[2]))
        XCTAssertEqual(adapter.rows().dropFirst().map(\.text), ["bash", "ed", "vim", "zsh"])
    }
}
