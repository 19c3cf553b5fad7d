import Foundation
@testable import GtkDataDisplay
import GtkDataDisplayTesting

/// Holds the diffs computed off the main thread while closed: a background update started while
/// it is closed is certainly still in flight when the caller makes its next call. (Without it, a
/// small diff may finish before `setStateInBackground` awaits it, and the call never suspends.)
final class RandomizedGate: @unchecked Sendable {
    static let shared = RandomizedGate()
    private let condition = NSCondition()
    private var closed = false

    func close() {
        condition.lock()
        closed = true
        condition.unlock()
    }

    func open() {
        condition.lock()
        closed = false
        condition.broadcast()
        condition.unlock()
    }

    /// Waits, off the main thread, while the gate is closed.
    func pass() {
        guard !Thread.isMainThread else { return }
        condition.lock()
        while closed { condition.wait() }
        condition.unlock()
    }
}

/// The diff id of every generator the randomized tests make: a string that waits at the gate
/// when hashed or compared off the main thread.
struct RandomizedID: Hashable, Sendable, CustomStringConvertible {
    let value: String

    init(_ value: String) { self.value = value }

    static func == (a: RandomizedID, b: RandomizedID) -> Bool {
        RandomizedGate.shared.pass()
        return a.value == b.value
    }

    func hash(into hasher: inout Hasher) {
        RandomizedGate.shared.pass()
        hasher.combine(value)
    }

    var description: String { value }
}

/// A foldable row with a weight, for gravity managers.
final class RandomizedWeightedFolder: FoldableRowGenerator<LabelRowView>, GravityItem {
    let heaviness: Int

    init(model: String, id: RandomizedID, heaviness: Int, children: [any RowGenerator], expanded: Bool) {
        self.heaviness = heaviness
        super.init(model: model, id: id, children: children, expanded: expanded)
    }
}

/// A row with a weight, for gravity managers.
final class RandomizedWeightedRow: BaseRowGenerator<LabelRowView>, GravityItem {
    let heaviness: Int

    init(model: String, id: RandomizedID, heaviness: Int) {
        self.heaviness = heaviness
        super.init(model: model, id: id)
    }
}

/// A section header with a weight, for gravity managers.
final class RandomizedWeightedHeader: BaseHeaderGenerator<LabelRowView>, GravityItem {
    let heaviness: Int

