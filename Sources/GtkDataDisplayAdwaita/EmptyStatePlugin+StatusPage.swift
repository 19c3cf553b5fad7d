import GtkDataDisplay

/// The empty state as libadwaita's status page.
extension AdapterPlugin where Self == EmptyStatePlugin {
    /// An empty state shown as libadwaita's status page (`StatusPageView`): a large icon, a title,
    /// a description and an optional pill button (its clicks fire `actionActivated`).
    ///
    ///     let inbox = manager.listViewBuilder
    ///         .add(plugin: .statusPage(iconName: "mail-unread-symbolic", title: "No Messages",
    ///                                  description: "New messages appear here.", actionLabel: "Refresh"))
    ///         .build()
    public static func statusPage(iconName: String? = nil, title: String, description: String? = nil,
                                  actionLabel: String? = nil, condition: EmptyStatePlugin.Condition = .noItems) -> EmptyStatePlugin {
        EmptyStatePlugin(placeholder: StatusPageView(iconName: iconName, title: title, description: description,
                                                     actionLabel: actionLabel),
                         condition: condition)
    }
}
