import CGtkDataDisplay

/// One signal a template's child raises toward the row: connected once per row view (when it is
/// built), it calls the app's handler with the generator that view shows at that moment.
struct TemplateSignalRoute<Model>: Sendable {
    let id: String
    /// How the app declared it, for messages: `.onClicked("delete")`.
    let usage: String
    let requirement: ObjectRequirement
    /// Connects the child `object` of `view`. The closure it connects must hold `view` weakly:
    /// the child keeps it for its life, and the view keeps the child.
    let connect: @MainActor @Sendable (_ object: GObjectPointer, _ view: TemplateRowView<Model>) -> Void
}
