/// A generator that reports selection and activation (RDDM's SelectableItem).
@MainActor
public protocol SelectableItem: RowGenerator {
    /// Fires when the row becomes selected.
    var didSelectEvent: Event<Void> { get }
    /// Fires when the row stops being selected.
    var didDeselectEvent: Event<Void> { get }
    /// Fires when the row is activated (Enter, double click, or single click when the list view
    /// activates on single click).
    var didActivateEvent: Event<Void> { get }
    /// Deselect the row right after it is selected (RDDM's `isNeedDeselect`).
    var isNeedDeselect: Bool { get }
}

extension SelectableItem {
    public var isNeedDeselect: Bool { false }
}
