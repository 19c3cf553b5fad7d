// A row view described by a GtkBuilder .ui (how GTK apps describe widgets, and how RDDM users
// load cells from nibs), plus which model fields go to which child property and which child
// signals reach the row. `TemplateRowGenerator` shows a model with it in any manager.

import CGtkDataDisplay
import Synchronization

/// A row's widgets from a GtkBuilder interface, with bindings from a `Model` and signal handlers.
///
///     let contactRow = try RowTemplate<Contact>(resource: "/org/example/contact-row.ui")
///         .bind("name", .label, to: \.name)
///         .bind("avatar", .iconName, to: \.icon)
///         .bind("email", .visible, to: { !$0.email.isEmpty })
///         .bind("star", .active, to: \.starred)
///         .onToggled("star") { [weak manager] row, isActive in   // (the manager keeps its rows, and they their template)
///             row.model.starred = isActive; try? manager?.update(row)
///         }
///         .onClicked("delete") { [weak manager] row in try? manager?.remove(row) }
///     manager.add(contacts.map { TemplateRowGenerator(template: contactRow, model: $0, id: $0.id) })
///
/// The .ui is read and checked for structure when the template is created (a typed
/// `TemplateError`). Each recycled row view builds it once with its own `GtkBuilder`, looks its
/// children up once, and connects the signal handlers once; a bind sets only the bound
/// properties. Handlers get the generator the view shows at that moment (never an earlier one,
/// also after a whole-state update handed the view to an equal new generator), and never run
/// for changes the bind itself makes.
///
/// A child id that is missing, or a child of a type its binding or handler cannot use, is an
/// error of `validate()` and stops the program (with that message) when the first row view is
/// built. Templates are values: every `bind` / `on…` returns a new template, and rows of
/// different templates never share widgets.
public struct RowTemplate<Model>: Sendable {
    let definition: TemplateDefinition<Model>

    /// A template from .ui text whose root object has the id `root`.
    public init(string ui: String, root: String = "row") throws(TemplateError) {
        try self.init(source: .string(ui), root: root)
    }

    /// A template from a .ui file (read now, once).
    public init(file path: String, root: String = "row") throws(TemplateError) {
        try self.init(source: TemplateSource.file(path), root: root)
    }

    /// A template from a registered GResource (`"/org/example/contact-row.ui"`; read now, once).
    public init(resource path: String, root: String = "row") throws(TemplateError) {
        try self.init(source: TemplateSource.resource(path), root: root)
    }

    private init(source: TemplateSource, root: String) throws(TemplateError) {
        let markup = try TemplateMarkup(parsing: source.text, source: source.name)
        guard let rootObject = markup.object(root) else {
            throw .missingObject(source: source.name, id: root, usage: "the root", ids: markup.ids)
        }
        guard rootObject.isTopLevel else {
            throw .invalidRoot(source: source.name, id: root,
                               reason: "is inside another object; the root must stand directly in <interface>")
        }
        definition = TemplateDefinition(source: source, rootID: root, markup: markup, bindings: [], signals: [])
    }

    private init(_ definition: TemplateDefinition<Model>) {
        self.definition = definition
    }

    /// The .ui's name in messages: its path, `resource://…`, or "(string)".
    public var sourceName: String { definition.source.name }
    /// The id of the root object.
    public var rootID: String { definition.rootID }
    /// The ids of the .ui's objects, in document order.
    public var objectIDs: [String] { definition.markup.ids }
    /// What each binding and handler was declared as (`.bind("name", .label)`, `.onClicked("delete")`), in order.
    public var declarations: [String] { definition.bindings.map(\.usage) + definition.signals.map(\.usage) }
    /// Rows of this template share recycled widgets (and no others).
    public var reuseIdentifier: ReuseIdentifier { definition.reuseIdentifier }

    // MARK: Bindings

    /// On every bind, sets `target` of the child `id` to `value(model)` (a key path works: `\.name`).
    public func bind<Value>(_ id: String, _ target: BindingTarget<Value>,
                            to value: @escaping @MainActor @Sendable (Model) -> Value) -> RowTemplate {
        RowTemplate(definition.adding(binding: TemplateBinding(id: id, target: target, value: value)))
    }

    /// What screen readers call each row: `label(model)` (nil, or no call to this: the text of the
    /// row's first visible label). For rows whose first label does not say what they are.
    public func accessibleLabel(_ label: @escaping @MainActor @Sendable (Model) -> String?) -> RowTemplate {
        RowTemplate(definition.with(accessibleLabel: label))
    }

    // MARK: Signals

