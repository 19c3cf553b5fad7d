// Rows that an update brings in fade in, where GTK shows them at once (rows it removes fade out and
// rows it moves glide: `RowMotion`).
//
// The store's `items-changed` names the rows a splice inserted; after the layout that follows
// (`ScrollController.didFinishLayout`: the rows' widgets are bound and placed), those on screen get
// the CSS class `gdd-appearing`, whose animation (`Resources/css/gtk-data-display.css`) takes them
// from transparent to opaque, and lose it once it has run. Nothing is bound for it (the binds are
// those the update makes anyway). Off when the desktop turns animations off (GtkSettings'
// `gtk-enable-animations`, which GTK's own CSS animations follow too) and for a splice that
// inserts more rows than the view shows (a new dataset, a cleared filter: a fade of the whole view
// would only slow it down).

import CGtkDataDisplay

/// Animates what an update changes on screen, in a list, grid or table view: rows it inserts fade
/// in, rows it removes fade out where they stood, and rows it moves or shifts glide to their new place.
///
///     let inbox = manager.listViewBuilder.add(plugin: .animatedChanges()).build()
///
/// Only the look lags: the rows are in place from the first frame, for the keyboard, clicks and
/// screen readers, and nothing is bound for the animation. Off when the desktop disables animations
/// (`gtk-enable-animations`) and for a change of more rows than a screenful; a scroll or the next
/// change ends a glide at once.
@MainActor
public final class RowAnimationsPlugin: AdapterPlugin {
    /// How long a row takes to fade in, as the stylesheet says (`gdd-appearing`), in milliseconds.
    public static let fadeInMilliseconds = 200
    /// How long a removed row takes to fade out, and a moved row to glide, in milliseconds.
    public static let motionMilliseconds = RowMotion.milliseconds
    /// Fires with the rows' generators each time rows on screen start to fade in.
    public let rowsAppeared = Event<[any RowGenerator]>()
    /// Fires after a layout that starts an animation of removed and moved rows: how many removed
    /// rows fade out, and how many rows glide to their new place.
    public let rowsMoving = Event<(leaving: Int, gliding: Int)>()
    /// Whether pictures of rows are fading out or gliding over the view now.
    public var isMoving: Bool { (motion?.picturesShown ?? 0) > 0 }

    private weak var adapter: ListBaseAdapter?
    /// Row objects inserted since the last layout, for the next one to fade in (most a screenful),
    /// each with a reference of its own until then (a later splice may take it out of the store).
    private var inserted: [ObjectReference] = []
    /// How many rows the view showed at its last layout: more inserted at once are not faded.
    private var screenful = 0
    /// The store followed, and the handler of its `items-changed` (let go with the plugin).
    private var store: RowStore?
    private var handler: UInt = 0
    /// Fading out and gliding.
    private(set) var motion: RowMotion?

    /// Fades in inserted rows.
    public init() {}

    isolated deinit {
        if let store, handler != 0 { Signal.disconnect(untyped(store.pointer), handler) }
        store?.willSplice.removeListener(key: ObjectIdentifier(self))
        store?.wantsEachInsertion.remove(ObjectIdentifier(self))
        motion?.finish()
    }

    /// Follows `adapter`'s store and layouts.
    public func install(on adapter: ListBaseAdapter) {
        precondition(self.adapter == nil, "a RowAnimationsPlugin serves one view")
        self.adapter = adapter
        let store = adapter.manager.store
        self.store = store
        let motion = RowMotion(adapter: adapter)
        self.motion = motion
        store.willSplice.addListener(key: ObjectIdentifier(self)) { [weak self] position, removing in
            guard let self else { return }
            self.motion?.willSplice(position: position, removing: removing, screenful: self.screenful)
        }
        store.wantsEachInsertion.insert(ObjectIdentifier(self))
        handler = Signal.connect(untyped(store.pointer), "items-changed", itemsChanged: { [weak self] position, _, added in
            self?.noteInserted(at: Int(position), count: Int(added))
        })
        adapter.scrolling.didFinishLayout += { [weak self] in
            guard let self else { return }
            self.fadeIn()
            if let motion = self.motion {
                let (leaving, gliding) = motion.didLayout(screenful: self.screenful)
                if leaving + gliding > 0 { self.rowsMoving.invoke(with: (leaving, gliding)) }
            }
        }
    }

    /// Whether the desktop lets apps animate (GTK's `gtk-enable-animations`; true without a display).
    public static var animationsEnabled: Bool {
        guard let settings = gtk_settings_get_default() else { return true }
        return Property.bool(UnsafeMutableRawPointer(settings), "gtk-enable-animations")
    }

    private func noteInserted(at position: Int, count: Int) {
        guard count > 0, let adapter, Self.animationsEnabled, adapter.isLaidOut else { return }
        // A screenful at most (as of the last layout: no geometry is read in a splice): more is a
        // new dataset, shown at once.
        guard inserted.count + count <= max(1, screenful) else {
            inserted.removeAll()
            motion?.changedTooMuch()
            return
        }
        for index in position..<(position + count) {
            guard let row = adapter.manager.store.row(at: index) else { continue }
            motion?.didInsert(row.item)
            // A row that was on screen came back: it moved, and glides rather than fades.
            if motion?.wasOnScreen(row.item) != true { inserted.append(ObjectReference(retaining: row.item)) }
        }
    }

    /// After the layout: the inserted rows on screen start their fade.
    private func fadeIn() {
        guard let adapter else { return }
        defer { screenful = adapter.visibleFrames().count }
        guard !inserted.isEmpty else { return }
        let objects = inserted
        inserted.removeAll()
        let viewport = adapter.viewportHeight
        var appeared: [any RowGenerator] = []
        for object in objects {
            // (A row object out of the store, or serving another row since, has no cell of this view on screen.)
            guard let row = Row.from(item: object.pointer), let frame = adapter.frame(of: row), frame.isVisible(in: viewport),
                  let widget = row.cell?.rowWidget else { continue }
            gtk_widget_add_css_class(widget, "gdd-appearing")
            appeared.append(row.generator)
            // The class goes once the animation has run, so that the row can fade in again later.
            let reference = ObjectReference(retaining: untyped(widget))
            Timeout.once(milliseconds: Self.fadeInMilliseconds + 50) {
                gtk_widget_remove_css_class(reference.pointer.assumingMemoryBound(to: GtkWidget.self), "gdd-appearing")
            }
        }
        if !appeared.isEmpty { rowsAppeared.invoke(with: appeared) }
    }
}

extension AdapterPlugin where Self == RowAnimationsPlugin {
    /// Rows an update inserts fade in (within the view, not for more than a screenful, not when
    /// the desktop disables animations).
    public static func animatedChanges() -> RowAnimationsPlugin { RowAnimationsPlugin() }
}
