/// A section as a value: an optional header, its rows and an optional footer. Managers take an
/// array of these as a whole new state (`setState(_:)`), diffed against what they show.
@MainActor
public struct Section {
    /// The header row, shown above the rows; also names the section in manager operations.
    public var header: (any RowGenerator)?
    /// The rows, in order.
    public var rows: [any RowGenerator]
    /// The footer row, shown below the rows.
    public var footer: (any RowGenerator)?
    /// Owns the events of the section's rows and decides for them (`SectionController`). In a whole
    /// new state, nil takes over the controller of the section shown with the same header diff id.
    public var controller: (any SectionController)?

    /// A section with these rows, and a controller for them.
    public init(header: (any RowGenerator)? = nil, rows: [any RowGenerator] = [], footer: (any RowGenerator)? = nil,
                controller: (any SectionController)? = nil) {
        self.header = header
        self.rows = rows
        self.footer = footer
        self.controller = controller
    }
}
