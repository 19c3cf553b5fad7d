import GtkDataDisplay
import GtkDataDisplayShell

/// The "Manual" page: a `ManualListManager` edited operation by operation, with one button per
/// insert form. Row operations work relative to the selected row (a random row when none is
/// selected); section operations relative to that row's section.
///
/// New rows are titled "New #n" and say in their subtitle how they were placed, so each result
/// can be checked against the button that made it. Each operation is one splice. Rows can be
/// reordered by drag and drop or Alt+Up / Alt+Down (the reordering plugin), across sections too.
@MainActor
final class ManualPage: DemoPage {
    let name = PageName.manual
    let title = "Manual"
    private(set) lazy var root: any WidgetConvertible = PageLayout.make(toolbar: makeToolbar(), list: adapter.scrolledWindow, footer: footer)
    private let manager = ManualListManager()
    private let adapter: ListViewAdapter
    private let footer: StatusFooter
    /// Numbers of the next new row and section: they are never reused, so every title is unique.
    private var nextRow = 1
    private var nextSection = 1
    private var reloads = 0

    init() {
        // Rows can be dragged, or moved with Alt+Up / Alt+Down, into any section.
        adapter = manager.listViewBuilder.add(plugin: .selectable(.single)).add(plugin: .reordering(unmarked: .anywhere)).build()
        adapter.accessibleName = "Items"
        footer = StatusFooter(adapter: adapter) { [manager] in
            "\(plural(manager.numberOfSections, "section")), \(plural(manager.sections.reduce(0) { $0 + $1.rows.count }, "row"))"
        }
        manager.didMove += { [footer] move in
            footer.note("Row", "moved from \(move.from) to \(move.to)")
        }
        footer.perform { () throws(DataDisplayError) in
            try manager.setState {
                Section(header: SectionHeader(model: "Fruits", id: "fruits")) {
                    Self.row("Apple", "Crisp, sweet, red or green")
                    Self.row("Banana", "Ripe and ready")
                    Self.row("Cherry", "In season")
                }
                Section(header: SectionHeader(model: "Vegetables", id: "vegetables")) {
                    Self.row("Carrot", "Local farm")
                    Self.row("Leek", "Fresh today")
                    Self.row("Potato", "Organic")
                }
                Section(header: SectionHeader(model: "Herbs", id: "herbs")) {
                    Self.row("Basil", "Sweet, peppery")
                    Self.row("Mint", "Cool")
                }
            }
            return "Loaded"
        }
    }

    private func makeToolbar() -> Box {
        // Three lines, one per kind of operation: two lines of five did not fit in 600 px.
        Toolbar.make([
            [
                ToolbarAction("Insert _after", "insert(_:after:) — a new row right after the selected row") { [weak self] in self?.insertAfter() },
                ToolbarAction("Insert _before", "insert(_:before:) — a new row right before the selected row") { [weak self] in self?.insertBefore() },
                ToolbarAction("At _start", "insertAtBeginning(_:ofSectionWith:) — a new row opening the selected row's section") { [weak self] in self?.insertAtStart() },
                ToolbarAction("At _end", "insertAtEnd(_:ofSectionWith:) — a new row closing the selected row's section") { [weak self] in self?.insertAtEnd() },
            ],
            [
                ToolbarAction("Section be_fore", "insertSection(_:before:) — a new section right before the selected row's section") { [weak self] in self?.insertSectionBefore() },
                ToolbarAction("Section af_ter", "insertSection(_:after:) — a new section right after the selected row's section") { [weak self] in self?.insertSectionAfter() },
                ToolbarAction("Sect_ion at 1", "insertSection(_:at: 1) — a new section in second place") { [weak self] in self?.insertSectionAtOne() },
            ],
            [
                ToolbarAction("S_wap", "swap(_:with:) — two random rows trade places, maybe across sections") { [weak self] in self?.swapRandomRows() },
                ToolbarAction("_Replace", "replace(_:with:) — a new row takes the selected row's place") { [weak self] in self?.replaceRow() },
                ToolbarAction("Re_load section", "reloadSection(with:) — every row of the selected row's section rebinds in place") { [weak self] in self?.reloadSection() },
            ],
        ], hint: "Select a row to aim at it; with none selected, a random row is used.")
    }

    // MARK: Row inserts

    private func insertAfter() {
        footer.perform { () throws(DataDisplayError) in
            guard let (anchor, how) = target() else { return "No row to insert after" }
            let row = makeRow(note: "inserted after “\(anchor.title)”")
            try manager.insert(row, after: anchor)
            adapter.reveal(row)
            return "Inserted “\(row.title)” after \(how) “\(anchor.title)”"
        }
    }

    private func insertBefore() {
        footer.perform { () throws(DataDisplayError) in
            guard let (anchor, how) = target() else { return "No row to insert before" }
            let row = makeRow(note: "inserted before “\(anchor.title)”")
            try manager.insert(row, before: anchor)
            adapter.reveal(row)
            return "Inserted “\(row.title)” before \(how) “\(anchor.title)”"
        }
    }