    init(model: String, id: RandomizedID, heaviness: Int) {
        self.heaviness = heaviness
        super.init(model: model, id: id)
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
    /// With a list view attached: the row objects its list items show (rows whose objects a
    /// whole-state update may trade, see `checkRowObjectsKept`).
    var shownObjectAddresses: (() -> Set<UInt>)?
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
    /// How often each error was expected (and how often a notable path was taken).
    private(set) var outcomes: [String: Int] = [:]
    /// Fold events fired since the step began.
    private var foldEvents: [RandomizedFoldEvent] = []
    /// Whether the model expects the operation running now to fail.
    private var expectsFailure = false

    init(kind: RandomizedManagerKind, seed: UInt64, trace: Bool) {
        self.kind = kind
        self.trace = trace
        baselineRows = Diagnostics.liveRowObjects
        // Rows that ended stay ended (their records are not reused): a read after an end asserts.
        RowRecords.quarantinesEndedRows = true
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

    /// Creates the generators `nodes` define (fresh ones and their fresh children; references name
    /// existing instances): all objects first, then the children, so a fresh foldable may contain
    /// itself or its ancestor (a cycle).
    private func materialize(_ nodes: [RandomizedNode]) {
        var defined: [RandomizedNode] = []
        func create(_ node: RandomizedNode) {
            guard !node.isReference, objects[node.key] == nil else { return }
            make(node)
            defined.append(node)
            node.children.forEach(create)
        }
        nodes.forEach(create)
        for node in defined where node.isFoldable {
            (objects[node.key] as! FoldableRowGenerator<LabelRowView>).children = node.children.map(object)
        }
    }

    private func make(_ node: RandomizedNode) {
        let generator: any RowGenerator
        let id = RandomizedID(node.id)
        switch node.role {
        case .header:
            if let heaviness = node.heaviness {
                generator = RandomizedWeightedHeader(model: node.content, id: id, heaviness: heaviness)
            } else {
                generator = LabelHeader(model: node.content, id: id)
            }
        case .footer:
            generator = LabelFooter(model: node.content, id: id)
        case .row:
            if node.isFoldable {
                let folder: FoldableRowGenerator<LabelRowView>
                if let heaviness = node.heaviness {
                    folder = RandomizedWeightedFolder(model: node.content, id: id, heaviness: heaviness,
                                                      children: [], expanded: node.isExpanded)
                } else {
                    folder = Folder(model: node.content, id: id, children: [], expanded: node.isExpanded)
                }
                let key = node.key
                folder.didFoldEvent += { [weak self] expanded in self?.foldEvents.append(RandomizedFoldEvent(key: key, expanded: expanded)) }
                generator = folder
            } else if let heaviness = node.heaviness {
                generator = RandomizedWeightedRow(model: node.content, id: id, heaviness: heaviness)
            } else {
                generator = LabelRow(model: node.content, id: id)
            }
        }
        objects[node.key] = generator
        keys[ObjectIdentifier(generator)] = node.key
        weakObjects.append(RandomizedWeak(object: generator))
    }

    private func object(_ key: Int) -> any RowGenerator { objects[key]! }
    private func object(_ node: RandomizedNode) -> any RowGenerator { objects[node.key]! }
    private func key(of generator: any RowGenerator) -> Int { keys[ObjectIdentifier(generator)] ?? -1 }

    private func section(_ s: RandomizedSection) -> Section {
        Section(header: s.header.map(object), rows: s.rows.map(object), footer: s.footer.map(object))
    }

    static func content(of generator: any RowGenerator) -> String {
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
            for (k, content) in zip(ks, contents) where !expectsFailure {
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
        case .background, .backgroundThenBackground, .backgroundThenSync:
            preconditionFailure("background updates run in runBackground")
        }
    }

    private var manual: ManualListManager { manager as! ManualListManager }

    // MARK: One step

    /// The store as it was at one point of a step, and the model's rows then.
    private struct Mark {
        var flat: [RandomizedFlatItem]
        var addresses: [UInt]
        var count: Int
        var changes: Int
        /// The row objects a list item showed (see `shownObjectAddresses`).
        var shown: Set<UInt>
    }

    private func mark(_ model: RandomizedReferenceModel) -> Mark {
        Mark(flat: model.flatten(), addresses: manager.store.objectAddresses, count: manager.store.count,
             changes: recorder.changes.count, shown: shownObjectAddresses?() ?? [])
    }

    /// What one part of a step must have emitted, besides fitting the store and keeping rows that stay.
    private enum Emission {
        /// Nothing at all (a background update superseded or failing).
        case nothing
        /// At most one splice of exactly the changed range.
        case singleSplice
        /// Removals only: one splice per run of adjacent items gone, from the end of the list back.
        case removals
        /// Insertions only: one splice per run of adjacent new items, from the end of the list back.
        case insertions
        /// One diffed update, reported by `lastUpdate` (`rebound`: keys `update` named in its batch).
        case diffed(rebound: Set<Int>)
        /// No constraint beyond the common checks (a subtree diff, or a part that failed).
        case any
    }

    /// The model with this step's records cleared.
    private func fresh(_ model: RandomizedReferenceModel) -> RandomizedReferenceModel {
        var m = model
        m.foldEvents = []
        m.appliedAsDiff = false
        m.lastBatchUpdates = []
        return m
    }

    /// Draws and runs the next operation, then checks everything; returns what went wrong, if anything.
    /// Synchronous operations never suspend; background ones await their calls.
    func step() async -> [String] {
        let op = source.next(&model)
        materialize(source.created)
        for node in source.created { model.register(node) }
        source.created.removeAll()
        log.append(op.description)
        if trace { print("  [\(kind.rawValue) #\(log.count)] \(op)") }

        foldEvents = []
        var problems: [String] = []
        // The instances this step may change: in the tree before or after, or named by the operation.
        var touched = model.allKeys()
        op.forEachNode { touched.insert($0.key) }
        let expectedEvents: [RandomizedFoldEvent]
        switch op {
        case .background, .backgroundThenBackground, .backgroundThenSync:
            expectedEvents = await runBackground(op, &problems)
        default:
            expectedEvents = runSync(op, &problems)
        }
        if problems.isEmpty {
            touched.formUnion(model.allKeys())
            checkManagerReading(model.flatten(), touched: touched, &problems)
            if foldEvents != expectedEvents { problems.append("fold events \(foldEvents), the model expects \(expectedEvents)") }
        }
        let live = Diagnostics.liveRowObjects - baselineRows
        if live != manager.store.count { problems.append("\(live) row objects alive for \(manager.store.count) rows in the store") }
        if trace { print("      store: \(renderStore())") }
        return problems
    }

    /// A synchronous operation: the library and the model apply it from the same state.
    private func runSync(_ op: RandomizedOperation, _ problems: inout [String]) -> [RandomizedFoldEvent] {
        let before = mark(model)
        var expectedModel = fresh(model)
        let expected = Self.capture { () throws(RandomizedExpectedError) in try expectedModel.apply(op) }
        let actual = runCatching(op, expectsFailure: expected != nil)
        record(op, expected, expectedModel)
        compare("the library", expected.map { .failure($0) } ?? .success(true), actual.map { .failure($0) } ?? .success(true), &problems)
        if expected == nil { model = expectedModel }
        let emission: Emission = expected == nil && actual == nil ? emission(of: op, expectedModel) : .any
        checkPart("", before, model, failed: actual != nil, emission, &problems)
        return expected == nil ? expectedModel.foldEvents : []
    }

    private func emission(of op: RandomizedOperation, _ applied: RandomizedReferenceModel) -> Emission {
        if op.isDiffed(in: kind) || applied.appliedAsDiff { return .diffed(rebound: applied.lastBatchUpdates) }
        if case .removeMany = op { return .removals }
        switch op {
        case .add(let nodes), .addToSection(let nodes, _) where kind == .gravity && nodes.count > 1: return .insertions
        default: break
        }
        return op.isSingleSplice(in: kind) ? .singleSplice : .any
    }

    /// Background updates, and what is called while one is in flight. Call order is certain: the
    /// first call runs as a main-actor task while `RandomizedGate` holds the diffs off the main
    /// thread, so when this task resumes from its yield that call has validated and waits for its
    /// diff, and the call made then runs before the first one resumes. (If the first call failed
    /// validation up front, or had nothing to diff, it has already finished: the model then expects
    /// the two calls one after the other.)
    private func runBackground(_ op: RandomizedOperation, _ problems: inout [String]) async -> [RandomizedFoldEvent] {
        let start = fresh(model)
        let before = mark(start)
        switch op {
        case .background(let v):
            var expectedModel = start
            let expected = Self.capture { () throws(RandomizedExpectedError) in try expectedModel.apply(.background(v)) }
            let actual = await background(v)
            record(op, expected, expectedModel)
            compare("setStateInBackground", expected.map { .failure($0) } ?? .success(true), actual, &problems)
            if expected == nil { model = expectedModel }
            checkPart("", before, model, failed: expected != nil, expected == nil ? .diffed(rebound: []) : .nothing, &problems)
            return []

        case .backgroundThenBackground(let v, let f):
            let (first, finishedAlready) = await startBackground(v)
            RandomizedGate.shared.open()
            guard !finishedAlready else {
                // Failed validation up front, or nothing to diff (both states empty): not in flight.
                let expected = RandomizedBackgroundExpectation.twoBackgroundCalls(v, f, on: start, concurrently: false)
                let firstResult = await first.value
                let second = await background(f)
                record(op, expected, finishedFirst: true)
                compare("the first setStateInBackground", expected.first, firstResult, &problems)
                compare("the second setStateInBackground", expected.second, second, &problems)
                model = expected.final
                checkPart("", before, model, failed: false, .any, &problems)
                return []
            }
            let expected = RandomizedBackgroundExpectation.twoBackgroundCalls(v, f, on: start, concurrently: true)
            let second = await background(f)
            let firstResult = await first.value
            record(op, expected, finishedFirst: false)
            compare("the second setStateInBackground", expected.second, second, &problems)
            compare("the first setStateInBackground", expected.first, firstResult, &problems)
            model = expected.final
            let changed: Bool
            if case .success(true) = expected.second { changed = true } else { changed = expected.firstAppliesLast }
            checkPart("", before, model, failed: false, changed ? .diffed(rebound: []) : .nothing, &problems)
            return []

        case .backgroundThenSync(let v, let sync):
            let (first, finishedAlready) = await startBackground(v)
            guard !finishedAlready else {
                RandomizedGate.shared.open()
                let expected = RandomizedBackgroundExpectation.backgroundThenSync(v, sync, on: start, concurrently: false)
                let actual = runCatching(sync, expectsFailure: !expected.secondSucceeds)
                let firstResult = await first.value
                record(op, expected, finishedFirst: true)
                compare("setStateInBackground", expected.first, firstResult, &problems)
                compare("the operation made after the background update", expected.second, actual.map { .failure($0) } ?? .success(true), &problems)
                model = expected.final
                checkPart("", before, model, failed: false, .any, &problems)
                return expected.middle.foldEvents
            }
            let expected = RandomizedBackgroundExpectation.backgroundThenSync(v, sync, on: start, concurrently: true)
            let actual = runCatching(sync, expectsFailure: !expected.secondSucceeds)
            RandomizedGate.shared.open()
            record(op, expected, finishedFirst: false)
            compare("the operation made during the background update", expected.second, actual.map { .failure($0) } ?? .success(true), &problems)
            checkPart("[the operation] ", before, expected.middle, failed: actual != nil,
                      expected.secondSucceeds && actual == nil ? emission(of: sync, expected.middle) : .any, &problems)
            let middle = mark(expected.middle)
            let firstResult = await first.value
            if expected.firstMayReturnSuperseded, case .success(false) = firstResult {
                // Superseded before its stopped diff reached the repeated id: nothing applied either way.
            } else {
                compare("setStateInBackground", expected.first, firstResult, &problems)
            }
            model = expected.final
            checkPart("[the background update] ", middle, model, failed: false,
                      expected.firstAppliesLast ? .diffed(rebound: []) : .nothing, &problems)
            return expected.middle.foldEvents

        default:
            preconditionFailure("not a background operation: \(op)")
        }
    }

    /// Starts `setStateInBackground(v)` as a main-actor task with the gate closed and yields, so the
    /// call has validated and is waiting for its diff when this task resumes (unless it had nothing
    /// to diff off the main thread: then it has already finished). The caller opens the gate.
    private func startBackground(_ v: [RandomizedSection]) async -> (Task<Result<Bool, DataDisplayError>, Never>, finished: Bool) {
        var started = false, finished = false
        RandomizedGate.shared.close()
        let first = Task {
            started = true
            let result = await self.background(v)
            finished = true
            return result
        }
        await Task.yield()
        while !started { await Task.yield() }
        return (first, finished)
    }

    private func background(_ sections: [RandomizedSection]) async -> Result<Bool, DataDisplayError> {
        let state = sections.map(section)
        do throws(DataDisplayError) {
            return .success(try await manager.setStateInBackground(state))
        } catch {
            return .failure(error)
        }
    }

    /// Runs `op` on the manager; after an error, undoes what the caller changed on generators.
    /// When the model expects `op` to fail, `update` leaves contents alone: a generator whose model
    /// was changed and changed back still counts as changed (its content revision moved on), so its
    /// row is rebound by the next whole-state update.
    private func runCatching(_ op: RandomizedOperation, expectsFailure: Bool) -> DataDisplayError? {
        self.expectsFailure = expectsFailure
        defer { self.expectsFailure = false }
        var actual: DataDisplayError?
        do throws(DataDisplayError) { try run(op) } catch { actual = error }
        if actual != nil { for u in undo.reversed() { u() } }
        undo.removeAll()
        return actual
    }

    private static func capture(_ body: () throws(RandomizedExpectedError) -> Void) -> RandomizedExpectedError? {
        do throws(RandomizedExpectedError) {
            try body()
            return nil
        } catch {
            return error
        }
    }

    private func compare(_ who: String, _ expected: Result<Bool, RandomizedExpectedError>, _ actual: Result<Bool, DataDisplayError>,
                         _ problems: inout [String]) {
        switch (expected, actual) {
        case (.success(let e), .success(let a)):
            if e != a { problems.append("\(who) returned \(a), the model expected \(e)") }
        case (.success(let e), .failure(let a)):
            problems.append("\(who) threw \(a), the model expected " + (who == "the library" ? "success" : "it to return \(e)"))
        case (.failure(let e), .success):
            problems.append("the model expected \(e), \(who) threw nothing")
        case (.failure(let e), .failure(let a)):
            if Self.expected(a) != e { problems.append("the model expected \(e), \(who) threw \(a)") }
        }
    }

    private func record(_ op: RandomizedOperation, _ expected: RandomizedExpectedError?, _ applied: RandomizedReferenceModel) {
        histogram[op.name, default: (0, 0)].runs += 1
        if let expected {
            histogram[op.name, default: (0, 0)].errors += 1
            outcomes[expected.name, default: 0] += 1
            if expected == .foldingCycle { outcomes["foldingCycle in \(op.name)", default: 0] += 1 }
        } else if applied.appliedAsDiff {
            if case .collapseSubtree = op { outcomes["collapseSubtree refolding elsewhere", default: 0] += 1 }
            if case .replace = op { outcomes["gravity header reordered", default: 0] += 1 }
        }
    }

    /// Counts what the two calls of a background step returned (e.g. "background+sync: false/ok",
    /// "background+background: true/duplicateDiffID"); "(after)" when the first call had finished
    /// before the second began (it failed validation up front, or had nothing to diff).
    private func record(_ op: RandomizedOperation, _ expected: RandomizedBackgroundExpectation, finishedFirst: Bool) {
        histogram[op.name, default: (0, 0)].runs += 1
        if case .failure(let error) = expected.second {
            histogram[op.name, default: (0, 0)].errors += 1
            outcomes[error.name, default: 0] += 1
            if error == .foldingCycle { outcomes["foldingCycle in \(op.name)", default: 0] += 1 }
        }
        func text(_ result: Result<Bool, RandomizedExpectedError>, ok: String) -> String {
            switch result {
            case .success(let value): return ok.isEmpty ? "\(value)" : ok
            case .failure(let error): return error.name
            }
        }
        let second = text(expected.second, ok: op.name == "background+background" ? "" : "ok")
        outcomes["\(op.name): \(text(expected.first, ok: ""))/\(second)" + (finishedFirst ? " (after)" : ""), default: 0] += 1
    }

    /// Checks the store after one part of a step against the model `expected`, from `before`.
    private func checkPart(_ label: String, _ before: Mark, _ expected: RandomizedReferenceModel, failed: Bool,
                           _ emission: Emission, _ problems: inout [String]) {
        var found: [String] = []
        let newChanges = Array(recorder.changes[before.changes...])
        let newAddresses = manager.store.objectAddresses
        if failed {
            if !newChanges.isEmpty { found.append("a failed operation emitted \(newChanges)") }
            if newAddresses != before.addresses { found.append("a failed operation changed the store's row objects") }
        }
        let newFlat = expected.flatten()
        let storeKeys = manager.store.generators.map(key(of:))
        if storeKeys != newFlat.map(\.key) {
            found.append("store rows differ from the model\n    model: \(render(newFlat))\n    store: \(renderStore())")
        }
        let managerKeys = manager.flatGenerators.map(key(of:))
        if managerKeys != storeKeys { found.append("flatGenerators \(managerKeys) differ from the store \(storeKeys)") }
        if !recorder.invalidChanges.isEmpty { found.append("emissions out of range: \(recorder.invalidChanges)") }
        let net = newChanges.reduce(0) { $0 + $1.added - $1.removed }
        if net != manager.store.count - before.count {
            found.append("emissions \(newChanges) add up to \(net), the store went from \(before.count) to \(manager.store.count)")
        }
        if Set(newAddresses).count != newAddresses.count { found.append("a row object stands twice in the store") }
        if Set(storeKeys).count != storeKeys.count { found.append("a generator stands twice in the store") }

        if found.isEmpty {
            checkRowObjectsKept(before.flat, before.addresses, newFlat, newAddresses, shown: before.shown, &found)
            switch emission {
            case .nothing:
                if !newChanges.isEmpty { found.append("expected no emission, the store emitted \(newChanges)") }
            case .singleSplice:
                let splice = randomizedExpectedSplice(old: before.flat.map(\.key), new: newFlat.map(\.key))
                let want = splice.map { [ItemsChange(position: $0.position, removed: $0.removed, added: $0.added)] } ?? []
                if newChanges != want { found.append("expected the single splice \(want), the store emitted \(newChanges)") }
            case .removals:
                let want = Self.removalRuns(old: before.flat.map(\.key), new: newFlat.map(\.key))
                if newChanges != want { found.append("expected the removals \(want), the store emitted \(newChanges)") }
            case .insertions:
                let want = Self.removalRuns(old: newFlat.map(\.key), new: before.flat.map(\.key))
                    .map { ItemsChange(position: $0.position - Self.removedBefore($0.position, old: newFlat.map(\.key), new: before.flat.map(\.key)),
                                       removed: 0, added: $0.removed) }
                if newChanges != want { found.append("expected the insertions \(want), the store emitted \(newChanges)") }
            case .diffed(let rebound):
                checkDiff(before.flat, newFlat, newChanges, rebound: rebound, &found)
            case .any:
                break
            }
        }
        if trace, !newChanges.isEmpty { print("      \(label)emitted \(newChanges)") }
        problems += found.map { label + $0 }
    }

    /// The splices that take the items of `old` missing from `new` out (`new` keeps the others in
    /// order): one per run of adjacent ones, the last run first.
    static func removalRuns<Key: Hashable>(old: [Key], new: [Key]) -> [ItemsChange] {
        let kept = Set(new)
        var runs: [ItemsChange] = []
        var position = old.count - 1
        while position >= 0 {
            guard !kept.contains(old[position]) else { position -= 1; continue }
            var start = position
            while start > 0, !kept.contains(old[start - 1]) { start -= 1 }
            runs.append(ItemsChange(position: start, removed: position - start + 1, added: 0))
            position = start - 1
        }
        return runs
    }

    /// Items of `old` missing from `new` before position `position` of `old`: inserted runs, read as
    /// the removals that undo them, splice where the list stood before the runs earlier in it went in.
    static func removedBefore<Key: Hashable>(_ position: Int, old: [Key], new: [Key]) -> Int {
        let kept = Set(new)
        return old[..<position].filter { !kept.contains($0) }.count
    }

    /// Rows that stay (same role, depth and diff id) keep their row object, so GTK keeps their widget
    /// — except that a whole-state update may trade the object of a row a list item showed with a
    /// row entering the realised range (`RowRecycling`): a row whose old or new object a list item
    /// showed before the operation is not checked.
    private func checkRowObjectsKept(_ oldFlat: [RandomizedFlatItem], _ oldAddresses: [UInt],
                                     _ newFlat: [RandomizedFlatItem], _ newAddresses: [UInt], shown: Set<UInt>,
                                     _ problems: inout [String]) {
        // Single operations accept two shown instances with one diff id; such ids say nothing here.
        var uses: [RandomizedDiffKey: Int] = [:]
        for item in oldFlat + newFlat { uses[item.diffKey, default: 0] += 1 }
        var before: [RandomizedDiffKey: UInt] = [:]
        for (item, address) in zip(oldFlat, oldAddresses) { before[item.diffKey] = address }
        for (index, (item, address)) in zip(newFlat, newAddresses).enumerated() where uses[item.diffKey] == 2 {
            if let old = before[item.diffKey], old != address, !shown.contains(old), !shown.contains(address) {
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
        if want != got {
            problems.append("lastUpdate reports \(got), the model expects \(want)\n    old: \(render(oldFlat))\n    new: \(render(newFlat))")
        }
        if summary.splices != changes.count { problems.append("lastUpdate reports \(summary.splices) splices, the store emitted \(changes.count)") }
        let churn = changes.reduce(0) { $0 + $1.added + $1.removed }
        if summary.churn != churn { problems.append("lastUpdate reports churn \(summary.churn), the store's emissions churn \(churn)") }
    }

    /// The manager's own reading (sections, depths, fold state) agrees with the model.
    private func checkManagerReading(_ flat: [RandomizedFlatItem], touched: Set<Int>, _ problems: inout [String]) {
        let sections = manager.sections
        if sections.count != model.sections.count || manager.numberOfSections != model.sections.count {
            return problems.append("manager has \(sections.count) sections, the model \(model.sections.count)")
        }
        for (s, (real, expected)) in zip(sections, model.sections).enumerated() {
            if real.header.map(key(of:)) != expected.header || real.footer.map(key(of:)) != expected.footer
                || real.rows.map(key(of:)) != expected.rows {
                return problems.append("section \(s) reads differently from the model")
            }
        }
        for item in flat where item.role == .row {
            let depth = manager.depth(of: object(item.key))
            if depth != item.depth { return problems.append("depth of \(item.id) is \(depth.map(String.init) ?? "nil"), the model says \(item.depth)") }
        }
        // Every instance, in the manager or not: fold state, children and content are the instance's.
        var wrong: [String] = []
        for key in touched {
            guard let g = objects[key] else { continue }
            let node = model.instance(key)
            if Self.content(of: g) != node.content { wrong.append("#\(key) content \"\(Self.content(of: g))\", model \"\(node.content)\"") }
            guard node.isFoldable, let f = g as? FoldableItem else { continue }
            if f.isExpanded != node.isExpanded { wrong.append("#\(key) isExpanded \(f.isExpanded), model \(node.isExpanded)") }
            let children = f.children.map(self.key(of:))
            if children != node.children { wrong.append("#\(key) children \(children), model \(node.children)") }
        }
        if !wrong.isEmpty { problems.append("instances differ: " + wrong.sorted().joined(separator: "; ")) }
    }

    /// After the sequence: clearing frees every row object.
    func finish() -> [String] {
        manager.clear()
        var problems: [String] = []
        if manager.store.count != 0 { problems.append("clear() left \(manager.store.count) rows") }
        let live = Diagnostics.liveRowObjects - baselineRows
        if live != 0 { problems.append("\(live) row objects still alive after clear()") }
        endQuarantine()
        return problems
    }

    /// Breaks the cycles the sequence built on purpose (foldables that contain themselves), so
    /// the leak check sees only what the library keeps alive.
    func breakCycles() {
        endQuarantine()
        for generator in objects.values {
            (generator as? FoldableRowGenerator<LabelRowView>)?.children = []
        }
    }

    /// Stops keeping the records of ended rows, and lets those kept go.
    private func endQuarantine() {
        RowRecords.quarantinesEndedRows = false
        RowRecords.releaseQuarantine()
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
        if case .foldingCycle = error { return .foldingCycle }
        if case .wrongRole = error { return .wrongRole }
        if case .namedTwice = error { return .namedTwice }
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
