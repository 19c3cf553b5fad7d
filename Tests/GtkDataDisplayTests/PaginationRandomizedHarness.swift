@_spi(Testing) @testable import GtkDataDisplay
import GtkDataDisplayTesting

/// Runs one random sequence of pagination operations on a real manager (base or gravity, a real
/// GListStore) with real pagination plugins whose loaders the sequence drives, next to
/// `PaginationModel`, and checks after every operation that they agree.
@MainActor
final class PaginationRandomizedHarness {
    let manager: BaseListManager
    private(set) var plugins: [PaginationPlugin] = []
    private let recorder: ItemsChangedRecorder
    private(set) var model: PaginationModel
    private var source: PaginationOperationSource
    private var objects: [Int: any RowGenerator] = [:]
    private(set) var weakObjects: [RandomizedWeak] = []
    private(set) var log: [String] = []
    private let trace: Bool

    /// Each plugin's loader calls, in order: the completions the sequence answers.
    private var completions: [[PaginationPlugin.PageCompletion]] = []
    private var loaderScripts: [[PaginationAction]] = []
    private var listeners: [PaginationAction?] = []
    private var backgroundToStart: [[PaginationModelSection]] = []
    private var backgroundCalls: [Task<Result<Bool, DataDisplayError>, Never>] = []
    private var appOutcomes: [String] = []
    private var backgroundResults: [Bool] = []
    private var problems: [String] = []

    /// A sequence on a gravity manager (else a base one) with plugins at `edges`, drawn from `seed`.
    init(gravity: Bool, edges: [PaginationEdge], seed: UInt64, trace: Bool) async {
        self.trace = trace
        manager = gravity ? GravityListManager() : BaseListManager()
        recorder = ItemsChangedRecorder(manager.store)
        model = PaginationModel(gravity: gravity)
        source = PaginationOperationSource(seed: seed, gravity: gravity)
        RandomizedGate.shared.close()
        if source.rng.chance(0.6) {
            // Rows before the plugins come (a list that pages from where it stands).
            await step(.action(.app(.setState(source.startingState(model)))))
        }
        for (p, edge) in edges.enumerated() {
            let hasMore = source.rng.chance(0.9)
            let plugin = PaginationPlugin(edge: edge, hasMore: hasMore) { [weak self] completion in self?.load(p, completion) }
            plugin.stateChanged += { [weak self] _ in self?.stateChanged(p) }
            plugins.append(plugin)
            completions.append([])
            loaderScripts.append([])
            listeners.append(nil)
            model.plugins.append(PaginationPluginModel(edge: edge, state: hasMore ? .idle : .finished))
            log.append("attach p\(p) at the \(edge) edge (hasMore: \(hasMore))")
            plugin.attach(to: manager)
            model.attach(p)
            check()
        }
    }

    // MARK: Steps

    /// Draws and runs the next operation; returns the problems found.
    func step() async -> [String] {
        let op = source.next(model)
        await step(op)
        return problems
    }

    private func step(_ op: PaginationOperation) async {
        for node in source.created { make(node) }
        source.created = []
        log.append(op.description)
        if trace { print("  #\(log.count) \(op)") }
        switch op {
        case .action(let action):
            model.run(action)
            perform(action)
        case .armLoader(let p, let action):
            model.plugins[p].loaderScript.append(action)
            loaderScripts[p].append(action)
        case .armListener(let p, let action):
            model.plugins[p].listener = action
            listeners[p] = action
        case .settle:
            model.settle()
            await settle()
        }
        model.startAskedBackground()
        startAskedBackground()
        check()
        if trace {
            print("    sections \(manager.sections.map { describe(($0.header.map { [$0] } ?? []) + $0.rows) }); "
                  + model.plugins.enumerated().map { "p\($0.offset) \($0.element.state)" }.joined(separator: ", "))
        }
    }

