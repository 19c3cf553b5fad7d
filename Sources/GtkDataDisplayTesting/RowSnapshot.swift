import GtkDataDisplay

/// One row of a list as plain values, read back from the real store: what a test compares.
///
/// `rows` of a `HeadlessAdapter`, a `ListBaseAdapter` or a `BaseListManager` gives one per item
/// of the store, in order; `line` is the row in the text rendering (`renderRows`).
public struct RowSnapshot: Equatable, CustomStringConvertible {
    /// Header, row or footer.
    public var role: RowRole
    /// The generator's diff id.
    public var diffID: AnyHashable
    /// The row's text in the rendering (see `RowSnapshot.defaultText(of:)`).
    public var text: String
    /// Nesting level: 0 for a section's own rows, 1 for children of a foldable row, …
    public var depth: Int
    /// The index of the section the row stands in.
    public var section: Int
    /// Whether a foldable row is expanded; nil for rows that cannot fold.
    public var isExpanded: Bool?
    /// Whether GTK's selection model holds the row selected (always false for a manager alone).
    public var isSelected: Bool
    /// The texts of a table's text columns for this row, in the table's column order (empty
    /// outside tables and for headers and footers; "" where a row shows no model of a column's type).
    public var cells: [String]

    /// A row with these values.
    public init(role: RowRole, diffID: AnyHashable, text: String, depth: Int, section: Int,
                isExpanded: Bool?, isSelected: Bool, cells: [String] = []) {
        self.role = role
        self.diffID = diffID
        self.text = text
        self.depth = depth
        self.section = section
        self.isExpanded = isExpanded
        self.isSelected = isSelected
        self.cells = cells
    }

    /// The row as one line of the rendering: two spaces per depth level; `# ` before a header's
    /// text, `_ ` before a footer's; `▸ ` before a collapsed foldable row, `▾ ` before an expanded
    /// one; ` [selected]` after a selected row; in a table, ` | ` and each text column's cell.
    public var line: String {
        var line = String(repeating: "  ", count: depth)
        switch role {
        case .header: line += "# "
        case .footer: line += "_ "
        case .row: break
        }
        if let isExpanded { line += isExpanded ? "▾ " : "▸ " }
        line += text
        if isSelected { line += " [selected]" }
        for cell in cells { line += " | " + cell }
        return line
    }

    /// The row's `line`.
    public var description: String { line }

    /// The default text of a row: its diff id when the generator has one of its own (a string as
    /// it is, other values described); for a generator identified only by its instance (no `id:`),
    /// its `model` when that is a string (pagination's status rows, for one), else its type's name.
    @MainActor
    public static func defaultText(of generator: any RowGenerator) -> String {
        let id = generator.diffID
        if !(id.base is ObjectIdentifier) {
            return (id.base as? String) ?? String(describing: id.base)
        }
        var mirror: Mirror? = Mirror(reflecting: generator)
        while let current = mirror {
            // The library's generators store their model as `storedModel` (a custom one may call it `model`).
            let stored = current.children.first { $0.label == "model" || $0.label == "storedModel" }
            if let model = stored?.value as? String { return model }
            mirror = current.superclassMirror
        }
        return String(describing: type(of: generator))
    }
}

extension RowSnapshot {
    /// `rows` as text: one `line` each, with an empty line where a new section starts.
    public static func render(_ rows: [RowSnapshot]) -> String {
        var lines: [String] = []
        var section: Int?
        for row in rows {
            if let section, section != row.section { lines.append("") }
            section = row.section
            lines.append(row.line)
        }
        return lines.joined(separator: "\n")
    }
}
