import Foundation
import GtkDataDisplay
import GtkDataDisplayShell

/// One post of the simulated feed.
struct Post: Equatable, Sendable {
    var id: Int
    var author: String
    var text: String
}

/// A simulated remote feed: pages of older posts (async, 0.4–0.9 s) and of newer posts (callback
/// style, through a GLib timeout), and every fourth request fails, as a flaky network does.
@MainActor
final class FeedSource {
    enum FeedError: Error, CustomStringConvertible {
        case timeout
        var description: String { "The server did not answer in time." }
    }

    static let pageSize = 12
    private static let authors = ["Ada", "Grace", "Linus", "Margaret", "Dennis", "Barbara", "Ken", "Frances"]
    private static let lines = [
        "Shipped the new list view today.", "Who else reads GTK's source for fun?",
        "Diffing a million rows in a few milliseconds.", "Coffee, then code review.",
        "Pagination that never stalls, finally.", "The empty state is a feature too.",
        "Writing tests that can actually fail.", "Keyboard first, mouse second.",
    ]

    private var oldest = 1000
    private var newest = 999
    private var olderPages = 0
    private var newerPages = 0
    private var requests = 0
    /// Whether the next request fails whatever the count says.
    var failNext = false

    /// Whether older posts remain (eight pages in all).
    var hasOlder: Bool { olderPages < 8 }
    /// Whether newer posts remain (three pages in all).
    var hasNewer: Bool { newerPages < 3 }

    /// Starts over with nothing loaded.
    func reset() {
        oldest = 1000
        newest = 999
        olderPages = 0
        newerPages = 0
    }

    /// The next page of older posts (newest first), after a simulated network delay.
    func olderPosts() async throws -> [Post] {
        try await Task.sleep(nanoseconds: UInt64.random(in: 400_000_000...900_000_000))
        try failSometimes()
        olderPages += 1
        let ids = (0..<Self.pageSize).map { oldest - 1 - $0 }
        oldest -= Self.pageSize
        return ids.map(Self.post)
    }

    /// The next page of newer posts (newest first), handed to `completion` after a delay.
    func newerPosts(_ completion: @escaping @MainActor (Result<[Post], any Error>) -> Void) {
        Timeout.once(milliseconds: Int.random(in: 500...1000)) { [weak self] in
            guard let self else { return }
            do {
                try self.failSometimes()
                self.newerPages += 1
                let ids = (1...Self.pageSize).map { self.newest + $0 }.reversed()
                self.newest += Self.pageSize
                completion(.success(ids.map(Self.post)))
            } catch {
                completion(.failure(error))
            }
        }
    }

    private func failSometimes() throws {
        requests += 1
        if failNext || requests % 4 == 0 {
            failNext = false
            throw FeedError.timeout
        }
    }

    private static func post(_ id: Int) -> Post {
        Post(id: id, author: authors[abs(id) % authors.count], text: lines[abs(id * 7) % lines.count])
    }
}