    /// Lets every background call return (their diffs go on), then holds new diffs again.
    func settle() async {
        RandomizedGate.shared.open()
        for call in backgroundCalls {
            switch await call.value {
            case .success(let applied): backgroundResults.append(applied)
            case .failure(let error): problems.append("setStateInBackground threw \(error)")
            }
        }
        backgroundCalls = []
        RandomizedGate.shared.close()
    }

    /// Ends the sequence: every background call returns, the gate opens.
    func finish() async -> [String] {
        if !backgroundCalls.isEmpty {
            log.append("background updates finish")
            model.settle()
            await settle()
            model.startAskedBackground()
            startAskedBackground()
            if !backgroundCalls.isEmpty {
                model.settle()
                await settle()
            }
            check()
        }
        RandomizedGate.shared.open()
        return problems
    }

    // MARK: Running actions on the real objects

    private func make(_ node: PaginationNode) {
        let id = RandomizedID(node.id)
        let generator: any RowGenerator = node.isHeader
            ? RandomizedWeightedHeader(model: node.id, id: id, heaviness: node.heaviness)
            : RandomizedWeightedRow(model: node.id, id: id, heaviness: node.heaviness)
        objects[node.key] = generator
        weakObjects.append(RandomizedWeak(object: generator))
        model.nodes[node.key] = node
    }

    private func perform(_ action: PaginationAction) {
        switch action {
        case .edgeReached(let p): plugins[p].edgeReached()
        case .retry(let p): plugins[p].retry()
        case .reset(let p, let hasMore): plugins[p].reset(hasMore: hasMore)
        case .answer(let p, let call, let page):
            guard let completion = completion(p, call) else { return }
            completion(.success(PaginationPage(rows: page.rows.map { objects[$0]! }, hasMore: page.hasMore)))
        case .fail(let p, let call, let message):
            completion(p, call)?(.failure(PageError(message: message)))
        case .app(let op): app(op)
        case .background(let sections): backgroundToStart.append(sections)
        }
    }

    /// The completion of loader call `call` of plugin `p` (nil: its latest), if it was called.
    private func completion(_ p: Int, _ call: Int?) -> PaginationPlugin.PageCompletion? {
        completions[p].indices.contains(call ?? completions[p].count - 1) ? completions[p][call ?? completions[p].count - 1] : nil
    }

    private func app(_ op: PaginationAppOp) {
        do throws(DataDisplayError) {
            switch op {
            case .add(let keys): try manager.add(keys.map { objects[$0]! })
            case .addSection(let h, let keys): try manager.addSection(header: h.map { objects[$0]! }, rows: keys.map { objects[$0]! })
            case .remove(let k, let flag): try manager.remove(objects[k]!, removeEmptySection: flag)
            case .setState(let sections): try manager.setState(sections.map(section))
            case .clear: manager.clear()
            }
            appOutcomes.append("ok")
        } catch {
            appOutcomes.append(Self.name(of: error))
        }
    }

    private static func name(of error: DataDisplayError) -> String {
        Mirror(reflecting: error).children.first?.label ?? "\(error)"
    }

    private func section(_ s: PaginationModelSection) -> Section {
        Section(header: s.header.map { objects[$0]! }, rows: s.rows.map { objects[$0]! })
    }

    /// A loader call: kept for the sequence to answer, after what the call was armed to do.
    private func load(_ p: Int, _ completion: @escaping PaginationPlugin.PageCompletion) {
        completions[p].append(completion)
        guard !loaderScripts[p].isEmpty else { return }
        perform(loaderScripts[p].removeFirst())
    }

    private func stateChanged(_ p: Int) {
        guard let action = listeners[p] else { return }
        listeners[p] = nil
        perform(action)
    }

    /// Starts the background updates the step asked for, in order, each in flight (its diff held at
    /// the gate) before the next starts.
    private func startAskedBackground() {
        for sections in backgroundToStart {
            let state = sections.map(section)
            // Runs here, at once, into the call until it waits for its diff, which the gate holds; the
            // call goes on only when this sequence suspends (at `settle()`, the gate open). The sequence
            // never suspends while the gate is closed: held diffs may occupy every thread of the pool,
            // and a task resuming from a suspension waits for one.
            let call = Task.immediate { @MainActor () -> Result<Bool, DataDisplayError> in
                do throws(DataDisplayError) {
                    return .success(try await self.manager.setStateInBackground(state))
                } catch {
                    return .failure(error)
                }
            }
            backgroundCalls.append(call)
        }
        backgroundToStart = []
    }

