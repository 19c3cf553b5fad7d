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
    /// Whether `a` and `b` look the same in this view, so that a row going from one to the other
    /// needs no rebind. Default: `a == b` when `Model` is `Equatable` (decided where the view
    /// declares its conformance, or else when the models are compared), false otherwise.
    static func isContentEqual(_ a: Model, _ b: Model) -> Bool
    /// `isContentEqual(_:_:)` of the models at `a` and `b` (each a `Model`), read where they lie: a
    /// whole-state update asks it of every row it matches. Views do not implement it: its default,
    /// compiled with each view, reads both models without copying them through generic code.
    static func isContentEqual(modelAt a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool
}

extension ConfigurableRowView {
    /// Does nothing: a view whose `configure(with:)` sets everything it shows needs no reset.
    public func prepareForReuse() {}

    /// `==` when `Model` turns out to be `Equatable` (looked up once per model type), else false.
    /// The default of a view whose conformance does not know its `Model` to be `Equatable` (a view
    /// generic over its model).
    public static func isContentEqual(_ a: Model, _ b: Model) -> Bool {
        ModelEquality.equal(a, b)
    }

    /// Reads the models at `a` and `b` and compares them with `isContentEqual(_:_:)`.
    @inlinable
    public static func isContentEqual(modelAt a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        isContentEqual(a.assumingMemoryBound(to: Model.self).pointee, b.assumingMemoryBound(to: Model.self).pointee)
    }
}

extension ConfigurableRowView where Model: Equatable {
    /// `a == b`: the default of a view whose `Model` is `Equatable`.
    @inlinable
    public static func isContentEqual(_ a: Model, _ b: Model) -> Bool { a == b }
}
