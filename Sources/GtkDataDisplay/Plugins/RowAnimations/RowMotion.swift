// Rows that an update removes fade out where they stood, and rows it shifts or moves glide from
// their old place to their new one, where GTK shows the new layout at once.
//
// At the first splice after a layout, the places of the rows on screen are noted (that layout's
// geometry: nothing is laid out for it), each with its widget. A splice that removes rows on screen
// takes a still picture of each (`gtk_widget_paintable_new`) while its widget still shows it. At the
// next layout, the removed rows' pictures fade out at their old places, and each row on screen that
// stood elsewhere (or came into view as the rows above it shifted) is hidden for a moment while a
// picture of it glides over the rows' area from there to its place. Pictures lie in `RowGhostLayer`,
// which takes no input and no part in the accessibility tree: the rows are where they belong from
// the first frame on, for the keyboard and screen readers; only their look lags 200 ms. No row is
// bound for it. A new change, a scroll, or the desktop turning animations off ends a glide at once.

import CGtkDataDisplay

/// Fading out and gliding, for `RowAnimationsPlugin`.
@MainActor
final class RowMotion {
    /// How long a fade-out or a glide takes, in milliseconds (as the stylesheet's `gdd-leaving`).
    static let milliseconds = 200

    private weak var adapter: ListBaseAdapter?
    let layer: RowGhostLayer
    /// A row on screen at the last layout: where its widget stood, and the widget.
    private struct Place {
        let spot: RowSpot
        let widget: ObjectReference
    }
    /// The rows on screen at the last layout, by row object; noted at the first splice after it.
    private var before: [UnsafeMutableRawPointer: Place]?
    /// Pictures of removed rows that were on screen, by row object.
    private var leaving: [UnsafeMutableRawPointer: (picture: ObjectReference, spot: RowSpot)] = [:]
    /// Rows inserted since the last layout that were not on screen before it (they fade in).
    private var arrived: Set<UnsafeMutableRawPointer> = []
    /// How many rows splices since the last layout removed and inserted.
    private var changedCount = 0
    /// The glide under way.
    private var running: Running?

    private struct Glide {
        let picture: UnsafeMutablePointer<GtkWidget>
        let from: RowSpot
        let to: RowSpot
        /// The row's widget, hidden while its picture glides.
        let widget: ObjectReference
    }

    private final class Running {
        let glides: [Glide]
        let value: Double
        var start: Int64?
        var tick: guint = 0
        init(glides: [Glide], value: Double) {
            self.glides = glides
            self.value = value
        }
    }

    init(adapter: ListBaseAdapter) {
        self.adapter = adapter
        layer = RowGhostLayer(over: adapter)
    }

    /// How many pictures are over the rows now (fading out or gliding).
    var picturesShown: Int { layer.count }

    /// Before a splice: notes the rows on screen (at the first splice after a layout), and takes a
    /// picture of each row on screen the splice removes. `screenful`: rows the view shows; a change
    /// of more rows than that is shown at once.
    func willSplice(position: Int, removing: Int, screenful: Int) {
        guard let adapter, adapter.isLaidOut, RowAnimationsPlugin.animationsEnabled else { return }
        if before == nil {
            finish()
            before = placesOnScreen(adapter)
        }
        changedCount += removing
        guard changedCount <= max(1, screenful) else {
            leaving.removeAll()
            return
        }
        guard removing > 0, let before, !before.isEmpty else { return }
        let model = adapter.manager.store.listModel
        for index in position..<(position + removing) {
            guard let item = g_list_model_get_item(model, guint(index)) else { continue }
            releaseObject(item)  // transfer full; the store keeps its own until the splice
            guard let place = before[item], let picture = RowGhostLayer.picture(of: place.widget.pointer.assumingMemoryBound(to: GtkWidget.self)) else { continue }
            leaving[item] = (picture, place.spot)
        }
    }

    /// After a splice inserted `item`: a row removed before (a move) does not fade out; another
    /// one arrived (it fades in).
    func didInsert(_ item: UnsafeMutableRawPointer) {
        guard before != nil else { return }
        changedCount += 1
        if leaving.removeValue(forKey: item) != nil || before?[item] != nil { return }
        arrived.insert(item)
    }

    /// More rows changed since the last layout than a screenful: the next layout shows them at once.
    func changedTooMuch() {
        changedCount = Int.max / 2
        leaving.removeAll()
    }

    /// Whether `item` was on screen at the last layout (a row inserted again was moved).
    func wasOnScreen(_ item: UnsafeMutableRawPointer) -> Bool {
        before?[item] != nil
    }

