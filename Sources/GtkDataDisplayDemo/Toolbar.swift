import GtkDataDisplay
import GtkDataDisplayShell

/// One toolbar button: what it says, what its tooltip explains, and what it does. An underscore
/// in the label marks its mnemonic: Alt and that letter press the button. Mnemonics must not be
/// digits, which switch pages (Alt+1…9).
@MainActor
struct ToolbarAction {
    let label: String
    let tooltip: String
    let run: @MainActor () -> Void

    init(_ label: String, _ tooltip: String, _ run: @escaping @MainActor () -> Void) {
        self.label = label
        self.tooltip = tooltip
        self.run = run
    }
}

/// Builds a page's toolbar: one line of buttons per row of actions, and an optional hint under
/// them (how to use the list itself, e.g. the folding keys).
@MainActor
enum Toolbar {
    static func make(_ rows: [[ToolbarAction]], hint: String? = nil) -> Box {
        let toolbar = Box(.vertical, spacing: 6)
        toolbar.addCSSClass("toolbar")
        for actions in rows {
            // Not homogeneous: equal widths would make every button as wide as the widest and
            // push the window wider. Expanding buttons share the spare width instead.
            let line = Box(.horizontal, spacing: 6)
            for action in actions {
                // The helper keeps the underscore out of what screen readers read ("_Add Add").
                let button = Button(mnemonic: action.label)
                button.tooltip = action.tooltip
                button.hexpand = true
                button.onClicked(action.run)
                line.append(button)  // the line keeps it
            }
            toolbar.append(line)
        }
        if let hint {
            // A hint is read, not skimmed: wrap it rather than cut it.
            let label = Label(hint, xalign: 0, wrap: true)
            label.addCSSClass("hint")
            toolbar.append(label)
        }
        return toolbar
    }
}
