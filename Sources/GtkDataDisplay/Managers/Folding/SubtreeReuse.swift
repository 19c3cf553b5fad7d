// Folding: the rows below a foldable that its rows shown anew may keep (reloadChildren, expand,
// collapse and their subtree forms redraw a subtree through `refold`).

/// The rows that stood below a foldable, for the rows that replace them. A generator shown there
/// before, at the same depth, keeps its row. Failing that, a generator with a leaving row's key
/// (role, depth and diff id) takes that row, as a whole-state update keeps a row by its key: GTK
/// keeps the row object and its widget, and the row is rebound when the content differs
/// (`retaken`).
@MainActor
struct SubtreeReuse {
    private let leaving: [Row]
    private var byGenerator: [ObjectIdentifier: Row] = [:]
    /// The leaving rows by key, made at the first generator that has no row of its own (a collapse
    /// asks for none, an expand of the same children finds each by its generator).
    private var byKey: [RowKey: Row]?
    /// Rows handed out: none goes to two generators, whatever their ids say (new children with
    /// one key at one depth are refused before this runs).
    private var handedOut = Set<Row>()
    /// Rows a new generator took by key whose content changed: to rebind once the store has them.
    private(set) var retaken: [Row] = []
    /// Bound rows a new generator with equal content took by key, with the generator they showed:
    /// the view stays and the new generator adopts it (`Row.handViewOver`).
    private(set) var handedOver: [(row: Row, previous: any RowGenerator)] = []

    /// Nothing to reuse.
    init() { leaving = [] }

    /// Reuse of `rows` (the rows leaving, which the manager has already let go of).
    init(_ rows: [Row]) {
        leaving = rows
        for row in rows { byGenerator[ObjectIdentifier(row.generator)] = row }
    }

    /// The row `generator` shown at `depth` keeps or takes, if any (each row once).
    mutating func row(for generator: any RowGenerator, depth: Int) -> Row? {
        if let row = byGenerator[ObjectIdentifier(generator)], row.depth == depth,
           handedOut.insert(row).inserted {
            return row
        }
        guard !leaving.isEmpty else { return nil }
        if byKey == nil {
            var keys: [RowKey: Row] = [:]
            for row in leaving where !handedOut.contains(row) { keys[row.key] = row }
            byKey = keys
        }
        guard let row = byKey!.removeValue(forKey: RowKey(role: .row, depth: depth, id: generator.diffKey)),
              handedOut.insert(row).inserted else { return nil }
        let sameContent = row.showsContent(of: generator)
        let previous = row.generator
        row.take(generator)
        if !sameContent {
            retaken.append(row)
        } else if row.isBound {
            handedOver.append((row, previous))
        }
        return row
    }
}
