// The Box page's rows: a setting with a switch (`switch-row.ui`), a setting with a text entry
// (`entry-row.ui`), and a group title (`group-title.ui`: section headers, the footer note and the
// foldable "Advanced" row). Row templates from the demo's resource bundle: no C calls.

import GtkDataDisplay
import GtkDataDisplayShell

/// What a switch row shows.
struct SwitchSetting: Equatable {
    var title: String
    var subtitle: String
    var isOn: Bool
}

/// A switch setting: a title over a dimmed subtitle, with a switch at the end. Flipping the
/// switch, or clicking anywhere else on the row, changes `isOn` and calls `onChange`.
@MainActor
final class SwitchSettingRow: TemplateRowGenerator<SwitchSetting> {
    var onChange: (Bool) -> Void = { _ in }

    init<ID: Hashable>(model: SwitchSetting, id: ID) {
        super.init(template: Self.template, model: model, id: id)
        didActivateEvent += { [weak self] in self?.flip() }
    }

    override var isSelectable: Bool { false }
    override var isActivatable: Bool { true }

    static let template: RowTemplate<SwitchSetting> = DemoResources.template("switch-row.ui") {
        $0.bind("title", .label, to: \.title)
            .bind("subtitle", .label, to: \.subtitle)
            .bind("subtitle", .visible, to: { !$0.subtitle.isEmpty })
            .bind("switch", .active, to: \.isOn)
            .onToggled("switch") { row, isOn in (row as? SwitchSettingRow)?.changed(isOn) }
    }

    /// A click on the row: the switch shown follows (the bind raises no handler), then `changed`.
    private func flip() {
        var flipped = model
        flipped.isOn.toggle()
        view?.configure(with: flipped)
        changed(flipped.isOn)
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

/// A text setting: a title with a text entry at the end. Edits change `model.text` and call
/// `onChange`. Not activatable: a click on the title does nothing (the entry takes its own clicks).
@MainActor
final class EntrySettingRow: TemplateRowGenerator<EntrySetting> {
    var onChange: (String) -> Void = { _ in }

    init<ID: Hashable>(model: EntrySetting, id: ID) {
        super.init(template: Self.template, model: model, id: id)
    }

    override var isSelectable: Bool { false }
    override var isActivatable: Bool { false }

    static let template: RowTemplate<EntrySetting> = DemoResources.template("entry-row.ui") {
        $0.bind("title", .label, to: \.title)
            .bind("entry", .property("placeholder-text"), to: \.placeholder)
            .bind("entry", .text, to: \.text)
            .onTextChanged("entry") { row, text in
                guard let row = row as? EntrySettingRow else { return }
                row.model.text = text
                row.onChange(text)
            }
    }
}

/// A group's title (`group-title.ui`), as a section header, a footer or the foldable "Advanced" row.
@MainActor
enum GroupTitle {
    static let template: RowTemplate<String> = DemoResources.template("group-title.ui") {
        $0.bind("row", .label, to: { $0 })
    }

    static func header(_ title: String, id: String) -> TemplateHeaderGenerator<String> {
        TemplateHeaderGenerator(template: template, model: title, id: id)
    }

    static func footer(_ title: String, id: String) -> TemplateFooterGenerator<String> {
        TemplateFooterGenerator(template: template, model: title, id: id)
    }

    static func foldable(_ title: String, id: String, children: [any RowGenerator], expanded: Bool) -> TemplateFoldableRowGenerator<String> {
        TemplateFoldableRowGenerator(template: template, model: title, id: id, children: children, expanded: expanded)
    }
}
