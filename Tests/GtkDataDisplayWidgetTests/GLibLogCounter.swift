import CGtkDataDisplay
import Synchronization

/// Counts GLib's log messages by level, from any thread, and passes every one on to GLib's default
/// writer: they are printed as before, and `G_DEBUG=fatal-warnings` still ends the process after
/// writing one (GLib aborts after the writer returns). Installed once per process (GLib allows one
/// writer function); installing again does nothing.
enum GLibLogCounter {
    /// Errors and criticals.
    static let criticals = Atomic<Int>(0)
    static let warnings = Atomic<Int>(0)
    /// Messages (`g_message`): below warnings, counted to show the counter is live.
    static let messages = Atomic<Int>(0)
    private static let installed = Atomic<Bool>(false)

    static func install() {
        guard !installed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        g_log_set_writer_func({ level, fields, count, userData in
            let raw = level.rawValue
            if raw & (G_LOG_LEVEL_ERROR.rawValue | G_LOG_LEVEL_CRITICAL.rawValue) != 0 {
                GLibLogCounter.criticals.add(1, ordering: .relaxed)
            } else if raw & G_LOG_LEVEL_WARNING.rawValue != 0 {
                GLibLogCounter.warnings.add(1, ordering: .relaxed)
            } else if raw & G_LOG_LEVEL_MESSAGE.rawValue != 0 {
                GLibLogCounter.messages.add(1, ordering: .relaxed)
            }
            return g_log_writer_default(level, fields, count, userData)
        }, nil, nil)
    }

    /// Logs `text` as a message of `domain` through GLib (what `g_message` does).
    static func message(_ text: String, domain: String) {
        "MESSAGE".withCString { messageKey in
            "GLIB_DOMAIN".withCString { domainKey in
                text.withCString { value in
                    domain.withCString { domainValue in
                        var fields = [GLogField(key: messageKey, value: value, length: -1),
                                      GLogField(key: domainKey, value: domainValue, length: -1)]
                        g_log_structured_array(G_LOG_LEVEL_MESSAGE, &fields, 2)
                    }
                }
            }
        }
    }

    /// Criticals, warnings and messages counted so far.
    static var counts: (criticals: Int, warnings: Int, messages: Int) {
        (criticals.load(ordering: .relaxed), warnings.load(ordering: .relaxed), messages.load(ordering: .relaxed))
    }
}
