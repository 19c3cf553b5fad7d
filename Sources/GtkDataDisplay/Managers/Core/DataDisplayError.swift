// State and lookup: the typed error every manager operation throws before changing anything.

/// What a manager operation reports when its input is wrong. Nothing has changed when one is thrown.
public enum DataDisplayError: Error, Equatable, CustomStringConvertible {
    /// The generator (or header) used as an anchor or target is not in the manager.
    case generatorNotFound(String)
    /// The header naming a section is not in the manager (nor a footer, for the operations that
    /// also take a footer: `add(_:toSectionWith:)`, `insertAtBeginning/End(_:ofSectionWith:)`,
    /// `reloadSection(with:)`).
    case sectionNotFound(String)
    /// This generator instance already stands in the manager (or twice in the new state).
    case duplicateGenerator(String)
    /// Two rows of one state share a diff id.
    case duplicateDiffID(String)
    /// An index outside `0..<count`.
    case indexOutOfRange(index: Int, count: Int)
    /// The operation cannot take this anchor (e.g. rows inserted before a header).
    case invalidAnchor(String)
    /// Folding was asked of a row that is not a `FoldableItem`.
    case notFoldable(String)
    /// A gravity manager's section header is not a `GravityItem`.
    case missingHeaviness(String)
    /// A foldable contains itself, directly or through its descendants (the path shows how).
    case foldingCycle(String)
    /// The body of a `batch { }` threw an error of its own (its description). A batch run at once
    /// rethrows that error itself; this one reaches `queuedMutationFailed` for a queued batch.
    case batchBodyFailed(String)
    /// `batch { }` ran no operation: most likely a mistake in the caller's logic.
    case emptyBatch
    /// No view or factory is registered for a model's type (nor a superclass or protocol of it).
    case unregisteredModelType(String)
    /// A model has no identity: neither `Identifiable`, `Hashable` nor a class instance, and its
    /// registration gives no `id`.
    case unidentifiableModel(String)
    /// A move the rows do not allow: a child row out of its parent, or a row whose generator
    /// (`MovableItem`) or the reordering plugin forbids it.
    case moveRefused(String)
    /// A generator stands in a role its type does not take: a `HeaderGenerator` or
    /// `FooterGenerator` as a row, or a generator that is no `HeaderGenerator` as a section's header
    /// (no `FooterGenerator` as its footer).
    case wrongRole(String)
    /// One call names the same generator twice where each may be named once (`remove([a, a])`).
    case namedTwice(String)

    /// A sentence naming the problem and the generator, section or id involved.
    public var description: String {
        switch self {
        case .generatorNotFound(let what): return "generator not found in the manager: \(what)"
        case .sectionNotFound(let what): return "section not found: no section has \(what) as its header (or footer, where a footer names one)"
        case .duplicateGenerator(let what): return "generator already in the manager: \(what) (a generator instance may stand once)"
        case .duplicateDiffID(let what): return "duplicate diff id \(what)"
        case .indexOutOfRange(let index, let count): return "index \(index) out of range 0..<\(count)"
        case .invalidAnchor(let why): return "invalid anchor: \(why)"
        case .notFoldable(let what): return "not foldable: \(what) is not a FoldableItem"
        case .missingHeaviness(let what): return "missing heaviness: the header \(what) is not a GravityItem"
        case .foldingCycle(let path): return "folding cycle: a foldable contains itself (\(path))"
        case .batchBodyFailed(let what): return "batch body failed: \(what); nothing of the batch was applied"
        case .emptyBatch: return "empty batch: the batch ran no operation"
        case .unregisteredModelType(let type): return "unregistered model type \(type): register a row view or a factory for it"
        case .unidentifiableModel(let type): return "unidentifiable model \(type): make it Identifiable or Hashable, or register it with id:"
        case .moveRefused(let why): return "move refused: \(why)"
        case .wrongRole(let what): return "wrong role: \(what)"
        case .namedTwice(let what): return "named twice in one call: \(what) (name each generator once)"
        }
    }
}

@MainActor
func describe(_ generator: any RowGenerator) -> String {
    "\(type(of: generator)) (diff id \(generator.diffID))"
}
