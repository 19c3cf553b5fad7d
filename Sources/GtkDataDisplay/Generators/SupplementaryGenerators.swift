/// A row around a section's rows (header or footer) showing a model. Not selectable or activatable.
/// Told when it is shown and hidden, as rows are (`willDisplayEvent`, `didEndDisplayEvent`).
@MainActor
open class SupplementaryRowGenerator<View: ConfigurableRowView>: RowGenerator, DisplayableItem {
    /// What the row shows. Call the manager's `update(_:)` after changing it.
    public var model: View.Model {
        get { storedModel }
        set { storedModel = newValue; contentRevision &+= 1 }
    }
    // Read for every row of a whole-state update: see `BaseRowGenerator`.
    @exclusivity(unchecked) nonisolated(unsafe) private var storedModel: View.Model
    /// Counts changes of `model`.
    @exclusivity(unchecked) public private(set) var contentRevision = 0
    /// Which manager's row shows this generator (see `BaseRowGenerator.rowLink`).
    @exclusivity(unchecked) nonisolated(unsafe) final var rowLink = RowLink()
    /// The id given at init, or this instance's identity (set once, at init).
    @exclusivity(unchecked) private var key: DiffKey
    /// Fires after the header or footer is bound to a widget (it comes into the realised range).
    public let willDisplayEvent = Event<Void>()
    /// Fires after the header or footer is unbound from its widget.
    public let didEndDisplayEvent = Event<Void>()

    /// A row showing `model`; `id` (any `Hashable` value) identifies it across whole-state updates.
    public init<ID: Hashable>(model: View.Model, id: ID) {
        self.storedModel = model
        self.key = DiffKey(id)
    }

    /// A row showing `model`, identified by this instance.
    public init(model: View.Model) {
        self.storedModel = model
        self.key = DiffKey(0)
        self.key = DiffKey(ObjectIdentifier(self))
    }

    open var reuseIdentifier: ReuseIdentifier { .of(View.self) }
    /// The `id` given at init, or this instance's identity. Final: give the id to `init` instead.
    public final var diffID: AnyHashable { key.anyHashable }
    public final var diffKey: DiffKey { key }
    public var isSelectable: Bool { false }
    public var isActivatable: Bool { false }
    open func isContentEqual(to other: any RowGenerator) -> Bool {
        if other === self { return true }
        guard let peer = other as? SupplementaryRowGenerator<View> else { return false }
        return Self.modelsEqual(self, peer)
    }

    /// Compares the models in place (nonisolated: closures of the main actor would check the executor).
    private nonisolated static func modelsEqual(_ a: SupplementaryRowGenerator<View>, _ b: SupplementaryRowGenerator<View>) -> Bool {
        withUnsafeMutablePointer(to: &a.storedModel) { mine in
            withUnsafeMutablePointer(to: &b.storedModel) { theirs in ModelEquality.equal(mine, theirs) }
        }
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

/// Managers link these generators to their rows (`RowLink`).
extension SupplementaryRowGenerator: RowLinkCarrier {
    func rowLinkAddress() -> UnsafeMutableRawPointer {
        withUnsafeMutablePointer(to: &rowLink) { UnsafeMutableRawPointer($0) }
    }
}

/// Whole-state updates read these generators' keys in place (`StoredDiffKeys`).
extension SupplementaryRowGenerator: DiffKeyCarrier {
    func diffKeyAddress() -> UnsafeMutableRawPointer {
        withUnsafeMutablePointer(to: &key) { UnsafeMutableRawPointer($0) }
    }
}
