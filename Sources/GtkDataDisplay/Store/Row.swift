import CGtkDataDisplay
import Synchronization

/// Where a row stands in its section.
public enum RowRole: Sendable, Equatable {
    /// The section's header: a row of its own before the section's rows.
    case header
    /// One of the section's rows (a child row of a foldable too).
    case row
    /// The section's footer: a row of its own after the section's rows.
    case footer
}

/// One store item: a handle on its record, which keeps the row's fields (the generator it shows,
/// its place, its role, depth and flags) — 24 bytes in a slab (`RowRecords`). Its row object, the
/// item a view is handed, is made when first asked for (`item`, `RowObjects`).
///
/// A generator keeps the same row — and so the same row object — across updates, which is what
/// lets GTK keep its widget. The manager that made a row owns it until the row ends (`end()`); its
/// record stays while a store shows it (`enterStore`, `leaveStore`). A handle holds nothing: it is
/// read only while its row stands (views keep a `LiveRow`).
@MainActor
struct Row {
    /// The row's record: the row itself.
    nonisolated(unsafe) let record: RowRecord

    /// The handle of the row whose record is `record` (it must be a record whose row stands).
    nonisolated init(record: RowRecord) { self.record = record }

    /// Where the record keeps the generator: its instance, one word (`StoredGenerator`).
    nonisolated static let generatorOffset = MemoryLayout<GddRowRecord>.offset(of: \GddRowRecord.generator)!

    /// The generator shown. Whole-state updates may hand the row to a new generator with the same diff id.
    /// Not read once the row has ended (checked in debug builds).
    var generator: any RowGenerator {
        get {
            assert(!isEnded, "the generator of a row that ended was read")
            return StoredGenerator.copy(record.pointee.generator!)
        }
        nonmutating set {
            let previous = record.pointee.generator!
            record.pointee.generator = StoredGenerator.store(newValue)
            StoredGenerator.release(previous)
        }
    }

    /// Whether the row shows `generator` itself (no reference counted, no witness table looked up).
    func shows(_ generator: any RowGenerator) -> Bool {
        StoredGenerator.isInstance(record.pointee.generator, of: generator)
    }

    /// Where the row stood when the manager last placed or found it (its section's `SectionState.id`,
    /// and its place in the section's rows as a `RowHint`: a chunk and offset, or an index): where a
    /// lookup starts searching (`SectionState.index(of:hint:)`). Never trusted: checked first. The
    /// place is also written by a `RowList` splitting a chunk (`RowList` is not main-actor isolated).
    var sectionHint: UInt32 {
        get { record.pointee.section_hint }
        nonmutating set { record.pointee.section_hint = newValue }
    }
    nonisolated var indexHint: UInt32 {
        get { record.pointee.index_hint }
        nonmutating set { record.pointee.index_hint = newValue }
    }
    /// The low 32 bits of the generator's `contentRevision` when this row last took its content
    /// (compared for equality only, so a wrap after four billion changes of one row does not matter).
    private var shownRevision: UInt32 {
        get { record.pointee.shown_revision }
        nonmutating set { record.pointee.shown_revision = newValue }
    }
    /// The role (bits 0–1), five flags (bits 2–6: see `Bit`), how many times a store shows the row
    /// (bits 7–8) and the depth (bits 9–31).
    /// The flags that record something to undo (a count, an entry beside the rows) are cleared by `end()`.
    private nonisolated var bits: UInt32 {
        get { record.pointee.bits }
        nonmutating set { record.pointee.bits = newValue }
    }

    /// Where each flag of `bits` lies.
    private enum Bit {
        /// `generator` is a `SelectableItem` the library does not count (a custom conformer): such
        /// rows are counted in `SelectionDispatch.uncountedRows` while they stand.
        static let showsUncountedSelectable: UInt32 = 1 << 2
        /// The row counts in `SelectionDispatch.controlledRows` (it has an entry in `RowControllers`).
        static let countsAsControlled: UInt32 = 1 << 3
        /// See `mayHaveCell`.
        static let mayHaveCell: UInt32 = 1 << 4
        /// See `isEnded`.
        static let ended: UInt32 = 1 << 5
        /// See `hasObject`.
        static let hasObject: UInt32 = 1 << 6
        /// The count of `storeCount`: its lowest bit, and its mask.
        static let storeOne: UInt32 = 1 << 7
        static let storeMask: UInt32 = 3 << 7
        static let depthShift: UInt32 = 9
    }

    private nonisolated func flag(_ bit: UInt32) -> Bool { bits & bit != 0 }

