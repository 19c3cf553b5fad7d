/// A generator told when its row is shown and hidden (GTK bind / unbind; RDDM's DisplayableItem).
@MainActor
public protocol DisplayableItem: RowGenerator {
    /// Fires after the row is bound to a widget.
    var willDisplayEvent: Event<Void> { get }
    /// Fires after the row is unbound from its widget.
    var didEndDisplayEvent: Event<Void> { get }
}
