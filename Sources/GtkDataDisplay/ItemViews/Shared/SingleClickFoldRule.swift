import CGtkDataDisplay

/// The decisions of single-click folding (`SingleClickFolding`), apart from the gesture that
/// feeds them: which release folds a row, and which activation does not fold because the double
/// click that caused it folded on its first click already.
struct SingleClickFoldRule {
    /// A second press is under way: the activation it causes does not fold.
    private(set) var doubleClickUnderWay = false

    /// A press, the `presses`-th of a click sequence. Returns whether it is the second press of a
    /// double click (GTK activates the row on it); the caller forgets it once the event is handled
    /// (`forgetDoubleClick()`).
    mutating func pressed(presses: Int32) -> Bool {
        guard presses >= 2 else { return false }
        doubleClickUnderWay = true
        return true
    }

    /// The event of a double click's second press has been handled.
    mutating func forgetDoubleClick() {
        doubleClickUnderWay = false
    }

    /// Whether the activation under way comes from a double click; answers once (the next
    /// activation, e.g. Enter, folds again).
    mutating func tookDoubleClick() -> Bool {
        defer { doubleClickUnderWay = false }
        return doubleClickUnderWay
    }

    /// Whether a release folds a row: the release of a single click, without Ctrl or Shift (a
    /// selection gesture), over the row the press started on (nil: the press was on a widget that
    /// takes clicks itself, or on no row), whose generator is foldable.
    @MainActor
    static func releaseFolds(presses: Int32, modifiers: GdkModifierType, pressedRow: Row?, releasedRow: Row?) -> Bool {
        let selecting = modifiers.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue) != 0
        guard presses == 1, !selecting, let pressedRow, releasedRow === pressedRow else { return false }
        return pressedRow.generator is FoldableItem
    }
}