    private func setFlag(_ bit: UInt32, _ on: Bool) {
        if on { bits |= bit } else { bits &= ~bit }
    }

    /// Where the row stands in its section.
    var role: RowRole {
        switch bits & 3 {
        case 0: .row
        case 1: .header
        default: .footer
        }
    }

    /// Nesting level: 0 for a section's own rows, 1 for children of a foldable row, and so on.
    nonisolated var depth: Int { Int(bits >> Bit.depthShift) }

    /// False while no cell has been given this row since it last lost one: `isBound` is then false
    /// without looking `cell` up. True does not promise a live cell.
    private(set) var mayHaveCell: Bool {
        get { flag(Bit.mayHaveCell) }
        nonmutating set { setFlag(Bit.mayHaveCell, newValue) }
    }

    private var showsUncountedSelectable: Bool {
        get { flag(Bit.showsUncountedSelectable) }
        nonmutating set { setFlag(Bit.showsUncountedSelectable, newValue) }
    }

    private var countsAsControlled: Bool {
        get { flag(Bit.countsAsControlled) }
        nonmutating set { setFlag(Bit.countsAsControlled, newValue) }
    }

    /// Whether the row has a row object (`RowObjects` keeps it).
    var hasObject: Bool {
        get { flag(Bit.hasObject) }
        nonmutating set { setFlag(Bit.hasObject, newValue) }
    }

    /// How many times a store shows the row now: at most twice, while a splice puts it back in
    /// the place it takes it out of.
    private var storeCount: UInt32 { (bits & Bit.storeMask) >> 7 }

    /// A store shows the row once more (`RowStore`).
    func enterStore() {
        precondition(storeCount < 3, "a row shown by a store more than three times")
        bits += Bit.storeOne
    }

    /// A store shows the row once less. The record of a row that ended goes back once no store
    /// shows it (a view may keep showing a store whose manager is gone).
    func leaveStore() {
        assert(storeCount > 0, "a row left a store that did not show it")
        bits -= Bit.storeOne
        if storeCount == 0, isEnded { RowRecords.retire(record) }
    }

    /// Whether `revision` (a generator's `contentRevision`) is the one this row last took.
    func shows(revision: Int) -> Bool { shownRevision == UInt32(truncatingIfNeeded: revision) }

    /// Records that the row now shows its generator's `revision`.
    func noteShown(revision: Int) { shownRevision = UInt32(truncatingIfNeeded: revision) }
    /// The list item cell currently showing this row, if any (for in-place rebinds). Recorded in
    /// `RowCells`, beside the rows: few rows have one.
    var cell: Cell? {
        get { mayHaveCell ? RowCells.cell(of: self) : nil }
        nonmutating set {
            guard newValue != nil || mayHaveCell else { return }
            assert(!isEnded, "a cell was given a row that ended")
            RowCells.set(newValue, for: self)
            mayHaveCell = newValue != nil
        }
    }
    /// The controller of the section the row stands in (`SectionController`), kept by the manager
    /// wherever rows enter or change sections: the section's box, recorded beside the rows
    /// (`RowControllers`; rows in sections without one cost nothing). Rows with one are counted in
    /// `SelectionDispatch.controlledRows` while they stand.
    var controllerBox: SectionControllerBox? {
        get { countsAsControlled ? RowControllers.box(of: self) : nil }
        nonmutating set {
            let controlled = newValue != nil
            guard controlled || countsAsControlled else { return }
            assert(!isEnded, "a row that ended was given a section controller")
            RowControllers.set(newValue, for: self)
            guard controlled != countsAsControlled else { return }
            countsAsControlled = controlled
            if controlled {
                SelectionDispatch.controlledRows.add(1, ordering: .relaxed)
            } else {
                SelectionDispatch.controlledRows.subtract(1, ordering: .relaxed)
            }
        }
    }

    /// Rows standing at a depth above 0 (children of foldable rows), in any manager. While there are
    /// none, a row's place among its siblings is its index in its section (no scan).
    nonisolated static let nestedAlive = Atomic<Int>(0)

