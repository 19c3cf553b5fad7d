/// A saved scroll position: which row was the first on screen and how far its top edge stood from
/// the top of the visible area, by the row's diff id, so it can be restored after a whole new
/// state, or in a new adapter (`adapter.scrollPosition`, `adapter.restore(_:)`).
///
/// It also keeps the rows that followed on screen: when the first is gone, `restore` puts the
/// first of them that is still shown where it stood. The position in the list is the last resort.
public struct ScrollPosition: Sendable, Equatable {
    /// One row on screen and the distance of its top edge from the top of the visible area.
    struct Anchor: Sendable, Equatable {
        let key: RowKey
        let offset: Double
    }

    /// The first row on screen, then the rest of the rows on screen in list order.
    let anchors: [Anchor]
    /// The store position of the first row on screen when saved.
    public let position: Int

    /// The diff id of the first row on screen (a header's or footer's id when it was one).
    public var id: AnyHashable { anchors[0].key.id.anyHashable }
    /// Whether the first row on screen was a header, a footer or a row.
    public var role: RowRole { anchors[0].key.role }
    /// Pixels from the top of the visible area to the first row's top edge: 0 or less (a row
    /// partly scrolled out above has a negative offset).
    public var offset: Double { anchors[0].offset }

    init?(anchors: [Anchor], position: Int) {
        guard !anchors.isEmpty else { return nil }
        self.anchors = anchors
        self.position = position
    }
}
