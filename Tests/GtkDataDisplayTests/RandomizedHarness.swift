import GtkDataDisplay
import GtkDataDisplayTesting

/// A foldable row with a weight, for gravity managers.
final class RandomizedWeightedFolder: FoldableRowGenerator<LabelRowView>, GravityItem {
    let heaviness: Int

    init(model: String, id: String, heaviness: Int, children: [any RowGenerator], expanded: Bool) {
        self.heaviness = heaviness
        super.init(model: model, id: id, children: children, expanded: expanded)
    }
}

/// A weak reference, to prove generators are freed after a sequence.
struct RandomizedWeak {
    weak var object: AnyObject?
}

/// Runs one random sequence on a real manager next to the reference model, and checks after
/// every operation that the real `GListStore` and the manager agree with the model.
@MainActor
final class RandomizedHarness {
    let kind: RandomizedManagerKind
    let manager: BaseListManager
    let recorder: ItemsChangedRecorder
    var model: RandomizedReferenceModel
    var source: RandomizedOperationSource
    /// Every generator instance the sequence created, by key.
    private var objects: [Int: any RowGenerator] = [:]
    private var keys: [ObjectIdentifier: Int] = [:]
    private(set) var weakObjects: [RandomizedWeak] = []
    /// Undoes what the caller changed on generators (content, children) for an operation that failed.
    private var undo: [() -> Void] = []
    private let baselineRows: Int
    private let trace: Bool
    /// The operations run so far, for the failure report.
    private(set) var log: [String] = []
    /// Per operation name: how many ran, and how many of them the model expected to throw.
    private(set) var histogram: [String: (runs: Int, errors: Int)] = [:]

    init(kind: RandomizedManagerKind, seed: UInt64, trace: Bool) {
        self.kind = kind
        self.trace = trace
        baselineRows = Diagnostics.liveRowObjects
        switch kind {
        case .base: manager = BaseListManager()
        case .manual: manager = ManualListManager()
        case .gravity: manager = GravityListManager()
        }
        recorder = ItemsChangedRecorder(manager.store)
        model = RandomizedReferenceModel(kind: kind)
        source = RandomizedOperationSource(kind: kind, seed: seed)
    }

    // MARK: Generators from nodes

    @discardableResult
    private func materialize(_ node: RandomizedNode) -> any RowGenerator {
        if let existing = objects[node.key] { return existing }
        let generator: any RowGenerator
        switch node.role {
        case .header:
            if let heaviness = node.heaviness {
                let h = WeightedHeader(String(node.id.dropFirst("header:".count)), heaviness)
                h.model = node.content
                generator = h
            } else {
                generator = LabelHeader(model: node.content, id: node.id)
            }
        case .footer:
            generator = LabelFooter(model: node.content, id: node.id)
        case .row:
            if node.isFoldable {
                let children = node.children.map { materialize($0) }
                if let heaviness = node.heaviness {
                    generator = RandomizedWeightedFolder(model: node.content, id: node.id, heaviness: heaviness,
                                                         children: children, expanded: node.isExpanded)
                } else {
                    generator = Folder(model: node.content, id: node.id, children: children, expanded: node.isExpanded)
                }
            } else if let heaviness = node.heaviness {
                let r = WeightedRow(node.id, heaviness)
                r.model = node.content
                generator = r
            } else {
                generator = LabelRow(model: node.content, id: node.id)
            }
        }
        objects[node.key] = generator
        keys[ObjectIdentifier(generator)] = node.key
        weakObjects.append(RandomizedWeak(object: generator))
        return generator
    }

    private func object(_ key: Int) -> any RowGenerator { objects[key]! }
    private func object(_ node: RandomizedNode) -> any RowGenerator { objects[node.key]! }
    private func key(of generator: any RowGenerator) -> Int { keys[ObjectIdentifier(generator)] ?? -1 }

    private func section(_ s: RandomizedSection) -> Section {
        Section(header: s.header.map(object), rows: s.rows.map(object), footer: s.footer.map(object))
    }

    private static func content(of generator: any RowGenerator) -> String {
        if let r = generator as? BaseRowGenerator<LabelRowView> { return r.model }
        if let s = generator as? SupplementaryRowGenerator<LabelRowView> { return s.model }
        return ""
    }

