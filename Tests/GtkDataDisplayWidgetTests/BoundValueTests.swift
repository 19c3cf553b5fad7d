import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// No value an app's model holds ends the program or makes GLib warn (the suite runs with
/// `G_DEBUG=fatal-warnings`, so a warning would stop it): a number beyond its property's range is
/// clamped into it, a NaN is not set, invalid markup shows as plain text, and each binding reports
/// its first misfit once (`Diagnostics.boundValueAdjusted`).
final class BoundValueTests: WidgetTestCase {
    struct Gauge: Sendable {
        var width: Int
        var duration: Int
        var level: Double
        var markup: String
    }

    static let ui = """
    <interface>
      <object class="GtkBox" id="row">
        <child><object class="GtkLabel" id="name"/></child>
        <child><object class="GtkProgressBar" id="bar"/></child>
        <child><object class="GtkRevealer" id="revealer"/></child>
      </object>
    </interface>
    """

    private func template() throws -> RowTemplate<Gauge> {
        try RowTemplate<Gauge>(string: Self.ui)
            .bind("name", .property("width-chars"), to: \.width)
            .bind("revealer", .property("transition-duration"), to: \.duration)
            .bind("bar", .property("fraction"), to: \.level)
            .bind("name", .markup, to: \.markup)
    }

    /// A view of `template` bound to each model in turn; returns the reports and the view.
    private func bind(_ template: RowTemplate<Gauge>, _ models: [Gauge]) throws -> ([BoundValueAdjustment], TemplateRowView<Gauge>) {
        var reports: [BoundValueAdjustment] = []
        Diagnostics.boundValueAdjusted += { reports.append($0) }
        defer { Diagnostics.boundValueAdjusted.clear() }
        let row = TemplateRowGenerator(template: template, model: models[0], id: 1)
        let view = try XCTUnwrap(row.makeView() as? TemplateRowView<Gauge>)
        for model in models {
            row.model = model
            row.bind(view)
        }
        return (reports, view)
    }

    private func widthChars(_ view: TemplateRowView<Gauge>) -> Int32 { gtk_label_get_width_chars(gdd_label(view.object("name")!)) }
    private func duration(_ view: TemplateRowView<Gauge>) -> UInt32 {
        gtk_revealer_get_transition_duration(OpaquePointer(view.object("revealer")!))
    }
    private func fraction(_ view: TemplateRowView<Gauge>) -> Double {
        gtk_progress_bar_get_fraction(OpaquePointer(view.object("bar")!))
    }

