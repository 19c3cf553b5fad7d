import GtkDataDisplay
import GtkDataDisplayShell

/// The row of one contact: a GtkBuilder template with bindings (no code-built widgets).
let contactRowUI = """
<interface>
  <object class="GtkBox" id="row">
    <property name="spacing">12</property>
    <property name="margin-start">6</property>
    <property name="margin-end">6</property>
    <property name="margin-top">4</property>
    <property name="margin-bottom">4</property>
    <child><object class="GtkImage" id="icon"><property name="accessible-role">presentation</property><property name="pixel-size">32</property>
      <property name="icon-name">avatar-default-symbolic</property></object></child>
    <child>
      <object class="GtkBox">
        <property name="orientation">vertical</property>
        <property name="hexpand">true</property>
        <child><object class="GtkLabel" id="name"><property name="xalign">0</property></object></child>
        <child><object class="GtkLabel" id="email"><property name="xalign">0</property>
          <style><class name="dim-label"/></style></object></child>
      </object>
    </child>
    <child><object class="GtkToggleButton" id="star">
      <property name="icon-name">starred-symbolic</property>
      <property name="valign">center</property>
      <property name="tooltip-text">Favourite</property>
      <style><class name="flat"/></style></object></child>
  </object>
</interface>
"""

/// A section header: the letter.
final class LetterView: ConfigurableRowView {
    let label = Label(xalign: 0)
    var widget: OwnedWidget { label.widget }
    static func make() -> LetterView { LetterView() }
    func configure(with letter: String) { label.markup = "<b>\(letter)</b>" }
}

/// The Favourites group row.
final class GroupView: ConfigurableRowView {
    let label = Label(xalign: 0)
    var widget: OwnedWidget { label.widget }
    static func make() -> GroupView { GroupView() }
    func configure(with title: String) { label.markup = "<b>\(title)</b>" }
}
