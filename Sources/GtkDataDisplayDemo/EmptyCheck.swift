// The self-test of the Empty page: the placeholder stands while the inbox has no message, its
// Refresh button's event brings messages and hides it, and clearing the list brings it back.

import GtkDataDisplay
import GtkDataDisplayShell

@MainActor
struct EmptyCheck {
    let page: EmptyPage
    let report: SelfTestReport

    func run() async {
        func check(_ condition: Bool, _ what: @autoclosure () -> String) { report.check(condition, what()) }
        // The placeholder comes when the main loop is next idle (the empty-state plugin checks then).
        await settle(until: { page.empty.isShowingPlaceholder })
        check(page.manager.store.count == 0 && page.empty.isShowingPlaceholder,
              "empty: an inbox with no messages shows the placeholder")
        page.empty.actionActivated.invoke()          // what the placeholder's Refresh button fires
        await settle(until: { page.manager.store.count == 3 && !page.empty.isShowingPlaceholder })
        check(page.manager.store.count == 3, "empty: Refresh brought 3 messages (store has \(page.manager.store.count))")
        check(!page.empty.isShowingPlaceholder, "empty: the placeholder went when the messages came")
        page.archiveOldest()
        await settle()
        check(page.manager.store.count == 2, "empty: Archive removed one message")
        page.receive(1)
        await settle()
        let first = page.manager.store.generator(at: 0)?.diffID
        check(first == AnyHashable("message 4"), "empty: a received message lands at the top")
        page.clear()
        await settle(until: { page.empty.isShowingPlaceholder })
        check(page.manager.store.count == 0 && page.empty.isShowingPlaceholder,
              "empty: Clear brings the placeholder back")
    }
}
