import CGtkDataDisplay
import GtkDataDisplay

/// A `GtkImage` showing a themed icon.
///
///     let avatar = Image(iconName: "avatar-default-symbolic", pixelSize: 32)
@MainActor
public final class Image: WidgetWrapper {
    /// The `GtkImage` (`widget.pointer` for any `gtk_*` call).
    public let widget: OwnedWidget
    private var image: OpaquePointer { gdd_image(widget.raw) }

    /// The helper over an existing `GtkImage` (a template's child, a plugin's part such as
    /// `EmptyStateView.actionButton`); it shares the widget, whose owner stays its owner too.
    public init(wrapping widget: OwnedWidget) {
        precondition(isInstance(widget.pointer, of: gtk_image_get_type()), "Image(wrapping:): the widget is no GtkImage")
        self.widget = widget
    }

    /// An image of the icon `iconName` (none when nil), `pixelSize` pixels square (the theme's
    /// default size when nil).
    public init(iconName: String? = nil, pixelSize: Int? = nil) {
        widget = OwnedWidget(gtk_image_new())
        self.iconName = iconName
        if let pixelSize { self.pixelSize = pixelSize }
    }

    /// The themed icon shown; nil clears the image.
    public var iconName: String? {
        get { gtk_image_get_icon_name(image).map { String(cString: $0) } }
        set {
            if let name = newValue { gtk_image_set_from_icon_name(image, name) } else { gtk_image_clear(image) }
        }
    }

    /// The icon's size in pixels (-1: the theme's default).
    public var pixelSize: Int {
        get { Int(gtk_image_get_pixel_size(image)) }
        set { gtk_image_set_pixel_size(image, Int32(clamping: newValue)) }
    }
}
