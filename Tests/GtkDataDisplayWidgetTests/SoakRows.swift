import GtkDataDisplay
import GtkDataDisplayTesting

/// The actions of a soak row: Delete (removes it), Rename (changes its text), Share (disabled).
@MainActor
protocol SoakRowActions: AnyObject, RowGenerator {
    var text: String { get set }
    var onDelete: ((any RowGenerator) -> Void)? { get }
    var onRename: ((any RowGenerator) -> Void)? { get }
}

extension SoakRowActions {
    func makeActions() -> [RowAction] {
        [RowAction(id: "delete", label: "Delete", isDestructive: true) { [weak self] in
            guard let self else { return }
            self.onDelete?(self)
         },
         RowAction(id: "rename", label: "Rename") { [weak self] in
            guard let self else { return }
            self.text += "'"
            self.onRename?(self)
         },
         RowAction(id: "share", label: "Share", isEnabled: false)]
    }
}

/// A soak row: movable anywhere, with actions.
@MainActor
final class SoakRow: BaseRowGenerator<LabelRowView>, RowActionsProviding, MovableItem, SoakRowActions {
    var canMoveAcrossSections: Bool { true }
    var onDelete: ((any RowGenerator) -> Void)?
    var onRename: ((any RowGenerator) -> Void)?
    var text: String {
        get { model }
        set { model = newValue }
    }
    lazy var rowActions: [RowAction] = makeActions()

    init(id: Int) { super.init(model: "row \(id)", id: id) }
}

/// A soak foldable: movable anywhere, with actions and children.
@MainActor
final class SoakFolder: FoldableRowGenerator<LabelRowView>, RowActionsProviding, MovableItem, SoakRowActions {
    var canMoveAcrossSections: Bool { true }
    var onDelete: ((any RowGenerator) -> Void)?
    var onRename: ((any RowGenerator) -> Void)?
    var text: String {
        get { model }
        set { model = newValue }
    }
    lazy var rowActions: [RowAction] = makeActions()

    init(id: Int, children: [any RowGenerator], expanded: Bool) {
        super.init(model: "group \(id)", id: id, children: children, expanded: expanded)
    }
}

struct SoakPageError: Error, CustomStringConvertible {
    var description: String { "the network is flaky" }
}
