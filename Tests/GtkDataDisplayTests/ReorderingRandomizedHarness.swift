@_spi(Testing) @testable import GtkDataDisplay
import GtkDataDisplayTesting

/// A foldable row that says whether users may move it.
@MainActor
final class MovableFolder: FoldableRowGenerator<LabelRowView>, MovableItem {
    var canMove = true
    var canMoveAcrossSections = false
}

/// A foldable whose children the manager may not reorder (a `FoldableItem`, not a
/// `ReorderableFoldableItem`): moving one of them is refused.
@MainActor
final class FixedChildrenFolder: BaseRowGenerator<LabelRowView>, FoldableItem {
    var isExpanded: Bool
    let children: [any RowGenerator]
    let didFoldEvent = Event<Bool>()

    init(model: String, children: [any RowGenerator], expanded: Bool) {
        self.children = children
        isExpanded = expanded
        super.init(model: model, id: model)
    }
}

/// Runs one random reordering sequence on a real manager and GListStore next to `ReorderModel`,
/// and checks after every operation that they agree.
@MainActor
final class ReorderingRandomizedHarness {
    let manager = BaseListManager()
    private let recorder: ItemsChangedRecorder
    private let plugins: [ReorderRule: ReorderingPlugin]
    private(set) var model: ReorderModel
    private var source: ReorderOperationSource
    private var objects: [Int: any RowGenerator] = [:]
    private var keys: [ObjectIdentifier: Int] = [:]
    private(set) var weakObjects: [RandomizedWeak] = []
    private(set) var log: [String] = []
    private var moves: [RowMove] = []
    /// How often each outcome came (for the run's summary).
    private(set) var outcomes: [String: Int] = [:]

    init(seed: UInt64) throws {
        source = ReorderOperationSource(seed: seed)
        model = source.startingModel()
        recorder = ItemsChangedRecorder(manager.store)
        plugins = Dictionary(uniqueKeysWithValues: ReorderRule.allCases.map { ($0, ReorderingPlugin(unmarked: $0.library)) })
        for section in model.sections {
            try manager.addSection(header: section.header.map(object), rows: section.rows.map(object), footer: section.footer.map(object))
        }
        manager.didMove += { [unowned self] in self.moves.append($0) }
        log.append("start: " + model.sections.map { s in
            (s.header.map { "#\($0) " } ?? "") + "[" + s.rows.map(describeTree).joined(separator: " ") + "]" + (s.footer.map { " _\($0)" } ?? "")
        }.joined(separator: " "))
    }

    private func describeTree(_ k: Int) -> String {
        let node = model.nodes[k]!
        let rule = node.rule.map { "/\($0)" } ?? ""
        guard node.isFoldable else { return "\(k)\(rule)" }
        return "\(k)\(rule)\(node.reorderableChildren ? "" : "!")\(node.expanded ? "+" : "-")(" + node.children.map(describeTree).joined(separator: " ") + ")"
    }

    /// The generator of `key`, made on first use (a foldable's children first).
    private func object(_ key: Int) -> any RowGenerator {
        if let made = objects[key] { return made }
        let node = model.nodes[key]!
        let name = String(key)
        let generator: any RowGenerator
        switch node.role {
        case .header: generator = LabelHeader(model: name, id: name)
        case .footer: generator = LabelFooter(model: name, id: name)
        case .row where node.isFoldable && !node.reorderableChildren:
            generator = FixedChildrenFolder(model: name, children: node.children.map(object), expanded: node.expanded)
        case .row where node.isFoldable:
            let children = node.children.map(object)
            if let rule = node.rule {
                let folder = MovableFolder(model: name, id: name, children: children, expanded: node.expanded)
                (folder.canMove, folder.canMoveAcrossSections) = (rule != .fixed, rule == .anywhere)
                generator = folder
            } else {
                generator = Folder(model: name, id: name, children: children, expanded: node.expanded)
            }
        case .row:
            if let rule = node.rule {
                let row = MovableRow(model: name, id: name)
                (row.canMove, row.canMoveAcrossSections) = (rule != .fixed, rule == .anywhere)
                generator = row
            } else {
                generator = LabelRow(model: name, id: name)
            }
        }
        objects[key] = generator
        keys[ObjectIdentifier(generator)] = key
        weakObjects.append(RandomizedWeak(object: generator))
        return generator
    }

    private func key(of generator: any RowGenerator) -> Int? { keys[ObjectIdentifier(generator)] }

    // MARK: One step

    /// Draws and runs the next operation; returns what diverged from the model.
    func step() -> [String] {
        let op = source.next(&model)
        log.append(op.description)
        let before = Dictionary(uniqueKeysWithValues: zip(manager.store.generators.map { ObjectIdentifier($0) }, manager.store.objectAddresses))
        let flatBefore = model.flat.map(\.key)
        recorder.reset()
        moves = []
        let expected = expect(op)
        let actual = run(op)
        var problems: [String] = []
        outcomes[Self.name(expected), default: 0] += 1
        if actual != expected { problems.append("the operation gave \(actual), the model says \(expected)") }
        let expectedMoves: [ReorderOutcome] = if case .moved = expected { [expected] } else { [] }
        let actualMoves = moves.map { ReorderOutcome.moved(key: key(of: $0.generator) ?? -1, parent: $0.parent.flatMap(key(of:)), from: $0.from, to: $0.to) }
        if actualMoves != expectedMoves { problems.append("didMove fired \(actualMoves), the model says \(expectedMoves)") }
        problems += checkStore(changed: model.flat.map(\.key) != flatBefore, op: op, before: before)
        return problems
    }

