// Background updates: which call in flight is the latest intent.

/// The background updates a manager has in flight (AsyncListDiffer's generation counter, made
/// safe for calls that fail): each call takes a ticket; one that passes validation supersedes every
/// older one, and one that fails or is cancelled supersedes nothing. A call whose diff finished
/// while a newer one is still validating waits for that one's outcome before it applies.
///
/// Superseded work stops early: each call registers how to cancel its off-main diff, and that diff
/// is cancelled as soon as a newer call passes validation or a newer change lands, so at most one
/// snapshot of old and new keys (and one diff's id table) is being worked on at a time.
@MainActor
struct BackgroundUpdateTickets {
    private var issued = 0
    private var unresolved: Set<Int> = []
    private var latestValid = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []
    /// How to cancel the off-main diff of each call whose diff is still running.
    private var running: [Int: @Sendable () -> Void] = [:]
    /// Calls that took a ticket and have not returned yet.
    private(set) var inFlight = 0
    /// What waits for every call in flight to return (`whenIdle`).
    private var idleActions: [() -> Void] = []

    /// A ticket for a new call; the call ends it with `end()` when it returns.
    mutating func take() -> Int {
        issued += 1
        inFlight += 1
        unresolved.insert(issued)
        return issued
    }

    /// A call returned (applied, superseded or failed). Returns what waited for the last call in
    /// flight to return, for the caller to run (nothing while others are still in flight).
    mutating func end() -> [() -> Void] {
        inFlight -= 1
        guard inFlight == 0 else { return [] }
        defer { idleActions.removeAll() }
        return idleActions
    }

    /// Keeps `action` until no call is in flight (the caller runs it at once when none is).
    mutating func whenIdle(_ action: @escaping () -> Void) {
        idleActions.append(action)
    }

    /// Registers the cancellation of `ticket`'s off-main diff (cancelled at once if a newer call
    /// already superseded it).
    mutating func diffStarted(_ ticket: Int, cancel: @escaping @Sendable () -> Void) {
        if isSuperseded(ticket) { cancel(); return }
        running[ticket] = cancel
    }

    /// Forgets `ticket`'s off-main diff: it finished.
    mutating func diffFinished(_ ticket: Int) { running[ticket] = nil }

    /// Records whether `ticket` passed validation (and was not cancelled), and wakes the waiters.
    /// A valid ticket cancels the diffs of older calls: they can no longer apply.
    mutating func resolve(_ ticket: Int, valid: Bool) {
        unresolved.remove(ticket)
        if valid {
            latestValid = max(latestValid, ticket)
            cancelDiffs { $0 < ticket }
        }
        let waking = waiters
        waiters.removeAll()
        for waiter in waking { waiter.resume() }
    }

    /// A newer change reached the manager: every call in flight is superseded, so their diffs stop.
    mutating func changeLanded() {
        cancelDiffs { _ in true }
    }

    /// Whether a newer call passed validation.
    func isSuperseded(_ ticket: Int) -> Bool { latestValid > ticket }

    /// Whether a newer call has not yet passed or failed validation.
    func hasUnresolvedNewer(than ticket: Int) -> Bool { unresolved.contains { $0 > ticket } }

    /// Registers a continuation resumed at the next resolution.
    mutating func wait(_ continuation: CheckedContinuation<Void, Never>) { waiters.append(continuation) }

    /// Whether any call's off-main diff is still running (for tests and the stress run).
    var diffsRunning: Int { running.count }

    private mutating func cancelDiffs(where shouldCancel: (Int) -> Bool) {
        for (ticket, cancel) in running where shouldCancel(ticket) {
            cancel()
            running[ticket] = nil
        }
    }
}
