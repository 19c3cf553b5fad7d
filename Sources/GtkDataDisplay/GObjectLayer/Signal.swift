// Signal connection with Swift closures.
//
// Each connection retains a box holding the closure; GLib's destroy notify releases it when the
// handler is disconnected or the instance is finalized. One C trampoline per signal shape.
//
// A trampoline reads its arguments as the C signature of its shape says, so a closure connected
// to a signal of another signature would read garbage (or a NULL as a pointer) inside the
// callback. Every connect therefore looks the signal up first (`g_signal_parse_name`,
// `g_signal_query`) and stops at once, naming both signatures, when they differ. Pointer
// arguments may be NULL (`GSimpleAction::activate` without a parameter), so they arrive optional.

import CGtkDataDisplay

private final class HandlerBox<Handler> {
    let handler: Handler
    init(_ handler: Handler) { self.handler = handler }
}

private typealias VoidHandler = @MainActor () -> Void
private typealias PointerHandler = @MainActor (UnsafeMutableRawPointer?) -> Void
private typealias PositionHandler = @MainActor (UInt32) -> Void
private typealias EnumerationHandler = @MainActor (Int32) -> Void
private typealias RangeHandler = @MainActor (UInt32, UInt32) -> Void
private typealias ItemsChangedHandler = @MainActor (UInt32, UInt32, UInt32) -> Void
private typealias KeyHandler = @MainActor (UInt32, UInt32) -> Bool
private typealias ClickHandler = @MainActor (Int32, Double, Double) -> Void
private typealias PointHandler = @MainActor (Double, Double) -> UnsafeMutableRawPointer?
private typealias MotionHandler = @MainActor (Double, Double) -> UInt32
private typealias DropHandler = @MainActor (UnsafeMutableRawPointer?, Double, Double) -> Bool
private typealias DragEndHandler = @MainActor (UnsafeMutableRawPointer?, Bool) -> Void
private typealias LocationHandler = @MainActor (Double, Double) -> Void

@inline(__always)
private func handler<H>(_ data: UnsafeMutableRawPointer?, _: H.Type) -> H {
    Unmanaged<HandlerBox<H>>.fromOpaque(data!).takeUnretainedValue().handler
}

private let releaseBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

private let voidTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
    let h = handler(data, VoidHandler.self)
    MainActor.assumeIsolated { h() }
}

private let pointerTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, arg, data in
    let h = handler(data, PointerHandler.self)
    let address = UInt(bitPattern: arg)  // a plain value crosses into the main actor's closure; 0 is NULL
    MainActor.assumeIsolated { h(UnsafeMutableRawPointer(bitPattern: address)) }
}

private let positionTrampoline: @convention(c) (UnsafeMutableRawPointer?, guint, UnsafeMutableRawPointer?) -> Void = { _, a, data in
    let h = handler(data, PositionHandler.self)
    MainActor.assumeIsolated { h(a) }
}

private let enumerationTrampoline: @convention(c) (UnsafeMutableRawPointer?, gint, UnsafeMutableRawPointer?) -> Void = { _, a, data in
    let h = handler(data, EnumerationHandler.self)
    MainActor.assumeIsolated { h(a) }
}

private let rangeTrampoline: @convention(c) (UnsafeMutableRawPointer?, guint, guint, UnsafeMutableRawPointer?) -> Void = { _, a, b, data in
    let h = handler(data, RangeHandler.self)
    MainActor.assumeIsolated { h(a, b) }
}

private let itemsChangedTrampoline: @convention(c) (UnsafeMutableRawPointer?, guint, guint, guint, UnsafeMutableRawPointer?) -> Void = { _, a, b, c, data in
    let h = handler(data, ItemsChangedHandler.self)
    MainActor.assumeIsolated { h(a, b, c) }
}

private let keyTrampoline: @convention(c) (UnsafeMutableRawPointer?, guint, guint, GdkModifierType, UnsafeMutableRawPointer?) -> gboolean = { _, keyval, _, modifiers, data in
    let h = handler(data, KeyHandler.self)
    return MainActor.assumeIsolated { h(keyval, modifiers.rawValue) } ? 1 : 0
}

private let clickTrampoline: @convention(c) (UnsafeMutableRawPointer?, gint, gdouble, gdouble, UnsafeMutableRawPointer?) -> Void = { _, presses, x, y, data in
    let h = handler(data, ClickHandler.self)
    MainActor.assumeIsolated { h(presses, x, y) }
}