    private static func name(_ outcome: ReorderOutcome) -> String {
        switch outcome {
        case .error(let e): e
        case .none: "refused"
        case .moved(_, let parent, let from, let to): parent != nil ? "moved a child" : from.section == to.section ? "moved in its section" : "moved across sections"
        case .unchanged: "done, nothing moved"
        }
    }

    /// What the model says `op` does (and does it to the model).
    private func expect(_ op: ReorderOperation) -> ReorderOutcome {
        switch op {
        case .drop(let d, let t, let after, let rule):
            guard let to = model.dropDestination(d, onto: t, after: after), model.checkReorder(d, to: to, unmarked: rule) == nil else { return .none }
            return model.apply(d, to: to)
        case .step(let k, let forward, let rule):
            guard let to = model.stepDestination(k, forward: forward), model.checkReorder(k, to: to, unmarked: rule) == nil else { return .none }
            return model.apply(k, to: to)
        case .reorder(let k, let to, let rule):
            return model.checkReorder(k, to: to, unmarked: rule) ?? model.apply(k, to: to)
        case .move(let k, let to):
            return model.checkMove(k, to: to) ?? model.apply(k, to: to)
        case .moveAfter(let k, let a): return model.moveNextTo(k, anchor: a, after: true)
        case .moveBefore(let k, let a): return model.moveNextTo(k, anchor: a, after: false)
        case .toggle(let k):
            model.toggle(k)
            return .unchanged
        case .add(let keys):
            model.sections[model.sections.count - 1].rows += keys
            return .unchanged
        case .remove(let k):
            model.remove(k)
            return .unchanged
        }
    }

    /// Runs `op` on the manager and the plugins.
    private func run(_ op: ReorderOperation) -> ReorderOutcome {
        func moved(_ done: Bool) -> ReorderOutcome { done ? moves.first.map { self.outcome($0) } ?? .unchanged : .none }
        do throws(DataDisplayError) {
            switch op {
            case .drop(let d, let t, let after, let rule):
                return moved(plugins[rule]!.drop(object(d), onto: object(t), after: after, in: manager))
            case .step(let k, let forward, let rule):
                return moved(plugins[rule]!.step(object(k), forward: forward, in: manager))
            case .reorder(let k, let to, let rule): try manager.reorder(object(k), to: to, unmarked: rule.library)
            case .move(let k, let to): try manager.move(object(k), to: to)
            case .moveAfter(let k, let a): try manager.move(object(k), after: object(a))
            case .moveBefore(let k, let a): try manager.move(object(k), before: object(a))
            case .toggle(let k): try manager.toggle(object(k))
            case .add(let keys): try manager.add(keys.map(object))
            case .remove(let k): try manager.remove(object(k))
            }
        } catch {
            return .error(Mirror(reflecting: error).children.first?.label ?? "\(error)")
        }
        return moves.first.map(outcome) ?? .unchanged
    }

    private func outcome(_ move: RowMove) -> ReorderOutcome {
        .moved(key: key(of: move.generator) ?? -1, parent: move.parent.flatMap(key(of:)), from: move.from, to: move.to)
    }

    // MARK: Checks

    private func checkStore(changed: Bool, op: ReorderOperation, before: [ObjectIdentifier: UInt]) -> [String] {
        var problems: [String] = []
        let flat = model.flat
        let expected = flat.map { object($0.key) }
        let shown = manager.store.generators
        func same(_ a: [any RowGenerator], _ b: [any RowGenerator]) -> Bool { a.count == b.count && zip(a, b).allSatisfy { $0 === $1 } }
        if !same(shown, expected) {
            problems.append("the store shows \(shown.map { key(of: $0).map(String.init) ?? "?" }), the model \(flat.map(\.key))")
            return problems
        }
        if !same(shown, manager.flatGenerators) { problems.append("the store differs from the manager's rows") }
        if !recorder.invalidChanges.isEmpty { problems.append("items-changed out of range: \(recorder.invalidChanges)") }
        for (k, depth) in flat where model.nodes[k]!.role == .row && manager.depth(of: object(k)) != depth {
            problems.append("\(k) stands at depth \(manager.depth(of: object(k)).map(String.init) ?? "nil"), the model says \(depth)")
        }
        for (k, node) in model.nodes where node.isFoldable {
            guard let folder = objects[k] as? FoldableItem else { continue }
            if folder.children.map({ key(of: $0) ?? -1 }) != node.children { problems.append("\(k)'s children are not the model's \(node.children)") }
            if folder.isExpanded != node.expanded { problems.append("\(k) is \(folder.isExpanded ? "expanded" : "collapsed"), not as the model says") }
        }
        switch op {
        case .drop, .step, .reorder, .move, .moveAfter, .moveBefore:
            // A move is one splice of the span it crosses; a refused one, or one that changes no
            // position in the list (a row between two sections without header or footer), none.
            if recorder.changes.count != (changed ? 1 : 0) {
                problems.append("\(recorder.changes.count) items-changed (\(recorder.changes)), the model expects \(changed ? 1 : 0)")
            }
        case .toggle, .add, .remove: break
        }
        // Rows that stay keep their row object (GTK keeps their widgets).
        for (generator, address) in zip(shown, manager.store.objectAddresses) {
            if let old = before[ObjectIdentifier(generator)], old != address {
                problems.append("\(key(of: generator) ?? -1) got another row object")
            }
        }
        return problems
    }
}