    /// A row showing `generator`, in `record` (taken, not yet any row's: see `RowRecordBatch`), else
    /// in a record taken now (`RowRecords`). The row owns the record until it ends.
    init(generator: consuming any RowGenerator, role: RowRole, depth: Int = 0, record: RowRecord? = nil) {
        self.record = record ?? RowRecords.take()
        let roleBits: UInt32 = switch role {
        case .row: 0
        case .header: 1
        case .footer: 2
        }
        // 23 bits of depth (a deeper row, past 8 million levels, is shown at that depth).
        let storedDepth = UInt32(clamping: Swift.min(Swift.max(depth, 0), Int(UInt32.max >> Bit.depthShift)))
        self.record.pointee.bits = roleBits | storedDepth << Bit.depthShift
        self.record.pointee.section_hint = 0
        self.record.pointee.index_hint = 0
        self.record.pointee.shown_revision = UInt32(truncatingIfNeeded: generator.contentRevision)
        if storedDepth > 0 { Self.nestedAlive.add(1, ordering: .relaxed) }
        classifyGenerator(generator)
        self.record.pointee.generator = StoredGenerator.store(generator)  // its last use: moved, not retained
    }

    /// Moves the row to `depth`: a row object shown in place takes the new row at its position, child
    /// row or not (`PositionalHull`). Keeps `nestedAlive` in step.
    func setDepth(_ depth: Int) {
        let storedDepth = UInt32(clamping: Swift.min(Swift.max(depth, 0), Int(UInt32.max >> Bit.depthShift)))
        let was = bits >> Bit.depthShift
        guard storedDepth != was else { return }
        if was == 0 { Self.nestedAlive.add(1, ordering: .relaxed) }
        if storedDepth == 0 { Self.nestedAlive.subtract(1, ordering: .relaxed) }
        bits = (bits & ((1 << Bit.depthShift) - 1)) | storedDepth << Bit.depthShift
    }

    /// Whether the manager that made this row has let it go for good (`end()`). Readable until the end
    /// of the operation that ended the row (its record is not given back before: `RowRecords.retire`),
    /// and while a store shows it.
    nonisolated var isEnded: Bool { flag(Bit.ended) }

    /// Lets the row go: it has left its manager for good, once the splices that took it out of the
    /// store are done. Each row a manager makes ends exactly once: when it leaves (and does not
    /// stand in the manager again by the end of the operation), when an operation that made it
    /// fails, or with its manager. Ending undoes what the row recorded: the counts it is in
    /// (`nestedAlive`, `SelectionDispatch`), its entries beside the rows (`RowCells`,
    /// `RowControllers`), its generator, and its row object, detached (it names no row any more) and
    /// released. The record goes back once no store shows the row and the operation is over.
    ///
    /// A handle is not read after its row ended (its record may serve another row by then): holders
    /// past an operation keep a `LiveRow`, which reads the row as gone. Debug builds check that a
    /// row's generator and object are not read after its end while the record is still known ended.
    func end() {
        assert(!isEnded, "a row ended twice")
        if depth > 0 { Self.nestedAlive.subtract(1, ordering: .relaxed) }
        if flag(Bit.showsUncountedSelectable) { SelectionDispatch.uncountedRows.subtract(1, ordering: .relaxed) }
        if flag(Bit.countsAsControlled) {
            SelectionDispatch.controlledRows.subtract(1, ordering: .relaxed)
            RowControllers.forget(self)
        }
        if flag(Bit.mayHaveCell) { RowCells.forget(self) }
        if flag(Bit.hasObject) { RowObjects.detach(self) }
        bits = (bits & ~(Bit.showsUncountedSelectable | Bit.countsAsControlled | Bit.mayHaveCell | Bit.hasObject)) | Bit.ended
        StoredGenerator.release(record.pointee.generator!)
        record.pointee.generator = nil
        if storeCount == 0 { RowRecords.retire(record) }
    }

    /// Whether this row already shows what `generator` (matched to it by diff id) shows: the same
    /// instance unchanged since, or an equal one while this row's own generator is unchanged.
    func showsContent(of generator: any RowGenerator) -> Bool {
        let shown = self.generator
        guard shows(revision: shown.contentRevision) else { return false }
        return shown === generator || shown.isContentEqual(to: generator)
    }

    /// Makes `generator` this row's, its content taken as shown.
    func take(_ generator: any RowGenerator) {
        guard !RowChangeObservers.isEmpty, !shows(generator) else {
            // A generator of the same type as the one it replaces is classified alike.
            let sameType = StoredGenerator.storedClass(record.pointee.generator!) == ObjectIdentifier(Swift.type(of: generator))
            self.generator = generator
            noteShown(revision: generator.contentRevision)
            if !sameType { classifyGenerator(generator) }
            return
        }
        let previous = self.generator
        let sameContent = showsContent(of: generator)
        self.generator = generator
        noteShown(revision: generator.contentRevision)
        classifyGenerator(generator)
        RowChangeObservers.generatorChanged(self, from: previous, sameContent: sameContent)
    }

