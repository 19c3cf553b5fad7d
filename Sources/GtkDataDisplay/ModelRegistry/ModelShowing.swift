/// A generator that shows one model value: `BaseRowGenerator` and its subclasses, and the
/// header and footer generators. Lets code that holds `any RowGenerator` (a section controller, an
/// adapter event) get the model back without knowing the view type.
@MainActor
public protocol ModelShowing: RowGenerator {
    /// The model shown, as `Any`.
    var shownModel: Any { get }
}

extension BaseRowGenerator: ModelShowing {
    public var shownModel: Any { model }
}

extension SupplementaryRowGenerator: ModelShowing {
    public var shownModel: Any { model }
}

extension RowGenerator {
    /// The model this row shows, if it shows one of type `type` (`generator.model(as: Contact.self)`):
    /// a `ModelShowing` generator's `shownModel`, if it is a `Model`.
    public func model<Model>(as type: Model.Type) -> Model? {
        (self as? any ModelShowing)?.shownModel as? Model
    }
}
