import CGtkDataDisplay

/// Decides when an empty-state placeholder shows, apart from the widgets (`EmptyStatePlugin`
/// shows and hides them): watches a manager's store, checks `condition` once the main loop is idle
/// after the store changed (coalesced: one check however many updates came, so a filter that
/// passes through zero within one turn never shows as empty), and calls `onChange` when the answer
/// differs from the last one.
@MainActor
final class EmptyStateMonitor {
    /// What counts as empty; a change is checked on idle.
    var condition: EmptyStatePlugin.Condition { didSet { scheduleCheck() } }
    /// Whether the last check found the manager empty (the placeholder shows).
    private(set) var isShowingEmpty = false
    /// Called with the new answer when a check finds it changed.
    var onChange: (@MainActor (Bool) -> Void)?

    private weak var manager: BaseListManager?
    private var itemsChangedHandler: UInt = 0
    private var checkScheduled = false

    /// Watches `manager`; the first check is scheduled now (plugins installed after this one, such
    /// as pagination asking for a first page, add their rows before it runs).
    init(manager: BaseListManager, condition: EmptyStatePlugin.Condition) {
        self.manager = manager
        self.condition = condition
        itemsChangedHandler = Signal.connect(untyped(manager.store.listModel), "items-changed",
                                             itemsChanged: { [weak self] _, _, _ in self?.scheduleCheck() })
        scheduleCheck()
    }

    isolated deinit {
        if itemsChangedHandler != 0, let manager {
            Signal.disconnect(untyped(manager.store.listModel), itemsChangedHandler)
        }
    }

    /// Whether the manager shows nothing that counts as content now (false once it is gone).
    var isEmpty: Bool {
        guard let manager else { return false }
        return Self.isEmpty(manager, condition: condition)
    }

    /// Whether `manager` shows nothing that counts as content under `condition`: `.noItems`, no
    /// item in the store (a header alone is content); `.noRows`, no section with a row (headers
    /// and footers alone are empty). A pagination plugin's progress or error row is a row.
    static func isEmpty(_ manager: BaseListManager, condition: EmptyStatePlugin.Condition) -> Bool {
        switch condition {
        case .noItems: return manager.store.count == 0
        case .noRows: return !manager.state.contains { !$0.rows.isEmpty }
        }
    }

    /// Checks once the main loop is idle (coalesced).
    private func scheduleCheck() {
        guard !checkScheduled, manager != nil else { return }
        checkScheduled = true
        Idle.once { [weak self] in
            guard let self else { return }
            self.checkScheduled = false
            self.check()
        }
    }

    private func check() {
        let empty = isEmpty
        guard empty != isShowingEmpty else { return }
        isShowingEmpty = empty
        onChange?(empty)
    }
}
