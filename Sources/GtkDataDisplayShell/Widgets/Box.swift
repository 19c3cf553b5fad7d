import CGtkDataDisplay
import GtkDataDisplay

/// A `GtkBox`: children in a row or a column.
///
///     let text = Box(.vertical, spacing: 2, title, subtitle)
///     let row = Box(.horizontal, spacing: 12, avatar, text, star)
///     text.hexpand = true
@MainActor
public final class Box: WidgetWrapper {
    /// Which way children are laid out: side by side (`.horizontal`) or one above the other.
    public typealias Orientation = BoxAdapter.Orientation

    /// The `GtkBox` (`widget.pointer` for any `gtk_*` call).
    public let widget: OwnedWidget
    private var box: UnsafeMutablePointer<GtkBox> { gdd_box(widget.raw) }
    /// The Swift objects given as children (an adapter, a helper), kept while their widgets are in
    /// the box: GTK keeps the widgets, not the Swift side that drives them.
    private var owners: [UnsafeMutablePointer<GtkWidget>: AnyObject] = [:]

    /// A box laying out `children` (in order) with `spacing` pixels between them.
    public init(_ orientation: Orientation = .horizontal, spacing: Int = 0, _ children: any WidgetConvertible...) {
        widget = OwnedWidget(gtk_box_new(orientation == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL,
                                    Int32(clamping: spacing)))
        for child in children { append(child) }
    }

    /// Pixels between children.
    public var spacing: Int {
        get { Int(gtk_box_get_spacing(box)) }
        set { gtk_box_set_spacing(box, Int32(clamping: newValue)) }
    }

    /// Adds `child` at the end. The box keeps the child alive — its widget, and the Swift object
    /// given (an adapter: `Box(.vertical, header, listAdapter)` is all it needs); a child can be in
    /// one box at a time.
    @discardableResult
    public func append(_ child: any WidgetConvertible) -> Box {
        keep(child)
        gtk_box_append(box, child.gtkWidget)
        return self
    }

    /// Adds `child` at the start, before the children already there (kept alive as by `append`).
    @discardableResult
    public func prepend(_ child: any WidgetConvertible) -> Box {
        keep(child)
        gtk_box_prepend(box, child.gtkWidget)
        return self
    }

    /// Takes `child` out of the box (and lets go of its Swift object).
    public func remove(_ child: any WidgetConvertible) {
        let pointer = child.gtkWidget
        gtk_box_remove(box, pointer)
        owners[pointer] = nil
    }

    private func keep(_ child: any WidgetConvertible) {
        if type(of: child) is AnyClass { owners[child.gtkWidget] = child as AnyObject }
    }
}
