import GtkDataDisplay

/// What a switch row shows: a title, a dimmed subtitle, and whether its switch is on.
public struct SwitchRowContent: Equatable, Sendable {
    /// The title (plain text).
    public var title: String
    /// The subtitle under the title (plain text); empty shows none.
    public var subtitle: String
    /// Whether the switch is on.
    public var isOn: Bool

    /// A switch row's content.
    public init(title: String, subtitle: String = "", isOn: Bool) {
        self.title = title
        self.subtitle = subtitle
        self.isOn = isOn
    }
}

/// A setting with a switch, as GNOME's settings pages show one: an `AdwActionRow` with a `GtkSwitch`
/// at its end (libadwaita 1.4's `AdwSwitchRow` in look, on 1.2). Flipping the switch, or activating
/// the row (a click anywhere on it, Enter on the focused row), changes `model.isOn` and fires
/// `isOnChanged`; setting the model from code (and `manager.update(row)`) shows it without firing.
///
///     let wifi = SwitchRowGenerator(title: "Wi-Fi", isOn: settings.wifi, id: "wifi")
///     wifi.isOnChanged += { settings.wifi = $0 }
@MainActor
open class SwitchRowGenerator: AdwaitaRowGenerator<SwitchRowContent> {
    /// Fires with the new state each time the user flips the switch.
    public let isOnChanged = Event<Bool>()

    /// A row showing `content`, matched across updates by `id`.
    public init<ID: Hashable>(_ content: SwitchRowContent, id: ID) {
        super.init(template: Self.template, model: content, id: id)
        didActivateEvent += { [weak self] in self?.flip() }
    }

    /// A row with these texts and state, matched across updates by `id`.
    public convenience init<ID: Hashable>(title: String, subtitle: String = "", isOn: Bool, id: ID) {
        self.init(SwitchRowContent(title: title, subtitle: subtitle, isOn: isOn), id: id)
    }

    /// A switch row is activated (flipped), not selected.
    open override var isSelectable: Bool { false }
    /// Activating the row flips the switch.
    open override var isActivatable: Bool { true }

    /// The template (its ids: `row`, `switch`; the switch is the row's activatable widget).
    public static let template: RowTemplate<SwitchRowContent> = AdwaitaTemplates.make(SwitchRowContent.self, """
        <object class="AdwActionRow" id="row">
          <property name="use-markup">false</property>
          <property name="focusable">false</property>
          <property name="can-focus">false</property>
          <property name="activatable-widget">switch</property>
          <child><object class="GtkSwitch" id="switch"><property name="valign">center</property></object></child>
        </object>
        """) {
        $0.bind("row", .property("title"), to: \.title)
            .bind("row", .property("subtitle"), to: \.subtitle)
            .bind("switch", .active, to: \.isOn)
            .onToggled("switch") { row, isOn in (row as? SwitchRowGenerator)?.changed(isOn) }
            .accessibleLabel { AdwaitaTemplates.accessibleName(title: $0.title, subtitle: $0.subtitle) }
    }

    /// A click on the row: the switch shown follows (a bind fires nothing), then `changed`.
    private func flip() {
        var flipped = model
        flipped.isOn.toggle()
        view?.configure(with: flipped)
        changed(flipped.isOn)
    }

    private func changed(_ isOn: Bool) {
        guard isOn != model.isOn else { return }
        model.isOn = isOn
        isOnChanged.invoke(with: isOn)
    }
}