    private func insertAtStart() {
        footer.perform { () throws(DataDisplayError) in
            guard let (header, section, how) = targetSection() else { return "No section" }
            let row = makeRow(note: "inserted at the start of \(section)")
            try manager.insertAtBeginning([row], ofSectionWith: header)
            adapter.reveal(row)
            return "Inserted “\(row.title)” at the start of \(how) \(section)"
        }
    }

    private func insertAtEnd() {
        footer.perform { () throws(DataDisplayError) in
            guard let (header, section, how) = targetSection() else { return "No section" }
            let row = makeRow(note: "inserted at the end of \(section)")
            try manager.insertAtEnd([row], ofSectionWith: header)
            adapter.reveal(row)
            return "Inserted “\(row.title)” at the end of \(how) \(section)"
        }
    }

    // MARK: Section inserts

    private func insertSectionBefore() {
        footer.perform { () throws(DataDisplayError) in
            guard let (header, section, how) = targetSection() else { return "No section" }
            let (new, row) = makeSection(note: "its section went before \(section)")
            try manager.insertSection(new, before: header)
            adapter.reveal(row)
            return "Inserted section “\(sectionTitle(new))” before \(how) \(section)"
        }
    }

    private func insertSectionAfter() {
        footer.perform { () throws(DataDisplayError) in
            guard let (header, section, how) = targetSection() else { return "No section" }
            let (new, row) = makeSection(note: "its section went after \(section)")
            try manager.insertSection(new, after: header)
            adapter.reveal(row)
            return "Inserted section “\(sectionTitle(new))” after \(how) \(section)"
        }
    }

    private func insertSectionAtOne() {
        footer.perform { () throws(DataDisplayError) in
            let (new, row) = makeSection(note: "its section went to index 1")
            try manager.insertSection(new, at: 1)
            adapter.reveal(row)
            return "Inserted section “\(sectionTitle(new))” at index 1"
        }
    }

    // MARK: Swap, replace, reload

    private func swapRandomRows() {
        footer.perform { () throws(DataDisplayError) in
            let rows = allRows.shuffled()
            guard rows.count >= 2 else { return "Swapping needs two rows" }
            let (first, second) = (rows[0], rows[1])
            let across = sectionHeader(of: first) !== sectionHeader(of: second)
            try manager.swap(first, with: second)
            adapter.reveal(first)
            return "Swapped “\(first.title)” and “\(second.title)”\(across ? " across sections" : "")"
        }
    }

    private func replaceRow() {
        footer.perform { () throws(DataDisplayError) in
            guard let (old, how) = target() else { return "No row to replace" }
            let row = makeRow(note: "replaced “\(old.title)”")
            try manager.replace(old, with: row)
            adapter.reveal(row)
            return "Replaced \(how) “\(old.title)” with “\(row.title)”"
        }
    }

    private func reloadSection() {
        footer.perform { () throws(DataDisplayError) in
            guard let (header, section, how) = targetSection(),
                  let rows = manager.sections.first(where: { $0.header === header })?.rows else { return "No section" }
            reloads += 1
            // Change what every row shows, so the in-place rebind is visible.
            for case let row as TextRow in rows {
                row.model.note = "reloaded (reload #\(reloads))"
            }
            try manager.reloadSection(with: header)
            return "Reloaded \(how) \(section): \(plural(rows.count, "row")) changed in place"
        }
    }

    // MARK: Targets

    /// The selected row, or a random one; with words saying which it was.
    private func target() -> (row: TextRow, how: String)? {
        if let row = adapter.selectedGenerator as? TextRow { return (row, "selected") }
        return allRows.randomElement().map { ($0, "random") }
    }

    /// The header and title of the selected row's section (or of a random row's section).
    private func targetSection() -> (header: any RowGenerator, title: String, how: String)? {
        guard let (row, how) = target(), let header = sectionHeader(of: row) else { return nil }
        return (header, "“\(sectionTitle(header))”", "the \(how) row's section,")
    }

    private var allRows: [TextRow] {
        manager.sections.flatMap(\.rows).compactMap { $0 as? TextRow }
    }

    private func sectionHeader(of row: any RowGenerator) -> (any RowGenerator)? {
        manager.sections.first { $0.rows.contains { $0 === row } }?.header
    }

    private func sectionTitle(_ header: any RowGenerator) -> String {
        (header as? SectionHeader)?.model ?? "section"
    }

    private func sectionTitle(_ section: Section) -> String {
        section.header.map(sectionTitle) ?? "section"
    }

    // MARK: Making rows

    private static func row(_ name: String, _ note: String) -> TextRow {
        TextRow(model: Produce(name: name, note: note), id: name)
    }

    private func makeRow(note: String) -> TextRow {
        defer { nextRow += 1 }
        return TextRow(model: Produce(name: "New #\(nextRow)", note: note), id: "new-\(nextRow)")
    }

    /// A new section with one new row (an empty section would show only its header).
    private func makeSection(note: String) -> (Section, TextRow) {
        let title = "New section #\(nextSection)"
        let header = SectionHeader(model: title, id: "new-section-\(nextSection)")
        nextSection += 1
        let row = makeRow(note: note)
        return (Section(header: header, rows: [row]), row)
    }
}
