import GtkDataDisplay
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

/// A post of the README's pagination example.
private struct Post: Equatable {
    let id: Int
    let title: String
}

/// Shows a post's title.
@MainActor
private final class PostView: ConfigurableRowView {
    let label = Label()
    var widget: OwnedWidget { label.widget }
    static func make() -> PostView { PostView() }
    func configure(with post: Post) { label.text = post.title }
}

private typealias PostRow = BaseRowGenerator<PostView>

/// A feed API: one page of ten posts older than an id, then none.
@MainActor
private final class FeedAPI {
    var calls = 0
    func posts(before id: Int) async throws -> [Post] {
        calls += 1
        return calls > 1 ? [] : (1...10).map { Post(id: id - $0, title: "post \(id - $0)") }
    }
}

/// A chat client with a callback API: one page of 50 older messages, then a short one.
@MainActor
private final class ChatClient {
    var pages = 0
    func loadOlder(_ done: @escaping @MainActor (Result<[String], any Error>) -> Void) {
        pages += 1
        let count = pages == 1 ? 50 : 3
        done(.success((0..<count).map { "message \(pages)-\($0)" }))
    }
}

/// The README's pagination block, both forms (an inline async loader on the builder, and a
/// callback loader installed on an adapter), run for real: it is the README's code, so it must compile
/// as written and load its pages.
final class PaginationReadmeTests: WidgetTestCase {
    func testReadmePaginationForms() async throws {
        let manager = BaseListManager()
        let api = FeedAPI()
        let lastID = 100
        let client = ChatClient()
        let chatManager = BaseListManager()
        let chat = chatManager.listViewBuilder.build()
        func rows(for messages: [String]) -> [BaseRowGenerator<PostView>] {
            messages.map { PostRow(model: Post(id: $0.hashValue, title: $0), id: $0) }
        }
        var states: [PaginationState] = []

        // README:begin pagination
        let feed = manager.listViewBuilder
            .add(plugin: .pagination(edge: .bottom) {
                let posts = try await api.posts(before: lastID)
                return PaginationPage(rows: posts.map { PostRow(model: $0, id: $0.id) }, hasMore: !posts.isEmpty)
            })
            .build()

        // The same with a completion handler (call it once, on the main thread):
        let history = PaginationPlugin(edge: .top) { completion in
            client.loadOlder { result in completion(result.map { PaginationPage(rows: rows(for: $0), hasMore: $0.count == 50) }) }
        }
        chat.install(history)                          // or .add(plugin: history) on the builder
        history.stateChanged += { states.append($0) }  // .idle, .loading, .failed(message:), .finished
        // README:end pagination

        let feedHost = WindowHost(child: feed.scrolledWindow)
        defer { feedHost.destroy() }
        let chatHost = WindowHost(child: chat.scrolledWindow)
        defer { chatHost.destroy() }
        let plugin = try XCTUnwrap(feed.plugin(PaginationPlugin.self))
        for _ in 0..<500 where plugin.state != .finished || history.state != .finished {
            feedHost.settle()
            chatHost.settle()
            try await Task.sleep(for: .milliseconds(10))
        }
        // The feed: a page of 10 posts, then an empty one that finishes it.
        XCTAssertEqual(plugin.state, .finished)
        XCTAssertEqual(manager.flatGenerators.count, 10)
        XCTAssertEqual(api.calls, 2)
        XCTAssertEqual(history.state, .finished)
        XCTAssertEqual(client.pages, 2)
        // The chat: a full page of 50 (more may come), then a short one of 3 (the last).
        XCTAssertEqual(chatManager.flatGenerators.count, 53)
        XCTAssertEqual(states.last, .finished)
    }
}
