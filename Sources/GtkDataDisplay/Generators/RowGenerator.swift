// A generator describes one row: which widget kind shows it, how to fill that widget, and how
// to recognise the row across whole-state updates (RDDM's TableCellGenerator + DiffableItem).

/// One row of a list: it builds (or reuses) a view of its kind and configures it.
///
/// Managers find generators by identity (`===`); a generator instance may stand in a manager
/// once. Whole-state updates match old and new generators by `diffID` and compare content with
/// `isContentEqual(to:)`, so an unchanged row is not rebound.
@MainActor
public protocol RowGenerator: AnyObject {
    /// Rows with the same reuse identifier share recycled widgets (UIKit's reuse identifier).
    var reuseIdentifier: ReuseIdentifier { get }
    /// Stable identity across whole-state updates. Default: this instance's identity.
    var diffID: AnyHashable { get }
    /// `diffID` in the form managers match rows by. Default: `DiffKey(diffID)`. The library's
    /// generators keep it from `init(model:id:)`, so matching integer or string ids needs no boxes.
    var diffKey: DiffKey { get }
    /// Whether `other` (a generator with the same `diffID`) shows the same content as this one.
    /// Default: only when it is this very instance.
    func isContentEqual(to other: any RowGenerator) -> Bool
    /// Whether the row can be selected. Header and footer rows are not, whatever the selection model does.
    var isSelectable: Bool { get }
    /// Whether the row can be activated (Enter, double click).
    var isActivatable: Bool { get }
    /// Creates a new view of this generator's kind (GTK's factory `setup`, per kind).
    func makeView() -> any RowView
    /// Fills `view` with this row's content (GTK's factory `bind`). `view` is of this generator's kind.
    func bind(_ view: any RowView)
    /// Undoes what `bind` set up that must not outlive the binding (GTK's factory `unbind`).
    func unbind(_ view: any RowView)
    /// Counts changes to what this instance shows (its model). The manager remembers the revision
    /// each row showed, so the same instance passed again to `setState` after its model changed is
    /// rebound. Default: 0 (the instance never changes by itself).
    var contentRevision: Int { get }
    /// Takes over a bound `view` from `previous`, an equal-content generator with the same diff id
    /// that a whole-state update replaced. The view already shows this content; what `bind` tied to
    /// the generator itself (closures, signal handlers) must now reach this one.
    /// Default: `previous.unbind(view)` then `bind(view)`.
    func adopt(_ view: any RowView, from previous: any RowGenerator)
    /// The model this row shows, if it shows one of type `type` (`generator.model(as: Contact.self)`;
    /// a table's columns read their cells and sort keys this way). Default: a `ModelShowing`
    /// generator's `shownModel`, if it is a `Model`; `BaseRowGenerator` reads its model without boxing it.
    func model<Model>(as type: Model.Type) -> Model?
}

extension RowGenerator {
    public var diffID: AnyHashable { AnyHashable(ObjectIdentifier(self)) }
    public var diffKey: DiffKey { DiffKey(diffID) }
    public func isContentEqual(to other: any RowGenerator) -> Bool { other === self }
    public var isSelectable: Bool { true }
    public var isActivatable: Bool { isSelectable }
    public func unbind(_ view: any RowView) {}
    public var contentRevision: Int { 0 }
    public func adopt(_ view: any RowView, from previous: any RowGenerator) {
        previous.unbind(view)
        bind(view)
    }
}

/// A row shown above a section's rows. Not selectable, not activatable.
@MainActor
public protocol HeaderGenerator: RowGenerator {}

/// A row shown below a section's rows. Not selectable, not activatable.
@MainActor
public protocol FooterGenerator: RowGenerator {}

extension HeaderGenerator {
    public var isSelectable: Bool { false }
    public var isActivatable: Bool { false }
}

extension FooterGenerator {
    public var isSelectable: Bool { false }
    public var isActivatable: Bool { false }
}
