import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Text rows with ids equal to their text, so whole-state updates can match them.
@MainActor
func rows(_ names: String...) -> [LabelRow] { names.map { LabelRow(model: $0, id: $0) } }

@MainActor
func header(_ name: String) -> LabelHeader { LabelHeader(model: name, id: "header:" + name) }

/// A generator of the app's own class, conforming to `RowGenerator` directly: none of the library's
/// generator classes' machinery (no row link, no key kept where the library reads it in place).
@MainActor
final class PlainRow: RowGenerator {
    let id: Int
    init(id: Int) { self.id = id }
    var reuseIdentifier: ReuseIdentifier { .of(LabelRowView.self) }
    var diffID: AnyHashable { AnyHashable(id) }
    func makeView() -> any RowView { LabelRowView.make() }
    func bind(_ view: any RowView) {}
}

/// A generator that may stand as a section's header and as its footer (it is both kinds), for
/// tests of one instance standing in two places.
@MainActor
final class HeaderOrFooter: BaseHeaderGenerator<LabelRowView>, FooterGenerator {}

/// The text of every generator in the real store, in order (headers prefixed with "#").
@MainActor
func storeTexts(_ manager: BaseListManager) -> [String] {
    manager.store.generators.map { g in
        if let h = g as? LabelHeader { return "#" + h.model }
        if let f = g as? LabelFooter { return "_" + f.model }
        if let r = g as? LabelRow { return r.model }
        if let c = g as? CounterRow { return "\(c.model)" }
        return "?"
    }
}

/// Asserts the store matches the manager's own flat list, by identity.
@MainActor
func assertStoreMatchesManager(_ manager: BaseListManager, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(manager.store.shows(manager.flatGenerators), "store differs from the manager's rows", file: file, line: line)
}
