// The self-test of the Files page, on a small folder tree it writes in a temporary folder:
// reading on expand, the search, the sort, selection through a search, the row menu, Reload and
// a folder that cannot be read, each checked against the page's real store.

import Foundation
import GtkDataDisplay
import GtkDataDisplayShell

/// The temporary tree the Files check reads:
///
///     alpha/  a-small.txt (10 B), b-big.bin (5,000 B), c-mid.dat (300 B), deep/needle.txt
///     beta/   note.txt
///     gone/   (removed once the root is read: it cannot be read when opened)
///     zeta.txt
struct FilesFixture {
    let root: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("gdd-files-check-\(getpid())").path
        try? FileManager.default.removeItem(atPath: root)
        for folder in ["alpha/deep", "beta", "gone"] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
        }
        for (file, size) in [("alpha/a-small.txt", 10), ("alpha/b-big.bin", 5_000), ("alpha/c-mid.dat", 300),
                             ("alpha/deep/needle.txt", 1), ("beta/note.txt", 4), ("zeta.txt", 2)] {
            try write(file, size: size)
        }
    }

    func write(_ file: String, size: Int) throws {
        try Data(repeating: 65, count: size).write(to: URL(fileURLWithPath: "\(root)/\(file)"))
    }

    func remove(_ name: String) { try? FileManager.default.removeItem(atPath: "\(root)/\(name)") }
}

@MainActor
struct FilesCheck {
    let page: FilesPage
    let fixture: FilesFixture
    let report: SelfTestReport

    /// The names of the entries shown, in store order, indented by depth ("  alpha"); "…loading"
    /// and "…error" for the library's own rows.
    private var shown: [String] {
        (0..<page.manager.store.count).compactMap { position in
            guard let generator = page.manager.store.generator(at: position) else { return nil }
            let indent = String(repeating: "  ", count: page.manager.depth(of: generator) ?? 0)
            if let entry = generator.fileEntry { return indent + (entry.path == fixture.root ? "/" : entry.name) }
            return indent + (String(describing: type(of: generator)).contains("Error") ? "…error" : "…loading")
        }
    }

    private func folder(_ name: String) -> FolderRow? {
        page.manager.flatGenerators.lazy.compactMap { $0 as? FolderRow }.first { $0.model.name == name }
    }

    private func row(_ name: String) -> (any RowGenerator)? {
        page.manager.flatGenerators.first { $0.fileEntry?.name == name }
    }

    /// Lets the main loop run until `condition` holds; false after 5 s.
    private func wait(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<250 {
            if condition() { return true }
            await settle(20)
        }
        return condition()
    }

    private func expand(_ name: String) async -> Bool {
        guard let folder = folder(name), (try? page.manager.expand(folder)) != nil else { return false }
        return await wait { folder.childLoading.map { $0.state != .loading } ?? true }
    }

