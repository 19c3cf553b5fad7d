/// An opt-in feature of a list or grid view adapter (RDDM's plugins): a view does only what its
/// plugins ask for. The same plugins serve both views (`GridViewPlugin` names this type too).
public struct ListViewPlugin: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case selectable(SelectionMode, deselectAfterSelect: Bool, rubberBand: Bool)
        case foldable(singleClick: Bool)
        case activation(singleClick: Bool)
    }
    let kind: Kind

    /// Rows can be selected (`.single` or `.multiple`); generators' `didSelectEvent` and
    /// `didDeselectEvent` fire. With `deselectAfterSelect`, every row is deselected right after it
    /// is selected (RDDM's `isNeedDeselect` for the whole list). Ctrl+click toggles a row and
    /// Shift+click extends the selection in `.multiple` mode (GTK's own clicks); with `rubberBand`,
    /// a drag that starts between or on rows selects the rows it covers
    /// (`gtk_list_view_set_enable_rubberband`). Each change fires `selectionChanged` once.
    public static func selectable(_ mode: SelectionMode = .single, deselectAfterSelect: Bool = false,
                                  rubberBand: Bool = false) -> ListViewPlugin {
        ListViewPlugin(kind: .selectable(mode, deselectAfterSelect: deselectAfterSelect, rubberBand: rubberBand))
    }

    /// Foldable rows show an expander and fold by click, activation and keyboard (Right/`+`,
    /// Left/`-`, `*`; in a grid, whose Left and Right move between tiles, `+`, `-`, `*`).
    /// By default a click folds only on the expander, and activation (double click, Enter) folds
    /// the row; with `onSingleClick`, one click anywhere on a foldable row folds it (RDDM folds on
    /// tap) — a double click then folds once, not twice, and Enter still folds.
    public static func foldable(onSingleClick: Bool = false) -> ListViewPlugin {
        ListViewPlugin(kind: .foldable(singleClick: onSingleClick))
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
    var foldOnSingleClick = false
    var rubberBand = false
    var singleClickActivation = false

    init(_ plugins: [ListViewPlugin]) {
        for plugin in plugins {
            switch plugin.kind {
            case .selectable(let mode, let deselect, let band):
                selection = mode
                deselectAfterSelect = deselect
                rubberBand = band
            case .foldable(let singleClick):
                foldable = true
                foldOnSingleClick = singleClick
            case .activation(let singleClick):
                singleClickActivation = singleClick
            }
        }
    }
}
