import GtkDataDisplay
import GtkDataDisplayShell

/// The "Stress" page: a million rows in one list view, and a button per benchmark mix.
///
/// The list fills when the page is first shown, in steps of 25,000 rows with a progress bar in
/// between, so the window keeps drawing and answering. Each mix button turns the current rows
/// into a new list (`StressMix`) and hands it to the manager as a whole state; by default the
/// diff runs off the main thread (`setStateInBackground`). The counters show the rows in the
/// store, the adapter's binds and rebinds (only rows on screen are bound), the row objects alive
/// (`Diagnostics.liveRowObjects`, every page's), and how long the last update took and how long
/// the main loop stood still meanwhile.
@MainActor
final class StressPage: DemoPage {
    let name = PageName.stress
    let title = "Stress"
    private(set) lazy var root: any WidgetConvertible = makeRoot()
    /// Counters, progress, buttons (kept: the wrapper owns its widget's reference).
    private lazy var toolbar = makeToolbar()
    let manager = BaseListManager()
    let adapter: ListViewAdapter
    /// How many rows a fill makes.
    let rowCount: Int
    /// The rows the page last handed to the manager, in order: what the store must show.
    private(set) var rows: [StressItemRow] = []
    /// Decides what a mix changes; seeded, so a session repeats.
    private(set) var random = SeededRandom(seed: 0x5EED)
    /// The id of the next new row.
    private(set) var nextID = 0
    /// Whether the list is filled (mixes wait for it).
    private(set) var isFilled = false
    /// Whether a fill or an update is under way (the buttons are off meanwhile).
    private(set) var isBusy = false
    /// How long the last fill and the last mix took, in milliseconds.
    private(set) var fillMilliseconds: Double?
    private(set) var lastUpdateMilliseconds: Double?
    /// The longest main-loop stall of the last fill or mix, in milliseconds.
    private(set) var lastStallMilliseconds: Double?

    let backgroundCheck = CheckButton(label: "Diff off the main thread", isActive: true)
    private let progress = ProgressBar(accessibleLabel: "Stress run")
    private let counters = StressCounters()
    private var buttons: [(mix: StressMix?, button: Button)] = []
    private let footer: StatusFooter
    private let stall = StallMeter()
    private var fillStarted = false

    /// Rows added by the first fill step; later steps are sized to take about `fillStepTime`.
    static let firstFillStep = 10_000
    /// Milliseconds a fill step aims at: short enough for the window to keep drawing.
    static let fillStepTime = 50.0

    init(rowCount: Int = 1_000_000) {
        self.rowCount = rowCount
        adapter = ListViewAdapter(manager: manager, selection: .single)
        adapter.accessibleName = "Stress rows"
        footer = StatusFooter(adapter: adapter) { [unowned manager] in "\(grouped(manager.store.count)) rows" }
        backgroundCheck.tooltip = "On: setStateInBackground (the diff runs on another thread). Off: setState on the main thread."
        refreshCounters()
        // Counters move while the user scrolls (binds): refresh them while the page is shown.
        Task { @MainActor [weak self] in
            while true {
                try? await Task.sleep(for: .milliseconds(500))
                guard let self else { return }
                if self.root.isMapped { self.refreshCounters() }
            }
        }
    }

    private func makeRoot() -> any WidgetConvertible {
        let page = PageLayout.make(toolbar: toolbar.gtkWidget, list: adapter.gtkWidget, footer: footer)
        page.onMap { [weak self] in self?.firstShown() }
        return page
    }

    private func makeToolbar() -> Box {
        let lines = stride(from: 0, to: StressMix.allCases.count + 1, by: 6).map { start in
            let line = Box(.horizontal, spacing: 6)
            for index in start..<min(start + 6, StressMix.allCases.count + 1) {
                let mix = index < StressMix.allCases.count ? StressMix.allCases[index] : nil
                let button = Button(label: mix?.label ?? "Refill")
                button.tooltip = mix?.summary ?? "Empty the list and fill it again with \(grouped(rowCount)) new rows"
                button.hexpand = true
                button.onClicked { [weak self] in
                    Task { @MainActor in
                        if let mix { await self?.apply(mix) } else { await self?.fill() }
                    }
                }
                buttons.append((mix, button))
                line.append(button)
            }
            return line
        }
        let toolbar = Box(.vertical, spacing: 8, counters.box, progress)
        for line in lines { toolbar.append(line) }
        toolbar.append(backgroundCheck)
        toolbar.addCSSClass("toolbar")
        progress.isVisible = false
        setButtonsSensitive(false)
        return toolbar
    }

    private func firstShown() {
        guard !fillStarted else { return }
        fillStarted = true
        Task { @MainActor in await fill() }
    }

    // MARK: Filling

