/// Owns the events of one section's rows and decides for them (CascadingTableDelegate's section
/// delegate; IGListKit's section controller).
///
/// Attach one with `Section(header:rows:footer:controller:)`, `ModelSection(…, controller:)` or
/// `manager.setController(_:forSectionWith:)`. The list view calls it for the rows of its section —
/// headers and footers included for display, rows only for selection and activation — after the
/// row's own events and the adapter's. Every method has a default that does nothing (or leaves the
/// decision to the row), so implement only what the section needs. Methods get the row's generator,
/// not an index: `generator.model(as: Contact.self)` gives its model, `manager.position(of:)` its place.
///
/// **Lifetime.** The manager keeps the controller while its section stands. A whole new state keeps
/// it for a section whose header has the same diff id, unless the new `Section` brings its own
/// (a section without header keeps none). It is strongly held: capture the manager weakly in it.
///
/// Calls run like event listeners: a mutation a controller starts is queued and applied right after.
@MainActor
public protocol SectionController: AnyObject {
    /// A row of the section became selected.
    func didSelect(_ generator: any RowGenerator)
    /// A row of the section stopped being selected (also when it left the list while selected).
    func didDeselect(_ generator: any RowGenerator)
    /// A row of the section was activated (Enter, double click, or single click when set).
    func didActivate(_ generator: any RowGenerator)
    /// A row of the section (header and footer included) was bound to a widget.
    func willDisplay(_ generator: any RowGenerator)
    /// A row of the section (header and footer included) was unbound from its widget.
    func didEndDisplay(_ generator: any RowGenerator)
    /// A foldable row of the section was expanded or collapsed (after its own `didFoldEvent`).
    func didFold(_ generator: any RowGenerator, expanded: Bool)
    /// Whether a row of the section can be selected; nil lets the row decide (`isSelectable`).
    /// Headers and footers are never selectable, whatever this says.
    func isSelectable(_ generator: any RowGenerator) -> Bool?
    /// Whether a row of the section can be activated; nil lets the row decide (`isActivatable`).
    func isActivatable(_ generator: any RowGenerator) -> Bool?
    /// The height in pixels a row of the section (header and footer included) asks for: its
    /// minimum height, set on the row's container at bind. Nil lets the row decide (`FixedHeightRow`,
    /// else its natural height).
    func heightHint(for generator: any RowGenerator) -> Int?
}

extension SectionController {
    public func didSelect(_ generator: any RowGenerator) {}
    public func didDeselect(_ generator: any RowGenerator) {}
    public func didActivate(_ generator: any RowGenerator) {}
    public func willDisplay(_ generator: any RowGenerator) {}
    public func didEndDisplay(_ generator: any RowGenerator) {}
    public func didFold(_ generator: any RowGenerator, expanded: Bool) {}
    public func isSelectable(_ generator: any RowGenerator) -> Bool? { nil }
    public func isActivatable(_ generator: any RowGenerator) -> Bool? { nil }
    public func heightHint(for generator: any RowGenerator) -> Int? { nil }
}
