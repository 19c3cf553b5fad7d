import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

struct Person: Identifiable, Equatable {
    var id: Int
    var name: String
}

final class PersonView: ConfigurableRowView {
    let label = Label(xalign: 0)
    var widget: OwnedWidget { label.widget }
    static func make() -> PersonView { PersonView() }
    func configure(with person: Person) { label.text = person.name }
}

final class LetterView: ConfigurableRowView {
    let label = Label(xalign: 0)
    var widget: OwnedWidget { label.widget }
    static func make() -> LetterView { LetterView() }
    func configure(with letter: String) { label.text = letter }
}

/// A state view in a real window: assigned state shows, each assignment is diffed (widgets kept).
final class StateListViewWidgetTests: WidgetTestCase {
    private func text(of generator: any RowGenerator, in view: StateListView) -> String? {
        (view.adapter.view(for: generator) as? PersonView)?.label.text ?? (view.adapter.view(for: generator) as? LetterView)?.label.text
    }

    func testAStateViewShowsItsStateInARealList() async throws {
        let rowsBefore = Diagnostics.liveRowObjects
        do {
            let view = StateListView()
            view.register(PersonView.self, for: Person.self)
            view.register(LetterView.self, for: String.self)
            view.state = [ModelSection(header: "A", models: [Person(id: 1, name: "Ann"), Person(id: 2, name: "Al")]),
                          ModelSection(header: "B", models: [Person(id: 3, name: "Bob")])]
            let host = WindowHost(child: view.gtkWidget)
            defer { host.destroy() }
            XCTAssertEqual(view.manager.flatGenerators.map { text(of: $0, in: view) }, ["A", "Ann", "Al", "B", "Bob"])

            let annView = try XCTUnwrap(view.adapter.view(for: view.manager.flatGenerators[1]))
            view.adapter.resetStatistics()
            view.state = [ModelSection(header: "A", models: [Person(id: 1, name: "Anne"), Person(id: 2, name: "Al")]),
                          ModelSection(header: "B", models: [Person(id: 3, name: "Bob")])]
            host.settle()
            XCTAssertEqual(view.manager.flatGenerators.map { text(of: $0, in: view) }, ["A", "Anne", "Al", "B", "Bob"])
            XCTAssertTrue(view.adapter.view(for: view.manager.flatGenerators[1]) === annView, "the changed row kept its widget")
            XCTAssertEqual(view.adapter.statistics.binds, 1, "only the changed row was bound again")
        }
        MainContext.drain()
        XCTAssertEqual(Diagnostics.liveRowObjects, rowsBefore)
    }

    func testARefusedStateLeavesTheListAsItWas() async throws {
        let view = StateListView(selection: .multiple)
        view.register(PersonView.self, for: Person.self)
        let host = WindowHost(child: view.scrolledWindow)
        defer { host.destroy() }
        view.models = [Person(id: 1, name: "Ann")]
        host.settle()
        var errors: [DataDisplayError] = []
        view.stateRejected += { errors.append($0) }
        view.models = [Person(id: 2, name: "Bob"), 42]
        host.settle()
        XCTAssertEqual(errors, [.unregisteredModelType("Int")])
        XCTAssertEqual(view.manager.flatGenerators.map { text(of: $0, in: view) }, ["Ann"])
    }
}