    // MARK: Checks

    private func generator(_ item: PaginationModel.Item) -> any RowGenerator {
        switch item {
        case .node(let k): return objects[k]!
        case .progress(let p): return plugins[p].progressRow
        case .error(let p): return plugins[p].errorRow
        }
    }

    private func check() {
        let expected = model.expectedStore.map(generator)
        if !manager.store.shows(expected) {
            problems.append("the store shows \(describe(manager.store.generators)), the model \(describe(expected))")
        } else {
            // The same rows: the same sections too (a status row alone in a section of its own).
            let sections = manager.sections, wanted = model.expectedSections
            let same = sections.count == wanted.count && zip(sections, wanted).allSatisfy { actual, wanted in
                actual.footer == nil && (actual.header.map { wanted.header.map(generator) === $0 } ?? (wanted.header == nil))
                    && actual.rows.count == wanted.rows.count && zip(actual.rows, wanted.rows.map(generator)).allSatisfy { $0 === $1 }
            }
            if !same {
                problems.append("the sections are \(sections.map { describe(($0.header.map { [$0] } ?? []) + $0.rows) }), "
                                + "the model's \(wanted.map { describe(($0.header.map { [$0] } ?? []).map(generator) + $0.rows.map(generator)) })")
            }
        }
        if !manager.store.shows(manager.flatGenerators) { problems.append("the store differs from the manager's rows") }
        if !recorder.invalidChanges.isEmpty { problems.append("items-changed out of range: \(recorder.invalidChanges)") }
        for p in plugins.indices {
            let plugin = plugins[p], expected = model.plugins[p]
            switch (plugin.state, expected.state) {
            case (.idle, .idle), (.loading, .loading), (.finished, .finished), (.failed, .failed(nil)): break
            case (.failed(let message), .failed(let wanted)) where message == wanted: break
            default: problems.append("p\(p) is \(plugin.state), the model says \(expected.state)")
            }
            if case .failed(let message) = plugin.state, plugin.errorRow.model != message {
                problems.append("p\(p)'s error row says \"\(plugin.errorRow.model)\", its state \"\(message)\"")
            }
            if completions[p].count != expected.loaderCalls {
                problems.append("p\(p)'s loader was called \(completions[p].count) times, the model says \(expected.loaderCalls)")
            }
            if plugin.requestCount != expected.requestCount {
                problems.append("p\(p).requestCount is \(plugin.requestCount), the model says \(expected.requestCount)")
            }
        }
        if appOutcomes != model.appOutcomes {
            problems.append("the app's operations gave \(appOutcomes), the model says \(model.appOutcomes)")
        }
        if backgroundResults != model.backgroundResults {
            problems.append("setStateInBackground returned \(backgroundResults), the model says \(model.backgroundResults)")
        }
    }

    private func describe(_ generators: [any RowGenerator]) -> String {
        let keys = Dictionary(objects.map { (ObjectIdentifier($0.value), $0.key) }, uniquingKeysWith: { a, _ in a })
        return "[" + generators.map { g -> String in
            if let k = keys[ObjectIdentifier(g)] {
                let weight = model.gravity ? "/" + String(model.nodes[k]!.heaviness) : ""
                return (g is RandomizedWeightedHeader ? "#" : "") + String(k) + weight
            }
            for (p, plugin) in plugins.enumerated() {
                if g === plugin.progressRow { return "…p\(p)" }
                if g === plugin.errorRow { return "!p\(p)" }
            }
            return "?"
        }.joined(separator: " ") + "]"
    }
}

extension PaginationModel {
    /// A plugin just attached: an empty list asks for its first page.
    mutating func attach(_ p: Int) {
        if !hasContent { run(.edgeReached(p)) }
    }
}
