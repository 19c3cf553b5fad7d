import GtkDataDisplay
import GtkDataDisplayAdwaita
import GtkDataDisplayShell

/// The "Box" page: a short settings page in a `GtkBox` (a `BoxAdapter`, shown as libadwaita's boxed
/// list), not a list view, of GtkDataDisplayAdwaita's switch, entry and expander rows. Every row has a widget of its own for as long as it is shown, so switches and entries keep what the
/// user did; the manager's operations change the box in place.
///
/// "Sync" shows an email row right after it (`insert(_:after:)`) and hides it again (`remove`).
/// "Advanced" (an expander row) folds on a click; inside it, "Developer mode" adds a child row
/// (`reloadChildren(of:)`). "Reset" puts the defaults back with one `setState`: rows keep their
/// widgets, and only the changed ones are rebound.
@MainActor
final class BoxPage: DemoPage {
    let name = PageName.box
    let title = "Box"
    var root: any WidgetConvertible { page }

    private let manager = BaseListManager()
    private let adapter: BoxAdapter
    private let page: Box
    private let status = Label(xalign: 0, wrap: true)

    private let appearance = GroupTitleGenerator(title: "Appearance", id: "appearance")
    private let account = GroupTitleGenerator(title: "Account", id: "account")
    private var darkMode: SwitchRowGenerator!
    private var largeText: SwitchRowGenerator!
    private var userName: EntryRowGenerator!
    private var sync: SwitchRowGenerator!
    private var email: EntryRowGenerator!
    private var advanced: ExpanderRowGenerator!
    private var developer: SwitchRowGenerator!
    private var borders: SwitchRowGenerator!
    private var proxy: EntryRowGenerator!

    init() {
        adapter = BoxAdapter(manager: manager, orientation: .vertical, spacing: 0).boxedList()
        adapter.accessibleName = "Settings"
        adapter.setMargins(12)
        let hint = Label("A settings page in a GtkBox: one widget per row, changed in place by the manager. "
                         + "Click a row to flip its switch; click “Advanced” to fold it.", xalign: 0, wrap: true)
        hint.addCSSClass("dim-label")
        hint.setMargins(12)
        let resetButton = Button(label: "Reset to defaults")
        resetButton.halign = .start
        resetButton.setMargins(12)
        status.setMargins(12)
        status.addCSSClass("dim-label")
        adapter.vexpand = true
        adapter.valign = .start   // the card ends with its last row
        page = Box(.vertical, spacing: 0, hint, adapter, resetButton, status)
        resetButton.onClicked { [weak self] in self?.reset() }
        reset()
    }

    // MARK: State

    private func makeRows() {
        darkMode = SwitchRowGenerator(title: "Dark style", subtitle: "Use dark colours in every window", isOn: false, id: "dark")
        largeText = SwitchRowGenerator(title: "Large text", isOn: false, id: "large")
        userName = EntryRowGenerator(title: "Name", text: "Ada Lovelace", id: "name")
        sync = SwitchRowGenerator(title: "Sync", subtitle: "Keep settings on every device", isOn: false, id: "sync")
        email = EntryRowGenerator(title: "Email", id: "email")
        developer = SwitchRowGenerator(title: "Developer mode", subtitle: "Show tools for app developers", isOn: false, id: "developer")
        borders = SwitchRowGenerator(title: "Layout borders", subtitle: "Outline every widget", isOn: false, id: "borders")
        proxy = EntryRowGenerator(title: "Proxy (host:port)", id: "proxy")
        advanced = ExpanderRowGenerator(title: "Advanced", subtitle: "Tools for app developers", id: "advanced",
                                        children: [developer, proxy], expanded: false)
        for row in [darkMode, largeText, borders] { row!.isOnChanged += { [weak self] _ in self?.report(nil) } }
        sync.isOnChanged += { [weak self] isOn in self?.syncChanged(isOn) }
        advanced.didFoldEvent += { [weak self] expanded in self?.report("Advanced \(expanded ? "shown" : "hidden")") }
        developer.isOnChanged += { [weak self] isOn in self?.developerChanged(isOn) }
        for row in [userName, email, proxy] { row!.textChanged += { [weak self] _ in self?.report(nil) } }
    }

    /// The defaults, as one whole-state update: rows that stay keep their widgets.
    private func reset() {
        let firstTime = darkMode == nil
        makeRows()
        do {
            try manager.setState {
                Section(header: appearance) { darkMode; largeText }
                Section(header: account, footer: GroupTitle.footer("Changes apply at once.", id: "note")) {
                    userName; sync; advanced
                }
            }
            report(firstTime ? "Ready" : "Defaults restored: \(adapter.statistics.rebinds) rows rebound, \(adapter.statistics.adoptions) views adopted")
        } catch {
            report("Reset failed: \(error)")
        }
        adapter.resetStatistics()
    }

    private func syncChanged(_ isOn: Bool) {
        do {
            if isOn { try manager.insert(email, after: sync) } else { try manager.remove(email) }
            report(isOn ? "Sync on: the email row came in (one splice)" : "Sync off: the email row left")
        } catch {
            report("\(error)")
        }
    }

    private func developerChanged(_ isOn: Bool) {
        advanced.children = isOn ? [developer, borders, proxy] : [developer, proxy]
        do {
            try manager.reloadChildren(of: advanced)
            report(isOn ? "Developer mode on: a child row came in" : "Developer mode off")
        } catch {
            report("\(error)")
        }
    }

    private func report(_ event: String?) {
        var parts = ["Dark \(darkMode.model.isOn ? "on" : "off")", "large text \(largeText.model.isOn ? "on" : "off")",
                     "name “\(userName.model.text)”", "sync \(sync.model.isOn ? "on" : "off")"]
        if sync.model.isOn { parts.append("email “\(email.model.text)”") }
        parts.append("developer \(developer.model.isOn ? "on" : "off")")
        if !proxy.model.text.isEmpty { parts.append("proxy \(proxy.model.text)") }
        status.text = (event.map { $0 + " — " } ?? "") + parts.joined(separator: " · ")
    }
}
