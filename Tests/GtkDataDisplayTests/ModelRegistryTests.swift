import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Plain models in a manager (DataSourceController): views or factories registered per model type,
/// looked up exact type → nearest superclass → protocols, diffed across calls.
@MainActor
final class ModelRegistryTests: XCTestCase {
    // MARK: Lookup order

    func testAnExactRegistrationWinsOverSuperclassAndProtocol() async throws {
        let manager = BaseListManager()
        manager.register(NamedRowView.self, for: (any Named).self)
        manager.register(AnimalRowView.self, for: Animal.self)
        manager.register(DogRowView.self, for: Dog.self)
        try manager.setState(models: [Animal(name: "a"), Dog(name: "d")])
        XCTAssertEqual(viewKinds(manager), ["animal", "dog"])
    }

    func testASubclassTakesItsNearestRegisteredSuperclassWhateverTheRegistrationOrder() async throws {
        for dogFirst in [true, false] {
            let manager = BaseListManager()
            if dogFirst { manager.register(DogRowView.self, for: Dog.self) }
            manager.register(AnimalRowView.self, for: Animal.self)
            if !dogFirst { manager.register(DogRowView.self, for: Dog.self) }
            try manager.setState(models: [Puppy(name: "p"), Cat(name: "c")])
            XCTAssertEqual(viewKinds(manager), ["dog", "animal"], "Dog registered first: \(dogFirst)")
        }
    }

    func testASuperclassWinsOverAProtocol() async throws {
        let manager = BaseListManager()
        manager.register(NamedRowView.self, for: (any Named).self)
        manager.register(AnimalRowView.self, for: Animal.self)
        try manager.setState(models: [Puppy(name: "p")])
        XCTAssertEqual(viewKinds(manager), ["animal"])
    }

    func testAProtocolMatchesWhatConformsToIt() async throws {
        let manager = BaseListManager()
        manager.register(NamedRowView.self, for: (any Named).self)
        try manager.setState(models: [Contact(id: 1, name: "Ann"), Puppy(name: "p")])
        XCTAssertEqual(viewKinds(manager), ["named", "named"])
        let row = try XCTUnwrap(manager.store.generators.first as? BaseRowGenerator<NamedRowView>)
        XCTAssertEqual(row.model.name, "Ann")
    }

    func testOfTwoMatchingProtocolsTheFirstRegisteredWinsAndKeepsItsPlaceWhenRegisteredAgain() async throws {
        let manager = BaseListManager()
        manager.register(LabelledRowView.self, for: (any Labelled).self)
        manager.register(NamedRowView.self, for: (any Named).self)
        try manager.setState(models: [Robot(name: "r2")])
        XCTAssertEqual(viewKinds(manager), ["labelled"])

        manager.register(for: (any Labelled).self) { LabelRow(model: $0.label, id: $0.label) }
        try manager.setState(models: [Robot(name: "r2")])
        XCTAssertEqual(storeTexts(manager), ["robot r2"], "the new Labelled registration replaced the old one in its place")
    }

    func testRegisteringATypeAgainReplacesItsRegistration() async throws {
        let manager = BaseListManager()
        manager.register(AnimalRowView.self, for: Animal.self)
        try manager.setState(models: [Dog(name: "d")])
        XCTAssertEqual(viewKinds(manager), ["animal"])
        manager.register(for: Animal.self) { LabelRow(model: "factory " + $0.name, id: $0.name) }
        try manager.setState(models: [Dog(name: "d")])
        XCTAssertEqual(storeTexts(manager), ["factory d"])
    }

    // MARK: Errors

