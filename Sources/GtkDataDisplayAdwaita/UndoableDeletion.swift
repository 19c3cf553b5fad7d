import CAdwDataDisplay
import CGtkDataDisplay
import GtkDataDisplay

/// Deletes rows with a way back, as GNOME apps do: the rows leave the manager at once, and a toast
/// ("“Lunch” deleted", Undo) shows over the content; Undo puts them back where they were (after the
/// same rows, or first under the same header), before the toast goes. An `AdwToastOverlay` around
/// the view: show this instead of the view.
///
///     let deletion = UndoableDeletion(content: inbox)          // window.child = deletion
///     deleteAction.didTrigger += { try? deletion.delete([message], from: manager, title: "Message deleted") }
///     deletion.undone += { rows in app.restore(rows) }          // the app's own data follows
///     deletion.committed += { rows in app.purge(rows) }
@MainActor
public final class UndoableDeletion: WidgetWrapper {
    /// The `AdwToastOverlay` holding the content.
    public let widget: OwnedWidget
    /// Fires with the rows put back by Undo.
    public let undone = Event<[any RowGenerator]>()
    /// Fires with the rows of a deletion whose toast went without Undo: deleted for good.
    public let committed = Event<[any RowGenerator]>()
    /// The content's Swift object (an adapter), kept while it is shown.
    private let content: AnyObject?

    /// An overlay showing `content` (an adapter, or any widget), for the toasts of its deletions.
    public init(content: any WidgetConvertible) {
        Adwaita.registerTypes()
        widget = OwnedWidget(adw_toast_overlay_new())
        adw_toast_overlay_set_child(gdd_adw_toast_overlay(widget.raw), UnsafeMutableRawPointer(content.gtkWidget).assumingMemoryBound(to: CAdwDataDisplay.GtkWidget.self))
        self.content = type(of: content) is AnyClass ? content as AnyObject : nil
    }

    /// Removes `generators` (top-level rows, with their shown children) from `manager` and shows a
    /// toast titled `title` with an Undo button for `seconds` (libadwaita's default: 5).
    /// - Throws: the manager's typed error when a row is not there (nothing is removed then).
    public func delete(_ generators: [any RowGenerator], from manager: BaseListManager, title: String,
                       undoLabel: String = "Undo", seconds: Int = 5) throws(DataDisplayError) {
        let places = DeletedRowPlaces(generators, in: manager.sections)
        try manager.remove(generators)
        guard let toast = adw_toast_new(title) else { return }
        adw_toast_set_button_label(toast, undoLabel)
        adw_toast_set_timeout(toast, guint(max(0, seconds)))
        let pending = PendingDeletion()
        Signal.connect(UnsafeMutableRawPointer(toast), "button-clicked") { [weak self, weak manager] in
            guard !pending.isSettled, let manager else { return }
            pending.isSettled = true
            if (try? places.restore(in: manager)) != nil { self?.undone.invoke(with: generators) }
        }
        Signal.connect(UnsafeMutableRawPointer(toast), "dismissed") { [weak self] in
            guard !pending.isSettled else { return }
            pending.isSettled = true
            self?.committed.invoke(with: generators)
        }
        adw_toast_overlay_add_toast(gdd_adw_toast_overlay(widget.raw), toast)  // takes the toast
    }
}

/// Whether a deletion's toast has been answered (Undo) or has gone.
@MainActor
private final class PendingDeletion {
    var isSettled = false
}
