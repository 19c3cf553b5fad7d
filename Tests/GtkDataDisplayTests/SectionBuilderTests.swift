import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// The declarative description of sections, accepted by any manager as a whole new state.
@MainActor
final class SectionBuilderTests: XCTestCase {
    func testIfElseAndForInsideSections() async throws {
        let manager = ManualListManager()
        let showExtra = true, compact = false
        let fruits = ["apple", "pear"]
        try manager.setState {
            Section(header: header("Fruits")) {
                for fruit in fruits { LabelRow(model: fruit, id: fruit) }
                if showExtra { LabelRow(model: "extra", id: "extra") }
            }
            if compact {
                Section { LabelRow(model: "compact", id: "compact") }
            } else {
                Section(header: header("Full"), footer: LabelFooter(model: "end", id: "end")) {
                    LabelRow(model: "full", id: "full")
                    rows("r1", "r2")
                }
            }
        }
        XCTAssertEqual(storeTexts(manager), ["#Fruits", "apple", "pear", "extra", "#Full", "full", "r1", "r2", "_end"])
    }

    func testRebuildingTheSameDescriptionEmitsNothing() async throws {
        let manager = BaseListManager()
        func describe() -> [Section] {
            [Section(header: header("H")) { rows("a", "b") }]
        }
        try manager.setState(describe())
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.setState { describe() }
        XCTAssertEqual(recorder.changes, [])
    }
}
