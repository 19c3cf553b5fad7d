extension PageName {
    /// One line about the page for `--help` ("" for a page without one).
    var summary: String { Self.summaries[self] ?? "" }

    /// A table rather than a switch, so a new page compiles without an entry.
    private static let summaries: [PageName: String] = [
        .base: "add, remove, update, shuffle, rebuild: each a diffed update",
        .manual: "every insert form, sections before/after/at, swap, replace, reload",
        .gravity: "rows of random weight land in order",
        .folding: "a three-level tree: expander, double click, Right/Left/+/-/*",
        .files: "a real folder tree read on demand: search, sort, multi-select, row menu",
        .grid: "icons as tiles in sections, with header tiles",
        .box: "a settings page in a GtkBox",
        .feed: "pagination at both ends from a slow, flaky source; search; the empty state",
        .empty: "an inbox with no messages: the empty-state placeholder, its Refresh button",
        .contacts: "5,000 contacts: search, favourites, multi-select + Delete, row menu, reorder",
        .stress: "1,000,000 rows: a button per benchmark mix, live bind and row counters",
    ]
}
