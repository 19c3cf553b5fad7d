import GtkDataDisplay
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

// The DocC articles' examples that need no display (Sources/GtkDataDisplay/GtkDataDisplay.docc).
// Each region between `DocC:begin NAME` and `DocC:end NAME` stands in an article as a Swift block,
// character for character (DocCTests checks it), and the test around it checks what it did. A region
// the README shows too is marked `README:begin NAME` instead (ReadmeTests checks it stands there).

// DocC:begin title-view
/// A row view: built once per recycled list item, configured per row.
final class TitleView: ConfigurableRowView {
    let label = Label(xalign: 0)
    var widget: OwnedWidget { label.widget }
    static func make() -> TitleView { TitleView() }
    func configure(with title: String) { label.text = title }
}
// DocC:end title-view

// DocC:begin gravity-rows
/// A row ordered by its weight in a gravity manager: lighter rows come first.
final class TaskRow: BaseRowGenerator<TitleView>, GravityItem {
    let heaviness: Int
    init(_ title: String, heaviness: Int) {
        self.heaviness = heaviness
        super.init(model: title, id: title)
    }
}

/// A section header with a weight: it orders its section among the others.
final class DayHeader: BaseHeaderGenerator<TitleView>, GravityItem {
    let heaviness: Int
    init(_ day: String, heaviness: Int) {
        self.heaviness = heaviness
        super.init(model: day, id: day)
    }
}
// DocC:end gravity-rows

@MainActor
final class DocCSnippetTests: XCTestCase {
    private func titles(_ manager: BaseListManager) -> [String] {
        manager.flatGenerators.map { ($0 as? BaseRowGenerator<TitleView>)?.model ?? ($0 as? BaseHeaderGenerator<TitleView>)?.model ?? "?" }
    }

    func testBaseManagerOperations() async throws {
        // DocC:begin base-operations
        let manager = BaseListManager()
        let fruits = BaseHeaderGenerator<TitleView>(model: "Fruits", id: "fruits")
        let apple = BaseRowGenerator<TitleView>(model: "Apple", id: "apple")
        let pear = BaseRowGenerator<TitleView>(model: "Pear", id: "pear")
        try manager.addSection(header: fruits, rows: [apple, pear])         // one splice

        let plum = BaseRowGenerator<TitleView>(model: "Plum", id: "plum")
        try manager.insert(plum, after: apple)                             // one splice at that place
        try manager.move(pear, before: apple)
        apple.model = "Green apple"
        try manager.update(apple)                                          // rebinds that row only
        try manager.remove(plum)

        try manager.batch {                                                // one diff, the fewest splices
            try manager.remove(pear)
            try manager.add([BaseRowGenerator<TitleView>(model: "Quince", id: "quince")], toSectionWith: fruits)
        }
        print(manager.lastUpdate?.splices ?? 0)                            // what the last update cost
        // DocC:end base-operations
        XCTAssertEqual(titles(manager), ["Fruits", "Green apple", "Quince"])
        XCTAssertTrue(manager.store.shows(manager.flatGenerators))
    }

    func testDeclarativeState() async throws {
        let showVegetables = true
        // README:begin base-declarative
        let manager = BaseListManager()
        let fruits = ["Apple", "Pear"]
        try manager.setState {
            Section(header: BaseHeaderGenerator<TitleView>(model: "Fruits", id: "fruits")) {
                fruits.map { BaseRowGenerator<TitleView>(model: $0, id: $0) }
            }
            if showVegetables {
                Section(header: BaseHeaderGenerator<TitleView>(model: "Vegetables", id: "vegetables")) {
                    BaseRowGenerator<TitleView>(model: "Leek", id: "leek")
                }
            }
        }
        // README:end base-declarative
        XCTAssertEqual(titles(manager), ["Fruits", "Apple", "Pear", "Vegetables", "Leek"])
    }

    func testBadInputChangesNothing() async throws {
        // DocC:begin base-errors
        let manager = BaseListManager()
        let apple = BaseRowGenerator<TitleView>(model: "Apple", id: "apple")
        try manager.add([apple])
        do {
            try manager.add([apple])                       // the same instance again
        } catch .duplicateGenerator(let what) {            // typed throws: the cases are DataDisplayError's
            print("refused, nothing changed:", what)
        } catch {
            print(error)
        }
        // DocC:end base-errors
        XCTAssertEqual(manager.flatGenerators.count, 1)
        XCTAssertThrowsError(try manager.add([apple])) { error in
            guard case .duplicateGenerator = error as? DataDisplayError else { return XCTFail("\(error)") }
        }
    }

    func testManualManager() async throws {
        // DocC:begin manual-sections
        let manager = ManualListManager()
        let today = BaseHeaderGenerator<TitleView>(model: "Today", id: "today")
        let later = BaseHeaderGenerator<TitleView>(model: "Later", id: "later")
        try manager.addSection(header: today, rows: [BaseRowGenerator<TitleView>(model: "Write", id: "write")])
        try manager.addSection(header: later)

        let tomorrow = BaseHeaderGenerator<TitleView>(model: "Tomorrow", id: "tomorrow")
        try manager.insertSection(Section(header: tomorrow), before: later)      // lands right before "Later"
        try manager.insertAtBeginning([BaseRowGenerator<TitleView>(model: "Plan", id: "plan")], ofSectionWith: tomorrow)
        try manager.insertAtEnd([BaseRowGenerator<TitleView>(model: "Rest", id: "rest")], ofSectionWith: later)

        let write = try manager.generators(inSection: 0)[0]
        let rest = try manager.generators(inSection: 2)[0]
        try manager.swap(write, with: rest)                                      // across sections too
        try manager.reloadSection(with: tomorrow)                                // rebinds it in place, no splice
        // DocC:end manual-sections
        XCTAssertEqual(titles(manager), ["Today", "Rest", "Tomorrow", "Plan", "Later", "Write"])
    }

