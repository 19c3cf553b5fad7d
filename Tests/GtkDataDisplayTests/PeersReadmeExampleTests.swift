import GtkDataDisplay
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

// The examples for the three peers (DataSourceController, CoreTableView, CascadingTableDelegate), kept
// compiling and checked. Each region between `README:begin NAME` and `README:end NAME` is a README block
// as it stands there, and each between `DocC:begin NAME` and `DocC:end NAME` a block of the article
// "Models, state and section controllers" (which shows the README's block too); the test around it
// checks what it did.

// DocC:begin peers-views
struct Person: Identifiable, Equatable { var id: Int; var name: String; var starred = false }
struct Team: Identifiable, Equatable { var id: String; var title: String; var members: Int }

final class PersonView: ConfigurableRowView {
    let label = Label(xalign: 0)
    var widget: OwnedWidget { label.widget }
    static func make() -> PersonView { PersonView() }
    func configure(with person: Person) { label.text = person.name }
}

final class TitleRowView: ConfigurableRowView {
    let label = Label(xalign: 0)
    var widget: OwnedWidget { label.widget }
    static func make() -> TitleRowView { TitleRowView() }
    func configure(with title: String) { label.text = title }
}
// DocC:end peers-views

@MainActor
final class PeersReadmeExampleTests: XCTestCase {
    func testDataSourceControllerExample() async throws {
        let people = [Person(id: 1, name: "Ann"), Person(id: 2, name: "Bob")]
        // README:begin peers-dsc
        let manager = BaseListManager()
        manager.register(PersonView.self, for: Person.self)       // rows: BaseRowGenerator<PersonView>, id: person.id
        manager.register(TitleRowView.self, for: String.self)     // headers and footers too
        manager.register(for: Team.self) { team in                // or a factory: any generator
            BaseRowGenerator<TitleRowView>(model: "\(team.title) (\(team.members))", id: team.id)
        }

        // One section of any mix of registered models, diffed like setState.
        try manager.setState(models: [people[0], Team(id: "work", title: "Work", members: 12), people[1]])

        // Sections with header and footer models.
        try manager.setState(modelSections: [
            ModelSection(header: "Teams", models: [Team(id: "work", title: "Work", members: 12)]),
            ModelSection(header: "People", models: people, footer: "\(people.count) people"),
        ])

        do {
            try manager.setState(models: [people[0], 42])        // nothing changes
        } catch {
            print(error)     // unregistered model type Int: register a row view or a factory for it
        }
        // README:end peers-dsc
        XCTAssertEqual(manager.flatGenerators.compactMap { $0.model(as: String.self) ?? $0.model(as: Person.self)?.name },
                       ["Teams", "Work (12)", "People", "Ann", "Bob", "2 people"])
        XCTAssertTrue(manager.flatGenerators[0] is BaseHeaderGenerator<TitleRowView>)
        XCTAssertTrue(manager.flatGenerators[5] is BaseFooterGenerator<TitleRowView>)
        XCTAssertThrowsError(try manager.setState(models: [people[0], 42])) {
            XCTAssertEqual($0 as? DataDisplayError, .unregisteredModelType("Int"))
        }
    }

    func testStateListViewExample() async throws {
        var people = [Person(id: 1, name: "Ann"), Person(id: 2, name: "Bob"), Person(id: 3, name: "Al")]
        // DocC:begin peers-state
        let peopleView = StateListView(selection: .multiple)
        peopleView.register(PersonView.self, for: Person.self)
        peopleView.register(TitleRowView.self, for: String.self)
        peopleView.stateRejected += { error in print("state refused:", error) }   // the list kept its state

        func show(_ people: [Person]) {        // every assignment is diffed against what is shown
            peopleView.state = Dictionary(grouping: people) { String($0.name.prefix(1)) }
                .sorted { $0.key < $1.key }
                .map { ModelSection(header: $0.key, models: $0.value) }
        }
        show(people)
        people[0].name = "Anne"
        show(people)                           // one row rebound, nothing else touched
        // then, in app.onActivate { window in … }: window.child = peopleView
        // DocC:end peers-state
        XCTAssertEqual(peopleView.manager.lastUpdate?.updated, 1)
        XCTAssertEqual(peopleView.manager.lastUpdate?.inserted, 0)
        XCTAssertEqual(peopleView.state.map { $0.header as? String }, ["A", "B"])
        let assignable: (Window, StateListView) -> Void = { window, view in window.child = view }
        _ = assignable    // `window.child = peopleView` compiles (shown in a window by the widget tests)
    }

    func testSectionControllerExample() async throws {
        let favourites = [Person(id: 1, name: "Ann", starred: true)]
        let everyone = favourites + [Person(id: 2, name: "Bob")]
        // DocC:begin peers-controller
        /// Owns the events of the Favourites section: its rows are activated, never selected,
        /// and taller than the rest.
        final class FavouritesController: SectionController {
            var opened: [Person] = []
            func didActivate(_ generator: any RowGenerator) {
                if let person = generator.model(as: Person.self) { opened.append(person) }
            }
            func isSelectable(_ generator: any RowGenerator) -> Bool? { false }
            func heightHint(for generator: any RowGenerator) -> Int? { 56 }
        }

        let favouritesController = FavouritesController()
        let manager = BaseListManager()
        manager.register(PersonView.self, for: Person.self)
        manager.register(TitleRowView.self, for: String.self)
        try manager.setState(modelSections: [
            ModelSection(header: "Favourites", models: favourites, controller: favouritesController),
            ModelSection(header: "Everyone", models: everyone.map { Person(id: $0.id + 1000, name: $0.name) }),
        ])
        // A new state keeps the controller of a section whose header keeps its id.
        try manager.setState(modelSections: [ModelSection(header: "Favourites", models: everyone)])
        // DocC:end peers-controller
        XCTAssertTrue(manager.sections[0].controller === favouritesController)
        XCTAssertTrue(manager.sectionController(of: manager.flatGenerators[2]) === favouritesController)
        XCTAssertEqual(favouritesController.heightHint(for: manager.flatGenerators[1]), 56)
    }
}
