// The Stress page's live counters: four numbers with a caption under each.

import GtkDataDisplay
import GtkDataDisplayShell

/// One counter: a large number over a dimmed caption.
@MainActor
final class StressCounter {
    let box: Box
    private let value = Label("–", xalign: 0)
    private let caption = Label(xalign: 0, ellipsize: true)
    private let name: String

    init(_ name: String) {
        self.name = name
        value.addCSSClass("counter-value")
        caption.addCSSClass("counter-caption")
        box = Box(.vertical, spacing: 0, value, caption)
        box.hexpand = true
        caption.text = name
    }

    /// Shows `value`, and `detail` after the counter's name in the caption.
    func show(_ value: String, detail: String? = nil) {
        self.value.text = value
        caption.text = detail.map { "\(name) · \($0)" } ?? name
    }
}

/// Rows in the store, binds (and rebinds), live row objects, and the last update's time.
@MainActor
final class StressCounters {
    let rows = StressCounter("rows")
    let binds = StressCounter("binds")
    let live = StressCounter("live row objects")
    let update = StressCounter("last update")
    let box: Box

    init() {
        box = Box(.horizontal, spacing: 12, rows.box, binds.box, live.box, update.box)
        box.addCSSClass("stress-counters")
    }
}
