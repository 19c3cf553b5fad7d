import GtkDataDisplay
import GtkDataDisplayShell

/// A page's footer: a status line saying what the last action did to the store, over a dimmed
/// line of the adapter's bind statistics.
///
/// Splices are counted from the store's own `items-changed` signal (one emission per splice), so the status reports what GTK really received, not what the manager
/// meant to do. A splice reads `@position −removed +added`.
@MainActor
final class StatusFooter {
    let box: Box
    /// The status wraps rather than hide the end of a long report.
    private let status = Label(xalign: 0, wrap: true)
    private let statistics = makeLabel(cssClass: "statistics")
    private let adapter: ListBaseAdapter
    /// What the page says about its whole list after each report ("13 rows").
    private let summary: @MainActor () -> String

    /// Splices since the last report.
    private var splices: [(position: Int, removed: Int, added: Int)] = []
    /// Events since the last report (a row folded…), as subject and verb.
    private var events: [(subject: String, verb: String)] = []
    /// The adapter's rebind count at the last report.
    private var rebindsBefore = 0
    private var isPerforming = false
    private var reportScheduled = false

    /// Splices listed one by one up to this many; past it, only counted.
    private static let listedSplices = 3

    init(adapter: ListBaseAdapter, summary: @escaping @MainActor () -> String) {
        self.adapter = adapter
        self.summary = summary
        status.addCSSClass("status")
        box = Box(.vertical, spacing: 2, status, statistics)
        box.addCSSClass("footer")

        adapter.manager.store.onItemsChanged { [weak self] position, removed, added in
            self?.splices.append((position, removed, added))
        }
        // Binds happen when GTK lays the list out, after an action returns: poll, cheaply.
        Timeout.repeating(milliseconds: 500) { [weak self] in
            self?.showStatistics()
            return self != nil
        }
    }

    /// Runs one toolbar action and reports it: its own words, the events it caused, the splices
    /// that reached the store, the visible rows rebound in place (rows off screen are bound when
    /// they scroll into view), and the page's summary.
    func perform(_ action: () throws(DataDisplayError) -> String) {
        reset()
        isPerforming = true
        let headline: String
        do {
            headline = try action()
        } catch {
            headline = "Failed: \(error)"
        }
        isPerforming = false
        report(headline)
    }

    /// Records an event that happened outside a toolbar action (a row folded by click or key).
    /// The report waits until the main loop is idle, so every event of one gesture (`*` expands
    /// a whole subtree) shares one line with the splices they caused.
    func note(_ subject: String, _ verb: String) {
        events.append((subject, verb))
        guard !isPerforming, !reportScheduled else { return }
        reportScheduled = true
        Timeout.once(milliseconds: 0) { [weak self] in
            guard let self else { return }
            self.reportScheduled = false
            // A toolbar action that ran first has reported these events already.
            if !self.events.isEmpty { self.report(nil) }
        }
    }

    /// Shows a message that changed nothing in the store (a row was activated).
    func show(_ text: String) {
        reset()
        setStatus([text, summary()].joined(separator: " · "))
        showStatistics()
    }

    // MARK: Internals

    private func reset() {
        splices = []
        events = []
        rebindsBefore = adapter.statistics.rebinds
    }

    private func report(_ headline: String?) {
        var parts: [String] = headline.map { [$0] } ?? []
        parts += eventSummary()
        parts.append(spliceSummary())
        let rebound = adapter.statistics.rebinds - rebindsBefore
        if rebound > 0 { parts.append("\(rebound) rebound") }
        parts.append(summary())
        setStatus(parts.joined(separator: " · "))
        reset()
        showStatistics()
    }

    /// "Europe and France expanded", grouped by verb in the order the verbs first came.
    private func eventSummary() -> [String] {
        var verbs: [String] = []
        var subjects: [String: [String]] = [:]
        for event in events {
            if subjects[event.verb] == nil { verbs.append(event.verb) }
            subjects[event.verb, default: []].append(event.subject)
        }
        return verbs.map { "\(listing(subjects[$0]!)) \($0)" }
    }

    /// "1 splice (@3 +1)", "2 splices (@2 −4 +4, @9 −1)", "7 splices".
    private func spliceSummary() -> String {
        let count = plural(splices.count, "splice")
        guard !splices.isEmpty, splices.count <= Self.listedSplices else { return count }
        let listed = splices.map { splice in
            var text = "@\(splice.position)"
            if splice.removed > 0 { text += " −\(splice.removed)" }
            if splice.added > 0 { text += " +\(splice.added)" }
            return text
        }
        return "\(count) (\(listed.joined(separator: ", ")))"
    }

    private func setStatus(_ text: String) {
        status.text = text
    }

    private func showStatistics() {
        let s = adapter.statistics
        let text = "\(adapter.manager.store.count) store items · \(s.setups) list items · \(s.viewsCreated) views built · \(s.binds) binds · \(s.rebinds) rebinds"
        statistics.text = text
    }
}