    /// Calls `handler` with the row when the button `id` is clicked.
    public func onClicked(_ id: String, _ handler: @escaping @MainActor @Sendable (TemplateRowGenerator<Model>) -> Void) -> RowTemplate {
        adding(id, usage: ".onClicked(\"\(id)\")", requirement: .voidSignal("clicked")) { object, view in
            Signal.connect(object, "clicked") { [weak view] in view?.deliver(handler) }
        }
    }

    /// Calls `handler` with the row and the new state when the toggle button, check button or
    /// switch `id` changes (by the user or a signal), not when a bind sets it.
    public func onToggled(_ id: String, _ handler: @escaping @MainActor @Sendable (TemplateRowGenerator<Model>, _ isActive: Bool) -> Void) -> RowTemplate {
        let requirement = ObjectRequirement.writableProperty("active", .boolean)
        return adding(id, usage: ".onToggled(\"\(id)\")", requirement: requirement) { object, view in
            Signal.connect(object, "notify::active", pointer: { [weak view] _ in
                view?.deliver { handler($0, Property.bool(object, "active")) }
            })
        }
    }

    /// Calls `handler` with the row and the entry's text when the entry `id` is activated (Enter).
    public func onActivate(_ id: String, _ handler: @escaping @MainActor @Sendable (TemplateRowGenerator<Model>, _ text: String) -> Void) -> RowTemplate {
        let requirement = ObjectRequirement.voidSignal("activate")
            .and(.readableProperty("text", "string") { gdd_type_string() })
        return adding(id, usage: ".onActivate(\"\(id)\")", requirement: requirement) { object, view in
            Signal.connect(object, "activate") { [weak view] in
                view?.deliver { handler($0, Property.string(object, "text")) }
            }
        }
    }

    /// Calls `handler` with the row and the new text whenever the text of the entry `id` (any
    /// `GtkEditable`) changes by the user's typing (or a signal), not when a bind sets it.
    ///
    ///     .bind("value", .text, to: \.text)
    ///     .onTextChanged("value") { row, text in row.model.text = text }
    public func onTextChanged(_ id: String, _ handler: @escaping @MainActor @Sendable (TemplateRowGenerator<Model>, _ text: String) -> Void) -> RowTemplate {
        let requirement = ObjectRequirement.isA("GtkEditable") { gtk_editable_get_type() }
        return adding(id, usage: ".onTextChanged(\"\(id)\")", requirement: requirement) { object, view in
            Signal.connect(object, "changed") { [weak view] in
                view?.deliver { handler($0, Property.string(object, "text")) }
            }
        }
    }

    /// Calls `handler` with the row when the child `id` emits `signal`, any signal without
    /// arguments or result (`"clicked"`, `"activate"`, `"changed"`, `"notify::label"` is not one).
    public func on(_ signal: String, of id: String, _ handler: @escaping @MainActor @Sendable (TemplateRowGenerator<Model>) -> Void) -> RowTemplate {
        adding(id, usage: ".on(\"\(signal)\", of: \"\(id)\")", requirement: .voidSignal(signal)) { object, view in
            Signal.connect(object, signal) { [weak view] in view?.deliver(handler) }
        }
    }

    private func adding(_ id: String, usage: String, requirement: ObjectRequirement,
                        connect: @escaping @MainActor @Sendable (GObjectPointer, TemplateRowView<Model>) -> Void) -> RowTemplate {
        RowTemplate(definition.adding(signal: TemplateSignalRoute(id: id, usage: usage, requirement: requirement, connect: connect)))
    }

    // MARK: Checking

    /// Checks what can fail when a row view is built: every bound or connected id exists, its
    /// class is known to GTK and fits what uses it (a `.property` bind needs a property of its
    /// value's own type: a `Bool` sets no string property, a `Double` no integer one, an `Int` no
    /// enum), the root is a widget that can be a row, every property value in the .ui parses and is
    /// in range, and every `<child>` is one its parent can hold. Needs no display. When GTK is
    /// initialised with a display it also builds the template once, so whatever else GtkBuilder rejects (an
    /// unknown property or class) is reported too.
    @MainActor
    public func validate() throws(TemplateError) {
        let builder = gtk_builder_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        try definition.check { id in
            definition.markup.object(id).map { object in
                TypeLookup(type: gtk_builder_get_type_from_name(builder, object.className), name: object.className)
            }
        }
        try definition.checkMarkup(builder: builder)
        if TemplateBuilder.canBuild {
            _ = try TemplateBuilder.build(definition)
        }
    }
}

/// An object's type as the checks see it: its GType (0 when GTK knows no such class) and its name.
struct TypeLookup {
    let type: GType
    let name: String
}

