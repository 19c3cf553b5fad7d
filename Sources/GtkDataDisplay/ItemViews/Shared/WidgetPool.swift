/// Views waiting for a list item of their kind (UIKit's reuse queue).
///
/// GTK recycles list items across rows of every kind; a list item whose next row is of another
/// kind hands its view back here and takes one of the right kind. Views kept by one generator
/// (`ReuseIdentifier.unique`) never enter the pool.
@MainActor
struct WidgetPool {
    /// The most views kept per kind; more are freed.
    var capacityPerKind = 32
    private var views: [ReuseIdentifier: [any RowView]] = [:]

    /// Takes a view of `kind`, if one waits.
    mutating func take(_ kind: ReuseIdentifier) -> (any RowView)? {
        views[kind]?.popLast()
    }

    /// Gives back a view no list item shows any more.
    mutating func give(_ view: any RowView, kind: ReuseIdentifier) {
        guard kind.isPooled else { return }
        if views[kind, default: []].count < capacityPerKind { views[kind, default: []].append(view) }
    }

    /// Views waiting, over all kinds.
    var count: Int { views.values.reduce(0) { $0 + $1.count } }

    /// Frees every waiting view.
    mutating func removeAll() { views.removeAll() }
}
