/// Where `scrollTo` puts a row in the visible area (RDDM's scroll position, for GTK 4).
public enum ScrollAlignment: Sendable, Equatable {
    /// The least scrolling that shows the whole row (none when it is on screen already): GTK's
    /// own `list.scroll-to-item`.
    case nearest
    /// The row's top edge at the top of the visible area.
    case first
    /// The row centred in the visible area.
    case center
    /// The row's bottom edge at the bottom of the visible area.
    case last

    /// Where the row's top edge should be, in pixels from the top of a visible area `viewport`
    /// high, for a row `height` high whose top edge is at `y` now.
    func targetY(rowY y: Double, height: Double, viewport: Double) -> Double {
        switch self {
        case .first: return 0
        case .center: return ((viewport - height) / 2).rounded(.down)
        case .last: return viewport - height
        case .nearest:
            if y < 0 || height > viewport { return 0 }
            if y + height > viewport { return viewport - height }
            return y
        }
    }
}
