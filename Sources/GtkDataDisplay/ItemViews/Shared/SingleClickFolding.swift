import CGtkDataDisplay

/// One click on a foldable row folds it (`.foldable(onSingleClick: true)`; RDDM folds on tap).
///
/// A click gesture on the item view, in the capture phase, so it sees every click before the row
/// does, without claiming it: GTK still focuses and selects the row on release. A click on a
/// widget of the row that takes clicks itself (the expander, a button, a switch, an entry) is
/// left to it, so nothing folds twice; a click with Ctrl or Shift is a selection gesture, not a
/// fold. The second press of a double click makes GTK activate the row,
/// and activation folds too: the adapter asks `tookDoubleClick()` so that one double click folds
/// once (the first click), while Enter still folds.
@MainActor
final class SingleClickFolding {
    private weak var adapter: ListBaseAdapter?
    /// The row the current press started on (nil after the gesture stopped or was cancelled).
    private var pressedRow: Row? {
        get { pressed.row }
        set { pressed = LiveRow(newValue) }
    }
    private var pressed = LiveRow()
    /// Which release folds, and which activation does not (a double click's).
    private var rule = SingleClickFoldRule()

    init(adapter: ListBaseAdapter) {
        self.adapter = adapter
        let gesture = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(gdd_gesture_single(untyped(gesture)), guint(GDK_BUTTON_PRIMARY))
        gtk_event_controller_set_propagation_phase(gdd_event_controller(untyped(gesture)), GTK_PHASE_CAPTURE)
        let object = untyped(gesture)
        Signal.connect(object, "pressed", click: { [weak self] presses, x, y in
            self?.pressed(presses, x: x, y: y)
        })
        Signal.connect(object, "released", click: { [weak self] presses, x, y in
            self?.released(presses, x: x, y: y, modifiers: gtk_event_controller_get_current_event_state(gdd_event_controller(object)))
        })
        Signal.connect(object, "stopped") { [weak self] in self?.pressedRow = nil }
        Signal.connect(object, "cancel", pointer: { [weak self] _ in self?.pressedRow = nil })
        gtk_widget_add_controller(adapter.itemView, gdd_event_controller(untyped(gesture)))  // takes the gesture
    }

    private func pressed(_ presses: Int32, x: Double, y: Double) {
        // The expander and the row's own buttons, switches and entries keep their clicks.
        pressedRow = adapter?.hitsInteractiveWidget(atX: x, y: y) == true ? nil : adapter?.cell(atX: x, y: y)?.row
        guard rule.pressed(presses: presses) else { return }
        // GTK activates on this press, within this event; forget it once the event is handled.
        Idle.once { [weak self] in self?.rule.forgetDoubleClick() }
    }

    private func released(_ presses: Int32, x: Double, y: Double, modifiers: GdkModifierType) {
        defer { pressedRow = nil }
        guard let adapter, let row = pressedRow,
              SingleClickFoldRule.releaseFolds(presses: presses, modifiers: modifiers, pressedRow: row,
                                               releasedRow: adapter.cell(atX: x, y: y)?.row) else { return }
        adapter.toggleFold(of: row.generator)
    }

    /// Whether the activation under way comes from a double click (which folded on its first click).
    func tookDoubleClick() -> Bool {
        rule.tookDoubleClick()
    }
}
