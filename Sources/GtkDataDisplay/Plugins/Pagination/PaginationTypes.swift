// The values pagination works with: which edge, what a page brings, and where loading stands.

/// The end of a list that pagination grows.
public enum PaginationEdge: Sendable, Equatable {
    /// Older rows come above the first row (a chat's history); rows on screen stay where they are.
    case top
    /// More rows come below the last row (a feed).
    case bottom
}

/// One page from a paginated source: the rows to add at the plugin's edge, and whether the
/// source has more after them.
@MainActor
public struct PaginationPage {
    /// The rows, in list order (for the top edge too: the last of them ends up right above the
    /// rows shown before).
    public var rows: [any RowGenerator]
    /// Whether another page can be asked for. `false` stops the plugin until `reset()`.
    public var hasMore: Bool

    /// A page of `rows`; `hasMore` says whether the source has more.
    public init(rows: [any RowGenerator], hasMore: Bool) {
        self.rows = rows
        self.hasMore = hasMore
    }
}

/// Where a pagination plugin stands (Paging 3's load state): a value the list renders as its
/// status row, never a set of flags.
public enum PaginationState: Sendable, Equatable {
    /// Waiting for the edge to come into view; the source has more.
    case idle
    /// A page was asked for and has not arrived: the progress row is shown.
    case loading
    /// The last request failed (`message` is the error's description): the error row with Retry
    /// is shown until `retry()` or the row is activated.
    case failed(message: String)
    /// The source said it has nothing more: no request until `reset()`.
    case finished
}
