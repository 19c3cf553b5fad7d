import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// `Signal.connect` is safe for any signal: a NULL pointer argument arrives as nil, a handler lives
/// exactly as long as its connection, and a closure of the wrong shape or an unknown signal name
/// stops the program at the connect call with a message naming the signal.
@MainActor
final class SignalTests: XCTestCase {
    func testActivateWithoutParameterReachesHandlerAsNil() async throws {
        let action = Action(parameter: nil)
        var received: [UnsafeMutableRawPointer?] = []
        Signal.connect(action.raw, "activate", pointer: { received.append($0) })
        g_action_activate(action.action, nil)
        XCTAssertEqual(received.count, 1)
        XCTAssertNil(received.first ?? nil)
    }

    func testActivateWithParameterArrivesNonNil() async throws {
        let action = Action(parameter: "u")
        var values: [UInt32] = []
        Signal.connect(action.raw, "activate", pointer: { parameter in
            guard let parameter else { return XCTFail("parameter arrived as nil") }
            values.append(g_variant_get_uint32(OpaquePointer(parameter)))
        })
        g_action_activate(action.action, g_variant_new_uint32(7))  // consumes the floating variant
        XCTAssertEqual(values, [7])
    }

    func testHandlerIsReleasedWhenInstanceIsFinalized() async throws {
        let counter = DeinitCounter()
        var action: Action? = Action(parameter: nil)
        do {
            let box = CountedBox(counter)
            Signal.connect(action!.raw, "activate", pointer: { _ in _ = box })
        }
        XCTAssertEqual(counter.deinits, 0, "the connection keeps its handler")
        action = nil  // the last reference: the action is finalized
        XCTAssertEqual(counter.deinits, 1)
    }

    func testHandlerIsReleasedWhenDisconnected() async throws {
        let counter = DeinitCounter()
        let action = Action(parameter: nil)
        var handlerID: UInt = 0
        do {
            let box = CountedBox(counter)
            handlerID = Signal.connect(action.raw, "activate", pointer: { _ in _ = box })
        }
        Signal.disconnect(action.raw, handlerID)
        XCTAssertEqual(counter.deinits, 1)
    }

    func testDetailedSignalNameConnects() async throws {
        let action = Action(parameter: nil)
        var notified: [String] = []
        Signal.connect(action.raw, "notify::enabled", pointer: { spec in
            guard let spec else { return XCTFail("GParamSpec arrived as nil") }
            notified.append(String(cString: spec.assumingMemoryBound(to: GParamSpec.self).pointee.name))
        })
        g_simple_action_set_enabled(action.pointer, 0)
        XCTAssertEqual(notified, ["enabled"])
    }

    func testWrongShapeIsRejectedAtConnect() async throws {
        let outcome = try ChildProcess.run(Self.self, "testChildConnectsWrongShape")
        XCTAssertTrue(outcome.failed, outcome.output)
        XCTAssertTrue(outcome.output.contains("""
            Signal.connect: GSimpleAction's signal "activate" is (GVariant) -> void, but the handler given is \
            position: (UInt32) -> Void, which reads (guint) -> void; connect it with a pointer: \
            (UnsafeMutableRawPointer?) -> Void closure
            """), outcome.output)
    }

    func testChildConnectsWrongShape() async throws {
        try ChildProcess.skipUnlessChild()
        let action = Action(parameter: nil)
        Signal.connect(action.raw, "activate", position: { _ in })
        XCTFail("connect accepted a closure of the wrong shape")
    }

    func testUnknownSignalIsRejectedAtConnect() async throws {
        let outcome = try ChildProcess.run(Self.self, "testChildConnectsUnknownSignal")
        XCTAssertTrue(outcome.failed, outcome.output)
        XCTAssertTrue(outcome.output.contains(#"Signal.connect: GSimpleAction has no signal "clicked""#), outcome.output)
    }

    func testChildConnectsUnknownSignal() async throws {
        try ChildProcess.skipUnlessChild()
        let action = Action(parameter: nil)
        Signal.connect(action.raw, "clicked") {}
        XCTFail("connect accepted an unknown signal")
    }
}

/// A GSimpleAction owned by the test (no display needed).
private final class Action {
    let pointer: OpaquePointer

    /// `parameter` is a GVariant type string ("u"), or nil for an action without a parameter.
    init(parameter: String?) {
        let type: OpaquePointer? = parameter.flatMap { g_variant_type_new($0) }
        pointer = g_simple_action_new("go", type)
        if let type { g_variant_type_free(type) }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }
    var action: OpaquePointer { gdd_action(raw) }
}

private final class DeinitCounter {
    var deinits = 0
}

/// Counts its own deinit: what a handler's closure captures is released with the handler's box.
private final class CountedBox {
    let counter: DeinitCounter
    init(_ counter: DeinitCounter) { self.counter = counter }
    deinit { counter.deinits += 1 }
}
