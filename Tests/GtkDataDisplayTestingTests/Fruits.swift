import GtkDataDisplay
import GtkDataDisplayTesting

/// A small list every kit test starts from: a "Fruits" section with a foldable "citrus" (lemon,
/// lime) and a footer, and a header-less "Vegetables" section.
@MainActor
struct Fruits {
    let manager = BaseListManager()
    let header = LabelHeader(model: "Fruits", id: "fruits")
    let apple = LabelRow(model: "Apple", id: "apple")
    let pear = LabelRow(model: "Pear", id: "pear")
    let lemon = LabelRow(model: "Lemon", id: "lemon")
    let lime = LabelRow(model: "Lime", id: "lime")
    let citrus: FoldableRowGenerator<LabelRowView>
    let footer = LabelFooter(model: "3 fruits", id: "count")
    let kale = LabelRow(model: "Kale", id: "kale")

    init() throws {
        citrus = FoldableRowGenerator<LabelRowView>(model: "Citrus", id: "citrus", children: [lemon, lime], expanded: false)
        try manager.addSection(header: header, rows: [apple, pear, citrus], footer: footer)
        try manager.addSection(rows: [kale])
    }
}
