/// What an `EmptyStatePlugin` shows instead of the rows: the library's own `EmptyStateView`, or
/// another look with the same parts (GtkDataDisplayAdwaita's `StatusPageView`, an `AdwStatusPage`).
///
/// Its texts can change while it is shown. The plugin hides and shows `widget`, and fires its
/// `actionActivated` when `actionButton` is clicked.
@MainActor
public protocol EmptyStatePlaceholder: WidgetWrapper {
    /// The button whose clicks fire the plugin's `actionActivated` (hidden while `actionLabel` is nil).
    var actionButton: OwnedWidget { get }
    /// The themed icon shown above the title; nil shows none.
    var iconName: String? { get set }
    /// The title.
    var title: String { get set }
    /// The description under the title; empty shows none.
    var description: String { get set }
    /// The action button's label; nil hides the button.
    var actionLabel: String? { get set }
}