    private static func setContent(_ generator: any RowGenerator, _ content: String) {
        if let r = generator as? BaseRowGenerator<LabelRowView> { r.model = content }
        if let s = generator as? SupplementaryRowGenerator<LabelRowView> { s.model = content }
    }

    // MARK: Running an operation on the manager

    private func run(_ op: RandomizedOperation) throws(DataDisplayError) {
        let m = manager
        switch op {
        case .addSection(let h, let rows, let f):
            try m.addSection(header: h.map(object), rows: rows.map(object), footer: f.map(object))
        case .add(let nodes): try m.add(nodes.map(object))
        case .addToSection(let nodes, let h): try m.add(nodes.map(object), toSectionWith: object(h))
        case .insertAfter(let nodes, let a): try m.insert(nodes.map(object), after: object(a))
        case .insertBefore(let nodes, let a): try m.insert(nodes.map(object), before: object(a))
        case .remove(let k, let flag): try m.remove(object(k), removeEmptySection: flag)
        case .removeMany(let ks, let flag): try m.remove(ks.map(object), removeEmptySection: flag)
        case .replace(let old, let new): try m.replace(object(old), with: object(new))
        case .moveAfter(let k, let a): try m.move(object(k), after: object(a))
        case .moveBefore(let k, let a): try m.move(object(k), before: object(a))
        case .update(let ks, let contents):
            for (k, content) in zip(ks, contents) {
                guard let content else { continue }
                let g = object(k)
                let old = Self.content(of: g)
                undo.append { Self.setContent(g, old) }
                Self.setContent(g, content)
            }
            try m.update(ks.map(object))
        case .expand(let k): try m.expand(object(k))
        case .collapse(let k): try m.collapse(object(k))
        case .toggle(let k): try m.toggle(object(k))
        case .expandSubtree(let k): try m.expandSubtree(object(k))
        case .collapseSubtree(let k): try m.collapseSubtree(object(k))
        case .reloadChildren(let k, let children):
            if let folder = object(k) as? FoldableRowGenerator<LabelRowView> {
                let old = folder.children
                undo.append { folder.children = old }
                folder.children = children.map(object)
            }
            try m.reloadChildren(of: object(k))
        case .removeAllFromSection(let h): try m.removeAll(fromSectionWith: object(h))
        case .removeAllFromSectionAt(let s): try m.removeAll(fromSection: s)
        case .removeSection(let h): try m.removeSection(with: object(h))
        case .removeSectionAt(let s): try m.removeSection(at: s)
        case .clear: m.clear()
        case .setState(let sections): try m.setState(sections.map(section))
        case .batch(let ops):
            try m.batch { () throws(DataDisplayError) in
                for sub in ops { try self.run(sub) }
            }
        case .insertAtBeginning(let nodes, let h): try manual.insertAtBeginning(nodes.map(object), ofSectionWith: object(h))
        case .insertAtBeginningAt(let nodes, let s): try manual.insertAtBeginning(nodes.map(object), ofSection: s)
        case .insertAtEnd(let nodes, let h): try manual.insertAtEnd(nodes.map(object), ofSectionWith: object(h))
        case .insertAtEndAt(let nodes, let s): try manual.insertAtEnd(nodes.map(object), ofSection: s)
        case .insertSectionBefore(let sec, let h): try manual.insertSection(section(sec), before: object(h))
        case .insertSectionAfter(let sec, let h): try manual.insertSection(section(sec), after: object(h))
        case .insertSectionAt(let sec, let i): try manual.insertSection(section(sec), at: i)
        case .swap(let a, let b): try manual.swap(object(a), with: object(b))
        case .reloadSection(let h): try manual.reloadSection(with: object(h))
        }
    }

    private var manual: ManualListManager { manager as! ManualListManager }

    // MARK: One step

