/// An opt-in feature of a list or grid view adapter (RDDM's plugins): a view does only what its
/// plugins ask for. The same plugins serve both views (`GridViewPlugin` names this type too).
public struct ListViewPlugin: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case selectable(SelectionMode, deselectAfterSelect: Bool)
        case foldable
        case activation(singleClick: Bool)
    }
    let kind: Kind

    /// Rows can be selected (`.single` or `.multiple`); generators' `didSelectEvent` and
    /// `didDeselectEvent` fire. With `deselectAfterSelect`, every row is deselected right after it
    /// is selected (RDDM's `isNeedDeselect` for the whole list).
    public static func selectable(_ mode: SelectionMode = .single, deselectAfterSelect: Bool = false) -> ListViewPlugin {
        ListViewPlugin(kind: .selectable(mode, deselectAfterSelect: deselectAfterSelect))
    }

    /// Foldable rows show an expander and fold by click, activation and keyboard (Right/`+`,
    /// Left/`-`, `*`; in a grid, whose Left and Right move between tiles, `+`, `-`, `*`).
    public static func foldable() -> ListViewPlugin {
        ListViewPlugin(kind: .foldable)
    }

    /// Rows are activated by one click (default: double click or Enter).
    public static func activation(singleClick: Bool) -> ListViewPlugin {
        ListViewPlugin(kind: .activation(singleClick: singleClick))
    }
}

/// A grid view's plugins: the list view's (`.selectable`, `.foldable`, `.activation`).
public typealias GridViewPlugin = ListViewPlugin

/// What an adapter's plugins add up to.
struct PluginSet: Equatable {
    var selection: SelectionMode = .none
    var deselectAfterSelect = false
    var foldable = false
    var singleClickActivation = false

    init(_ plugins: [ListViewPlugin]) {
        for plugin in plugins {
            switch plugin.kind {
            case .selectable(let mode, let deselect):
                selection = mode
                deselectAfterSelect = deselect
            case .foldable:
                foldable = true
            case .activation(let singleClick):
                singleClickActivation = singleClick
            }
        }
    }
}