private let pointTrampoline: @convention(c) (UnsafeMutableRawPointer?, gdouble, gdouble, UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { _, x, y, data in
    let h = handler(data, PointHandler.self)
    let address = MainActor.assumeIsolated { UInt(bitPattern: h(x, y)) }
    return UnsafeMutableRawPointer(bitPattern: address)
}

private let motionTrampoline: @convention(c) (UnsafeMutableRawPointer?, gdouble, gdouble, UnsafeMutableRawPointer?) -> guint32 = { _, x, y, data in
    let h = handler(data, MotionHandler.self)
    return MainActor.assumeIsolated { h(x, y) }
}

private let dropTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, gdouble, gdouble, UnsafeMutableRawPointer?) -> gboolean = { _, value, x, y, data in
    let h = handler(data, DropHandler.self)
    let address = UInt(bitPattern: value)
    return MainActor.assumeIsolated { h(UnsafeMutableRawPointer(bitPattern: address), x, y) } ? 1 : 0
}

private let dragEndTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, gboolean, UnsafeMutableRawPointer?) -> Void = { _, drag, flag, data in
    let h = handler(data, DragEndHandler.self)
    let address = UInt(bitPattern: drag)
    MainActor.assumeIsolated { h(UnsafeMutableRawPointer(bitPattern: address), flag != 0) }
}

private let locationTrampoline: @convention(c) (UnsafeMutableRawPointer?, gdouble, gdouble, UnsafeMutableRawPointer?) -> Void = { _, x, y, data in
    let h = handler(data, LocationHandler.self)
    MainActor.assumeIsolated { h(x, y) }
}

/// Typed `g_signal_connect` for the signal shapes the library uses. Handlers run on the main
/// thread (GTK emits there), so they are `@MainActor`.
///
/// Every `connect` checks the signal's C signature against the closure's shape before it connects:
/// an unknown signal name or a closure of the wrong shape stops the program there, with a message
/// that names the signal and both shapes, never a crash inside a later callback.
public enum Signal {
    private static func connect<Handler, Trampoline>(
        _ instance: UnsafeMutableRawPointer, _ name: String, _ shape: SignalShape,
        _ handler: Handler, _ trampoline: Trampoline, after: Bool = false
    ) -> UInt {
        SignalSignature(of: instance, name).check(shape)
        let data = Unmanaged.passRetained(HandlerBox(handler) as AnyObject).toOpaque()
        let callback = unsafeBitCast(trampoline, to: GCallback.self)
        if after {
            return UInt(name.withGString { gdd_signal_connect_after(instance, $0, callback, data, releaseBox) })
        }
        return UInt(name.withGString { gdd_signal_connect(instance, $0, callback, data, releaseBox) })
    }

    /// Like `connect(_:_:_:)`, but the handler runs after the signal's other handlers
    /// (`G_CONNECT_AFTER`): a frame clock's `layout`, after the window has allocated its widgets.
    @discardableResult
    public static func connectAfter(_ instance: UnsafeMutableRawPointer, _ name: String,
                                    _ handler: @escaping @MainActor () -> Void) -> UInt {
        connect(instance, name, .void, handler as VoidHandler, voidTrampoline, after: true)
    }

    /// `void (*)(instance, user_data)`: `clicked`, `activate` of GApplication, `destroy`.
    @discardableResult
    public static func connect(_ instance: UnsafeMutableRawPointer, _ name: String,
                               _ handler: @escaping @MainActor () -> Void) -> UInt {
        connect(instance, name, .void, handler as VoidHandler, voidTrampoline)
    }

    /// `void (*)(instance, gpointer arg, user_data)` for any pointer argument (object, boxed,
    /// GVariant, GParamSpec, string): the list item factory's signals, `activate` of a
    /// GSimpleAction, `notify`. The argument is nil when the signal passes NULL.
    @discardableResult
    public static func connect(_ instance: UnsafeMutableRawPointer, _ name: String,
                               pointer handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) -> UInt {
        connect(instance, name, .pointer, handler as PointerHandler, pointerTrampoline)
    }

    /// `void (*)(instance, guint, user_data)`: GtkListView's `activate`.
    @discardableResult
    public static func connect(_ instance: UnsafeMutableRawPointer, _ name: String,
                               position handler: @escaping @MainActor (UInt32) -> Void) -> UInt {
        connect(instance, name, .position, handler as PositionHandler, positionTrampoline)
    }

    /// `void (*)(instance, enum, user_data)`: GtkSorter's `changed` (a `GtkSorterChange`).
    @discardableResult
    public static func connect(_ instance: UnsafeMutableRawPointer, _ name: String,
                               enumeration handler: @escaping @MainActor (Int32) -> Void) -> UInt {
        connect(instance, name, .enumeration, handler as EnumerationHandler, enumerationTrampoline)
    }

