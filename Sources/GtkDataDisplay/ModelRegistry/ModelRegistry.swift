// Which rows show which models: a view or a generator factory registered per model type, looked up
// by a model's dynamic type (DataSourceController's registration of cells per model, for GTK).

/// Where a row of a section stands: rows of a model in a header or footer are made as header or footer rows.
public enum ModelRole: Sendable {
    /// The model heads its section: it is made into a header row (never selectable).
    case header
    /// The model is one of the section's rows.
    case row
    /// The model closes its section: it is made into a footer row (never selectable).
    case footer
}

/// Makes rows for plain model values, by the model's type (DataSourceController's registry).
///
/// Register a `ConfigurableRowView` for its `Model` type, or a factory that makes any generator:
/// ```swift
/// registry.register(ContactRowView.self, for: Contact.self)
/// registry.register(for: Group.self) { group in GroupGenerator(group) }
/// registry.register(NamedRowView.self, for: (any Named).self)      // a protocol
/// ```
/// **Lookup order** for a model of dynamic type `T`:
/// 1. a registration for exactly `T`;
/// 2. for a class, the registration for its nearest registered superclass;
/// 3. the registered protocols (and `Any`) the model conforms to, in the order they were registered
///    (the first that matches wins).
///
/// Registering a type again replaces its registration (a protocol keeps its place in the order).
/// A model no registration matches is `.unregisteredModelType` naming its type. A value that is
/// already a `RowGenerator` is used as it is, so generators and models mix in one array.
///
/// Rows of a registered view are `BaseRowGenerator<View>` (headers `BaseHeaderGenerator<View>`,
/// footers `BaseFooterGenerator<View>`) with the model's `ModelID` as diff id; a factory's generator
/// is used in every role as it is and brings its own diff id.
@MainActor
public final class ModelRegistry {
    private var exact: [ObjectIdentifier: Registration] = [:]
    /// Registrations for classes, checked against a model's class when no exact one matches.
    private var classes: [Registration] = []
    /// Every registration that is not for a class, in registration order: protocols (and `Any`)
    /// match by conformance; a concrete type only ever matches its own type, found exactly first.
    private var protocols: [Registration] = []
    /// What each dynamic type met so far resolved to (nil: unregistered); cleared by `register`.
    private var resolved: [ObjectIdentifier: Registration?] = [:]

    /// An empty registry.
    public init() {}

    /// Shows models of type `model` in rows of `view` (`BaseRowGenerator<View>`), identified as
    /// `ModelID` says (`Identifiable`: `id`; `Hashable`: the value; class: the instance).
    /// `model` may be a class (its subclasses match too) or a protocol (`(any Named).self`).
    public func register<View: ConfigurableRowView>(_ view: View.Type, for model: View.Model.Type) {
        add(Registration(model: model, make: Self.viewMaker(View.self, id: nil)))
    }

    /// Shows models of type `model` in rows of `view`, identified by `id` (for models that are
    /// neither `Identifiable` nor `Hashable`, or to pick another identity).
    public func register<View: ConfigurableRowView, ID: Hashable>(_ view: View.Type, for model: View.Model.Type,
                                                                   id: @escaping (View.Model) -> ID) {
        add(Registration(model: model, make: Self.viewMaker(View.self, id: { AnyHashable(id($0 as! View.Model)) })))
    }

    /// Makes the generator for each model of type `model` with `make` (in every role: return a
    /// `HeaderGenerator` for models used as headers). The generator brings its own diff id: give it
    /// one from the model (`BaseRowGenerator(model:id:)`) so rows are matched across updates.
    public func register<Model>(for model: Model.Type, _ make: @escaping (Model) -> any RowGenerator) {
        add(Registration(model: model, make: { value, _ throws(DataDisplayError) in make(value as! Model) }))
    }

    /// The generator for `model` in `role`: `model` itself when it is a generator, otherwise one
    /// made by the registration the lookup order finds.
    public func generator(for model: Any, role: ModelRole = .row) throws(DataDisplayError) -> any RowGenerator {
        if let generator = model as? any RowGenerator { return generator }
        guard let registration = registration(for: model) else {
            throw .unregisteredModelType(String(describing: type(of: model)))
        }
        return try registration.make(model, role)
    }

    /// The generators for `models`, in order; throws for the first one that has none.
    public func generators(for models: [Any], role: ModelRole = .row) throws(DataDisplayError) -> [any RowGenerator] {
        var generators: [any RowGenerator] = []
        generators.reserveCapacity(models.count)
        for model in models { generators.append(try generator(for: model, role: role)) }
        return generators
    }

    // MARK: Internals

    private func add(_ registration: Registration) {
        resolved.removeAll()
        let key = ObjectIdentifier(registration.model)
        exact[key] = registration
        if registration.isClass {
            classes.removeAll { ObjectIdentifier($0.model) == key }
            classes.append(registration)
        } else if let index = protocols.firstIndex(where: { ObjectIdentifier($0.model) == key }) {
            protocols[index] = registration     // keeps its place in the order
        } else {
            protocols.append(registration)
        }
    }

    /// The registration for `model` by the lookup order, cached per dynamic type.
    private func registration(for model: Any) -> Registration? {
        let type = Swift.type(of: model)
        let key = ObjectIdentifier(type)
        if let known = resolved[key] { return known }
        var found = exact[key]
        if found == nil, type is AnyClass {
            // The nearest registered superclass: the matching class that is a subclass of the others.
            for candidate in classes where candidate.matchesType(type) {
                if let best = found, !best.matchesType(candidate.model) { continue }
                found = candidate
            }
        }
        if found == nil { found = protocols.first { $0.matchesValue(model) } }
        resolved[key] = .some(found)
        return found
    }

    /// A maker of rows of `View`, with the model's identity or `id`.
    private static func viewMaker<View: ConfigurableRowView>(_: View.Type, id: ((Any) -> AnyHashable)?)
        -> (Any, ModelRole) throws(DataDisplayError) -> any RowGenerator {
        { value, role throws(DataDisplayError) in
            let model = value as! View.Model
            let diffID: ModelID
            if let id {
                diffID = ModelID(type: Swift.type(of: value), id: id(value))
            } else {
                diffID = try ModelIdentity.id(of: value)
            }
            switch role {
            case .row: return BaseRowGenerator<View>(model: model, id: diffID)
            case .header: return BaseHeaderGenerator<View>(model: model, id: diffID)
            case .footer: return BaseFooterGenerator<View>(model: model, id: diffID)
            }
        }
    }
}

/// One registration: the model type it is for and how it makes rows.
@MainActor
private struct Registration {
    let model: Any.Type
    let isClass: Bool
    /// Whether a model of this dynamic type is a `model` (for classes: a subclass of it).
    let matchesType: (Any.Type) -> Bool
    /// Whether this value is a `model` (for protocols: conforms to it).
    let matchesValue: (Any) -> Bool
    let make: (Any, ModelRole) throws(DataDisplayError) -> any RowGenerator

    init<Model>(model: Model.Type, make: @escaping (Any, ModelRole) throws(DataDisplayError) -> any RowGenerator) {
        self.model = model
        self.isClass = model is AnyClass
        self.matchesType = { $0 is Model.Type }
        self.matchesValue = { $0 is Model }
        self.make = make
    }
}
