/// Where a row stands among its siblings: its section, and its index among the section's own rows
/// (as `generators(inSection:)` lists them) or, for a child row of a foldable, among its parent's
/// `children`.
public struct RowPosition: Hashable, Sendable, CustomStringConvertible {
    /// The section's index.
    public var section: Int
    /// The index among the row's siblings.
    public var index: Int

    /// The position `index` among the siblings in section `section`.
    public init(section: Int, index: Int) {
        self.section = section
        self.index = index
    }

    /// `(section S, index I)`, for messages and logs.
    public var description: String { "(section \(section), index \(index))" }
}

/// A row that moved (by `move(_:to:)`, `move(_:after:)`, `move(_:before:)`, or a user's drag or
/// Alt+arrow key with the reordering plugin): the manager's `didMove` reports it.
@MainActor
public struct RowMove {
    /// The row that moved (its visible descendants moved with it).
    public let generator: any RowGenerator
    /// The foldable whose children were reordered, or nil for a section's own rows.
    public let parent: (any RowGenerator)?
    /// Where it stood before the move.
    public let from: RowPosition
    /// Where it stands after the move.
    public let to: RowPosition
}
