/// A generator whose row has a context menu (with the `.rowActions()` plugin): right click, long
/// press, the Menu key or Shift+F10 open it.
///
///     final class FileRow: BaseRowGenerator<FileView>, RowActionsProviding {
///         lazy var rowActions = [
///             RowAction(label: "Rename", icon: "document-edit-symbolic") { [unowned self] in rename() },
///             RowAction(label: "Delete", icon: "user-trash-symbolic", isDestructive: true) { [unowned self] in delete() },
///         ]
///     }
@MainActor
public protocol RowActionsProviding: RowGenerator {
    /// The row's actions, in menu order, read each time its menu opens. None: no menu.
    var rowActions: [RowAction] { get }
}

/// An action a user chose from a row's menu: which row, which action.
@MainActor
public struct RowActionTrigger {
    /// The generator of the row whose menu it was.
    public let generator: any RowGenerator
    /// The action chosen.
    public let action: RowAction
    /// The action's `id`.
    public var actionID: String { action.id }
}
