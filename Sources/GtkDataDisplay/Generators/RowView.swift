/// A row's view: a GTK widget and whatever the generator needs to fill it.
@MainActor
public protocol RowView: AnyObject {
    /// The root widget put into the list item.
    var widget: OwnedWidget { get }
}

/// A view that knows how to show one model value: the usual shape of a row (RDDM's ConfigurableItem).
@MainActor
public protocol ConfigurableRowView: RowView {
    /// What the view shows.
    associatedtype Model
    /// Builds a new view (called once per recycled widget of this kind).
    static func make() -> Self
    /// Shows `model`.
    func configure(with model: Model)
    /// Called before the view is given to another row. Default: nothing.
    func prepareForReuse()
}

extension ConfigurableRowView {
    /// Does nothing: a view whose `configure(with:)` sets everything it shows needs no reset.
    public func prepareForReuse() {}
}
