import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// The box example proposed for the README (/work/notes/box-readme.md), with the test suite's
/// label view for the README's `TitleView`, checked against the real box.
final class BoxReadmeSnippetTests: WidgetTestCase {
    private typealias TitleView = LabelRowView

    func testTheReadmeBoxExampleDoesWhatItSays() async throws {
        let manager = BaseListManager()
        let general = BaseHeaderGenerator<TitleView>(model: "General", id: "general")
        let wifi = BaseRowGenerator<TitleView>(model: "Wi-Fi", id: "wifi")
        let advanced = FoldableRowGenerator<TitleView>(model: "Advanced", id: "advanced",
                                                       children: [BaseRowGenerator<TitleView>(model: "Proxy", id: "proxy")])
        try manager.addSection(header: general, rows: [wifi, advanced])

        let settings = BoxAdapter(manager: manager, orientation: .vertical, spacing: 0)
        var clicked: [AnyHashable] = []
        settings.didActivate += { generator in clicked.append(generator.diffID) }
        let host = WindowHost(child: settings.gtkWidget)
        defer { host.destroy() }
        let wifiWidget = settings.rowWidget(for: wifi)
        let wifiView = settings.view(for: wifi)

        try manager.insert(BaseRowGenerator<TitleView>(model: "Bluetooth", id: "bt"), after: wifi)
        XCTAssertEqual(settings.statistics.viewsCreated, 4, "three rows, then one new widget")
        try manager.move(wifi, after: advanced)
        XCTAssertEqual(settings.rowWidget(for: wifi), wifiWidget, "the same widget, reordered")
        XCTAssertEqual(settings.statistics.reorders, 1)
        wifi.model = "Wireless"
        try manager.update(wifi)
        XCTAssertTrue(settings.view(for: wifi) === wifiView, "rebound in its own view")
        XCTAssertEqual((wifiView as? LabelRowView)?.text, "Wireless")
        BoxChecks.assertMatches(settings)
        XCTAssertEqual(settings.rowWidgets.compactMap(BoxChecks.shownText), ["General", "Bluetooth", "Advanced", "Wireless"])
    }
}