    func testAnUnregisteredTypeThrowsNamingItAndChangesNothing() async throws {
        let manager = BaseListManager()
        manager.register(ContactRowView.self, for: Contact.self)
        try manager.setState(models: [Contact(id: 1, name: "Ann")])
        let shown = manager.flatGenerators
        let recorder = ItemsChangedRecorder(manager.store)

        XCTAssertThrowsError(try manager.setState(models: [Contact(id: 2, name: "Bob"), Group(id: 1, title: "G")])) { error in
            XCTAssertEqual(error as? DataDisplayError, .unregisteredModelType("Group"))
        }
        XCTAssertThrowsError(try manager.setState(modelSections: [ModelSection(header: Tag(label: "t"), models: [])])) { error in
            XCTAssertEqual(error as? DataDisplayError, .unregisteredModelType("Tag"))
        }
        XCTAssertEqual(recorder.changes, [])
        XCTAssertTrue(manager.store.shows(shown))
    }

    func testAValueWithoutIdentityThrowsUnlessItsRegistrationGivesAnID() async throws {
        let manager = BaseListManager()
        manager.register(PointRowView.self, for: Point.self)
        XCTAssertThrowsError(try manager.setState(models: [Point(x: 1, y: 2)])) { error in
            XCTAssertEqual(error as? DataDisplayError, .unidentifiableModel("Point"))
        }
        XCTAssertEqual(manager.store.count, 0)

        manager.register(PointRowView.self, for: Point.self, id: { "\($0.x),\($0.y)" })
        try manager.setState(models: [Point(x: 1, y: 2), Point(x: 3, y: 4)])
        XCTAssertEqual(manager.flatGenerators.map(\.diffID), [AnyHashable(ModelID(type: Point.self, id: "1,2")),
                                                               AnyHashable(ModelID(type: Point.self, id: "3,4"))])
    }

    // MARK: Ids

    func testIdsComeFromIdentifiableThenHashableThenTheInstance() async throws {
        let manager = BaseListManager()
        manager.register(ContactRowView.self, for: Contact.self)
        manager.register(TagRowView.self, for: Tag.self)
        manager.register(AnimalRowView.self, for: Animal.self)
        let dog = Dog(name: "d")
        try manager.setState(models: [Contact(id: 7, name: "Ann"), Tag(label: "t"), dog])
        XCTAssertEqual(manager.flatGenerators.map(\.diffID), [
            AnyHashable(ModelID(type: Contact.self, id: 7)),
            AnyHashable(ModelID(type: Tag.self, id: Tag(label: "t"))),
            AnyHashable(ModelID(type: Dog.self, id: ObjectIdentifier(dog))),
        ])
    }

    func testEqualIdsOfDifferentTypesAreDifferentRows() async throws {
        let manager = BaseListManager()
        manager.register(ContactRowView.self, for: Contact.self)
        manager.register(GroupRowView.self, for: Group.self)
        try manager.setState(models: [Contact(id: 1, name: "Ann"), Group(id: 1, title: "Friends")])
        XCTAssertEqual(viewKinds(manager), ["contact", "group"])
    }

    func testTwoModelsWithOneIdAreADuplicate() async throws {
        let manager = BaseListManager()
        manager.register(ContactRowView.self, for: Contact.self)
        XCTAssertThrowsError(try manager.setState(models: [Contact(id: 1, name: "Ann"), Contact(id: 1, name: "Bob")])) { error in
            guard case .duplicateDiffID(let what)? = error as? DataDisplayError else { return XCTFail("\(error)") }
            XCTAssertTrue(what.contains("Contact 1"), what)
        }
        XCTAssertEqual(manager.store.count, 0)
    }

    // MARK: Diffing across calls

    func testTheSameModelsAgainChangeNothingAndKeepTheRowObjects() async throws {
        let manager = BaseListManager()
        manager.register(ContactRowView.self, for: Contact.self)
        manager.register(GroupRowView.self, for: Group.self)
        let models: [Any] = [Contact(id: 1, name: "Ann"), Group(id: 2, title: "G"), Contact(id: 3, name: "Cy")]
        try manager.setState(models: models)
        let objects = manager.store.objectAddresses
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.setState(models: models)
        XCTAssertEqual(recorder.changes, [])
        XCTAssertEqual(manager.store.objectAddresses, objects)
        XCTAssertEqual(manager.lastUpdate?.updated, 0)
    }