    func testNumbersBeyondAnIntPropertyAreClampedAndReportedOnce() async throws {
        let fine = Gauge(width: 10, duration: 100, level: 0.5, markup: "<b>ok</b>")
        var huge = fine
        huge.width = Int.max
        var negative = fine
        negative.width = -100
        let (reports, view) = try bind(try template(), [fine, huge, huge, negative])
        XCTAssertEqual(widthChars(view), -1, "-100 clamped to the property's minimum, -1")
        XCTAssertEqual(reports.count, 1, "one report for the binding, however often it misfits")
        XCTAssertEqual(reports.first?.binding, #".bind("name", .property("width-chars"))"#)
        XCTAssertTrue(reports.first?.problem.contains("9223372036854775807") == true, "\(reports)")
        let (_, again) = try bind(try template(), [huge])
        XCTAssertEqual(widthChars(again), Int32.max, "Int.max clamped to a gint's maximum")
    }

    func testANegativeNumberForAnUnsignedPropertyIsClampedToZero() async throws {
        let (reports, view) = try bind(try template(), [Gauge(width: 1, duration: -5, level: 0, markup: "")])
        XCTAssertEqual(duration(view), 0)
        XCTAssertEqual(reports.map(\.binding), [#".bind("revealer", .property("transition-duration"))"#])
    }

    func testANaNIsNotSetAndAFractionBeyondOneIsClamped() async throws {
        let (reports, view) = try bind(try template(), [Gauge(width: 1, duration: 0, level: 0.25, markup: ""),
                                                         Gauge(width: 1, duration: 0, level: .nan, markup: "")])
        XCTAssertEqual(fraction(view), 0.25, "NaN leaves the property as it was")
        XCTAssertEqual(reports.count, 1)
        XCTAssertTrue(reports.first?.problem.contains("NaN") == true, "\(reports)")
        let (_, clamped) = try bind(try template(), [Gauge(width: 1, duration: 0, level: 7.5, markup: "")])
        XCTAssertEqual(fraction(clamped), 1)
    }

    func testTextThatIsNoValidMarkupIsShownAsPlainText() async throws {
        let (reports, view) = try bind(try template(), [Gauge(width: 1, duration: 0, level: 0, markup: "Tom & Jerry <3")])
        XCTAssertEqual(String(cString: gtk_label_get_text(gdd_label(view.object("name")!))), "Tom & Jerry <3")
        XCTAssertEqual(reports.count, 1)
        XCTAssertTrue(reports.first?.description.contains(".markup") == true, "\(reports)")
    }

    /// 10,000 binds of random models (huge, negative and NaN numbers, strings with markup
    /// characters) checked against what clamping says each property must hold, then the same kind of
    /// models through a real list view; the suite's fatal-warnings mode catches any GLib warning.
    func testRandomModelsBindAsClampingSays() async throws {
        var rng = RandomizedRNG(seed: 0x6b6f_7465)
        func anyInt() -> Int {
            let edges = [Int.max, Int.min, -1, 0, Int(Int32.max) + 1, Int(UInt32.max) + 1, -100]
            return rng.chance(0.5) ? edges[rng.below(edges.count)] : rng.int(-1_000_000...1_000_000)
        }
        func anyDouble() -> Double {
            let edges: [Double] = [.nan, .infinity, -.infinity, -1, 0, 1, 2, -0.0]
            return rng.chance(0.5) ? edges[rng.below(edges.count)] : Double(rng.int(-1_000...1_000)) / 100
        }
        func anyText() -> String {
            let pieces = ["<b>", "</b>", "&", "&amp;", "<", ">", "é", "\u{1F600}", "plain", "<i>x</i>", "\"", "'", " "]
            return (0..<rng.int(0...6)).map { _ in pieces[rng.below(pieces.count)] }.joined()
        }
        Diagnostics.boundValueAdjusted += { _ in }
        defer { Diagnostics.boundValueAdjusted.clear() }
        let template = try template()
        let row = TemplateRowGenerator(template: template, model: Gauge(width: 0, duration: 0, level: 0, markup: ""), id: 0)
        let view = try XCTUnwrap(row.makeView() as? TemplateRowView<Gauge>)
        var shownFraction = 0.0
        var divergences = 0
        for _ in 0..<10_000 {
            let model = Gauge(width: anyInt(), duration: anyInt(), level: anyDouble(), markup: anyText())
            row.model = model
            row.bind(view)
            if !model.level.isNaN { shownFraction = min(max(model.level, 0), 1) }
            if widthChars(view) != Int32(clamping: max(model.width, -1)) { divergences += 1 }
            if duration(view) != UInt32(clamping: max(model.duration, 0)) { divergences += 1 }
            if fraction(view) != shownFraction { divergences += 1 }
        }
        XCTAssertEqual(divergences, 0)

        let manager = BaseListManager()
        let (adapter, host) = show(manager)
        defer { host.destroy() }
        for round in 0..<10 {
            let rows = (0..<60).map { id in
                TemplateRowGenerator(template: template, model: Gauge(width: anyInt(), duration: anyInt(), level: anyDouble(), markup: anyText()),
                                     id: id)
            }
            try manager.setState([Section(rows: rows)])
            host.settle()
            XCTAssertFalse(boundGenerators(adapter).isEmpty, "round \(round) shows rows")
        }
    }
}
