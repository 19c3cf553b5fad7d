// Contacts: the scenario of issue 9 as app code, written from the README alone with no C.
//
// 5,000 contacts in letter sections, loaded a page at a time as the end of the list comes into
// view; a search entry filtering with setState; a foldable Favourites group; a star toggle in each
// template row; multi-select + Delete; favourites reordered; an async reload off the main thread.
//
//   gtk-data-display-contacts               opens the window
//   gtk-data-display-contacts --self-test   drives every feature, checks what the list shows, exits 0 or 1

import Foundation
import GtkDataDisplay
import GtkDataDisplayShell

let selfTest = CommandLine.arguments.contains("--self-test")
let app = Application(id: "org.gtkdatadisplay.Contacts", isUnique: false)
var screen: ContactsScreen?

app.onActivate { window in
    let contacts = ContactsScreen(book: ContactBook(count: 5_000))
    screen = contacts
    window.title = "Contacts"
    window.setDefaultSize(width: 520, height: 720)
    window.child = contacts.content
    window.present()
    if selfTest {
        Task { @MainActor in
            let failures = await ContactsSelfTest(screen: contacts).run()
            for failure in failures { print("FAILED: \(failure)") }
            print(failures.isEmpty ? "contacts self-test: all checks passed" : "contacts self-test: \(failures.count) failed")
            exitCode = failures.isEmpty ? 0 : 1
            app.quit()
        }
    }
}

nonisolated(unsafe) var exitCode: Int32 = 0
let status = app.run(arguments: [CommandLine.arguments[0]])
exit(status != 0 ? status : exitCode)
