// The empty state: a placeholder shown instead of the rows while a manager has none.
//
// Whether the list is empty is checked once the main loop is idle after the store changed (at high
// idle priority, before GTK draws the next frame), never inside an update: a filter whose
// `setState` empties the list and another that fills it again within one turn of the main loop
// never shows the placeholder. A pagination plugin's progress or error row counts as a row, so a
// list whose first page is loading shows progress, not "empty".

import CGtkDataDisplay

/// Shows a placeholder (icon, title, description, optional action button) instead of the rows
/// while the manager has none, and the rows again as soon as they come.
///
///     let adapter = manager.listViewBuilder
///         .add(plugin: .emptyState(iconName: "mail-unread-symbolic", title: "No messages",
///                                  description: "New messages appear here.", actionLabel: "Refresh"))
///         .build()
///     adapter.plugin(EmptyStatePlugin.self)?.actionActivated += { reload() }
///
/// In a list or grid view the placeholder lies over the scrolled window in `adapter.widget`
/// (put the adapter, or `adapter.widget`, in your UI), and the scrolled window is hidden while it
/// shows. For a `BoxAdapter`, `install(on:)` puts the box in `container`: show that.
@MainActor
public final class EmptyStatePlugin: AdapterPlugin {
    /// What counts as empty.
    public enum Condition: Sendable, Equatable {
        /// No items at all: a section header alone is content.
        case noItems
        /// No rows: headers and footers alone count as empty.
        case noRows
    }

    /// The placeholder (its texts can change while shown): an `EmptyStateView` unless the plugin
    /// was made with another (`init(placeholder:condition:)`).
    public let placeholder: any EmptyStatePlaceholder
    /// Fires when the placeholder's action button is clicked.
    public let actionActivated = Event<Void>()
    /// Fires with `true` when the placeholder appears and `false` when the rows come back.
    public let visibilityChanged = Event<Bool>()
    /// What counts as empty.
    public var condition: Condition { didSet { monitor?.condition = condition } }
    /// Whether the placeholder is shown now.
    public private(set) var isShowingPlaceholder = false

    /// Says when the manager is empty (made by `install`).
    private var monitor: EmptyStateMonitor?
    /// The widget hidden while the placeholder shows (the scrolled window, or the box).
    private var content: ObjectReference?
    private var overlay: ObjectReference?

    /// A placeholder with a themed icon, a title, a description and, with `actionLabel`, a button
    /// whose clicks fire `actionActivated`.
    public convenience init(iconName: String? = nil, title: String, description: String? = nil, actionLabel: String? = nil,
                            condition: Condition = .noItems) {
        self.init(placeholder: EmptyStateView(iconName: iconName, title: title, description: description, actionLabel: actionLabel),
                  condition: condition)
    }

    /// Shows `placeholder` (a look of the app's own, such as GtkDataDisplayAdwaita's
    /// `StatusPageView`) while the manager is empty; its action button's clicks fire `actionActivated`.
    public init(placeholder: any EmptyStatePlaceholder, condition: Condition = .noItems) {
        self.placeholder = placeholder
        self.condition = condition
        Signal.connect(placeholder.actionButton.raw, "clicked") { [weak self] in self?.actionActivated.invoke() }
        gtk_widget_set_visible(placeholder.widget.pointer, 0)
    }

    /// Installs the placeholder over `adapter`'s scrolled window (in `adapter.widget`).
    public func install(on adapter: ListBaseAdapter) {
        attach(manager: adapter.manager, overlay: adapter.widget, content: adapter.scrolledWindow)
    }

    /// Installs the placeholder for a box adapter: `container` then holds the box and the
    /// placeholder; put `container` in your UI instead of the box.
    public func install(on box: BoxAdapter) {
        let overlay = InternalWidgetNames.makeOverlay()
        gtk_overlay_set_child(gdd_overlay(untyped(overlay)), box.box)
        attach(manager: box.manager, overlay: overlay, content: box.box)
    }

    /// The overlay holding the content and the placeholder (for a list or grid view: `adapter.widget`).
    public var container: UnsafeMutablePointer<GtkWidget>? {
        overlay.map { $0.pointer.assumingMemoryBound(to: GtkWidget.self) }
    }

    private func attach(manager: BaseListManager, overlay: UnsafeMutablePointer<GtkWidget>,
                        content: UnsafeMutablePointer<GtkWidget>) {
        precondition(monitor == nil, "an EmptyStatePlugin serves one view")
        self.overlay = ObjectReference(sinking: untyped(overlay))
        self.content = ObjectReference(retaining: untyped(content))
        let asOverlay = gdd_overlay(untyped(overlay))
        gtk_overlay_add_overlay(asOverlay, placeholder.gtkWidget)
        // The overlay is at least as large as the placeholder while the content is hidden.
        gtk_overlay_set_measure_overlay(asOverlay, placeholder.gtkWidget, 1)
        // Checked on the store's changes and on idle before the first frame: plugins installed
        // after this one (pagination asking for a first page) add their rows first.
        let monitor = EmptyStateMonitor(manager: manager, condition: condition)
        monitor.onChange = { [weak self] empty in self?.show(empty: empty) }
        self.monitor = monitor
    }

    /// Whether the manager shows nothing that counts as content.
    public var isEmpty: Bool { monitor?.isEmpty ?? false }

    /// Shows the placeholder (`empty`) or the rows, as the monitor's check found.
    private func show(empty: Bool) {
        guard empty != isShowingPlaceholder, let content else { return }
        isShowingPlaceholder = empty
        let rows = content.pointer.assumingMemoryBound(to: GtkWidget.self), page = placeholder.gtkWidget
        let (shown, hidden) = empty ? (page, rows) : (rows, page)
        // The focus in what goes (the action button just clicked, the rows' view) goes to what comes.
        let hadFocus = HiddenFocus.release(inside: hidden)
        gtk_widget_set_visible(hidden, 0)
        gtk_widget_set_visible(shown, 1)
        if hadFocus { _ = gtk_widget_child_focus(shown, GTK_DIR_TAB_FORWARD) }
        visibilityChanged.invoke(with: empty)
    }
}

extension AdapterPlugin where Self == EmptyStatePlugin {
    /// An empty state: a placeholder with a themed icon, a title, a description and an optional
    /// action button (its clicks fire `actionActivated`).
    public static func emptyState(iconName: String? = nil, title: String, description: String? = nil,
                                  actionLabel: String? = nil, condition: EmptyStatePlugin.Condition = .noItems) -> EmptyStatePlugin {
        EmptyStatePlugin(iconName: iconName, title: title, description: description,
                         actionLabel: actionLabel, condition: condition)
    }
}