    /// Empties the list and fills it with `rowCount` new rows, a step at a time.
    func fill() async {
        guard !isBusy else { return }
        fillStarted = true
        begin()
        manager.clear()
        rows = []
        rows.reserveCapacity(rowCount)
        isFilled = false
        progress.isVisible = true
        let start = ContinuousClock.now
        var steps = 0
        var stepSize = Self.firstFillStep
        while rows.count < rowCount {
            let stepStart = ContinuousClock.now
            let step = (0..<min(stepSize, rowCount - rows.count)).map { _ in makeRow() }
            do {
                try manager.add(step)   // one splice at the end of the list
            } catch {
                footer.show("Fill failed: \(error)")
                break
            }
            rows += step
            steps += 1
            progress.fraction = Double(rows.count) / Double(rowCount)
            progress.text = "Filling: \(grouped(rows.count)) of \(grouped(rowCount)) rows"
            refreshCounters()
            // Aim at steps of about `fillStepTime`: the window draws and answers between them.
            let took = max(milliseconds(ContinuousClock.now - stepStart), 1)
            stepSize = min(max(Int(Double(stepSize) * Self.fillStepTime / took), 1_000), 100_000)
            // A frame's time off: GTK lays out, draws the progress and answers input.
            try? await Task.sleep(for: .milliseconds(20))
        }
        fillMilliseconds = milliseconds(ContinuousClock.now - start)
        isFilled = rows.count == rowCount
        progress.isVisible = false
        end()
        footer.show("Filled \(grouped(rows.count)) rows in \(Self.format(fillMilliseconds!)) (\(plural(steps, "step")); longest stall \(Self.format(lastStallMilliseconds ?? 0)))")
    }

    private func makeRow() -> StressItemRow {
        defer { nextID += 1 }
        return StressItemRow(StressItem(id: nextID, revision: 0))
    }

    // MARK: Mixes

    /// Applies `mix` to the rows as a whole-state update and reports what reached the store.
    /// Returns when the update has landed (or failed).
    func apply(_ mix: StressMix) async {
        guard isFilled, !isBusy else { return }
        begin()
        var random = self.random
        let target = mix.apply(to: rows, random: &random, make: { makeRow() }, update: { $0.updated() })
        self.random = random
        let sections = [Section(rows: target)]
        let background = backgroundCheck.isActive
        let start = ContinuousClock.now
        var outcome: String
        do {
            var landed = true
            if background {
                landed = try await manager.setStateInBackground(sections)
            } else {
                try manager.setState(sections)
            }
            if landed { rows = target }
            outcome = landed ? Self.describe(manager.lastUpdate) : "superseded"
        } catch {
            outcome = "failed: \(error)"
        }
        lastUpdateMilliseconds = milliseconds(ContinuousClock.now - start)
        end()
        footer.show("\(mix.label): \(outcome) · \(Self.format(lastUpdateMilliseconds!)) "
                    + "(\(background ? "diff off the main thread" : "on the main thread"); longest stall \(Self.format(lastStallMilliseconds ?? 0)))")
    }

    private func begin() {
        isBusy = true
        setButtonsSensitive(false)
        stall.start()
    }

    private func end() {
        lastStallMilliseconds = stall.stop()
        isBusy = false
        setButtonsSensitive(true)
        refreshCounters()
    }

    private func setButtonsSensitive(_ sensitive: Bool) {
        for entry in buttons { entry.button.isSensitive = sensitive }
        backgroundCheck.isSensitive = sensitive
    }

    // MARK: Counters

    func refreshCounters() {
        let statistics = adapter.statistics
        counters.rows.show(grouped(manager.store.count))
        counters.binds.show(grouped(statistics.binds), detail: "\(grouped(statistics.rebinds)) rebinds")
        counters.live.show(grouped(Diagnostics.liveRowObjects))
        if let last = lastUpdateMilliseconds ?? fillMilliseconds {
            counters.update.show(Self.format(last), detail: lastStallMilliseconds.map { "stall \(Self.format($0))" })
        }
    }

    /// "3 splices, +1,000 −0, 0 moved, 0 updated" (and ", 998,022 shown in place" after an update
    /// shown in place: `UpdateSummary.repurposed`).
    private static func describe(_ summary: UpdateSummary?) -> String {
        guard let s = summary else { return "no change" }
        let inPlace = s.repurposed > 0 ? ", \(grouped(s.repurposed)) shown in place" : ""
        return "\(plural(s.splices, "splice")), +\(grouped(s.inserted)) −\(grouped(s.removed)), \(grouped(s.moves)) moved, \(grouped(s.updated)) updated\(inPlace)"
    }

    /// "840 ms", "12.5 ms", "4.2 s".
    static func format(_ milliseconds: Double) -> String {
        if milliseconds >= 10_000 { return "\((milliseconds / 100).rounded() / 10) s" }
        if milliseconds >= 100 { return "\(Int(milliseconds.rounded())) ms" }
        return "\((milliseconds * 10).rounded() / 10) ms"
    }
}
