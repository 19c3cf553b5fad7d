// What a click on a box's row does, apart from the gesture that reports it: shared by `BoxAdapter`
// and the headless `DetachedAdapter` in box mode.

@MainActor
enum BoxActivation {
    /// Activates `row` of `manager` as a click in a box does: nothing for headers, footers and rows
    /// that cannot be activated; otherwise `didActivate` and the row's `didActivateEvent` (within a
    /// view callback), then a foldable row folds (a box folds with no plugin). Returns whether it
    /// activated the row.
    @discardableResult
    static func activate(_ row: Row, in manager: BaseListManager, didActivate: Event<any RowGenerator>) -> Bool {
        let generator = row.generator
        guard row.role == .row, generator.isActivatable else { return false }
        manager.withinViewCallback {
            didActivate.invoke(with: generator)
            (generator as? SelectableItem)?.didActivateEvent.invoke()
        }
        toggleFold(of: generator, in: manager)
        return true
    }

    /// Expands or collapses a foldable row (its expander, a click on the row); other rows stay.
    static func toggleFold(of generator: any RowGenerator, in manager: BaseListManager) {
        guard generator is FoldableItem else { return }
        manager.foldingForUser { try? manager.toggle(generator) }
    }
}
