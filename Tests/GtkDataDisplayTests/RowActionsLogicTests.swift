@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// A text row with its own context-menu actions.
@MainActor
final class ActionRow: BaseRowGenerator<LabelRowView>, RowActionsProviding {
    var rowActions: [RowAction] = []
}

/// Row actions without a view: which actions a row's menu gets (`RowActionsProviding` first, the
/// plugin's `actions:` closure otherwise), in order with their flags, and what choosing one fires,
/// through `trigger`, the entry point the menu's buttons call once the menu has closed.
@MainActor
final class RowActionsLogicTests: XCTestCase {
    private func ids(_ actions: [RowAction]) -> [String] { actions.map(\.id) }

    func testAProvidingGeneratorsActionsComeInItsOrderWithTheirFlags() async {
        let row = ActionRow(model: "a")
        row.rowActions = [
            RowAction(id: "open", label: "Open", icon: "document-open-symbolic"),
            RowAction(label: "Rename", isEnabled: false),
            RowAction(id: "delete", label: "Delete", icon: "user-trash-symbolic", isDestructive: true),
        ]
        let plugin = RowActionsPlugin()
        let actions = plugin.actions(for: row)
        XCTAssertEqual(ids(actions), ["open", "Rename", "delete"], "the label names an action without an id")
        XCTAssertEqual(actions.map(\.label), ["Open", "Rename", "Delete"])
        XCTAssertEqual(actions.map(\.iconName), ["document-open-symbolic", nil, "user-trash-symbolic"])
        XCTAssertEqual(actions.map(\.isEnabled), [true, false, true])
        XCTAssertEqual(actions.map(\.isDestructive), [false, false, true])
        XCTAssertTrue(actions.allSatisfy { a in row.rowActions.contains { $0 === a } }, "the generator's own objects")
    }

    func testTheMenuReadsTheGeneratorsActionsEachTimeItOpens() async {
        let row = ActionRow(model: "a")
        let plugin = RowActionsPlugin()
        XCTAssertEqual(ids(plugin.actions(for: row)), [], "no actions: no menu")
        row.rowActions = [RowAction(label: "Copy")]
        XCTAssertEqual(ids(plugin.actions(for: row)), ["Copy"])
        row.rowActions.insert(RowAction(label: "Cut"), at: 0)
        row.rowActions[1].isEnabled = false
        XCTAssertEqual(ids(plugin.actions(for: row)), ["Cut", "Copy"])
        XCTAssertEqual(plugin.actions(for: row).map(\.isEnabled), [true, false])
    }

    func testTheClosureServesGeneratorsThatDoNotProvideActions() async {
        var asked: [String] = []
        let plugin: RowActionsPlugin = .rowActions { generator in
            let text = (generator as? LabelRow)?.model ?? "?"
            asked.append(text)
            return text == "b" ? [] : [RowAction(id: "share-\(text)", label: "Share"), RowAction(id: "pin", label: "Pin")]
        }
        XCTAssertEqual(ids(plugin.actions(for: LabelRow(model: "a"))), ["share-a", "pin"])
        XCTAssertEqual(ids(plugin.actions(for: LabelRow(model: "b"))), [])
        XCTAssertEqual(asked, ["a", "b"])

        let own = ActionRow(model: "own")
        own.rowActions = [RowAction(id: "mine", label: "Mine")]
        XCTAssertEqual(ids(plugin.actions(for: own)), ["mine"], "a generator's own actions win over the closure")
        XCTAssertEqual(asked, ["a", "b"], "the closure is not asked for a providing generator")

        let bare = ActionRow(model: "bare")
        XCTAssertEqual(ids(plugin.actions(for: bare)), [], "a providing generator with none has no menu")
        XCTAssertEqual(ids(RowActionsPlugin().actions(for: LabelRow(model: "a"))), [], "no closure, no actions")
    }

    func testTriggeringFiresTheHandlerThenDidTriggerThenThePluginsEvent() async throws {
        let manager = BaseListManager()
        let target = ActionRow(model: "b")
        try manager.add([LabelRow(model: "a"), target])
        var log: [String] = []
        let delete = RowAction(id: "delete", label: "Delete", isDestructive: true) { log.append("handler") }
        delete.didTrigger += { log.append("didTrigger") }
        let keep = RowAction(id: "keep", label: "Keep") { log.append("keep") }
        target.rowActions = [keep, delete]
        let plugin = RowActionsPlugin()
        var triggers: [(ObjectIdentifier, String)] = []
        plugin.didTriggerAction += { trigger in
            log.append("plugin")
            triggers.append((ObjectIdentifier(trigger.generator), trigger.actionID))
            XCTAssertTrue(trigger.action === delete)
        }
        let row = try XCTUnwrap(manager.row(of: target))
        XCTAssertTrue(plugin.trigger(delete, of: target, shownBy: row, in: manager))
        XCTAssertEqual(log, ["handler", "didTrigger", "plugin"])
        XCTAssertEqual(triggers.map(\.0), [ObjectIdentifier(target)])
        XCTAssertEqual(triggers.map(\.1), ["delete"])
    }

    func testARowThatLeftTheManagerTakesNoAction() async throws {
        let manager = BaseListManager()
        let target = ActionRow(model: "b")
        let other = LabelRow(model: "a")
        try manager.add([other, target])
        var fired = 0
        let action = RowAction(label: "Go") { fired += 1 }
        let plugin = RowActionsPlugin()
        plugin.didTriggerAction += { _ in fired += 10 }
        // The menu keeps its row as a view does (`LiveRow`): once the row left, there is none to act on.
        let menuRow = LiveRow(try XCTUnwrap(manager.row(of: target)))
        try manager.remove(target)
        XCTAssertNil(menuRow.row)
        // Shown again, it is a new row: the old menu's row still does not count.
        try manager.add(target)
        XCTAssertNil(menuRow.row)
        // A row that does not show the generator takes no action for it.
        XCTAssertFalse(plugin.trigger(action, of: target, shownBy: try XCTUnwrap(manager.row(of: other)), in: manager))
        XCTAssertEqual(fired, 0)
        let newRow = try XCTUnwrap(manager.row(of: target))
        XCTAssertTrue(plugin.trigger(action, of: target, shownBy: newRow, in: manager))
        XCTAssertEqual(fired, 11)
    }

    func testAHandlerThatChangesTheManagerRunsAsAViewCallback() async throws {
        let manager = BaseListManager()
        let target = ActionRow(model: "b")
        try manager.add([LabelRow(model: "a"), target])
        let plugin = RowActionsPlugin()
        var failure: Error?
        let delete = RowAction(label: "Delete") {
            do { try manager.remove(target) } catch { failure = error }
        }
        let row = try XCTUnwrap(manager.row(of: target))
        plugin.trigger(delete, of: target, shownBy: row, in: manager)
        XCTAssertNil(failure)
        XCTAssertEqual(storeTexts(manager), ["a", "b"], "queued, as from any GTK callback")
        MainContext.drain()
        XCTAssertEqual(storeTexts(manager), ["a"])
        assertStoreMatchesManager(manager)
    }
}