    func testAChangedModelKeepsItsRowAndIsRebound() async throws {
        let manager = BaseListManager()
        manager.register(ContactRowView.self, for: Contact.self)
        manager.register(GroupRowView.self, for: Group.self)
        try manager.setState(models: [Contact(id: 1, name: "Ann"), Group(id: 2, title: "G"), Contact(id: 3, name: "Cy")])
        let objects = manager.store.objectAddresses
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.setState(models: [Contact(id: 1, name: "Anne"), Group(id: 2, title: "G"), Contact(id: 3, name: "Cy")])
        XCTAssertEqual(recorder.changes, [], "a changed model is rebound in place, not removed and inserted")
        XCTAssertEqual(manager.store.objectAddresses, objects)
        XCTAssertEqual(manager.lastUpdate?.updated, 1)
        let first = try XCTUnwrap(manager.store.generators.first as? BaseRowGenerator<ContactRowView>)
        XCTAssertEqual(first.model.name, "Anne")
    }

    func testMovedAndNewModelsAreDiffed() async throws {
        let manager = BaseListManager()
        manager.register(ContactRowView.self, for: Contact.self)
        let a = Contact(id: 1, name: "A"), b = Contact(id: 2, name: "B"), c = Contact(id: 3, name: "C")
        try manager.setState(models: [a, b, c])
        let objects = manager.store.objectAddresses
        try manager.setState(models: [c, a, Contact(id: 4, name: "D"), b])
        XCTAssertEqual(manager.lastUpdate?.moves, 1)
        XCTAssertEqual(manager.lastUpdate?.inserted, 1)
        let after = manager.store.objectAddresses
        XCTAssertEqual([after[1], after[3], after[0]], objects, "every kept model keeps its row object")
    }

    // MARK: Sections, roles, mixing

    func testSectionsTakeHeaderAndFooterModelsAsHeaderAndFooterRows() async throws {
        let manager = BaseListManager()
        manager.register(LetterRowView.self, for: String.self)
        manager.register(ContactRowView.self, for: Contact.self)
        try manager.setState(modelSections: [
            ModelSection(header: "A", models: [Contact(id: 1, name: "Ann")], footer: "1 contact"),
            ModelSection(header: "B", models: [Contact(id: 2, name: "Bob")]),
        ])
        XCTAssertEqual(viewKinds(manager), ["#letter", "contact", "_letter", "#letter", "contact"])
        XCTAssertEqual(manager.numberOfSections, 2)
        XCTAssertFalse(manager.flatGenerators[0].isSelectable)
    }

    func testGeneratorsMixWithModels() async throws {
        let manager = BaseListManager()
        manager.register(ContactRowView.self, for: Contact.self)
        let plain = LabelRow(model: "plain", id: "plain")
        try manager.setState(models: [Contact(id: 1, name: "Ann"), plain])
        XCTAssertTrue(manager.flatGenerators[1] === plain)
    }

    func testAFactoryMakesTheRowsOfItsType() async throws {
        let manager = BaseListManager()
        var made = 0
        manager.register(for: Group.self) { group in
            made += 1
            return LabelRow(model: group.title, id: group.id)
        }
        try manager.setState(models: [Group(id: 1, title: "Friends"), Group(id: 2, title: "Work")])
        XCTAssertEqual(storeTexts(manager), ["Friends", "Work"])
        XCTAssertEqual(made, 2)
    }

    func testTheRegistryWorksOnItsOwn() async throws {
        let registry = ModelRegistry()
        registry.register(ContactRowView.self, for: Contact.self)
        let generator = try registry.generator(for: Contact(id: 1, name: "Ann"), role: .header)
        XCTAssertTrue(generator is BaseHeaderGenerator<ContactRowView>)
        XCTAssertThrowsError(try registry.generators(for: [Contact(id: 2, name: "B"), 42])) { error in
            XCTAssertEqual(error as? DataDisplayError, .unregisteredModelType("Int"))
        }
    }
}
