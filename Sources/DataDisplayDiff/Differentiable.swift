// What the diff needs from a row: a stable identity that says "this is the same row", and a content
// comparison that says "and it still looks the same". Matching uses the identity; the content decides
// between "untouched" and "updated in place".

/// Something that can be diffed: a stable identity plus a content comparison.
public protocol Differentiable {
    /// The identity type; two rows with equal ids are the same row (possibly with new content).
    associatedtype DiffID: Hashable

    /// The row's stable identity; unique within one list.
    var diffID: DiffID { get }

    /// Whether this row (from the new list) shows the same content as `source`, the row with the same id in the old list.
    func isContentEqual(to source: Self) -> Bool
}

extension Differentiable where Self: Hashable {
    /// A `Hashable` value is its own identity.
    @inlinable
    public var diffID: Self { self }
}

extension Differentiable where Self: Equatable {
    /// An `Equatable` value compares its content with `==`.
    @inlinable
    public func isContentEqual(to source: Self) -> Bool { self == source }
}
