// Plain models in a manager: registrations forwarded to the manager's registry, and whole states
// given as model arrays, turned into generators before anything changes, then diffed as `setState`.

extension BaseListManager {
    /// Shows models of type `model` in rows of `view` (see `ModelRegistry` for ids and lookup order).
    public func register<View: ConfigurableRowView>(_ view: View.Type, for model: View.Model.Type) {
        modelRegistry.register(view, for: model)
    }

    /// Shows models of type `model` in rows of `view`, identified by `id`.
    public func register<View: ConfigurableRowView, ID: Hashable>(_ view: View.Type, for model: View.Model.Type,
                                                                   id: @escaping (View.Model) -> ID) {
        modelRegistry.register(view, for: model, id: id)
    }

    /// Makes the row of each model of type `model` with `make` (see `ModelRegistry`).
    public func register<Model>(for model: Model.Type, _ make: @escaping (Model) -> any RowGenerator) {
        modelRegistry.register(for: model, make)
    }

    /// Replaces everything with one section of rows for `models` (any mix of registered types),
    /// diffed like `setState(_:)`: a model whose id is shown keeps its row (and widget), a changed
    /// model is rebound in place. A model of an unregistered type throws `.unregisteredModelType`
    /// before anything changes.
    public func setState(models: [Any]) throws(DataDisplayError) {
        try setState(modelSections: [ModelSection(models: models)])
    }

    /// Replaces everything with these sections of models, diffed like `setState(_:)`.
    public func setState(modelSections: [ModelSection]) throws(DataDisplayError) {
        var sections: [Section] = []
        sections.reserveCapacity(modelSections.count)
        for section in modelSections { sections.append(try section.section(using: modelRegistry)) }
        try setState(sections)
    }
}
