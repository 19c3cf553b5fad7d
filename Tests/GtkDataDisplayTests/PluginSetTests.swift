@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// What a builder's value plugins add up to (`PluginSet`, which the adapter reads to set GTK's
/// selection model, rubber band, single-click activation and single-click folding): each kind
/// set by its plugin, the later plugin of a kind winning whole.
@MainActor
final class PluginSetTests: XCTestCase {
    /// The flags as one comparable line: selection, deselect, rubber band, foldable, fold on single click, single-click activation.
    private func flags(_ set: PluginSet) -> String {
        "\(set.selection) d\(set.deselectAfterSelect ? 1 : 0) rb\(set.rubberBand ? 1 : 0) "
            + "f\(set.foldable ? 1 : 0) f1\(set.foldOnSingleClick ? 1 : 0) a1\(set.singleClickActivation ? 1 : 0)"
    }

    private func flags<A>(_ builder: ListBaseBuilder<A>) -> String { flags(PluginSet(builder.plugins)) }

    func testNoPluginsIsAPlainView() async {
        XCTAssertEqual(flags(PluginSet([])), "none d0 rb0 f0 f10 a10")
    }

    func testMultipleSelectionWithAndWithoutRubberBand() async {
        let manager = BaseListManager()
        XCTAssertEqual(flags(manager.listViewBuilder.add(plugin: .selectable(.multiple))), "multiple d0 rb0 f0 f10 a10")
        XCTAssertEqual(flags(manager.listViewBuilder.add(plugin: .selectable(.multiple, rubberBand: true))),
                       "multiple d0 rb1 f0 f10 a10")
        XCTAssertEqual(flags(manager.gridViewBuilder.add(plugin: .selectable(.multiple, deselectAfterSelect: true, rubberBand: true))),
                       "multiple d1 rb1 f0 f10 a10")
        XCTAssertEqual(flags(manager.listViewBuilder.add(plugin: .selectable())), "single d0 rb0 f0 f10 a10")
    }

    func testTheLaterSelectablePluginWinsWhole() async {
        let manager = BaseListManager()
        let builder = manager.listViewBuilder
            .add(plugin: .selectable(.multiple, deselectAfterSelect: true, rubberBand: true))
            .add(plugin: .foldable())
            .add(plugin: .selectable(.single))
        XCTAssertEqual(builder.plugins.count, 3, "the builder keeps every plugin, in order")
        XCTAssertEqual(flags(builder), "single d0 rb0 f1 f10 a10", "the rubber band and deselect went with the first")
        XCTAssertEqual(flags(builder.add(plugin: .selectable(.multiple, rubberBand: true))), "multiple d0 rb1 f1 f10 a10")
        XCTAssertEqual(flags(builder), "single d0 rb0 f1 f10 a10", "adding returns a new builder")
    }

    func testSingleClickFoldingIsAFoldableOption() async {
        let manager = BaseListManager()
        XCTAssertEqual(flags(manager.listViewBuilder.add(plugin: .foldable())), "none d0 rb0 f1 f10 a10")
        XCTAssertEqual(flags(manager.listViewBuilder.add(plugin: .foldable(onSingleClick: true))), "none d0 rb0 f1 f11 a10")
        XCTAssertEqual(flags(manager.listViewBuilder.add(plugin: .foldable(onSingleClick: true)).add(plugin: .foldable())),
                       "none d0 rb0 f1 f10 a10", "the later foldable plugin wins")
        XCTAssertEqual(flags(manager.listViewBuilder.add(plugin: .foldable()).add(plugin: .foldable(onSingleClick: true))),
                       "none d0 rb0 f1 f11 a10")
    }

    func testActivationIsSeparateFromSingleClickFolding() async {
        let manager = BaseListManager()
        let builder = manager.listViewBuilder.add(plugin: .activation(singleClick: true)).add(plugin: .foldable())
        XCTAssertEqual(flags(builder), "none d0 rb0 f1 f10 a11")
        XCTAssertEqual(flags(builder.add(plugin: .activation(singleClick: false))), "none d0 rb0 f1 f10 a10")
    }

    func testPluginValuesCompareByWhatTheyAskFor() async {
        XCTAssertEqual(ListViewPlugin.selectable(.multiple, rubberBand: true), .selectable(.multiple, rubberBand: true))
        XCTAssertNotEqual(ListViewPlugin.selectable(.multiple, rubberBand: true), .selectable(.multiple))
        XCTAssertNotEqual(ListViewPlugin.foldable(onSingleClick: true), .foldable())
        XCTAssertEqual(ListViewPlugin.foldable(), .foldable(onSingleClick: false))
        XCTAssertEqual(GridViewPlugin.selectable(), ListViewPlugin.selectable(.single))
    }
}
