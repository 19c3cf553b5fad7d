/// A section as a manager holds it: rows that own their row objects. A value type, so a batch
/// can snapshot and roll back the whole tree cheaply.
@MainActor
struct SectionState {
    var header: Row?
    var rows: [Row]
    var footer: Row?
    /// The section's controller, boxed; the manager gives every row of the section this box.
    var controllerBox: SectionControllerBox?

    init(header: Row? = nil, rows: [Row] = [], footer: Row? = nil, controllerBox: SectionControllerBox? = nil) {
        self.header = header
        self.rows = rows
        self.footer = footer
        self.controllerBox = controllerBox
    }

    /// The section's controller.
    var controller: (any SectionController)? { controllerBox?.controller }

    /// Items this section puts into the flat list.
    var count: Int { rows.count + (header == nil ? 0 : 1) + (footer == nil ? 0 : 1) }

    /// The end (exclusive) of the subtree that starts at `rows[index]`: the row and its visible descendants.
    func subtreeEnd(_ index: Int) -> Int {
        let depth = rows[index].depth
        var end = index + 1
        while end < rows.count, rows[end].depth > depth { end += 1 }
        return end
    }

    /// Offset of the first row inside the section's flat range.
    var rowsOffset: Int { header == nil ? 0 : 1 }

    /// The section's items in list order.
    func appendFlat(to list: inout [Row]) {
        if let header { list.append(header) }
        list.append(contentsOf: rows)
        if let footer { list.append(footer) }
    }

    /// The public value of this section.
    var value: Section {
        Section(header: header?.generator, rows: rows.lazy.filter { $0.depth == 0 }.map(\.generator), footer: footer?.generator,
                controller: controller)
    }
}
