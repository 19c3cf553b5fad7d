/// A generator that says whether users may move its row (drag and drop, Alt+arrow keys) with the
/// reordering plugin. The defaults make the common case free: `extension MyRow: MovableItem {}`
/// lets users move the row within its section.
///
/// Code can always move rows (`move(_:to:)`, `move(_:after:)`); these rules are the user's.
/// Headers and footers never move. A child row of a foldable moves among its siblings only.
@MainActor
public protocol MovableItem: RowGenerator {
    /// Whether users may move the row at all. Default: `true`.
    var canMove: Bool { get }
    /// Whether users may move the row into another section. Default: `false`.
    var canMoveAcrossSections: Bool { get }
}

extension MovableItem {
    public var canMove: Bool { true }
    public var canMoveAcrossSections: Bool { false }
}

/// Which moves users may make with a row, for generators that are not `MovableItem` (set on the
/// reordering plugin).
public enum MoveRule: Sendable, Equatable {
    /// The row stays where it is.
    case fixed
    /// The row moves within its section (or, a child row, among its siblings).
    case withinSection
    /// The row moves anywhere a row of its level can go.
    case anywhere

    /// The rule of `generator`: its own when it is a `MovableItem`, `unmarked` otherwise.
    @MainActor
    static func of(_ generator: any RowGenerator, unmarked: MoveRule) -> MoveRule {
        guard let movable = generator as? MovableItem else { return unmarked }
        guard movable.canMove else { return .fixed }
        return movable.canMoveAcrossSections ? .anywhere : .withinSection
    }
}

extension BaseListManager {
    /// Moves a row to `destination` as a user may (what the reordering plugin does on a drop or an
    /// Alt+arrow key): like `move(_:to:)`, but a row that is not movable, or a move into another
    /// section that its generator does not allow, throws `.moveRefused` and changes nothing.
    /// `unmarked` is the rule for generators that are not `MovableItem`.
    public func reorder(_ generator: any RowGenerator, to destination: RowPosition,
                        unmarked: MoveRule = .withinSection) throws(DataDisplayError) {
        try perform { () throws(DataDisplayError) in
            let plan = try self.reorderPlan(generator, to: destination, unmarked: unmarked)
            self.applyMove(plan)
        }
    }

    /// Whether a user may move `generator` to `destination` now (the drop indicator asks).
    public func canReorder(_ generator: any RowGenerator, to destination: RowPosition,
                           unmarked: MoveRule = .withinSection) -> Bool {
        (try? reorderPlan(generator, to: destination, unmarked: unmarked)) != nil
    }

    /// A user's move, checked against the rules, then as any move.
    func reorderPlan(_ generator: any RowGenerator, to destination: RowPosition,
                     unmarked: MoveRule) throws(DataDisplayError) -> MovePlan {
        let plan = try movePlan(generator, to: destination)
        switch MoveRule.of(generator, unmarked: unmarked) {
        case .fixed:
            throw .moveRefused("\(describe(generator)) cannot be moved")
        case .withinSection where destination.section != plan.from.section:
            throw .moveRefused("\(describe(generator)) cannot move to another section")
        default:
            return plan
        }
    }
}
