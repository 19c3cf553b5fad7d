import CGtkDataDisplay
import GtkDataDisplay

/// A menu model (`GMenu`): items bound to actions by their detailed names, in sections (shown
/// with separators between them) and submenus. A `MenuButton` shows it as a popover menu.
///
///     let menu = try Menu()
///         .appendSection(Menu().append("_Keyboard Shortcuts", action: "win.show-help-overlay"))
///         .appendSection(Menu()
///             .append("_About Contacts", action: "app.about")
///             .append("_Quit", action: "app.quit"))
///     header.packEnd(MenuButton(iconName: "open-menu-symbolic", menu: menu))
///
/// An item is enabled while its action exists and is enabled, and activates it when chosen: add
/// the actions with `Application.addAction` ("app.") or `Window.addAction` ("win."). Labels mark
/// their mnemonic with an underscore ("_Quit": Q).
@MainActor
public final class Menu {
    private let reference: ObjectReference

    /// The `GMenu` as a `GObject` pointer, for any `g_menu_*` call.
    public var pointer: GObjectPointer { reference.pointer }
    private var menu: OpaquePointer { gdd_menu(reference.pointer) }

    /// An empty menu.
    public init() {
        reference = ObjectReference(adopting: UnsafeMutableRawPointer(g_menu_new()!))
    }

    /// Adds an item showing `label` that activates the detailed action `action` ("app.quit",
    /// "win.page::base" for an action with a string target).
    @discardableResult
    public func append(_ label: String, action: String) throws(ActionError) -> Menu {
        guard ActionCalls.isValidDetailedName(action) else { throw .invalidDetailedName(action) }
        label.withGString { label in action.withGString { g_menu_append(menu, label, $0) } }
        return self
    }

    /// Adds the items of `section` as one group, set apart by separators (with `label` as its
    /// heading, when given). The menu shows later changes to `section`.
    @discardableResult
    public func appendSection(_ section: Menu, label: String? = nil) -> Menu {
        g_menu_append_section(menu, label, gdd_menu_model(section.pointer))
        return self
    }

    /// Adds an item showing `label` that opens `submenu`.
    @discardableResult
    public func appendSubmenu(_ label: String, _ submenu: Menu) -> Menu {
        label.withGString { g_menu_append_submenu(menu, $0, gdd_menu_model(submenu.pointer)) }
        return self
    }

    /// Removes every item.
    public func removeAll() {
        g_menu_remove_all(menu)
    }

    /// How many items the menu has (a section or a submenu counts as one).
    public var count: Int {
        Int(g_menu_model_get_n_items(gdd_menu_model(reference.pointer)))
    }
}