/// What a template is, once declared: immutable, shared by its row views.
final class TemplateDefinition<Model>: Sendable {
    let source: TemplateSource
    let rootID: String
    let markup: TemplateMarkup
    let bindings: [TemplateBinding<Model>]
    let signals: [TemplateSignalRoute<Model>]
    /// The rows' accessible name (nil: the view's first label).
    let accessibleLabel: (@MainActor @Sendable (Model) -> String?)?
    let reuseIdentifier: ReuseIdentifier
    /// The bindings (by index) that reported a value that did not fit: each reports once.
    private let reported = Mutex<Set<Int>>([])
    /// Whether the markup passed `TemplateMarkupCheck` (checked once, before the first row view).
    private let markupPassed = Atomic<Bool>(false)

    init(source: TemplateSource, rootID: String, markup: TemplateMarkup,
         bindings: [TemplateBinding<Model>], signals: [TemplateSignalRoute<Model>],
         accessibleLabel: (@MainActor @Sendable (Model) -> String?)? = nil) {
        self.source = source
        self.rootID = rootID
        self.markup = markup
        self.bindings = bindings
        self.signals = signals
        self.accessibleLabel = accessibleLabel
        let number = TemplateNumbering.next.add(1, ordering: .relaxed).newValue
        reuseIdentifier = .named("RowTemplate<\(Model.self)> #\(number) \(source.name)")
    }

    /// Checks the markup for what GtkBuilder would only warn about (`TemplateMarkupCheck`), once:
    /// a template that passed is not checked again.
    func checkMarkup(builder: OpaquePointer) throws(TemplateError) {
        guard !markupPassed.load(ordering: .acquiring) else { return }
        try TemplateMarkupCheck.check(markup, source: source.name, builder: builder) { gtk_builder_get_type_from_name(builder, $0) }
        markupPassed.store(true, ordering: .releasing)
    }

    /// Reports `problem`, a model value the binding at `index` could not set as it was, unless
    /// that binding reported one already.
    @MainActor
    func report(_ problem: String, ofBinding index: Int) {
        guard reported.withLock({ $0.insert(index).inserted }) else { return }
        let adjustment = BoundValueAdjustment(template: source.name, binding: bindings[index].usage, problem: problem)
        Diagnostics.warn("GtkDataDisplay: \(adjustment)")
        Diagnostics.boundValueAdjusted.invoke(with: adjustment)
    }

    func adding(binding: TemplateBinding<Model>) -> TemplateDefinition {
        TemplateDefinition(source: source, rootID: rootID, markup: markup, bindings: bindings + [binding], signals: signals,
                           accessibleLabel: accessibleLabel)
    }

    func adding(signal: TemplateSignalRoute<Model>) -> TemplateDefinition {
        TemplateDefinition(source: source, rootID: rootID, markup: markup, bindings: bindings, signals: signals + [signal],
                           accessibleLabel: accessibleLabel)
    }

    func with(accessibleLabel: @escaping @MainActor @Sendable (Model) -> String?) -> TemplateDefinition {
        TemplateDefinition(source: source, rootID: rootID, markup: markup, bindings: bindings, signals: signals,
                           accessibleLabel: accessibleLabel)
    }

    /// Checks the root, every binding and every signal route against the types `typeOf` gives
    /// (nil: no object with that id).
    func check(typeOf: (String) -> TypeLookup?) throws(TemplateError) {
        let name = source.name
        func resolve(_ id: String, _ usage: String) throws(TemplateError) -> TypeLookup {
            guard let lookup = typeOf(id) else {
                throw .missingObject(source: name, id: id, usage: usage, ids: markup.ids)
            }
            guard lookup.type != 0 else {
                throw .builderFailed(source: name, message: "invalid object type '\(lookup.name)' (object \"\(id)\")")
            }
            return lookup
        }
        let root = try resolve(rootID, "the root")
        guard ObjectRequirement.widget.isMet(by: root.type) else {
            throw .invalidRoot(source: name, id: rootID, reason: "is a \(root.name), not a widget")
        }
        guard g_type_is_a(root.type, gtk_root_get_type()) == 0 else {
            throw .invalidRoot(source: name, id: rootID,
                               reason: "is a \(root.name), a toplevel that cannot be put in a list; use a GtkBox, GtkGrid or another widget")
        }
        let uses = bindings.map { ($0.id, $0.usage, $0.requirement) } + signals.map { ($0.id, $0.usage, $0.requirement) }
        for (id, usage, requirement) in uses {
            let lookup = try resolve(id, usage)
            guard requirement.isMet(by: lookup.type) else {
                throw .wrongObjectType(source: name, id: id, type: lookup.name, usage: usage, expected: requirement.description)
            }
        }
    }
}

/// Numbers template definitions, so each has its own reuse identifier.
enum TemplateNumbering {
    static let next = Atomic<Int>(0)
}