    /// After the layout that follows changes: fades out the removed rows' pictures and glides the
    /// rows that moved. Returns how many faded out and how many glide.
    @discardableResult
    func didLayout(screenful: Int) -> (left: Int, glided: Int) {
        guard let before else { return (0, 0) }
        defer {
            self.before = nil
            leaving.removeAll()
            arrived.removeAll()
            changedCount = 0
        }
        guard let adapter, RowAnimationsPlugin.animationsEnabled, changedCount <= max(1, screenful) else { return (0, 0) }
        var glides: [(widget: UnsafeMutablePointer<GtkWidget>, from: RowSpot, to: RowSpot)] = []
        // The shift of the last row seen that was on screen before: a row coming into view beside
        // it came from as far.
        var shift: (x: Double, y: Double)?
        for frame in adapter.visibleFrames() {
            let item = frame.row.item
            guard let widget = frame.row.cell?.rowWidget, let now = RowSpot.of(widget, in: adapter.rowsView) else { continue }
            let from: RowSpot
            if let old = before[item]?.spot {
                from = old
                shift = (old.x - now.x, old.y - now.y)
            } else if arrived.contains(item) {
                continue  // it fades in
            } else if let shift {
                from = RowSpot(x: now.x + shift.x, y: now.y + shift.y)
            } else {
                continue
            }
            guard abs(from.x - now.x) >= 1 || abs(from.y - now.y) >= 1 else { continue }
            glides.append((widget, from, now))
        }
        guard !glides.isEmpty || !leaving.isEmpty else { return (0, 0) }
        for (picture, spot) in leaving.values { layer.show(picture, at: spot, cssClass: "gdd-leaving") }
        var running: [Glide] = []
        for glide in glides {
            guard let picture = RowGhostLayer.picture(of: glide.widget) else { continue }
            let shown = layer.show(picture, at: glide.from)
            gtk_widget_set_opacity(glide.widget, 0)
            running.append(Glide(picture: shown, from: glide.from, to: glide.to, widget: ObjectReference(retaining: untyped(glide.widget))))
        }
        let run = Running(glides: running, value: gtk_adjustment_get_value(adapter.verticalAdjustment))
        self.running = run
        run.tick = FrameTick.each(of: adapter.rowsView) { [weak self, weak run] time in
            guard let self, let run, self.running === run else { return false }
            return self.step(run, time: time)
        }
        return (leaving.count, running.count)
    }

    /// One frame of the glide: the pictures move on (easing out); at the end, or once the view
    /// scrolled, the rows show again.
    private func step(_ run: Running, time: Int64) -> Bool {
        guard let adapter, gtk_adjustment_get_value(adapter.verticalAdjustment) == run.value,
              RowAnimationsPlugin.animationsEnabled else {
            finish(removingTick: false)
            return false
        }
        let start = run.start ?? time
        run.start = start
        let progress = min(1, Double(time - start) / Double(Self.milliseconds * 1000))
        let eased = 1 - pow(1 - progress, 3)
        for glide in run.glides {
            layer.move(glide.picture, to: RowSpot(x: glide.from.x + (glide.to.x - glide.from.x) * eased,
                                                  y: glide.from.y + (glide.to.y - glide.from.y) * eased))
        }
        guard progress < 1 else {
            finish(removingTick: false)
            return false
        }
        return true
    }

    /// Ends the glide under way at once: the rows show, the pictures go.
    func finish() {
        finish(removingTick: true)
    }

    private func finish(removingTick: Bool) {
        guard let run = running else { return }
        running = nil
        if removingTick, run.tick != 0, let adapter { gtk_widget_remove_tick_callback(adapter.rowsView, run.tick) }
        for glide in run.glides { gtk_widget_set_opacity(glide.widget.pointer.assumingMemoryBound(to: GtkWidget.self), 1) }
        layer.clear()
    }

    /// Where each row on screen stands now, with its widget.
    private func placesOnScreen(_ adapter: ListBaseAdapter) -> [UnsafeMutableRawPointer: Place] {
        var places: [UnsafeMutableRawPointer: Place] = [:]
        for frame in adapter.visibleFrames() {
            guard let widget = frame.row.cell?.rowWidget, let spot = RowSpot.of(widget, in: adapter.rowsView) else { continue }
            places[frame.row.item] = Place(spot: spot, widget: ObjectReference(retaining: untyped(widget)))
        }
        return places
    }
}
