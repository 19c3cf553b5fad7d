// What a row's section controller decides for it, and the events it hears. The list view asks the
// row (`row.isSelectable`, `row.isActivatable`) where it used to ask the generator, so a controller
// is one field read away: the manager keeps each row's controller as rows enter or change sections.

extension Row {
    /// Whether the row can be selected: never a header or footer; otherwise the section
    /// controller's answer, else the generator's.
    var isSelectable: Bool {
        guard let controller = sectionController else { return generator.isSelectable }
        guard role == .row else { return false }
        return controller.isSelectable(generator) ?? generator.isSelectable
    }

    /// Whether the row can be activated: never a header or footer; otherwise the section
    /// controller's answer, else the generator's.
    var isActivatable: Bool {
        guard let controller = sectionController else { return generator.isActivatable }
        guard role == .row else { return false }
        return controller.isActivatable(generator) ?? generator.isActivatable
    }
}

extension BaseListManager {
    /// Whether `generator`'s row can be selected, as its section controller or itself says.
    func isSelectable(_ generator: any RowGenerator) -> Bool {
        row(of: generator)?.isSelectable ?? generator.isSelectable
    }
}
