@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// Where `scrollTo(_:at:)` puts a row, as arithmetic (no display needed), and the generators that
/// are told when they are shown.
@MainActor
final class ScrollAlignmentTests: XCTestCase {
    func testFirstCentreAndLastPlaceTheRowsTopEdge() async {
        XCTAssertEqual(ScrollAlignment.first.targetY(rowY: 300, height: 20, viewport: 600), 0)
        XCTAssertEqual(ScrollAlignment.center.targetY(rowY: 300, height: 20, viewport: 600), 290)
        XCTAssertEqual(ScrollAlignment.center.targetY(rowY: -40, height: 21, viewport: 600), 289, "whole pixels")
        XCTAssertEqual(ScrollAlignment.last.targetY(rowY: 300, height: 20, viewport: 600), 580)
    }

    func testNearestScrollsOnlyAsFarAsNeeded() async {
        XCTAssertEqual(ScrollAlignment.nearest.targetY(rowY: 100, height: 20, viewport: 600), 100, "on screen: stays")
        XCTAssertEqual(ScrollAlignment.nearest.targetY(rowY: -5, height: 20, viewport: 600), 0, "above: to the top")
        XCTAssertEqual(ScrollAlignment.nearest.targetY(rowY: 590, height: 20, viewport: 600), 580, "below: to the bottom")
        XCTAssertEqual(ScrollAlignment.nearest.targetY(rowY: 900, height: 800, viewport: 600), 0, "taller than the screen: its top")
    }

    func testHeadersAndFootersAreDisplayableItemsWithEventsOfTheirOwn() async {
        let header = LabelHeader(model: "H", id: "h")
        let footer = LabelFooter(model: "F", id: "f")
        let items: [any RowGenerator] = [header, footer]
        XCTAssertTrue(items.allSatisfy { $0 is DisplayableItem })
        var heard: [String] = []
        header.willDisplayEvent += { heard.append("header shown") }
        footer.didEndDisplayEvent += { heard.append("footer hidden") }
        (footer as DisplayableItem).willDisplayEvent.invoke()
        (header as DisplayableItem).willDisplayEvent.invoke()
        (footer as DisplayableItem).didEndDisplayEvent.invoke()
        XCTAssertEqual(heard, ["header shown", "footer hidden"])
    }
}
