import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A state view (CoreTableView): plain sections assigned, every assignment diffed; a refused
/// assignment keeps the previous state and is reported. Headless: the list view is made lazily.
@MainActor
final class StateListViewTests: XCTestCase {
    private func contactsView() -> StateListView {
        let view = StateListView()
        view.register(ContactRowView.self, for: Contact.self)
        view.register(LetterRowView.self, for: String.self)
        return view
    }

    func testAssigningStateShowsItsRows() async throws {
        let view = contactsView()
        view.state = [ModelSection(header: "A", models: [Contact(id: 1, name: "Ann")]),
                      ModelSection(header: "B", models: [Contact(id: 2, name: "Bob"), Contact(id: 3, name: "Bea")])]
        XCTAssertEqual(viewKinds(view.manager), ["#letter", "contact", "#letter", "contact", "contact"])
        XCTAssertEqual(view.state.count, 2)
    }

    func testEveryAssignmentIsDiffed() async throws {
        let view = contactsView()
        view.state = [ModelSection(header: "A", models: [Contact(id: 1, name: "Ann"), Contact(id: 2, name: "Al")])]
        let objects = view.manager.store.objectAddresses
        let recorder = ItemsChangedRecorder(view.manager.store)
        view.state = [ModelSection(header: "A", models: [Contact(id: 1, name: "Anna"), Contact(id: 2, name: "Al"),
                                                          Contact(id: 3, name: "Amy")])]
        XCTAssertEqual(recorder.changes, [ItemsChange(position: 3, removed: 0, added: 1)], "only the new row is spliced in")
        XCTAssertEqual(Array(view.manager.store.objectAddresses.prefix(3)), objects)
        XCTAssertEqual(view.manager.lastUpdate?.updated, 1)
    }

    func testARefusedAssignmentKeepsThePreviousStateAndIsReported() async throws {
        let view = contactsView()
        let good = [ModelSection(models: [Contact(id: 1, name: "Ann")])]
        view.state = good
        let shown = view.manager.flatGenerators
        var rejected: [DataDisplayError] = []
        view.stateRejected += { rejected.append($0) }
        var applied = 0
        view.stateApplied += { applied += 1 }
        let recorder = ItemsChangedRecorder(view.manager.store)

        view.state = [ModelSection(models: [Contact(id: 2, name: "Bob"), Group(id: 1, title: "G")])]
        view.state = [ModelSection(models: [Contact(id: 2, name: "Bob"), Contact(id: 2, name: "Bo")])]

        XCTAssertEqual(rejected.count, 2)
        XCTAssertEqual(rejected.first, .unregisteredModelType("Group"))
        if case .duplicateDiffID? = rejected.last {} else { XCTFail("\(rejected)") }
        XCTAssertEqual(applied, 0)
        XCTAssertEqual(recorder.changes, [])
        XCTAssertTrue(view.manager.store.shows(shown))
        XCTAssertEqual((view.state.first?.models.first as? Contact)?.name, "Ann", "state still reads the accepted one")
    }

    func testSetStateThrowsInsteadOfReporting() async throws {
        let view = contactsView()
        var rejected = 0
        view.stateRejected += { _ in rejected += 1 }
        XCTAssertThrowsError(try view.setState([ModelSection(models: [Tag(label: "t")])])) { error in
            XCTAssertEqual(error as? DataDisplayError, .unregisteredModelType("Tag"))
        }
        XCTAssertEqual(rejected, 0)
        XCTAssertTrue(view.state.isEmpty)
    }

    func testModelsIsAStateOfOneSection() async throws {
        let view = contactsView()
        view.models = [Contact(id: 1, name: "Ann"), Contact(id: 2, name: "Bob")]
        XCTAssertEqual(view.manager.numberOfSections, 1)
        XCTAssertEqual(view.models.count, 2)
        XCTAssertEqual(viewKinds(view.manager), ["contact", "contact"])
    }
}
