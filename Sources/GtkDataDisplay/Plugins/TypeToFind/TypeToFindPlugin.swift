import CGtkDataDisplay

/// Type-to-find for a list, grid or table (GtkTreeView's interactive search, which GTK 4's list
/// views lost): typing a letter on the focused view opens a small entry at its bottom and selects
/// (only) the first row, from the focused one on, whose text starts with what was typed (case ignored),
/// scrolled into view. Up and Down in the entry select the previous and next match (wrapping);
/// Return, Escape or a pause (`closesAfter`, 5 s) close it and give the focus to the row found.
///
///     let list = manager.listViewBuilder
///         .add(plugin: .selectable())
///         .add(plugin: TypeToFindPlugin { ($0 as? ContactRow)?.model.name })
///         .build()
///
/// A row's text is `text(generator)`, or a key path's value of its model (`init(_:)`); by default
/// its `AccessibleItem.accessibleLabel`, else its model when that is a `String`. Rows without a
/// text, and headers and footers, are never found.
@MainActor
public final class TypeToFindPlugin: AdapterPlugin {
    /// The text a row is found by (nil: the row is never found).
    public typealias RowText = @MainActor (any RowGenerator) -> String?

    private let text: RowText
    private weak var adapter: ListBaseAdapter?
    private lazy var popup = makePopup()
    /// The row found last, while the entry is open.
    public private(set) var foundGenerator: (any RowGenerator)?
    /// Fires with each row found (typing, Up, Down).
    public let didFind = Event<any RowGenerator>()
    /// Seconds without typing after which the entry closes (default 5, as GtkTreeView's; 0 or less:
    /// only Return, Escape or a click outside close it).
    public var closesAfter: Double {
        get { popup.pause }
        set { popup.pause = max(0, newValue) }
    }

    /// Type-to-find by `text` of each row (default: its accessible label, else a `String` model).
    public init(text: RowText? = nil) {
        self.text = text ?? Self.defaultText
    }

    /// Type-to-find by a text of the rows' models: rows showing a `Model` are found by
    /// `model[keyPath: text]` (`TypeToFindPlugin(\Contact.name)`), other rows never.
    public convenience init<Model>(_ text: KeyPath<Model, String>) {
        self.init { $0.model(as: Model.self)?[keyPath: text] }
    }

    /// A row's accessible label, else its model when that is a string.
    public static func defaultText(of generator: any RowGenerator) -> String? {
        if let item = generator as? any AccessibleItem, let label = item.accessibleLabel { return label }
        return generator.model(as: String.self)
    }

    /// Listens to the keys of `adapter`'s view and parents the entry's popover to it. Called once.
    public func install(on adapter: ListBaseAdapter) {
        precondition(self.adapter == nil, "a TypeToFindPlugin serves one view: make one per adapter")
        self.adapter = adapter
        let keys = gtk_event_controller_key_new()!
        Signal.connect(untyped(keys), "key-pressed", key: { [weak self] keyval, modifiers in
            self?.keyPressed(keyval: keyval, modifiers: modifiers) ?? false
        })
        gtk_widget_add_controller(adapter.itemView, keys)  // takes the controller
        adapter.parentPopover(popup.reference)
    }

    /// Whether the entry is open.
    public var isOpen: Bool { popup.isOpen }

    /// What the entry holds ("" when closed).
    public var query: String { isOpen ? popup.text : "" }

    /// Finds the first row from the focused one (or the top) whose text starts with `query` (case
    /// ignored), selects it and scrolls to it, as typing `query` does; nil when none matches.
    @discardableResult
    public func find(_ query: String) -> (any RowGenerator)? {
        guard let adapter else { return nil }
        let start = foundGenerator.flatMap { adapter.manager.position(of: $0) }
            ?? adapter.focusedGenerator.flatMap { adapter.manager.position(of: $0) } ?? 0
        return show(match(query, from: start, step: 1, includingStart: true))
    }

    /// Closes the entry; the focus goes to the row found.
    public func close() { popup.close() }

    // MARK: Internals

    private func makePopup() -> TypeToFindPopup {
        let popup = TypeToFindPopup()
        popup.onChanged = { [weak self] text in
            guard let self else { return }
            let found = self.find(text)
            self.popup.showMatch(found != nil || text.isEmpty)
        }
        popup.onStep = { [weak self] step in self?.step(step) }
        popup.onClosed = { [weak self] in self?.closed() }
        return popup
    }

    /// A printable key (no Control or Alt; not space) on the view opens the entry with it.
    private func keyPressed(keyval: UInt32, modifiers: UInt32) -> Bool {
        guard let adapter, !popup.isOpen,
              modifiers & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue) == 0 else { return false }
        let code = gdk_keyval_to_unicode(keyval)
        guard code > 0x20, code != 0x7f, let scalar = Unicode.Scalar(code) else { return false }
        foundGenerator = nil
        popup.open(with: String(Character(scalar)), over: adapter.itemView)
        return true
    }

    /// The next (`+1`) or previous (`-1`) match of the entry's text, wrapping.
    private func step(_ step: Int) {
        guard let adapter, let current = foundGenerator.flatMap({ adapter.manager.position(of: $0) }) else { return }
        show(match(popup.text, from: current, step: step, includingStart: false))
    }

    /// The position of the first row from `start` (or after it) going `step` whose text starts
    /// with `query`, wrapping once around the list.
    private func match(_ query: String, from start: Int, step: Int, includingStart: Bool) -> Int? {
        guard let adapter, !query.isEmpty else { return nil }
        let store = adapter.manager.store
        let count = store.count
        guard count > 0 else { return nil }
        let wanted = query.lowercased()
        var position = min(max(start, 0), count - 1)
        if !includingStart { position = (position + step + count) % count }
        for _ in 0..<count {
            if let row = store.row(at: position), row.role == .row, row.isSelectable || row.isActivatable,
               let found = text(row.generator), found.lowercased().hasPrefix(wanted) {
                return position
            }
            position = (position + step + count) % count
        }
        return nil
    }

    /// Selects and scrolls to the row at `position` (nil: nothing found, nothing changes).
    @discardableResult
    private func show(_ position: Int?) -> (any RowGenerator)? {
        guard let adapter, let position, let generator = adapter.manager.store.row(at: position)?.generator else { return nil }
        foundGenerator = generator
        if adapter.selectionMode != .none { adapter.selectOnly(generator) }
        adapter.scrollTo(position: position)
        didFind.invoke(with: generator)
        return generator
    }

    /// The entry closed: the row found takes the focus (unless the view went away: it closed with it).
    private func closed() {
        guard let adapter, let generator = foundGenerator else { return }
        foundGenerator = nil
        guard gtk_widget_get_mapped(adapter.itemView) != 0 else { return }
        _ = adapter.focus(generator)
    }
}
