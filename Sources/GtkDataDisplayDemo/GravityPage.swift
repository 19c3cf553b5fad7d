import GtkDataDisplay
import GtkDataDisplayShell

/// The "Gravity" page: a `GravityListManager` of parcels of random weight. Rows land in order of
/// weight inside their band's section, and sections in order of their header's heaviness
/// (light, medium, heavy), whatever order they were added in.
///
/// It starts with the Heavy and Light sections only, given in that order; the Medium section
/// appears, between them, with the first medium parcel. "Insert after selected" shows the anchor
/// rule: the new row goes right after the anchor, whatever its weight.
@MainActor
final class GravityPage: DemoPage {
    let name = PageName.gravity
    let title = "Gravity"
    private(set) lazy var root: any WidgetConvertible = PageLayout.make(toolbar: makeToolbar(), list: adapter.scrolledWindow, footer: footer)
    private let manager = GravityListManager()
    private let adapter: ListViewAdapter
    private let footer: StatusFooter
    /// One header per band, made once: a section is named by its header instance.
    private let headers = WeightBand.allCases.map { BandHeader(band: $0) }
    private var nextNumber = 1

    init() {
        adapter = manager.listViewBuilder.add(plugin: .selectable(.single)).build()
        adapter.accessibleName = "Parcels by weight"
        footer = StatusFooter(adapter: adapter) { [manager] in
            "\(plural(manager.sections.reduce(0) { $0 + $1.rows.count }, "parcel")) in \(plural(manager.numberOfSections, "section"))"
        }
        footer.perform { () throws(DataDisplayError) in
            // Heavy before Light, rows unsorted: the manager orders both.
            try manager.setState {
                Section(header: header(.heavy)) {
                    for weight in [91, 70, 84] { makeRow(weight: weight) }
                }
                Section(header: header(.light)) {
                    for weight in [25, 3, 17, 9] { makeRow(weight: weight) }
                }
            }
            return "Loaded Heavy, then Light, rows unsorted: shown by weight"
        }
    }

    private func makeToolbar() -> Box {
        Toolbar.make([[
            ToolbarAction("_Add random", "add(_:toSectionWith:) — a parcel of random weight lands in order") { [weak self] in self?.addRandom() },
            ToolbarAction("Add _5 random", "Five parcels of random weight in one batch, each in order") { [weak self] in self?.addFiveRandom() },
            ToolbarAction("_Insert after selected", "insert(_:after:) — a parcel of random weight goes right after the selected one, whatever its weight") { [weak self] in self?.insertAfterSelected() },
        ]], hint: "Lighter parcels come first; equal weights keep their order of arrival.")
    }

    // MARK: Actions

    private func addRandom() {
        footer.perform { () throws(DataDisplayError) in
            let row = makeRow(weight: Int.random(in: 0...WeightBand.maximumWeight))
            let newBands = try add([row])
            adapter.reveal(row)
            return "Added “\(row.title)” (weight \(row.heaviness)): \(place(of: row))" + newSections(newBands)
        }
    }

    private func addFiveRandom() {
        footer.perform { () throws(DataDisplayError) in
            let rows = (0..<5).map { _ in makeRow(weight: Int.random(in: 0...WeightBand.maximumWeight)) }
            // One batch: the store sees one diffed update, not five inserts.
            var newBands: [WeightBand] = []
            try manager.batch { () throws(DataDisplayError) in newBands = try self.add(rows) }
            let weights = rows.map { "#\($0.model.number) (\($0.heaviness))" }.joined(separator: ", ")
            return "Added \(weights)" + newSections(newBands)
        }
    }

    private func insertAfterSelected() {
        footer.perform { () throws(DataDisplayError) in
            let selected = adapter.selectedGenerator as? ParcelRow
            guard let anchor = selected ?? allRows.randomElement() else { return "No parcel to insert after" }
            let row = makeRow(weight: Int.random(in: 0...WeightBand.maximumWeight))
            row.model.anchor = anchor.title
            try manager.insert(row, after: anchor)
            adapter.reveal(row)
            let which = selected == nil ? "random" : "selected"
            return "Inserted “\(row.title)” (weight \(row.heaviness)) right after the \(which) “\(anchor.title)” (weight \(anchor.heaviness)): the anchor wins over weight"
        }
    }

    // MARK: Helpers

    /// Adds rows to their bands' sections, each in order of weight; a band without a section
    /// gets one, placed by its header's heaviness. Returns the bands whose sections it added.
    private func add(_ rows: [ParcelRow]) throws(DataDisplayError) -> [WeightBand] {
        var newBands: [WeightBand] = []
        for band in WeightBand.allCases {
            let inBand: [any RowGenerator] = rows.filter { WeightBand(weight: $0.heaviness) == band }
            guard !inBand.isEmpty else { continue }
            let header = header(band)
            if manager.contains(header) {
                try manager.add(inBand, toSectionWith: header)
            } else {
                try manager.addSection(header: header, rows: inBand)
                newBands.append(band)
            }
        }
        return newBands
    }

    /// "; new section “Medium” placed by header weight", or nothing.
    private func newSections(_ bands: [WeightBand]) -> String {
        guard !bands.isEmpty else { return "" }
        let names = listing(bands.map { "“\($0.name)”" })
        return "; new \(bands.count == 1 ? "section" : "sections") \(names) placed by header weight"
    }

    /// "3rd of 5 in Medium".
    private func place(of row: ParcelRow) -> String {
        guard let section = manager.sections.first(where: { $0.rows.contains { $0 === row } }),
              let index = section.rows.firstIndex(where: { $0 === row }),
              let header = section.header as? BandHeader else { return "placed" }
        return "\(ordinal(index + 1)) of \(section.rows.count) in \(header.band.name)"
    }

    private var allRows: [ParcelRow] {
        manager.sections.flatMap(\.rows).compactMap { $0 as? ParcelRow }
    }

    private func header(_ band: WeightBand) -> BandHeader {
        headers[band.rawValue]
    }

    private func makeRow(weight: Int) -> ParcelRow {
        defer { nextNumber += 1 }
        return ParcelRow(model: Parcel(number: nextNumber, weight: weight), id: nextNumber)
    }
}
