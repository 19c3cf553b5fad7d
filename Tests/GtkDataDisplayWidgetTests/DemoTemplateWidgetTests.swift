import CGtkDataDisplay
import Foundation
import GtkDataDisplay
@testable import GtkDataDisplayDemo
import GtkDataDisplayTesting
import XCTest

/// Where a template generator's `.ui` came from (rows and headers alike).
@MainActor
private protocol TemplateSourced {
    var templateSource: String { get }
}

extension TemplateRowGenerator: TemplateSourced {
    fileprivate var templateSource: String { template.sourceName }
}

extension TemplateSupplementaryGenerator: TemplateSourced {
    fileprivate var templateSource: String { template.sourceName }
}

/// The demo's rows are its `.ui` templates, loaded from its GResource bundle: every `ui/*.ui` of
/// the manifest is the template of a demo row kind, builds in a real `GtkBox` (a `BoxAdapter`) and
/// shows a model's text; the Box page's settings rows keep their switch and entry behaviour.
final class DemoTemplateWidgetTests: WidgetTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `ui/…` files the demo's GResource manifest lists.
    private func manifestTemplates() throws -> [String] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Resources/io.github.gtkdatadisplay.Demo.gresource.xml"), encoding: .utf8)
        let regex = try NSRegularExpression(pattern: #"<file>ui/([^<]+\.ui)</file>"#)
        return regex.matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest)).compactMap {
            Range($0.range(at: 1), in: manifest).map { String(manifest[$0]) }
        }
    }

    /// One row of each template with a model, and the texts its labels must show once bound.
    @MainActor
    private func samples() -> [(file: String, row: any RowGenerator, texts: [String])] {
        let contact = GtkDataDisplayDemo.Contact(id: 7, firstName: "Ada", lastName: "Lovelace", email: "ada@example.org", phone: "555 0100")
        return [
            ("badge-row.ui", BadgeRow(model: StockItem(icon: "starred-symbolic", name: "Cherry", caption: "Crates in stock", count: 12), id: "cherry"),
             ["Cherry", "Crates in stock", "12"]),
            ("contact-row.ui", ContactRow(template: ContactRowTemplate.make { _, _ in }, model: contact, id: 7),
             ["AL", "Ada Lovelace", "ada@example.org · 555 0100"]),
            ("favourites-group.ui", FavouritesGroup(model: 1_234, id: "favourites", children: [], expanded: false), ["Favourites", "1,234"]),
            ("file-row.ui", GtkDataDisplayDemo.FileRow(entry: FileEntry(name: "README", path: "/doc/README", isFolder: false, size: 2_150)), ["README"]),
            ("group-title.ui", GroupTitle.footer("Changes apply at once.", id: "note"), ["Changes apply at once."]),
            ("icon-tile.ui", IconTile(model: Icon(iconName: "user-home-symbolic", title: "Home"), id: "home"), ["Home"]),
            ("letter-header.ui", LetterHeader(model: LetterHeading(letter: "Q", count: 2_500), id: "letter Q"), ["Q", "2,500"]),
            ("parcel-row.ui", ParcelRow(model: Parcel(number: 9, weight: 40, anchor: "Parcel #3"), id: 9),
             ["Parcel #9", "weight 40 · placed after “Parcel #3”, not by weight"]),
            ("place-row.ui", PlaceLeaf(model: Place(name: "Lyon", kind: .city, detail: "City", isLeaf: true), id: "Europe/France/Lyon"), ["Lyon", "City"]),
            ("post-row.ui", PostRow(model: Post(id: 1_009, author: "Grace", text: "Keyboard first, mouse second."), id: 1_009),
             ["Grace  #1009", "Keyboard first, mouse second."]),
            ("section-header.ui", SectionHeader(model: "Vegetables", id: "vegetables"), ["Vegetables"]),
            ("stress-row.ui", StressItemRow(StressItem(id: 123_456, revision: 3)), ["Row 123,456", "revision 3"]),
            ("text-row.ui", TextRow(model: Produce(name: "Apple", note: "Crisp, sweet, red or green"), id: "apple"), ["Apple", "Crisp, sweet, red or green"]),
            ("tile-header.ui", TileHeader(model: "Devices", id: "header-Devices"), ["Devices"]),
        ]
    }

    /// The label texts of `widget` and its descendants, in tree order.
    private func labels(_ widget: OwnedWidget) -> [String] {
        let own = gdd_is_label(widget.raw) != 0 ? [String(cString: gtk_label_get_text(gdd_label(widget.raw)))] : []
        return own + WidgetTree.labels(in: widget.pointer)
    }

    func testEveryDemoRowTemplateInTheManifestBuildsFromTheBundleAndBindsAModel() async throws {
        XCTAssertTrue(DemoResources.register(), "the demo's resource bundle is next to the test binary")
        let files = try manifestTemplates()
        XCTAssertGreaterThanOrEqual(files.count, 14, "the manifest lists the demo's row templates")
        let samples = samples()
        XCTAssertEqual(samples.map(\.file).sorted(), files.sorted(), "every template of the manifest has a demo row kind here, and no other")

        let manager = BaseListManager()
        let adapter = BoxAdapter(manager: manager, orientation: .vertical, spacing: 0)
        let host = WindowHost(child: adapter.box)
        defer { host.destroy() }
        try manager.setState(samples.map { sample in
            if sample.row is any HeaderGenerator { return Section(header: sample.row) }
            if sample.row is any FooterGenerator { return Section(footer: sample.row) }
            return Section(rows: [sample.row])
        })
        host.settle()

        for sample in samples {
            let source = (sample.row as? any TemplateSourced)?.templateSource
            XCTAssertEqual(source, "resource:///io/github/gtkdatadisplay/Demo/ui/" + sample.file, "\(sample.file) is read from the bundle")
            guard let view = adapter.view(for: sample.row) else {
                XCTFail("\(sample.file): no view bound")
                continue
            }
            XCTAssertTrue(view.widget.isVisible, sample.file)
            let shown = labels(view.widget)
            for text in sample.texts {
                XCTAssertTrue(shown.contains(text), "\(sample.file) shows “\(text)” (labels: \(shown))")
            }
        }
        let parcel = try XCTUnwrap(adapter.view(for: samples.first { $0.file == "parcel-row.ui" }!.row))
        XCTAssertTrue(parcel.widget.hasCSSClass("parcel-row"))
        XCTAssertTrue(parcel.widget.hasCSSClass("by-anchor"), "a parcel placed by anchor is marked")
    }
}
