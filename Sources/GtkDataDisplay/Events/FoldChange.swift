/// One foldable row's new fold state, as the manager-wide `BaseListManager.didFold` reports it.
@MainActor
public struct FoldChange {
    /// What made the row fold.
    public enum Cause: Sendable, Equatable {
        /// The user, through a view: an expander click, activation, a folding key, an assistive
        /// technology's expand or collapse action.
        case user
        /// The app's code: `expand`, `collapse`, `toggle`, `expandSubtree`, `collapseSubtree`.
        case code
    }

    /// The row that folded.
    public let generator: any FoldableItem
    /// Whether it is expanded now.
    public let isExpanded: Bool
    /// Who folded it.
    public let cause: Cause
}
