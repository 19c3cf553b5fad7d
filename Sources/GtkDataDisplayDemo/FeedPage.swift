import GtkDataDisplay
import GtkDataDisplayShell

/// The "Feed" page: a feed that grows at both ends from a simulated, slow and flaky source.
///
/// Scrolling to the bottom loads older posts (an `async throws` loader), to the top newer ones (a
/// callback loader); each shows a progress row while loading and an error row with Retry when
/// the source fails (every fourth request). The search field filters the posts; a filter that
/// matches nothing shows the empty state, whose button clears the filter.
@MainActor
final class FeedPage: DemoPage {
    let name = PageName.feed
    let title = "Feed"
    private(set) lazy var root: any WidgetConvertible = PageLayout.make(toolbar: makeToolbar(), list: adapter.widget, footer: footer)
    private let manager = BaseListManager()
    private let adapter: ListViewAdapter
    private let footer: StatusFooter
    private let source = FeedSource()
    private let feed = FeedModel()
    private let older: PaginationPlugin
    private let newer: PaginationPlugin
    private let empty: EmptyStatePlugin
    private let search = SearchEntry(placeholder: "Filter posts")

    init() {
        let (source, feed) = (source, feed)
        older = .pagination(edge: .bottom) {
            let posts = try await source.olderPosts()
            return PaginationPage(rows: feed.appendOlder(posts), hasMore: source.hasOlder)
        }
        newer = .pagination(edge: .top) { completion in
            source.newerPosts { result in
                completion(result.map { PaginationPage(rows: feed.prependNewer($0), hasMore: source.hasNewer) })
            }
        }
        empty = .emptyState(iconName: "edit-find-symbolic", title: "No posts match",
                            description: "Try another word.", actionLabel: "Clear filter")
        adapter = manager.listViewBuilder
            .add(plugin: .selectable(.single))
            .add(plugin: empty)
            .add(plugin: newer)
            .add(plugin: older)
            .build()
        footer = StatusFooter(adapter: adapter) { [feed] in
            "\(plural(feed.posts.count, "post")) loaded, \(feed.visibleCount) shown"
        }
        older.stateChanged += { [weak self] state in self?.report("Older posts", state) }
        newer.stateChanged += { [weak self] state in self?.report("Newer posts", state) }
        empty.actionActivated += { [weak self] in self?.search.search("") }
        search.onSearchChanged { [weak self] text in self?.filter(text) }
    }

    private func makeToolbar() -> Box {
        let toolbar = Toolbar.make([[
            ToolbarAction("_Refresh", "Forget every post and load the feed again") { [weak self] in self?.refresh() },
            ToolbarAction("Fail _next", "Make the next request fail, to see the error row and Retry") { [weak self] in
                self?.source.failNext = true
                self?.footer.show("The next request will fail")
            },
        ]], hint: "Scroll down for older posts, up for newer ones. A failed page shows Retry: click it, or reach it with the arrow keys and press Enter.")
        toolbar.prepend(search)
        return toolbar
    }

    private func report(_ subject: String, _ state: PaginationState) {
        let text = switch state {
        case .idle: "loaded"
        case .loading: "loading…"
        case .failed(let message): "failed: \(message)"
        case .finished: "all loaded"
        }
        footer.show("\(subject): \(text)")
    }

    private func filter(_ text: String) {
        feed.query = text
        empty.placeholder.title = "No posts match “\(text)”"
        footer.perform { () throws(DataDisplayError) in
            try manager.setState([Section(rows: feed.visibleRows())])
            return text.isEmpty ? "Filter cleared" : "Filter “\(text)”"
        }
    }

    private func refresh() {
        footer.perform { () throws(DataDisplayError) in
            feed.posts = []
            source.reset()
            try manager.setState([])
            older.reset()
            newer.reset()
            return "Refresh"
        }
    }
}

/// The posts loaded so far (newest first) and the filter: what the list shows.
@MainActor
final class FeedModel {
    var posts: [Post] = []
    var query = ""

    var visibleCount: Int { posts.lazy.filter(matches).count }

    /// Rows for the posts the filter lets through.
    func visibleRows() -> [any RowGenerator] { rows(for: posts) }

    /// Adds a page of older posts at the end; returns the rows the filter lets through.
    func appendOlder(_ page: [Post]) -> [any RowGenerator] {
        posts.append(contentsOf: page)
        return rows(for: page)
    }

    /// Adds a page of newer posts at the start; returns the rows the filter lets through.
    func prependNewer(_ page: [Post]) -> [any RowGenerator] {
        posts.insert(contentsOf: page, at: 0)
        return rows(for: page)
    }

    private func matches(_ post: Post) -> Bool {
        query.isEmpty || post.text.localizedCaseInsensitiveContains(query) || post.author.localizedCaseInsensitiveContains(query)
    }

    private func rows(for posts: [Post]) -> [any RowGenerator] {
        posts.filter(matches).map { PostRow(model: $0, id: $0.id) }
    }
}

/// A post: author and number over the text (`post-row.ui`).
final class PostRow: TemplateRowGenerator<Post> {
    init(model: Post, id: Int) {
        super.init(template: Self.template, model: model, id: id)
    }

    static let template: RowTemplate<Post> = DemoResources.template("post-row.ui") {
        $0.bind("author", .markup, to: { "<b>\($0.author)</b>  <small>#\($0.id)</small>" })
            .bind("text", .label, to: \.text)
    }
}
