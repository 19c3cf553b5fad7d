// Lets Swift concurrency run inside a GTK application.
//
// `g_application_run` drives GLib's main context, not the main dispatch queue, so
// `DispatchQueue.main.async` blocks and `@MainActor` tasks would never run. libdispatch exposes
// the main queue as an eventfd on Linux; a GLib fd source watches it and drains the queue.

import CGtkDataDisplay
import Dispatch  // links libdispatch, which exports the main-queue hooks

/// Attaches the main dispatch queue to GLib's default main context.
public enum MainQueueBridge {
    @MainActor private static var sourceID: guint = 0

    /// Whether the bridge is attached.
    @MainActor public static var isInstalled: Bool { sourceID != 0 }

    /// Attaches the bridge (idempotent). Managers and list view adapters call it themselves; an app
    /// that uses Swift concurrency before creating one calls it once at start.
    @MainActor public static func install() {
        guard sourceID == 0 else { return }
        let fd = _dispatch_get_main_queue_handle_4CF()
        guard fd >= 0 else { return }
        sourceID = g_unix_fd_add(fd, G_IO_IN, { fd, _, _ in
            // Read the eventfd first: a readable fd left unread makes GLib poll it again at once.
            var counter: UInt64 = 0
            _ = read(fd, &counter, MemoryLayout<UInt64>.size)
            _dispatch_main_queue_callback_4CF(nil)
            return gdd_source_continue()
        }, nil)
    }

    /// Detaches the bridge.
    @MainActor public static func uninstall() {
        guard sourceID != 0 else { return }
        g_source_remove(sourceID)
        sourceID = 0
    }
}
