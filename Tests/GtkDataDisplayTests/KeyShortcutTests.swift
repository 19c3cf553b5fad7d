import CGtk
import GtkDataDisplay
import XCTest

/// `KeyShortcut` parses GTK's accelerator syntax and matches key presses, without a display.
@MainActor
final class KeyShortcutTests: XCTestCase {
    func testParsesAKeyAndItsModifiers() async throws {
        let delete = try KeyShortcut("Delete")
        XCTAssertEqual(delete.keyval, UInt32(GDK_KEY_Delete))
        XCTAssertEqual(delete.modifiers, 0)
        let selectAll = try KeyShortcut("<Control>a")
        XCTAssertEqual(selectAll.keyval, UInt32(GDK_KEY_a))
        XCTAssertEqual(selectAll.modifiers, GDK_CONTROL_MASK.rawValue)
        XCTAssertEqual(selectAll.description, "<Control>a")
    }

    func testMatchesTheSameKeyWithTheSameModifiersOnly() async throws {
        let delete = try KeyShortcut("Delete")
        XCTAssertTrue(delete.matches(keyval: UInt32(GDK_KEY_Delete), modifiers: 0))
        // Caps Lock and mouse buttons held are not modifiers a shortcut cares about.
        XCTAssertTrue(delete.matches(keyval: UInt32(GDK_KEY_Delete), modifiers: GDK_LOCK_MASK.rawValue | GDK_BUTTON1_MASK.rawValue))
        XCTAssertFalse(delete.matches(keyval: UInt32(GDK_KEY_Delete), modifiers: GDK_SHIFT_MASK.rawValue))
        XCTAssertFalse(delete.matches(keyval: UInt32(GDK_KEY_BackSpace), modifiers: 0))
        let selectAll = try KeyShortcut("<Control>a")
        XCTAssertTrue(selectAll.matches(keyval: UInt32(GDK_KEY_A), modifiers: GDK_CONTROL_MASK.rawValue), "either case of a letter")
        XCTAssertFalse(selectAll.matches(keyval: UInt32(GDK_KEY_a), modifiers: 0))
        XCTAssertFalse(selectAll.matches(keyval: UInt32(GDK_KEY_a), modifiers: GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue))
    }

    func testTextGTKCannotReadIsATypedError() async throws {
        for text in ["", "<Control>", "NoSuchKey", "<Bogus>a"] {
            XCTAssertThrowsError(try KeyShortcut(text), text) { error in
                XCTAssertEqual(error as? KeyShortcutError, .invalidAccelerator(text))
            }
        }
    }
}
