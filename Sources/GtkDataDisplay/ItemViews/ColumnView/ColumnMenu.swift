import CGtkDataDisplay

/// The menu a right click on a table's header opens (GTK's `header-menu`): a check item per
/// column, so the user shows and hides columns. Each item is a stateful action `table.column-N`
/// on the column view, whose state follows `TableColumn.isVisible` either way.
@MainActor
final class ColumnMenu {
    /// The prefix the actions are inserted under.
    static let prefix = "table"
    private let group: ObjectReference
    private let menu: ObjectReference
    /// The action of each column, in the table's column order.
    private let actions: [OpaquePointer]
    /// The column view holding the actions (it holds the group; we only pass the pointer back).
    private let view: UnsafeMutablePointer<GtkWidget>

    /// A menu over `columns`, installed on `view` and on every column's header.
    init(columns: [TableColumn], view: UnsafeMutablePointer<GtkWidget>) {
        let group = g_simple_action_group_new()!
        self.group = ObjectReference(adopting: untyped(group))
        let menu = g_menu_new()!
        self.menu = ObjectReference(adopting: untyped(menu))
        var actions: [OpaquePointer] = []
        for (index, column) in columns.enumerated() {
            let name = "column-\(index)"
            let action = name.withGString { g_simple_action_new_stateful($0, nil, g_variant_new_boolean(column.isVisible ? 1 : 0)) }!
            Signal.connect(untyped(action), "change-state", pointer: { [weak column] value in
                guard let column, let value else { return }
                column.isVisible = g_variant_get_boolean(OpaquePointer(value)) != 0   // sets the state too (`show`)
            })
            g_action_map_add_action(gdd_action_map(untyped(group)), gdd_action(untyped(action)))  // takes a reference
            g_object_unref(untyped(action))
            actions.append(action)
            column.title.withGString { label in
                "\(Self.prefix).\(name)".withGString { g_menu_append(menu, label, $0) }
            }
        }
        self.actions = actions
        self.view = view
        Self.prefix.withGString { gtk_widget_insert_action_group(view, $0, gdd_action_group(untyped(group))) }
        for column in columns {
            if let gtkColumn = column.column { gtk_column_view_column_set_header_menu(gtkColumn, gdd_menu_model(untyped(menu))) }
        }
    }

    /// `column` (at `index`) was shown or hidden, or renamed: the menu says so.
    func update(_ column: TableColumn, at index: Int) {
        guard index < actions.count else { return }
        g_simple_action_set_state(actions[index], g_variant_new_boolean(column.isVisible ? 1 : 0))
        let menu = gdd_menu(menu.pointer)
        let item = column.title.withGString { label in
            "\(Self.prefix).column-\(index)".withGString { g_menu_item_new(label, $0) }
        }!
        g_menu_remove(menu, Int32(index))
        g_menu_insert_item(menu, Int32(index), item)
        g_object_unref(untyped(item))
    }

    /// Takes the menu off the headers and its actions off the view.
    func remove(from columns: [TableColumn]) {
        for column in columns { if let gtkColumn = column.column { gtk_column_view_column_set_header_menu(gtkColumn, nil) } }
        Self.prefix.withGString { gtk_widget_insert_action_group(view, $0, nil) }
    }
}
