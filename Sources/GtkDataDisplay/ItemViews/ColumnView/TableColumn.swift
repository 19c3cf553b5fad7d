import CGtkDataDisplay

/// One column of a `ColumnViewAdapter` (a `GtkColumnViewColumn`): its id and title, what its
/// cells show, its width and whether it sorts.
///
/// A column made with `init(id:title:)` shows the rows' own views — the generators' views, with
/// the expander and indent of tree rows, and the section headers — so every existing generator
/// works in a table. The other columns read each row's model: `init(id:title:text:)` shows a
/// string of it in a label, `init(id:title:view:value:)` a `ConfigurableRowView` of your own,
/// `init(id:title:template:value:)` a `.ui` template with bindings.
/// Rows whose generator shows no model of the column's type (headers, footers, loading rows)
/// leave those cells empty.
///
/// Set the properties before or after the adapter is made; the user can resize (when
/// `isResizable`) and reorder columns, and show and hide them from the headers' menu
/// (`ColumnViewAdapter.offersColumnMenu`).
@MainActor
public final class TableColumn {
    /// Names the column to the app (`ColumnViewAdapter.column(id:)`, `RowOrder.id` of its sort).
    public let id: String
    /// The header's text (also what screen readers call the column).
    public var title: String { didSet { apply() } }
    /// Whether the user can drag the header's edge to resize the column (default true).
    public var isResizable = true { didSet { apply() } }
    /// Whether the column takes the width left over (default: only a column of the rows' views).
    public var expands: Bool { didSet { apply() } }
    /// Whether the column is shown (default true).
    public var isVisible = true { didSet { apply() } }
    /// The column's width in pixels, nil to size it to its content (default nil). Negative
    /// values count as nil.
    public var fixedWidth: Int? { didSet { apply() } }
    /// The order a click on the header sorts by (nil: the header does not sort; see `sortable(by:)`).
    public private(set) var order: RowOrder?

    /// What the cells show.
    enum Content {
        /// The rows' own views (the adapter's factory).
        case rowViews
        /// A view per cell, filled from the row's generator; false when it shows no model of the
        /// column's type (the cell stays empty).
        case cells(make: @MainActor () -> ColumnCellView)
    }
    let content: Content
    /// The text of a text column's cell for a generator (nil for other columns).
    private let textOf: (@MainActor (any RowGenerator) -> String?)?

    /// GTK's column, once a table made it (`gtk_column_view_column_*`). A column belongs to one table.
    public private(set) var column: OpaquePointer?
    /// The table showing the column (its header's accessible name follows `title`).
    weak var table: ColumnViewAdapter?

    /// A column showing the rows' own views (tree rows, headers): a table's main column.
    public init(id: String, title: String) {
        self.id = id
        self.title = title
        self.expands = true
        content = .rowViews
        textOf = nil
    }

    /// A column showing `text(model)` in a label for rows showing a `Model`.
    public init<Model>(id: String, title: String, text: @escaping @MainActor (Model) -> String) {
        self.id = id
        self.title = title
        self.expands = false
        content = .cells(make: { ColumnCellView.label(text) })
        textOf = { generator in generator.model(as: Model.self).map(text) }
    }

    /// A column showing a `View` of your own, configured with `value(model)`, for rows showing a
    /// `Model` (a size bar, an icon, a check box).
    public init<Model, View: ConfigurableRowView>(id: String, title: String, view: View.Type,
                                                  value: @escaping @MainActor (Model) -> View.Model) {
        self.id = id
        self.title = title
        self.expands = false
        content = .cells(make: { ColumnCellView.view(View.self, value) })
        textOf = nil
    }

    /// A column showing a `.ui` template's widgets, its bindings applied to `value(model)`, for rows
    /// showing a `Model` (as rows use templates: see `RowTemplate`).
    public init<Model, CellModel>(id: String, title: String, template: RowTemplate<CellModel>,
                                  value: @escaping @MainActor (Model) -> CellModel) {
        self.id = id
        self.title = title
        self.expands = false
        content = .cells(make: { ColumnCellView.template(template, value) })
        textOf = nil
    }

    /// A column showing a `.ui` template bound to the row's own model.
    public convenience init<Model>(id: String, title: String, template: RowTemplate<Model>) {
        self.init(id: id, title: title, template: template, value: { (model: Model) in model })
    }

    /// Whether the column shows the rows' own views (`init(id:title:)`).
    public var showsRowViews: Bool {
        if case .rowViews = content { true } else { false }
    }

    /// The text this column's cell shows for `generator`: a text column's string for a row
    /// showing its model type, "" for a row that shows none; nil for the other columns. (What the
    /// testing kit renders; it needs no widget.)
    public func cellText(for generator: any RowGenerator) -> String? {
        textOf.map { $0(generator) ?? "" }
    }

    /// Makes a click on the header sort the rows by `key` of their `Model` (ascending, then
    /// descending); rows of another model keep their order after the others. Returns the column.
    @discardableResult
    public func sortable<Model, Key: Comparable>(by key: @escaping @Sendable (Model) -> Key) -> TableColumn {
        order = RowOrder(id: id, model: Model.self, key: key)
        return self
    }

    /// Makes a click on the header sort the rows by `key` of their generator (nil: a row it does
    /// not apply to). Returns the column.
    @discardableResult
    public func sortable<Key: Comparable>(byGenerator key: @escaping @MainActor @Sendable (any RowGenerator) -> Key?) -> TableColumn {
        order = RowOrder(id: id, key: key)
        return self
    }

    /// Takes `column` (made by `table`) and gives it this column's settings.
    func attach(to column: OpaquePointer, in table: ColumnViewAdapter) {
        self.column = column
        self.table = table
        apply()
    }

    private func apply() {
        guard let column else { return }
        title.withCString { gtk_column_view_column_set_title(column, $0) }
        gtk_column_view_column_set_resizable(column, isResizable ? 1 : 0)
        gtk_column_view_column_set_expand(column, expands ? 1 : 0)
        gtk_column_view_column_set_visible(column, isVisible ? 1 : 0)
        gtk_column_view_column_set_fixed_width(column, Int32(clamping: max(-1, fixedWidth ?? -1)))
        table?.columnChanged(self)
    }
}