    /// `void (*)(instance, guint, guint, user_data)`: GtkSelectionModel's `selection-changed`.
    @discardableResult
    public static func connect(_ instance: UnsafeMutableRawPointer, _ name: String,
                               range handler: @escaping @MainActor (UInt32, UInt32) -> Void) -> UInt {
        connect(instance, name, .range, handler as RangeHandler, rangeTrampoline)
    }

    /// `void (*)(instance, guint position, guint removed, guint added, user_data)`: `items-changed`.
    @discardableResult
    public static func connect(_ instance: UnsafeMutableRawPointer, _ name: String,
                               itemsChanged handler: @escaping @MainActor (UInt32, UInt32, UInt32) -> Void) -> UInt {
        connect(instance, name, .itemsChanged, handler as ItemsChangedHandler, itemsChangedTrampoline)
    }

    /// `gboolean (*)(instance, guint keyval, guint keycode, GdkModifierType, user_data)`:
    /// GtkEventControllerKey's `key-pressed`. Return true when the key was handled.
    @discardableResult
    public static func connect(_ instance: UnsafeMutableRawPointer, _ name: String,
                               key handler: @escaping @MainActor (_ keyval: UInt32, _ modifiers: UInt32) -> Bool) -> UInt {
        connect(instance, name, .key, handler as KeyHandler, keyTrampoline)
    }

    /// `void (*)(instance, gint n_press, gdouble x, gdouble y, user_data)`: GtkGestureClick's
    /// `pressed` and `released`.
    @discardableResult
    public static func connect(_ instance: UnsafeMutableRawPointer, _ name: String,
                               click handler: @escaping @MainActor (_ presses: Int32, _ x: Double, _ y: Double) -> Void) -> UInt {
        connect(instance, name, .click, handler as ClickHandler, clickTrampoline)
    }

    /// `gpointer (*)(instance, gdouble x, gdouble y, user_data)`: GtkDragSource's `prepare`, which
    /// returns a new `GdkContentProvider` (transfer full) or NULL to refuse the drag.
    @discardableResult
    public static func connect(_ instance: UnsafeMutableRawPointer, _ name: String,
                               point handler: @escaping @MainActor (_ x: Double, _ y: Double) -> UnsafeMutableRawPointer?) -> UInt {
        connect(instance, name, .point, handler as PointHandler, pointTrampoline)
    }

    /// `GdkDragAction (*)(instance, gdouble x, gdouble y, user_data)`: GtkDropTarget's `enter` and
    /// `motion`; return the action the drop would do here (0: none).
    @discardableResult
    public static func connect(_ instance: UnsafeMutableRawPointer, _ name: String,
                               motion handler: @escaping @MainActor (_ x: Double, _ y: Double) -> UInt32) -> UInt {
        connect(instance, name, .motion, handler as MotionHandler, motionTrampoline)
    }

    /// `gboolean (*)(instance, const GValue *, gdouble x, gdouble y, user_data)`: GtkDropTarget's
    /// `drop`; return whether the drop was accepted.
    @discardableResult
    public static func connect(_ instance: UnsafeMutableRawPointer, _ name: String,
                               drop handler: @escaping @MainActor (_ value: UnsafeMutableRawPointer?, _ x: Double, _ y: Double) -> Bool) -> UInt {
        connect(instance, name, .drop, handler as DropHandler, dropTrampoline)
    }

    /// `void (*)(instance, gpointer, gboolean, user_data)`: GtkDragSource's `drag-end` (the drag
    /// and whether the data should be deleted).
    @discardableResult
    public static func connect(_ instance: UnsafeMutableRawPointer, _ name: String,
                               dragEnd handler: @escaping @MainActor (_ drag: UnsafeMutableRawPointer?, _ deleteData: Bool) -> Void) -> UInt {
        connect(instance, name, .dragEnd, handler as DragEndHandler, dragEndTrampoline)
    }

    /// `void (*)(instance, gdouble x, gdouble y, user_data)`: GtkGestureLongPress's `pressed`.
    @discardableResult
    public static func connect(_ instance: UnsafeMutableRawPointer, _ name: String,
                               location handler: @escaping @MainActor (_ x: Double, _ y: Double) -> Void) -> UInt {
        connect(instance, name, .location, handler as LocationHandler, locationTrampoline)
    }

    /// Disconnects a handler returned by one of the `connect` functions.
    public static func disconnect(_ instance: UnsafeMutableRawPointer, _ handlerID: UInt) {
        g_signal_handler_disconnect(instance, gulong(handlerID))
    }
}
