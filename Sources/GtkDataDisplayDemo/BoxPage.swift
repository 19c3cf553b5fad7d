import GtkDataDisplay
import GtkDataDisplayShell

/// The "Box" page: a short settings page in a `GtkBox` (a `BoxAdapter`), not a list view. Every
/// row has a widget of its own for as long as it is shown, so switches and entries keep what the
/// user did; the manager's operations change the box in place.
///
/// "Sync" shows an email row right after it (`insert(_:after:)`) and hides it again (`remove`).
/// "Advanced" folds (click the row or its arrow); inside it, "Developer mode" adds a child row
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

    private let appearance = GroupTitle.header("Appearance", id: "appearance")
    private let account = GroupTitle.header("Account", id: "account")
    private var darkMode: SwitchSettingRow!
    private var largeText: SwitchSettingRow!
    private var userName: EntrySettingRow!
    private var sync: SwitchSettingRow!
    private var email: EntrySettingRow!
    private var advanced: TemplateFoldableRowGenerator<String>!
    private var developer: SwitchSettingRow!
    private var borders: SwitchSettingRow!
    private var proxy: EntrySettingRow!

    init() {
        adapter = BoxAdapter(manager: manager, orientation: .vertical, spacing: 0)
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
        page = Box(.vertical, spacing: 0, hint, adapter, resetButton, status)
        resetButton.onClicked { [weak self] in self?.reset() }
        adapter.didActivate += { [weak self] generator in
            if generator === self?.advanced { self?.report("Advanced \(self?.advanced.isExpanded == true ? "shown" : "hidden")") }
        }
        reset()
    }

    // MARK: State

    private func makeRows() {
        darkMode = SwitchSettingRow(model: SwitchSetting(title: "Dark style", subtitle: "Use dark colours in every window", isOn: false), id: "dark")
        largeText = SwitchSettingRow(model: SwitchSetting(title: "Large text", subtitle: "", isOn: false), id: "large")
        userName = EntrySettingRow(model: EntrySetting(title: "Name", text: "Ada Lovelace", placeholder: "Your name"), id: "name")
        sync = SwitchSettingRow(model: SwitchSetting(title: "Sync", subtitle: "Keep settings on every device", isOn: false), id: "sync")
        email = EntrySettingRow(model: EntrySetting(title: "Email", text: "", placeholder: "name@example.org"), id: "email")
        developer = SwitchSettingRow(model: SwitchSetting(title: "Developer mode", subtitle: "Show tools for app developers", isOn: false), id: "developer")
        borders = SwitchSettingRow(model: SwitchSetting(title: "Layout borders", subtitle: "Outline every widget", isOn: false), id: "borders")
        proxy = EntrySettingRow(model: EntrySetting(title: "Proxy", text: "", placeholder: "host:port"), id: "proxy")
        advanced = GroupTitle.foldable("Advanced", id: "advanced", children: [developer, proxy], expanded: false)
        for row in [darkMode, largeText, developer, borders] { row!.onChange = { [weak self] _ in self?.report(nil) } }
        sync.onChange = { [weak self] isOn in self?.syncChanged(isOn) }
        developer.onChange = { [weak self] isOn in self?.developerChanged(isOn) }
        for row in [userName, email, proxy] { row!.onChange = { [weak self] _ in self?.report(nil) } }
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