    func run() async {
        func check(_ condition: Bool, _ what: @autoclosure () -> String) { report.check(condition, what()) }
        let rootRead = await wait { page.tree.read[fixture.root] != nil && !shown.contains { $0.hasSuffix("…loading") } }
        check(rootRead && shown == ["/", "  alpha", "  beta", "  gone", "  zeta.txt"],
              "files: the root opens read, folders first, then files, by name \(shown)")
        fixture.remove("gone")   // listed, then gone: opening it fails

        // Expanding a folder: the loading row, then its entries.
        if let alpha = folder("alpha") {
            try? page.manager.expand(alpha)
            check(shown == ["/", "  alpha", "    …loading", "  beta", "  gone", "  zeta.txt"] && alpha.childLoading?.state == .loading,
                  "files: expanding alpha shows the library’s loading row at once \(shown)")
            let done = await wait { alpha.childLoading?.state == .loaded }
            check(done && Array(shown[1...5]) == ["  alpha", "    deep", "    a-small.txt", "    b-big.bin", "    c-mid.dat"],
                  "files: then alpha’s entries, folders first, one level deeper \(shown)")
        } else {
            check(false, "files: alpha is shown")
        }
        check(await expand("deep") && shown.contains("      needle.txt"), "files: deep opens with needle.txt inside")
        await selfTestShot("files-expanded")

        // Sort by the Size header (GTK's column view sorter, as a click sets it): largest first
        // the second time, folders (no size) after every file; back by name.
        page.sort(by: "size", ascending: false)
        await settle(50)
        check(shown[1] == "  zeta.txt" && Array(shown[3...7]) == ["    b-big.bin", "    c-mid.dat", "    a-small.txt", "    deep", "      needle.txt"],
              "files: sorted by size within each folder, largest first: zeta.txt above the folders; in alpha b-big.bin (5 kB), c-mid.dat, a-small.txt, then deep \(shown)")
        check(page.adapter.sortColumn?.id == "size" && !page.adapter.sortsAscending && folder("deep")?.isExpanded == true,
              "files: the Size header sorts them; deep stays open")
        check(row("b-big.bin").flatMap { page.adapter.column(id: "size")?.cellText(for: $0) } == "5.0 kB",
              "files: the Size column gives b-big.bin’s size")
        page.sort(by: "name")
        await settle(50)
        check(Array(shown[2...6]) == ["    deep", "      needle.txt", "    a-small.txt", "    b-big.bin", "    c-mid.dat"], "files: sorted by name again \(shown)")

        // A search hides a selected file; clearing it brings the file back, selected.
        let rowsBefore = shown
        if let zeta = row("zeta.txt") { page.adapter.select(zeta) }
        page.search.search("needle")
        await settle(50)
        check(shown == ["/", "  alpha", "    deep", "      needle.txt"], "files: “needle” leaves the match and the folders that hold it \(shown)")
        check(page.adapter.selectedCount == 0, "files: the selected zeta.txt is hidden by the search")
        page.search.search("BET")
        await settle(50)
        check(shown == ["/", "  beta"], "files: a folder matches by its own name (case ignored), unread as it is \(shown)")
        page.search.search("")
        await settle(50)
        check(shown == rowsBefore, "files: clearing the search restores the whole tree as it was \(shown.count) rows")
        check(page.adapter.selectedGenerators.compactMap(\.fileEntry?.name) == ["zeta.txt"], "files: and zeta.txt is selected again")

        // The row menu: Copy Path.
        if let needle = row("needle.txt") {
            let actions = page.rowActions.actions(for: needle)
            check(actions.map(\.id) == ["copy-path", "properties"], "files: a file’s menu offers Copy Path and Show Properties")
            actions.first { $0.id == "copy-path" }?.didTrigger.invoke()
            check(Clipboard.localText == "\(fixture.root)/alpha/deep/needle.txt", "files: Copy Path puts the file’s full path on the clipboard")
        }

        // Reload: a file written since alpha was read shows once its menu's Reload ran.
        try? fixture.write("alpha/d-new.txt", size: 7)
        if let alpha = folder("alpha"), let reload = page.rowActions.actions(for: alpha).first(where: { $0.id == "reload" }) {
            reload.didTrigger.invoke()
            let reloaded = await wait { shown.contains("    d-new.txt") }
            check(reloaded && folder("alpha")?.isExpanded == true, "files: Reload reads alpha again: d-new.txt shows \(shown)")
        } else {
            check(false, "files: a folder’s menu offers Reload")
        }

        // A folder that cannot be read any more: the library's error row, with the reason.
        let failed = await expand("gone")
        let state = folder("gone")?.childLoading?.state
        if case .failed(let message)? = state {
            check(failed && message.contains("Cannot read gone") && shown.contains("    …error"),
                  "files: opening the removed folder shows the error row: \(message)")
        } else {
            check(false, "files: opening the removed folder fails (\(String(describing: state)))")
        }
        await selfTestShot("files-error")
        await checkKeys()
    }

    /// Real key presses through the X server (xdotool, when installed): Ctrl+F from the table
    /// focuses the search, and typing on the table finds a row by the start of its name.
    private func checkKeys() async {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool"), let beta = folder("beta") else {
            print("skip  files: keys (no /usr/bin/xdotool)")
            return
        }
        func press(_ arguments: String...) async {
            let xdotool = Process()
            xdotool.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            xdotool.arguments = arguments
            try? xdotool.run()
            xdotool.waitUntilExit()
            await settle(100)
        }
        _ = await expand("beta")
        let focused = page.adapter.focus(beta)
        await settle()
        await press("key", "--clearmodifiers", "ctrl+f")
        report.check(focused && page.search.hasFocus, "files: Ctrl+F on the list moves the focus to the search")
        page.search.search("")
        // The search re-rendered the tree: beta is a new row now.
        let refocused = folder("beta").map { page.adapter.focus($0) } ?? false
        await settle()
        await press("type", "--delay", "20", "no")
        let found = page.adapter.selectedGenerators.compactMap(\.fileEntry?.name)
        report.check(refocused && page.finder.isOpen && found == ["note.txt"] && page.search.text.isEmpty,
                     "files: typing on the table finds “no”: beta/note.txt is selected, nothing is searched \(found)")
        await press("key", "Escape")
        // The folding keys stay the table's: typing finds, but + and − on a folder fold it.
        if let alpha = folder("alpha") {
            try? page.manager.collapse(alpha)
            _ = page.adapter.focus(alpha)
            await settle()
            await press("key", "plus")
            let expanded = alpha.isExpanded
            await press("key", "minus")
            await settle(300)
            report.check(expanded && !alpha.isExpanded && page.search.text.isEmpty,
                         "files: + and − on a focused folder expand and collapse it; the search does not take them")
        }
    }
}