    /// Draws and runs the next operation, then checks everything; returns what went wrong, if anything.
    func step() -> [String] {
        let op = source.next(&model)
        for node in source.created { materialize(node) }
        source.created.removeAll()
        log.append(op.description)
        if trace { print("  [\(kind.rawValue) #\(log.count)] \(op)") }

        let oldFlat = model.flatten()
        let oldAddresses = manager.store.objectAddresses
        let oldCount = manager.store.count
        let changesBefore = recorder.changes.count

        var expectedModel = model
        expectedModel.lastBatchUpdates = []
        var expected: RandomizedExpectedError?
        do { try expectedModel.apply(op) } catch { expected = error }
        var actual: DataDisplayError?
        do { try run(op) } catch { actual = error }
        if actual != nil { for u in undo.reversed() { u() } }
        undo.removeAll()
        if expected == nil { model = expectedModel }
        histogram[op.name, default: (0, 0)].runs += 1
        if expected != nil { histogram[op.name, default: (0, 0)].errors += 1 }

        var problems: [String] = []
        switch (expected, actual) {
        case (nil, nil): break
        case (nil, let a?): problems.append("the library threw \(a), the model expected success")
        case (let e?, nil): problems.append("the model expected \(e), the library threw nothing")
        case (let e?, let a?):
            if Self.expected(a) != e { problems.append("the model expected \(e), the library threw \(a)") }
        }

        let newChanges = Array(recorder.changes[changesBefore...])
        let newAddresses = manager.store.objectAddresses
        if actual != nil {
            if !newChanges.isEmpty { problems.append("a failed operation emitted \(newChanges)") }
            if newAddresses != oldAddresses { problems.append("a failed operation changed the store's row objects") }
        }

        let newFlat = model.flatten()
        let storeKeys = manager.store.generators.map(key(of:))
        if storeKeys != newFlat.map(\.key) {
            problems.append("store rows differ from the model\n    model: \(render(newFlat))\n    store: \(renderStore())")
        }
        let managerKeys = manager.flatGenerators.map(key(of:))
        if managerKeys != storeKeys { problems.append("flatGenerators \(managerKeys) differ from the store \(storeKeys)") }
        if !recorder.invalidChanges.isEmpty { problems.append("emissions out of range: \(recorder.invalidChanges)") }
        let net = newChanges.reduce(0) { $0 + $1.added - $1.removed }
        if net != manager.store.count - oldCount {
            problems.append("emissions \(newChanges) add up to \(net), the store went from \(oldCount) to \(manager.store.count)")
        }
        if Set(newAddresses).count != newAddresses.count { problems.append("a row object stands twice in the store") }
        if Set(storeKeys).count != storeKeys.count { problems.append("a generator stands twice in the store") }

        if problems.isEmpty {
            checkRowObjectsKept(oldFlat, oldAddresses, newFlat, newAddresses, &problems)
            if expected == nil, actual == nil {
                if op.isSingleSplice(in: kind) {
                    let splice = randomizedExpectedSplice(old: oldFlat.map(\.key), new: newFlat.map(\.key))
                    let want = splice.map { [ItemsChange(position: $0.position, removed: $0.removed, added: $0.added)] } ?? []
                    if newChanges != want { problems.append("expected the single splice \(want), the store emitted \(newChanges)") }
                }
                if op.isDiffed(in: kind) { checkDiff(oldFlat, newFlat, newChanges, rebound: expectedModel.lastBatchUpdates, &problems) }
            }
            checkManagerReading(newFlat, &problems)
        }
        let live = Diagnostics.liveRowObjects - baselineRows
        if live != manager.store.count { problems.append("\(live) row objects alive for \(manager.store.count) rows in the store") }
        if trace {
            print("      emitted \(newChanges)" + (actual.map { ", threw \($0)" } ?? ""))
            print("      store: \(renderStore())")
        }
        return problems
    }

    /// Rows that stay (same role, depth and diff id) keep their row object, so GTK keeps their widget.
    private func checkRowObjectsKept(_ oldFlat: [RandomizedFlatItem], _ oldAddresses: [UInt],
                                     _ newFlat: [RandomizedFlatItem], _ newAddresses: [UInt], _ problems: inout [String]) {
        // Single operations accept two shown instances with one diff id; such ids say nothing here.
        var uses: [RandomizedDiffKey: Int] = [:]
        for item in oldFlat + newFlat { uses[item.diffKey, default: 0] += 1 }
        var before: [RandomizedDiffKey: UInt] = [:]
        for (item, address) in zip(oldFlat, oldAddresses) { before[item.diffKey] = address }
        for (index, (item, address)) in zip(newFlat, newAddresses).enumerated() where uses[item.diffKey] == 2 {
            if let old = before[item.diffKey], old != address {
                problems.append("row \(item.id) at \(index) stayed but got a new row object")
                return
            }
        }
    }

