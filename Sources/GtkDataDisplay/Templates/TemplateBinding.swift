import CGtkDataDisplay

/// One `bind` of a template: a child's id, the target that child must fit, and how a model sets it.
struct TemplateBinding<Model>: Sendable {
    let id: String
    /// How the app declared it, for messages: `.bind("name", .label)`.
    let usage: String
    let requirement: ObjectRequirement
    /// Sets the model's value; returns what it did instead when the value did not fit.
    let apply: @MainActor @Sendable (GObjectPointer, Model) -> String?

    init<Value>(id: String, target: BindingTarget<Value>, value: @escaping @MainActor @Sendable (Model) -> Value) {
        self.id = id
        usage = ".bind(\"\(id)\", \(target.name))"
        requirement = target.requirement
        let set = target.apply
        apply = { object, model in set(object, value(model)) }
    }
}
