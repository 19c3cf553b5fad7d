// The Box page's rows: a setting with a switch, a setting with a text entry, and a group title
// (section headers and the foldable "Advanced" row). Built from the library's widget helpers
// only: no C calls.

import GtkDataDisplay

/// What a switch row shows.
struct SwitchSetting: Equatable {
    var title: String
    var subtitle: String
    var isOn: Bool
}

/// A title over a dimmed subtitle, with a switch at the end.
@MainActor
final class SwitchRowView: ConfigurableRowView {
    private let title = Label(xalign: 0)
    private let subtitle = Label(xalign: 0, wrap: true)
    let toggle = Switch()
    private let box: Box
    /// Called when the user flips the switch.
    var onToggle: ((Bool) -> Void)?

    var widget: Widget { box.widget }

    static func make() -> SwitchRowView { SwitchRowView() }

    private init() {
        let text = Box(.vertical, spacing: 2, title, subtitle)
        text.hexpand = true
        text.valign = .center
        subtitle.addCSSClass("dim-label")
        box = Box(.horizontal, spacing: 12, text, toggle)
        toggle.onChanged { [weak self] isOn in self?.onToggle?(isOn) }
    }

    func configure(with model: SwitchSetting) {
        title.text = model.title
        subtitle.text = model.subtitle
        subtitle.isVisible = !model.subtitle.isEmpty
        toggle.isActive = model.isOn
    }

    func prepareForReuse() { onToggle = nil }
}

/// A switch setting. Flipping the switch, or clicking anywhere else on the row, changes `isOn`
/// and calls `onChange`.
@MainActor
final class SwitchSettingRow: BaseRowGenerator<SwitchRowView> {
    var onChange: (Bool) -> Void = { _ in }
    private weak var shown: SwitchRowView?

    override init<ID: Hashable>(model: SwitchSetting, id: ID) {
        super.init(model: model, id: id)
        didActivateEvent += { [weak self] in self?.flip() }
    }

    override var isSelectable: Bool { false }
    override var isActivatable: Bool { true }

    override func bind(_ view: any RowView) {
        super.bind(view)
        let view = view as! SwitchRowView
        shown = view
        view.onToggle = { [weak self] isOn in self?.changed(isOn) }
    }

    private func flip() {
        shown?.toggle.isActive = !model.isOn
        changed(!model.isOn)
    }

    private func changed(_ isOn: Bool) {
        guard isOn != model.isOn else { return }
        model.isOn = isOn
        onChange(isOn)
    }
}

/// What an entry row shows.
struct EntrySetting: Equatable {
    var title: String
    var text: String
    var placeholder: String
}

/// A title with a text entry at the end.
@MainActor
final class EntryRowView: ConfigurableRowView {
    private let title = Label(xalign: 0)
    let entry = TextEntry()
    private let box: Box
    /// Called when the user edits the text.
    var onEdit: ((String) -> Void)?

    var widget: Widget { box.widget }

    static func make() -> EntryRowView { EntryRowView() }

    private init() {
        title.hexpand = true
        box = Box(.horizontal, spacing: 12, title, entry)
        entry.onChanged { [weak self] text in self?.onEdit?(text) }
    }

    func configure(with model: EntrySetting) {
        title.text = model.title
        entry.placeholder = model.placeholder
        entry.text = model.text
    }

    func prepareForReuse() { onEdit = nil }
}

/// A text setting: edits change `model.text` and call `onChange`. Not activatable: a click on
/// the title does nothing (the entry takes its own clicks).
@MainActor
final class EntrySettingRow: BaseRowGenerator<EntryRowView> {
    var onChange: (String) -> Void = { _ in }

    override var isSelectable: Bool { false }
    override var isActivatable: Bool { false }

    override func bind(_ view: any RowView) {
        super.bind(view)
        (view as! EntryRowView).onEdit = { [weak self] text in
            self?.model.text = text
            self?.onChange(text)
        }
    }
}

/// A group's title: section headers, and the foldable "Advanced" row.
@MainActor
final class GroupTitleView: ConfigurableRowView {
    private let title = Label(xalign: 0)
    var widget: Widget { title.widget }

    static func make() -> GroupTitleView { GroupTitleView() }

    private init() { title.addCSSClass("gdd-title") }

    func configure(with model: String) { title.text = model }
}
