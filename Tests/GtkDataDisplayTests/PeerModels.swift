import CGtkDataDisplay
import GtkDataDisplay

// Models and row views for the peers' tests (registry, state view, section controllers).
// Views are only built when a list view binds them (widget tests); headless tests never make one.

protocol Named { var name: String { get } }
protocol Labelled { var label: String { get } }

struct Contact: Identifiable, Equatable, Named {
    var id: Int
    var name: String
}

struct Group: Identifiable, Equatable {
    var id: Int
    var title: String
}

struct Tag: Hashable, Labelled {
    var label: String
}

/// Neither Identifiable nor Hashable, and not a class.
struct Point {
    var x: Int, y: Int
}

class Animal: Named {
    let name: String
    init(name: String) { self.name = name }
}
class Dog: Animal {}
final class Puppy: Dog {}
final class Cat: Animal {}

/// Named and Labelled: which protocol registration wins depends on the registration order.
struct Robot: Named, Labelled, Hashable {
    var name: String
    var label: String { "robot " + name }
}

/// A label showing whatever `text(of:)` gives.
@MainActor
class TextView<Model> {
    let widget = OwnedWidget(gtk_label_new(nil))
    private(set) var text = ""
    func show(_ text: String) {
        self.text = text
        text.withCString { gtk_label_set_text(gdd_label(widget.raw), $0) }
    }
}

@MainActor final class ContactRowView: TextView<Contact>, ConfigurableRowView {
    static func make() -> ContactRowView { ContactRowView() }
    func configure(with model: Contact) { show(model.name) }
}
@MainActor final class GroupRowView: TextView<Group>, ConfigurableRowView {
    static func make() -> GroupRowView { GroupRowView() }
    func configure(with model: Group) { show("[" + model.title + "]") }
}
@MainActor final class TagRowView: TextView<Tag>, ConfigurableRowView {
    static func make() -> TagRowView { TagRowView() }
    func configure(with model: Tag) { show("#" + model.label) }
}
@MainActor final class AnimalRowView: TextView<Animal>, ConfigurableRowView {
    static func make() -> AnimalRowView { AnimalRowView() }
    func configure(with model: Animal) { show("animal " + model.name) }
}
@MainActor final class DogRowView: TextView<Dog>, ConfigurableRowView {
    static func make() -> DogRowView { DogRowView() }
    func configure(with model: Dog) { show("dog " + model.name) }
}
@MainActor final class NamedRowView: TextView<any Named>, ConfigurableRowView {
    static func make() -> NamedRowView { NamedRowView() }
    func configure(with model: any Named) { show("named " + model.name) }
}
@MainActor final class LabelledRowView: TextView<any Labelled>, ConfigurableRowView {
    static func make() -> LabelledRowView { LabelledRowView() }
    func configure(with model: any Labelled) { show("labelled " + model.label) }
}
@MainActor final class PointRowView: TextView<Point>, ConfigurableRowView {
    static func make() -> PointRowView { PointRowView() }
    func configure(with model: Point) { show("\(model.x),\(model.y)") }
}
/// A header showing a letter.
@MainActor final class LetterRowView: TextView<String>, ConfigurableRowView {
    static func make() -> LetterRowView { LetterRowView() }
    func configure(with model: String) { show(model) }
}

/// What the store shows, one word per row: the view type its generator shows, and how the row stands.
@MainActor
func viewKinds(_ manager: BaseListManager) -> [String] {
    manager.store.generators.map { g in
        let name: String
        switch g {
        case is BaseRowGenerator<ContactRowView>, is BaseHeaderGenerator<ContactRowView>: name = "contact"
        case is BaseRowGenerator<GroupRowView>: name = "group"
        case is BaseRowGenerator<TagRowView>: name = "tag"
        case is BaseRowGenerator<AnimalRowView>: name = "animal"
        case is BaseRowGenerator<DogRowView>: name = "dog"
        case is BaseRowGenerator<NamedRowView>: name = "named"
        case is BaseRowGenerator<LabelledRowView>: name = "labelled"
        case is BaseRowGenerator<PointRowView>: name = "point"
        case is BaseHeaderGenerator<LetterRowView>: name = "#letter"
        case is BaseFooterGenerator<LetterRowView>: name = "_letter"
        default: name = "\(type(of: g))"
        }
        return name
    }
}
