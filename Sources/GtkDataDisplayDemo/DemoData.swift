// What the Base page shows: its models, its generators, and the catalog that makes rows and
// states. The Manual page reuses `TextRow`, `Produce` and `SectionHeader`.

import GtkDataDisplay
import GtkDataDisplayShell

/// A fruit or vegetable, shown as a two-line text row.
struct Produce: Equatable {
    var name: String
    var note: String
}

/// A stock item, shown as a badge row: icon, name, caption and a count.
struct StockItem: Equatable {
    var icon: String
    var name: String
    var caption: String
    var count: Int
}

/// A row the toolbar can work on, whatever its kind.
@MainActor
protocol DemoRow: RowGenerator {
    /// What the status line calls the row.
    var title: String { get }
    /// Changes what the row shows (the caller then asks the manager to rebind it).
    func changeContent()
    /// A new generator with the same diff id, as a fresh whole state would build it;
    /// `changed` gives it different content.
    func copy(changed: Bool) -> any DemoRow
}

/// A text row (title over subtitle).
final class TextRow: TemplateRowGenerator<Produce>, DemoRow {
    var title: String { model.name }

    init<ID: Hashable>(model: Produce, id: ID) {
        super.init(template: TextRowTemplate.template, model: model, id: id)
    }

    func changeContent() {
        model.note = DemoCatalog.notes.filter { $0 != model.note }.randomElement()!
    }

    func copy(changed: Bool) -> any DemoRow {
        let copy = TextRow(model: model, id: diffID)
        if changed { copy.changeContent() }
        return copy
    }
}

/// Makes the demo's rows and states. Every row gets an id, so whole-state updates match rows
/// by identity and rebind only those whose content changed.
@MainActor
struct DemoCatalog {
    /// Diff id of the section that "Add" puts rows into.
    static let recentSectionID = "recent"

    static let notes = ["Fresh today", "In season", "On sale", "Organic", "Local farm",
                        "Imported", "Ripe and ready", "Last few left", "Best before Friday"]

    private static let newNames = ["Fig", "Lime", "Grape", "Melon", "Papaya", "Quince", "Radish",
                                   "Kale", "Fennel", "Okra", "Turnip", "Endive", "Apricot", "Guava",
                                   "Lychee", "Celery", "Shallot", "Chard", "Plum", "Yam"]
    private static let icons = ["emoji-food-symbolic", "emoji-nature-symbolic", "starred-symbolic",
                                "emblem-favorite-symbolic", "weather-clear-symbolic"]

    private var nextNumber = 1

    /// The first state: three sections, rows of both kinds.
    func initialState() -> [Section] {
        [
            Section(header: SectionHeader(model: "Fruits", id: "fruits"), rows: [
                TextRow(model: Produce(name: "Apple", note: "Crisp, sweet, red or green"), id: "apple"),
                TextRow(model: Produce(name: "Banana", note: "Ripe and ready"), id: "banana"),
                BadgeRow(model: StockItem(icon: "starred-symbolic", name: "Cherry", caption: "Crates in stock", count: 12), id: "cherry"),
                TextRow(model: Produce(name: "Mango", note: "Imported"), id: "mango"),
                TextRow(model: Produce(name: "Pear", note: "In season"), id: "pear"),
                BadgeRow(model: StockItem(icon: "emblem-favorite-symbolic", name: "Strawberry", caption: "Punnets in stock", count: 30), id: "strawberry"),
            ]),
            Section(header: SectionHeader(model: "Vegetables", id: "vegetables"), rows: [
                BadgeRow(model: StockItem(icon: "emoji-nature-symbolic", name: "Carrot", caption: "Bunches in stock", count: 18), id: "carrot"),
                BadgeRow(model: StockItem(icon: "emoji-nature-symbolic", name: "Leek", caption: "Pieces in stock", count: 7), id: "leek"),
                TextRow(model: Produce(name: "Potato", note: "Local farm"), id: "potato"),
                BadgeRow(model: StockItem(icon: "emoji-food-symbolic", name: "Tomato", caption: "Kilos in stock", count: 25), id: "tomato"),
                TextRow(model: Produce(name: "Spinach", note: "Fresh today"), id: "spinach"),
            ]),
            Section(header: SectionHeader(model: "Recently added", id: Self.recentSectionID), rows: [
                TextRow(model: Produce(name: "Pomegranate", note: "Organic"), id: "pomegranate"),
                BadgeRow(model: StockItem(icon: "weather-clear-symbolic", name: "Sweetcorn", caption: "Cobs in stock", count: 9), id: "sweetcorn"),
            ]),
        ]
    }

    /// A new row of either kind, with an id never used before.
    mutating func makeRow() -> any DemoRow {
        let number = nextNumber
        nextNumber += 1
        let name = "\(Self.newNames[(number - 1) % Self.newNames.count]) #\(number)"
        let id = "new-\(number)"
        if number.isMultiple(of: 2) {
            return BadgeRow(model: StockItem(icon: Self.icons.randomElement()!, name: name,
                                             caption: "Just delivered", count: Int.random(in: 1...20)), id: id)
        }
        return TextRow(model: Produce(name: name, note: Self.notes.randomElement()!), id: id)
    }

    /// A fresh state built from new generator instances with the same ids, as if reloaded from a
    /// server: about one row in five is gone, one in three changed, and each section gets up
    /// to two new rows.
    mutating func rebuild(_ sections: [Section]) -> [Section] {
        sections.map { section in
            var rows: [any RowGenerator] = []
            for case let row as any DemoRow in section.rows {
                switch Int.random(in: 0..<15) {
                case 0..<3: continue
                case 3..<8: rows.append(row.copy(changed: true))
                default: rows.append(row.copy(changed: false))
                }
            }
            for _ in 0..<Int.random(in: 0...2) {
                rows.insert(makeRow(), at: Int.random(in: 0...rows.count))
            }
            let header = (section.header as? SectionHeader).map { SectionHeader(model: $0.model, id: $0.diffID) }
            return Section(header: header, rows: rows)
        }
    }
}
