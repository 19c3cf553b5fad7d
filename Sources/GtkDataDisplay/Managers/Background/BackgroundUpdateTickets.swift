// Background updates: which call in flight is the latest intent.

/// The background updates a manager has in flight (AsyncListDiffer's generation counter, made
/// safe for calls that fail): each call takes a ticket; one that passes validation supersedes every
/// older one, and one that fails or is cancelled supersedes nothing. A call whose diff finished
/// while a newer one is still validating waits for that one's outcome before it applies.
@MainActor
struct BackgroundUpdateTickets {
    private var issued = 0
    private var unresolved: Set<Int> = []
    private var latestValid = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// A ticket for a new call.
    mutating func take() -> Int {
        issued += 1
        unresolved.insert(issued)
        return issued
    }

    /// Records whether `ticket` passed validation (and was not cancelled), and wakes the waiters.
    mutating func resolve(_ ticket: Int, valid: Bool) {
        unresolved.remove(ticket)
        if valid { latestValid = max(latestValid, ticket) }
        let waking = waiters
        waiters.removeAll()
        for waiter in waking { waiter.resume() }
    }

    /// Whether a newer call passed validation.
    func isSuperseded(_ ticket: Int) -> Bool { latestValid > ticket }

    /// Whether a newer call has not yet passed or failed validation.
    func hasUnresolvedNewer(than ticket: Int) -> Bool { unresolved.contains { $0 > ticket } }

    /// Registers a continuation resumed at the next resolution.
    mutating func wait(_ continuation: CheckedContinuation<Void, Never>) { waiters.append(continuation) }
}
