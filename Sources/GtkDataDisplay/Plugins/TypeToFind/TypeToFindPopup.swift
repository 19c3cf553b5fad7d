import CGtkDataDisplay

/// The small entry type-to-find shows while the user types: a `GtkPopover` (style class
/// `gdd-type-to-find`) at the bottom of the view holding a `GtkEntry`. Up and Down in it ask for
/// the previous and next match; Return and Escape close it; it closes by itself after a pause.
@MainActor
final class TypeToFindPopup {
    let popover: UnsafeMutablePointer<GtkWidget>
    let entry: UnsafeMutablePointer<GtkWidget>
    /// The plugin's own reference on the popover (its parent holds another while parented).
    let reference: ObjectReference
    /// The text changed (typed, or deleted).
    var onChanged: ((String) -> Void)?
    /// Up (`-1`) or Down (`+1`) was pressed in the entry.
    var onStep: ((Int) -> Void)?
    /// The popover closed (Return, Escape, a click outside, the pause).
    var onClosed: (() -> Void)?
    private var pauseSource: guint = 0
    /// Seconds without typing after which the entry closes (0: it stays).
    var pause: Double = 5

    init() {
        popover = gtk_popover_new()
        reference = ObjectReference(sinking: untyped(popover))
        gtk_widget_add_css_class(popover, "gdd-type-to-find")
        gtk_popover_set_has_arrow(gdd_popover(untyped(popover)), 0)
        gtk_popover_set_position(gdd_popover(untyped(popover)), GTK_POS_TOP)
        entry = gtk_entry_new()
        AccessibleAttributes.setLabel(entry, "Find a row")
        gtk_popover_set_child(gdd_popover(untyped(popover)), entry)
        Signal.connect(untyped(entry), "changed") { [weak self] in
            guard let self else { return }
            self.restartPause()
            self.onChanged?(self.text)
        }
        Signal.connect(untyped(entry), "activate") { [weak self] in self?.close() }
        Signal.connect(untyped(popover), "closed") { [weak self] in
            guard let self else { return }
            self.stopPause()
            self.onClosed?()
        }
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signal.connect(untyped(keys), "key-pressed", key: { [weak self] keyval, _ in
            switch Int32(bitPattern: keyval) {
            case GDK_KEY_Up, GDK_KEY_KP_Up: self?.onStep?(-1); return true
            case GDK_KEY_Down, GDK_KEY_KP_Down: self?.onStep?(1); return true
            default: return false
            }
        })
        gtk_widget_add_controller(entry, keys)  // takes the controller
    }

    /// Whether the entry is shown.
    var isOpen: Bool { gtk_widget_get_visible(popover) != 0 }

    /// What the entry holds.
    var text: String {
        String(cString: gtk_editable_get_text(gdd_editable(untyped(entry))))
    }

    /// Shows the entry over the bottom of `view` (its parent) holding `text`, the cursor after it.
    func open(with text: String, over view: UnsafeMutablePointer<GtkWidget>) {
        var bottom = GdkRectangle(x: max(gtk_widget_get_width(view) - 12, 0), y: max(gtk_widget_get_height(view) - 4, 0),
                                  width: 1, height: 1)
        gtk_popover_set_pointing_to(gdd_popover(untyped(popover)), &bottom)
        gtk_popover_popup(gdd_popover(untyped(popover)))
        _ = gtk_widget_grab_focus(entry)
        text.withCString { gtk_editable_set_text(gdd_editable(untyped(entry)), $0) }
        gtk_editable_set_position(gdd_editable(untyped(entry)), -1)
    }

    /// Marks the text as matching a row or not (style class `error` when not).
    func showMatch(_ found: Bool) {
        if found { gtk_widget_remove_css_class(entry, "error") } else { gtk_widget_add_css_class(entry, "error") }
    }

    func close() {
        guard isOpen else { return }
        gtk_popover_popdown(gdd_popover(untyped(popover)))
    }

    private func restartPause() {
        stopPause()
        guard pause > 0 else { return }
        let box = Unmanaged.passRetained(WeakPopup(self)).toOpaque()
        pauseSource = g_timeout_add_full(G_PRIORITY_DEFAULT, guint(clamping: Int((pause * 1000).rounded())), { data in
            let popup = Unmanaged<WeakPopup>.fromOpaque(data!).takeUnretainedValue().popup
            MainActor.assumeIsolated {
                popup?.pauseSource = 0
                popup?.close()
            }
            return gdd_source_remove()
        }, box, { data in
            Unmanaged<WeakPopup>.fromOpaque(data!).release()
        })
    }

    private func stopPause() {
        if pauseSource != 0 { g_source_remove(pauseSource) }
        pauseSource = 0
    }

    isolated deinit {
        stopPause()
    }
}

/// The popup held weakly by its pause timer.
private final class WeakPopup {
    weak var popup: TypeToFindPopup?
    init(_ popup: TypeToFindPopup) { self.popup = popup }
}
