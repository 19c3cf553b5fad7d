import Synchronization

/// A generator that reports selection and activation (RDDM's SelectableItem).
///
/// Per-row events of a selection change (`didSelectEvent`, `didDeselectEvent`, `isNeedDeselect`)
/// cost a visit of every changed row. The list view skips that walk when it knows nobody can
/// listen; see `SelectionDispatch` for the rule. Conform freely: a type of your own that adopts
/// this protocol always gets its events.
@MainActor
public protocol SelectableItem: RowGenerator {
    /// Fires when the row becomes selected.
    var didSelectEvent: Event<Void> { get }
    /// Fires when the row stops being selected.
    var didDeselectEvent: Event<Void> { get }
    /// Fires when the row is activated (Enter, double click, or single click when the list view
    /// activates on single click).
    var didActivateEvent: Event<Void> { get }
    /// Deselect the row right after it is selected (RDDM's `isNeedDeselect`).
    var isNeedDeselect: Bool { get }
}

extension SelectableItem {
    public var isNeedDeselect: Bool { false }
}

/// Generator types whose select/deselect events and `isNeedDeselect` the library counts:
/// `BaseRowGenerator` and every subclass (the events are `let`s created counted, and
/// `isNeedDeselect` is a stored property no subclass can override).
@MainActor
protocol CountedSelectableItem: SelectableItem {}

/// Whether a selection change has to visit its rows one by one for their own events.
///
/// The rule. A change walks its rows (firing `didSelectEvent` / `didDeselectEvent`, honouring
/// `isNeedDeselect`, calling `adapter.didSelect` / `didDeselect`) when any of these holds, and
/// otherwise reports only positions, so its cost does not grow with the rows it touches:
/// - the adapter's `didSelect` or `didDeselect` has a listener;
/// - some select or deselect event of a library generator (`BaseRowGenerator` and subclasses,
///   anywhere in the process) has a listener: `listenedEvents > 0`. The events count themselves as
///   listeners come and go, and when they are deallocated;
/// - some library generator has `isNeedDeselect == true`: `needDeselectGenerators > 0`;
/// - some live row shows a generator that is a `SelectableItem` but not a library generator (a
///   custom conformer, whose events and `isNeedDeselect` the library cannot watch):
///   `uncountedRows > 0`. Rows classify their generator when they are created and when they take a
///   new one, by its dynamic type, cached per type — one check per row the manager makes, none per
///   selection change;
/// - some live row stands in a section with a `SectionController` (it gets its rows' selection
///   events): `controlledRows > 0`.
/// The counts are process-wide and conservative: a listener on a row of another list, or on a
/// generator in no list, also makes changes walk their rows. Never the other way round: whenever
/// a row could have a listener or `isNeedDeselect`, it gets its events. The plugin's
/// deselect-after-select needs no walk: it deselects the positions the change selected.
enum SelectionDispatch {
    /// Select and deselect events of library generators that have at least one listener.
    static let listenedEvents = Atomic<Int>(0)
    /// Library generators whose `isNeedDeselect` is true.
    static let needDeselectGenerators = Atomic<Int>(0)
    /// Live rows whose generator is a `SelectableItem` the library does not count.
    static let uncountedRows = Atomic<Int>(0)
    /// Live rows of sections that have a `SectionController`.
    static let controlledRows = Atomic<Int>(0)

    /// Whether some row may have per-row selection listeners or `isNeedDeselect` (see the rule).
    static var rowsMayListen: Bool {
        listenedEvents.load(ordering: .relaxed) > 0
            || needDeselectGenerators.load(ordering: .relaxed) > 0
            || uncountedRows.load(ordering: .relaxed) > 0
            || controlledRows.load(ordering: .relaxed) > 0
    }

    @MainActor private static var lastType: ObjectIdentifier?
    @MainActor private static var lastAnswer = false
    @MainActor private static var answers: [ObjectIdentifier: Bool] = [:]

    /// Whether `generator` is a `SelectableItem` the library does not count (a custom conformer).
    /// Decided once per dynamic type.
    @MainActor static func isUncounted(_ generator: any RowGenerator) -> Bool {
        let type = ObjectIdentifier(Swift.type(of: generator))
        if type == lastType { return lastAnswer }
        let answer: Bool
        if let known = answers[type] {
            answer = known
        } else {
            answer = generator is any SelectableItem && !(generator is any CountedSelectableItem)
            answers[type] = answer
        }
        lastType = type
        lastAnswer = answer
        return answer
    }
}