    func testGravityManager() async throws {
        // DocC:begin gravity-manager
        let manager = GravityListManager()
        let monday = DayHeader("Monday", heaviness: 1)
        try manager.addSection(header: DayHeader("Tuesday", heaviness: 2), rows: [TaskRow("Review", heaviness: 1)])
        try manager.addSection(header: monday, rows: [TaskRow("Ship", heaviness: 20), TaskRow("Test", heaviness: 10)])
        try manager.add([TaskRow("Plan", heaviness: 5)], toSectionWith: monday)
        // Monday: Plan, Test, Ship — then Tuesday: Review
        // DocC:end gravity-manager
        XCTAssertEqual(titles(manager), ["Monday", "Plan", "Test", "Ship", "Tuesday", "Review"])
    }

    func testFolding() async throws {
        // DocC:begin folding
        let manager = BaseListManager()
        let europe = FoldableRowGenerator<TitleView>(model: "Europe", id: "europe", children: [
            FoldableRowGenerator<TitleView>(model: "Germany", id: "germany", children: [
                BaseRowGenerator<TitleView>(model: "Berlin", id: "berlin"),
            ]),
            BaseRowGenerator<TitleView>(model: "France", id: "france"),
        ])
        europe.didFoldEvent += { isExpanded in print("Europe", isExpanded ? "expanded" : "collapsed") }
        try manager.add([europe])              // collapsed: one row

        try manager.expand(europe)             // Europe, Germany, France: one splice
        try manager.expandSubtree(europe)      // Berlin too
        try manager.collapse(europe)           // hides the grandchildren as well
        try manager.expand(europe)             // Germany comes back expanded, with Berlin
        // DocC:end folding
        XCTAssertEqual(titles(manager), ["Europe", "Germany", "Berlin", "France"])
        XCTAssertEqual(manager.depth(of: manager.flatGenerators[2]), 2)
    }

    func testBackgroundUpdate() async throws {
        let names = (0..<1_000).map { "row \($0)" }
        // DocC:begin background
        let manager = BaseListManager()
        let sections = [Section(rows: names.map { BaseRowGenerator<TitleView>(model: $0, id: $0) })]
        let applied = try await manager.setStateInBackground(sections)   // the diff runs off the main thread
        if !applied {
            // a newer update (or a cancelled task) superseded this one: nothing of it was applied
        }
        // DocC:end background
        XCTAssertTrue(applied)
        XCTAssertEqual(manager.flatGenerators.count, 1_000)
        XCTAssertTrue(manager.store.shows(manager.flatGenerators))
    }

    func testTemplateValidates() async throws {
        // DocC:begin template
        struct Contact: Equatable, Sendable { var id: Int; var name: String; var email: String; var starred: Bool }

        let contactUI = """
        <interface>
          <object class="GtkBox" id="row">
            <property name="spacing">12</property>
            <child><object class="GtkLabel" id="name"><property name="xalign">0</property></object></child>
            <child><object class="GtkLabel" id="email"><property name="hexpand">true</property></object></child>
            <child><object class="GtkToggleButton" id="star"><property name="icon-name">starred-symbolic</property></object></child>
          </object>
        </interface>
        """

        let manager = BaseListManager()
        let contactRow = try RowTemplate<Contact>(string: contactUI)
            .bind("name", .label, to: \.name)
            .bind("email", .label, to: \.email)
            .bind("email", .visible, to: { !$0.email.isEmpty })
            .bind("star", .active, to: \.starred)
            .bind("row", .cssClass("starred"), to: \.starred)
            .onToggled("star") { [weak manager] row, isActive in  // row: the generator shown now
                row.model.starred = isActive
                try? manager?.update(row)
            }
        try contactRow.validate()                                  // ids and types checked, no display needed

        let contacts = [Contact(id: 1, name: "Ann", email: "ann@example.org", starred: false)]
        try manager.add(contacts.map { TemplateRowGenerator(template: contactRow, model: $0, id: $0.id) })
        // DocC:end template
        XCTAssertEqual(manager.flatGenerators.count, 1)
        XCTAssertEqual((manager.flatGenerators[0] as? TemplateRowGenerator<Contact>)?.model.name, "Ann")
    }

    func testEvents() async throws {
        // DocC:begin events
        let apple = BaseRowGenerator<TitleView>(model: "Apple", id: "apple")
        apple.didSelectEvent += { print("apple selected") }              // listeners run in the order added
        apple.didSelectEvent.addListener(key: "analytics") { print("log") }
        apple.didSelectEvent.addListener(key: "analytics") { print("log v2") }   // same key: replaced in place
        apple.didSelectEvent.removeListener(key: "analytics")
        // DocC:end events
        XCTAssertEqual(apple.didSelectEvent.count, 1)
    }
}
