// The diff id a registered model gets when its row is made for it: how rows of plain model values
// are matched across whole-state updates.

/// The diff id of a row made from a model: the model's own identity, within its dynamic type.
///
/// - An `Identifiable` model is identified by `id`.
/// - Otherwise a `Hashable` model is identified by itself (a changed value is another row).
/// - Otherwise a class instance is identified by the instance (`ObjectIdentifier`); the row keeps
///   the instance alive, so the identity cannot be reused while it is shown.
/// - Otherwise (a value type that is neither) the model has no identity: `.unidentifiableModel`,
///   unless its registration gives one (`register(_:for:id:)`).
///
/// The model's dynamic type is part of the id, so a `Contact` and a `Group` that both have id 1 are
/// two rows, not a duplicate.
public struct ModelID: Hashable, CustomStringConvertible, @unchecked Sendable {
    /// The model's dynamic type.
    public let type: Any.Type
    /// The model's identity within its type.
    public let id: AnyHashable

    /// The id of a model of `type` identified by `id`.
    public init(type: Any.Type, id: AnyHashable) {
        self.type = type
        self.id = id
    }

    /// Equal when both the model type and the id are equal: a contact and a team with id 1 differ.
    public static func == (a: ModelID, b: ModelID) -> Bool {
        ObjectIdentifier(a.type) == ObjectIdentifier(b.type) && a.id == b.id
    }

    /// Hashes the type and the id together.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type))
        hasher.combine(id)
    }

    /// The model type and its id (`Person 42`).
    public var description: String { "\(type) \(id)" }
}

enum ModelIdentity {
    /// The identity of `model` by the rules of `ModelID`, or nil when it has none.
    static func identity(of model: Any) -> AnyHashable? {
        if let identifiable = model as? any Identifiable { return identifiableID(identifiable) }
        if let hashable = model as? any Hashable { return AnyHashable(hashable) }
        if type(of: model) is AnyClass { return AnyHashable(ObjectIdentifier(model as AnyObject)) }
        return nil
    }

    private static func identifiableID<T: Identifiable>(_ model: T) -> AnyHashable { AnyHashable(model.id) }

    /// The diff id of `model` (its identity within its dynamic type).
    static func id(of model: Any) throws(DataDisplayError) -> ModelID {
        guard let identity = identity(of: model) else {
            throw .unidentifiableModel(String(describing: type(of: model)))
        }
        return ModelID(type: type(of: model), id: identity)
    }
}
