import CGtkDataDisplay
import GtkDataDisplay

/// A `GtkAboutDialog`: the About window of a GNOME app, with its name, version, logo, a short
/// description, its website, copyright, licence and credits.
///
///     try app.addAction("about") {
///         let about = AboutDialog()
///         about.programName = "Contacts"
///         about.version = "1.0"
///         about.logoIconName = "org.example.Contacts"
///         about.license = .mitX11
///         about.website = "https://example.org/contacts"
///         about.present(over: app.window)
///     }
///
/// Make a new one each time: presented, it belongs to GTK's list of windows until the user closes
/// it, and closing destroys it (nothing stays behind hidden).
@MainActor
public final class AboutDialog: WidgetWrapper {
    /// The licence an About dialog names (GTK shows a well-known licence's name and a link to its
    /// text).
    public enum License: Equatable, Sendable {
        /// None given.
        case unknown
        /// The MIT (X11) licence; AppStream's `MIT`.
        case mitX11
        /// The 2-clause BSD licence.
        case bsd
        /// The 3-clause BSD licence.
        case bsd3
        /// The Apache License 2.0.
        case apache2
        /// The Mozilla Public License 2.0.
        case mpl2
        /// The Artistic License 2.0.
        case artistic
        /// GNU GPL 2.0 or later.
        case gpl2OrLater
        /// GNU GPL 2.0 only.
        case gpl2Only
        /// GNU GPL 3.0 or later.
        case gpl3OrLater
        /// GNU GPL 3.0 only.
        case gpl3Only
        /// GNU LGPL 2.1 or later.
        case lgpl21OrLater
        /// GNU LGPL 2.1 only.
        case lgpl21Only
        /// GNU LGPL 3.0 or later.
        case lgpl3OrLater
        /// GNU LGPL 3.0 only.
        case lgpl3Only
        /// GNU AGPL 3.0 or later.
        case agpl3OrLater
        /// GNU AGPL 3.0 only.
        case agpl3Only
        /// A licence of your own: its text.
        case custom(String)

        static let table: [(License, GtkLicense)] = [
            (.unknown, GTK_LICENSE_UNKNOWN), (.mitX11, GTK_LICENSE_MIT_X11), (.bsd, GTK_LICENSE_BSD),
            (.bsd3, GTK_LICENSE_BSD_3), (.apache2, GTK_LICENSE_APACHE_2_0), (.mpl2, GTK_LICENSE_MPL_2_0),
            (.artistic, GTK_LICENSE_ARTISTIC), (.gpl2OrLater, GTK_LICENSE_GPL_2_0), (.gpl2Only, GTK_LICENSE_GPL_2_0_ONLY),
            (.gpl3OrLater, GTK_LICENSE_GPL_3_0), (.gpl3Only, GTK_LICENSE_GPL_3_0_ONLY),
            (.lgpl21OrLater, GTK_LICENSE_LGPL_2_1), (.lgpl21Only, GTK_LICENSE_LGPL_2_1_ONLY),
            (.lgpl3OrLater, GTK_LICENSE_LGPL_3_0), (.lgpl3Only, GTK_LICENSE_LGPL_3_0_ONLY),
            (.agpl3OrLater, GTK_LICENSE_AGPL_3_0), (.agpl3Only, GTK_LICENSE_AGPL_3_0_ONLY),
        ]
    }

    /// The `GtkAboutDialog` (`widget.pointer` for any `gtk_*` call).
    public let widget: OwnedWidget
    private var about: OpaquePointer { gdd_about_dialog(widget.raw) }

    /// An About dialog with nothing filled in (GTK shows the application's name as the program
    /// name until `programName` is set).
    public init() {
        widget = OwnedWidget(gtk_about_dialog_new())
    }

    /// The program's name, as a title.
    public var programName: String? {
        get { gtk_about_dialog_get_program_name(about).map { String(cString: $0) } }
        set { gtk_about_dialog_set_program_name(about, newValue) }
    }

    /// The version shown under the name ("1.2.0").
    public var version: String? {
        get { gtk_about_dialog_get_version(about).map { String(cString: $0) } }
        set { gtk_about_dialog_set_version(about, newValue) }
    }

    /// One or two sentences saying what the program does.
    public var comments: String? {
        get { gtk_about_dialog_get_comments(about).map { String(cString: $0) } }
        set { gtk_about_dialog_set_comments(about, newValue) }
    }

    /// The program's home page, shown as a link.
    public var website: String? {
        get { gtk_about_dialog_get_website(about).map { String(cString: $0) } }
        set { gtk_about_dialog_set_website(about, newValue) }
    }

    /// The link's text instead of the address ("Website", "Source code").
    public var websiteLabel: String? {
        get { gtk_about_dialog_get_website_label(about).map { String(cString: $0) } }
        set { gtk_about_dialog_set_website_label(about, newValue) }
    }

    /// The copyright line ("© 2026 The Contacts authors").
    public var copyright: String? {
        get { gtk_about_dialog_get_copyright(about).map { String(cString: $0) } }
        set { gtk_about_dialog_set_copyright(about, newValue) }
    }

    /// The licence: a well-known one by name, or `.custom` with its text.
    public var license: License {
        get {
            let type = gtk_about_dialog_get_license_type(about)
            if type == GTK_LICENSE_CUSTOM {
                return .custom(gtk_about_dialog_get_license(about).map { String(cString: $0) } ?? "")
            }
            return License.table.first { $0.1 == type }?.0 ?? .unknown
        }
        set {
            if case .custom(let text) = newValue {
                gtk_about_dialog_set_license(about, text)   // sets the type to custom
            } else {
                let type = License.table.first { $0.0 == newValue }?.1 ?? GTK_LICENSE_UNKNOWN
                gtk_about_dialog_set_license_type(about, type)
            }
        }
    }

    /// The people who wrote the program, one per entry ("Ada Lovelace <ada@example.org>"), shown
    /// under Credits.
    public var authors: [String] {
        get { [String](cStringArray: gtk_about_dialog_get_authors(about)) }
        set { newValue.withCStringArray { gtk_about_dialog_set_authors(about, $0) } }
    }

    /// The themed icon shown as the logo (the application's id, usually).
    public var logoIconName: String? {
        get { gtk_about_dialog_get_logo_icon_name(about).map { String(cString: $0) } }
        set { gtk_about_dialog_set_logo_icon_name(about, newValue) }
    }

    /// Shows the dialog, modal and centred over the window of `parent` (a `Window`, or any
    /// widget inside one), and destroyed with that window; with no parent, on its own. GTK's list
    /// of windows keeps it until it is closed: the `AboutDialog` value need not be kept.
    public func present(over parent: (any WidgetConvertible)? = nil) {
        let window = gdd_window(widget.raw)
        if let parent, let root = gtk_widget_get_root(parent.gtkWidget), gdd_is_window(UnsafeMutableRawPointer(root)) != 0 {
            gtk_window_set_transient_for(window, gdd_window(UnsafeMutableRawPointer(root)))
            gtk_window_set_modal(window, 1)
            gtk_window_set_destroy_with_parent(window, 1)
        }
        gtk_window_present(window)
    }

    /// Closes the dialog, as its close button does (which destroys it).
    public func close() {
        gtk_window_close(gdd_window(widget.raw))
    }
}
