/// A search that a change inside `FilteredState.inBackground` asked for over many texts, matched off
/// the main thread once the change returns (`FilteredState.setQuery`): the query, the folded texts
/// it looks in and the texts it looks at.
struct PendingMatch: Sendable {
    /// The query to match.
    let query: TextQuery
    /// Every node's folded text.
    let keys: FoldedTexts
    /// The nodes to look at (the previous query's matches when this query narrows it); nil: all.
    let candidates: [Int]?
    /// The `inBackground` call whose change asked for it (`FilteredState.latestIntent` then).
    let intent: Int

    /// The searches over fewer texts than this are matched at once, on the main thread.
    static var minimumTexts: Int { StateLanding.sizes.minimumRows }

    /// How many texts the match compares.
    var comparedTexts: Int { candidates?.count ?? keys.count }

    /// Run on the matching thread before a match off the main thread starts (tests hold it there).
    nonisolated(unsafe) static var willMatch: (@Sendable () -> Void)?

    /// The nodes the query matches, ascending.
    func matches() -> [Int] { keys.indices(matching: query, among: candidates) }
}