    private func checkDiff(_ oldFlat: [RandomizedFlatItem], _ newFlat: [RandomizedFlatItem], _ changes: [ItemsChange],
                           rebound: Set<Int>, _ problems: inout [String]) {
        guard let summary = manager.lastUpdate else { return problems.append("no lastUpdate after a diffed update") }
        let want = RandomizedDiffExpectation(old: oldFlat, new: newFlat, rebound: rebound)
        let got = RandomizedDiffExpectation(inserted: summary.inserted, removed: summary.removed, moves: summary.moves, updated: summary.updated)
        if want != got { problems.append("lastUpdate reports \(got), the model expects \(want)") }
        if summary.splices != changes.count { problems.append("lastUpdate reports \(summary.splices) splices, the store emitted \(changes.count)") }
        let churn = changes.reduce(0) { $0 + $1.added + $1.removed }
        if summary.churn != churn { problems.append("lastUpdate reports churn \(summary.churn), the store's emissions churn \(churn)") }
    }

    /// The manager's own reading (sections, depths, fold state) agrees with the model.
    private func checkManagerReading(_ flat: [RandomizedFlatItem], _ problems: inout [String]) {
        let sections = manager.sections
        if sections.count != model.sections.count || manager.numberOfSections != model.sections.count {
            return problems.append("manager has \(sections.count) sections, the model \(model.sections.count)")
        }
        for (s, (real, expected)) in zip(sections, model.sections).enumerated() {
            if real.header.map(key(of:)) != expected.header?.key || real.footer.map(key(of:)) != expected.footer?.key
                || real.rows.map(key(of:)) != expected.rows.map(\.key) {
                return problems.append("section \(s) reads differently from the model")
            }
        }
        for item in flat where item.role == .row {
            let depth = manager.depth(of: object(item.key))
            if depth != item.depth { return problems.append("depth of \(item.id) is \(depth.map(String.init) ?? "nil"), the model says \(item.depth)") }
        }
        var wrongFold: [String] = []
        model.forEachNode { node in
            guard node.isFoldable, let f = objects[node.key] as? FoldableItem else { return }
            if f.isExpanded != node.isExpanded { wrongFold.append("#\(node.key) isExpanded \(f.isExpanded), model \(node.isExpanded)") }
            if f.children.map(key(of:)) != node.children.map(\.key) { wrongFold.append("#\(node.key) children differ") }
        }
        if !wrongFold.isEmpty { problems.append("fold state differs: " + wrongFold.joined(separator: "; ")) }
    }

    /// After the sequence: clearing frees every row object.
    func finish() -> [String] {
        manager.clear()
        var problems: [String] = []
        if manager.store.count != 0 { problems.append("clear() left \(manager.store.count) rows") }
        let live = Diagnostics.liveRowObjects - baselineRows
        if live != 0 { problems.append("\(live) row objects still alive after clear()") }
        return problems
    }

    // MARK: Reports

    /// The model's name for a library error (nil for a case the model does not know).
    static func expected(_ error: DataDisplayError) -> RandomizedExpectedError? {
        if case .generatorNotFound = error { return .generatorNotFound }
        if case .sectionNotFound = error { return .sectionNotFound }
        if case .duplicateGenerator = error { return .duplicateGenerator }
        if case .duplicateDiffID = error { return .duplicateDiffID }
        if case .indexOutOfRange(let index, let count) = error { return .indexOutOfRange(index: index, count: count) }
        if case .invalidAnchor = error { return .invalidAnchor }
        if case .notFoldable = error { return .notFoldable }
        if case .missingHeaviness = error { return .missingHeaviness }
        return nil
    }

    func render(_ flat: [RandomizedFlatItem]) -> String {
        flat.map { item in
            switch item.role {
            case .header: return "H\(item.key)"
            case .footer: return "F\(item.key)"
            case .row: return String(repeating: ".", count: item.depth) + "#\(item.key)"
            }
        }.joined(separator: " ")
    }

    func renderStore() -> String {
        manager.store.generators.map { g in
            let k = key(of: g)
            if g is HeaderGenerator { return "H\(k)" }
            if g is FooterGenerator { return "F\(k)" }
            return String(repeating: ".", count: manager.depth(of: g) ?? 0) + "#\(k)"
        }.joined(separator: " ")
    }
}