    /// Makes `generator` this row's, its content taken as shown, counting no reference: in a
    /// permutation shown in place (`BaseListManager.commit`) the reference the generator's previous
    /// row held comes with it, and this row's previous generator goes to another row of the same
    /// permutation with this row's reference. Every generator involved is of one class (so the
    /// row's classification stays), and no row observer listens (`RowChangeObservers`).
    func takeMoved(_ generator: borrowing any RowGenerator) {
        assert(RowChangeObservers.isEmpty)
        assert(StoredGenerator.storedClass(record.pointee.generator!) == ObjectIdentifier(Swift.type(of: generator)))
        record.pointee.generator = StoredGenerator.instance(of: generator)
        noteShown(revision: generator.contentRevision)
    }

    /// A whole-state update's step for a row matched (by diff id) to `generator`: the row takes it
    /// and its place (`sectionHint`, `indexHint`). Returns whether the content shown changes
    /// (`comparing`: else false); appends the row and its previous generator to `handedOver` when a
    /// bound row goes from one generator to another.
    ///
    /// `take` and `showsContent` in one step, called on the rows of a borrowed buffer: the previous
    /// generator is moved out of the row rather than copied, compared and released (reference counting
    /// was a third of a whole-state update's instructions: a no-change update now pays 8.5 retains and
    /// releases a row, was 11.5).
    func adopt(_ generator: consuming any RowGenerator, comparing: Bool, section: UInt32, index: UInt32,
               handedOver: inout [(row: Row, previous: any RowGenerator)]) -> Bool {
        sectionHint = section
        indexHint = index
        guard RowChangeObservers.isEmpty else {
            let changed = comparing && !showsContent(of: generator)
            if !shows(generator) || !shows(revision: generator.contentRevision) {
                if !shows(generator), isBound { handedOver.append((self, self.generator)) }
                take(generator)
            }
            return changed
        }
        let newRevision = generator.contentRevision
        if shows(generator) {
            let changed = comparing && !shows(revision: newRevision)
            noteShown(revision: newRevision)
            return changed
        }
        // The previous generator takes over the row's reference; the row takes the new one's (last).
        let previous = StoredGenerator.take(record.pointee.generator!)
        let changed = comparing && !(shows(revision: previous.contentRevision) && previous.isContentEqual(to: generator))
        if ObjectIdentifier(Swift.type(of: previous)) != ObjectIdentifier(Swift.type(of: generator)) { classifyGenerator(generator) }
        if isBound { handedOver.append((self, previous)) }
        noteShown(revision: newRevision)
        record.pointee.generator = StoredGenerator.store(generator)
        return changed
    }

    /// Keeps `SelectionDispatch.uncountedRows` in step with this row's generator (one cached
    /// per-type check; see `SelectionDispatch`).
    private func classifyGenerator(_ generator: any RowGenerator) {
        let uncounted = SelectionDispatch.isUncounted(generator)
        guard uncounted != showsUncountedSelectable else { return }
        showsUncountedSelectable = uncounted
        if uncounted {
            SelectionDispatch.uncountedRows.add(1, ordering: .relaxed)
        } else {
            SelectionDispatch.uncountedRows.subtract(1, ordering: .relaxed)
        }
    }

    /// The row object, the item a view is handed for the row: made on first use, the same for the
    /// row's life (not read once the row has ended; checked in debug builds).
    var item: UnsafeMutableRawPointer {
        assert(!isEnded, "the row object of a row that ended was read")
        return UnsafeMutableRawPointer(RowObjects.object(of: self))
    }

    /// The row behind an item a view was handed (nil when the item is not a row object or its row
    /// has ended).
    static func from(item: UnsafeMutableRawPointer) -> Row? {
        guard RowObjectType.isRowObject(item),
              let record = item.assumingMemoryBound(to: GddRowObject.self).pointee.row else { return nil }
        return standing(record)
    }

    /// The row whose record a store shows (nil when it has ended).
    nonisolated static func standing(_ record: RowRecord) -> Row? {
        let row = Row(record: record)
        return row.isEnded || record.pointee.generator == nil ? nil : row
    }
}

extension Row: @unchecked Sendable {}

extension Row: Hashable {
    nonisolated static func == (a: Row, b: Row) -> Bool { a.record == b.record }
    nonisolated func hash(into hasher: inout Hasher) { hasher.combine(record) }
}

/// Whether two handles are of one row (as `===` is for objects; rows are handles on their records).
func === (a: Row?, b: Row?) -> Bool { a?.record == b?.record }

/// Whether two handles are of different rows.
func !== (a: Row?, b: Row?) -> Bool { a?.record != b?.record }
