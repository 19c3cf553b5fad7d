/// A row around a section's rows (header or footer) showing a model. Not selectable or activatable.
/// Told when it is shown and hidden, as rows are (`willDisplayEvent`, `didEndDisplayEvent`).
@MainActor
open class SupplementaryRowGenerator<View: ConfigurableRowView>: KeyedRowGenerator, RowGenerator, DisplayableItem {
    /// What the row shows. Call the manager's `update(_:)` after changing it.
    public var model: View.Model {
        get { storedModel }
        set { storedModel = newValue; modelRevision &+= 1 }
    }
    // Read for every row of a whole-state update, without run-time exclusivity checks: see
    // `BaseRowGenerator` for what the checks cost.
    @exclusivity(unchecked) nonisolated(unsafe) private var storedModel: View.Model
    /// Counts changes of `model` (from 0, wrapping to 0 after 2³² − 1).
    public var contentRevision: Int { Int(modelRevision) }
    /// Fires after the header or footer is bound to a widget (it comes into the realised range).
    public let willDisplayEvent = Event<Void>()
    /// Fires after the header or footer is unbound from its widget.
    public let didEndDisplayEvent = Event<Void>()

    /// A row showing `model`; `id` (any `Hashable` value) identifies it across whole-state updates.
    public init<ID: Hashable>(model: View.Model, id: ID) {
        self.storedModel = model
        super.init(key: DiffKey(id))
    }

    /// A row showing `model`, identified by this instance.
    public init(model: View.Model) {
        self.storedModel = model
        super.init(key: nil)
    }

    open var reuseIdentifier: ReuseIdentifier { .of(View.self) }
    public var isSelectable: Bool { false }
    public var isActivatable: Bool { false }
    open func isContentEqual(to other: any RowGenerator) -> Bool {
        if other === self { return true }
        guard let peer = other as? SupplementaryRowGenerator<View> else { return false }
        return View.isContentEqual(storedModel, peer.storedModel)
    }

    open func makeView() -> any RowView { View.make() }
    open func bind(_ view: any RowView) { (view as! View).configure(with: model) }
    open func unbind(_ view: any RowView) { (view as! View).prepareForReuse() }

    /// `bind` hands the view only the model; a subclass may tie widgets to `self` and is rebound.
    open func adopt(_ view: any RowView, from previous: any RowGenerator) {
        if type(of: self) == BaseHeaderGenerator<View>.self || type(of: self) == BaseFooterGenerator<View>.self { return }
        previous.unbind(view)
        bind(view)
    }
}

/// A section header showing a model (RDDM's header generator).
@MainActor
open class BaseHeaderGenerator<View: ConfigurableRowView>: SupplementaryRowGenerator<View>, HeaderGenerator {}

/// A section footer showing a model.
@MainActor
open class BaseFooterGenerator<View: ConfigurableRowView>: SupplementaryRowGenerator<View>, FooterGenerator {}
