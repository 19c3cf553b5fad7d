import GtkDataDisplay
import GtkDataDisplayShell

extension ListBaseAdapter {
    /// Scrolls to a row and selects it, so a change is easy to spot.
    func reveal(_ generator: any RowGenerator) {
        guard let position = manager.position(of: generator) else { return }
        scrollTo(position: position)
        select(generator)
    }

    /// The selected row, if any (the pages use single selection).
    var selectedGenerator: (any RowGenerator)? {
        selectedGenerators.first
    }
}
