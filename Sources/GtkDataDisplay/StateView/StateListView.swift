import CGtkDataDisplay

/// A list driven by state values (CoreTableView's state input, for GTK): register which view shows
/// which model type, then assign plain model sections; every assignment is diffed against what is
/// shown (`setState` underneath), so kept rows keep their widgets and changed ones are rebound.
///
/// ```swift
/// let view = StateListView()
/// view.register(ContactRowView.self, for: Contact.self)
/// view.state = [ModelSection(header: "A", models: contactsA), ModelSection(header: "B", models: contactsB)]
/// window.child = view
/// ```
///
/// **Invalid state.** A property setter cannot throw: an assignment the manager refuses (an
/// unregistered model type, two models with one id…) leaves the list and `state` as they were and
/// reports the error through `stateRejected`. `setState(_:)` does the same but throws instead.
///
/// It owns a `BaseListManager` (`manager`) and a `ListViewAdapter` (`adapter`), both public: single
/// operations, selection and every GTK object stay at hand. The adapter (and its GTK widgets) is made
/// on first use of `adapter`, `scrolledWindow` or `window.child = view`, so a state view can take
/// state before GTK is initialised (in headless tests, say).
@MainActor
public final class StateListView: WidgetConvertible {
    /// The manager whose rows are shown.
    public let manager: BaseListManager
    /// The list view, made on first use (GTK must be initialised then).
    public private(set) lazy var adapter: ListViewAdapter = ListViewAdapter(manager: manager, plugins: plugins)
    /// Fires with the error of an assignment to `state` that was refused; the list kept its state.
    public let stateRejected = Event<DataDisplayError>()
    /// Fires after an accepted state reached the list.
    public let stateApplied = Event<Void>()
    private let plugins: [ListViewPlugin]
    private var accepted: [ModelSection] = []

    /// A state view with these plugins on its list view (default: single selection).
    public init(manager: BaseListManager = BaseListManager(), plugins: [ListViewPlugin] = [.selectable(.single)]) {
        self.manager = manager
        self.plugins = plugins
    }

    /// A state view whose list view selects rows in `selection` mode.
    public convenience init(selection: SelectionMode) {
        self.init(plugins: [.selectable(selection)])
    }

    /// The sections last accepted. Assigning diffs the new sections against the list; a refused
    /// assignment keeps the previous state and fires `stateRejected`.
    public var state: [ModelSection] {
        get { accepted }
        set {
            do throws(DataDisplayError) {
                try setState(newValue)
            } catch {
                stateRejected.invoke(with: error)
            }
        }
    }

    /// The rows of a state of one section without header (reading: every section's models).
    public var models: [Any] {
        get { accepted.flatMap(\.models) }
        set { state = [ModelSection(models: newValue)] }
    }

    /// Shows `sections`, diffed against the list; throws (changing nothing) when the manager refuses them.
    public func setState(_ sections: [ModelSection]) throws(DataDisplayError) {
        try manager.setState(modelSections: sections)
        accepted = sections
        stateApplied.invoke()
    }

    /// Shows models of type `model` in rows of `view` (see `ModelRegistry`).
    public func register<View: ConfigurableRowView>(_ view: View.Type, for model: View.Model.Type) {
        manager.register(view, for: model)
    }

    /// Shows models of type `model` in rows of `view`, identified by `id`.
    public func register<View: ConfigurableRowView, ID: Hashable>(_ view: View.Type, for model: View.Model.Type,
                                                                   id: @escaping (View.Model) -> ID) {
        manager.register(view, for: model, id: id)
    }

    /// Makes the row of each model of type `model` with `make` (see `ModelRegistry`).
    public func register<Model>(for model: Model.Type, _ make: @escaping (Model) -> any RowGenerator) {
        manager.register(for: model, make)
    }

    /// The scrolled window holding the list view (put it in your UI, or set `window.child = view`).
    public var scrolledWindow: UnsafeMutablePointer<GtkWidget> { adapter.scrolledWindow }

    /// The scrolled window: `window.child = view` shows the list and keeps the view alive.
    public var gtkWidget: UnsafeMutablePointer<GtkWidget> { adapter.scrolledWindow }
}
