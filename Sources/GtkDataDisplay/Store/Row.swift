import CGtk
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

/// The Swift side of one store item: owns the row object (one reference) and knows its generator.
///
/// A generator keeps the same `Row` — and so the same row object — across updates, which is
/// what lets GTK keep its widget. The row object points back here unretained; `end()` clears
/// that pointer before handing the reference on, so GTK can outlive the row safely.
@MainActor
final class Row {
    // The stored properties, in this order, are 40 bytes after the object header: a row is allocated
    // per store item, and 56 bytes are served from malloc's 64-byte chunks (72 bytes, with an 8-byte
    // section controller field and a 4-byte content version, took 80-byte chunks; the cell it once held
    // made it 80 bytes, served from 96). The controller and the cell are kept beside the rows
    // (`RowControllers`, `RowCells`); `RowPrefetch` relies on the generator coming first.

    /// The generator shown. Whole-state updates may hand the row to a new generator with the same diff id.
    /// Not read once the row has ended (checked in debug builds).
    var generator: any RowGenerator {
        get {
            assert(!isEnded, "the generator of a row that ended was read")
            return shownGenerator
        }
        set { shownGenerator = newValue }
    }
    private var shownGenerator: any RowGenerator
    /// The row object in the store (this row holds one reference). Rows trade objects only inside
    /// one splice that takes them out and puts them back (`RowObjectOrder`).
    private(set) nonisolated(unsafe) var object: UnsafeMutablePointer<GddRowObject>
    /// Where the row stood when the manager last placed or found it (its section's `SectionState.id`,
    /// and its place in the section's rows as a `RowHint`: a chunk and offset, or an index): where a
    /// lookup starts searching (`SectionState.index(of:hint:)`). Never trusted: checked first. The
    /// place is also written by a `RowList` splitting a chunk (`RowList` is not main-actor isolated).
    var sectionHint: UInt32 = 0
    nonisolated(unsafe) var indexHint: UInt32 = 0
    /// The low 32 bits of the generator's `contentRevision` when this row last took its content
    /// (compared for equality only, so a wrap after four billion changes of one row does not matter).
    private var shownRevision: UInt32
    /// The role (bits 0–1), four flags (bits 2–5: see `Bit`) and the depth (bits 6–31). Read by `deinit`.
    /// The flags that record something to undo (a count, an entry beside the rows) are cleared by `end()`.
    private nonisolated(unsafe) var bits: UInt32

    /// Where each flag of `bits` lies.
    private enum Bit {
        /// `generator` is a `SelectableItem` the library does not count (a custom conformer): such
        /// rows are counted in `SelectionDispatch.uncountedRows` while they live.
        static let showsUncountedSelectable: UInt32 = 1 << 2
        /// The row counts in `SelectionDispatch.controlledRows` (it has an entry in `RowControllers`).
        static let countsAsControlled: UInt32 = 1 << 3
        /// See `mayHaveCell`.
        static let mayHaveCell: UInt32 = 1 << 4
        /// See `isEnded`.
        static let ended: UInt32 = 1 << 5
        static let depthShift: UInt32 = 6
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
        set { setFlag(Bit.mayHaveCell, newValue) }
    }

    private var showsUncountedSelectable: Bool {
        get { flag(Bit.showsUncountedSelectable) }
        set { setFlag(Bit.showsUncountedSelectable, newValue) }
    }

    private var countsAsControlled: Bool {
        get { flag(Bit.countsAsControlled) }
        set { setFlag(Bit.countsAsControlled, newValue) }
    }

    /// Whether `revision` (a generator's `contentRevision`) is the one this row last took.
    func shows(revision: Int) -> Bool { shownRevision == UInt32(truncatingIfNeeded: revision) }

    /// Records that the row now shows its generator's `revision`.
    func noteShown(revision: Int) { shownRevision = UInt32(truncatingIfNeeded: revision) }
    /// The list item cell currently showing this row, if any (for in-place rebinds). Recorded in
    /// `RowCells`, beside the rows: few rows have one.
    var cell: Cell? {
        get { mayHaveCell ? RowCells.cell(of: self) : nil }
        set {
            guard newValue != nil || mayHaveCell else { return }
            assert(!isEnded, "a cell was given a row that ended")
            RowCells.set(newValue, for: self)
            mayHaveCell = newValue != nil
        }
    }
    /// The controller of the section the row stands in (`SectionController`), kept by the manager
    /// wherever rows enter or change sections: the section's box, recorded beside the rows
    /// (`RowControllers`; rows in sections without one cost nothing). Rows with one are counted in
    /// `SelectionDispatch.controlledRows` while they live.
    var controllerBox: SectionControllerBox? {
        get { countsAsControlled ? RowControllers.box(of: self) : nil }
        set {
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

    /// Rows alive at a depth above 0 (children of foldable rows), in any manager. While there are
    /// none, a row's place among its siblings is its index in its section (no scan).
    nonisolated static let nestedAlive = Atomic<Int>(0)

    /// A row showing `generator`, with `object` (transfer full, not yet any row's: see
    /// `RowObjectBatch`), else a spare row object (`RowObjectPool`) or a new one.
    init(generator: any RowGenerator, role: RowRole, depth: Int = 0, object: UnsafeMutablePointer<GddRowObject>? = nil) {
        self.shownGenerator = generator
        let roleBits: UInt32 = switch role {
        case .row: 0
        case .header: 1
        case .footer: 2
        }
        // 26 bits of depth (a deeper row, past 67 million levels, is shown at that depth).
        let storedDepth = UInt32(clamping: Swift.min(Swift.max(depth, 0), Int(UInt32.max >> Bit.depthShift)))
        self.bits = roleBits | storedDepth << Bit.depthShift
        if storedDepth > 0 { Self.nestedAlive.add(1, ordering: .relaxed) }
        self.shownRevision = UInt32(truncatingIfNeeded: generator.contentRevision)
        self.object = object ?? RowObjectPool.take() ?? RowObjectType.make()
        self.object.pointee.row = Unmanaged.passUnretained(self).toOpaque()
        classifyGenerator(generator)
    }

    /// Whether ends are checked (debug builds): `deinit` asserts that the row ended, and a manager going
    /// away ends its rows.
    #if DEBUG
    nonisolated static let checksEnds = true
    #else
    nonisolated static let checksEnds = false
    #endif

    /// Whether the manager that made this row has let it go for good (`end()`).
    nonisolated var isEnded: Bool { flag(Bit.ended) }

    /// Lets the row go: it has left its manager for good, once the splices that took it out of the
    /// store are done. Each row a manager makes ends exactly once: when it leaves (and does not
    /// stand in the manager again by the end of the operation), when an operation that made it
    /// fails, or with its manager. Ending undoes what the row recorded: the counts it is in
    /// (`nestedAlive`, `SelectionDispatch`), its entries beside the rows (`RowCells`,
    /// `RowControllers`), and its row object, which loses its pointer back here and goes to the
    /// pool of spare objects (or is released).
    ///
    /// A row may outlive its end while a list item cell, a selection or another view still holds
    /// it: such holders keep a `LiveRow`, which reads the row as gone. An ended row never enters a
    /// manager again, and its generator and row object are not read (debug builds check both) —
    /// what a row stored without a Swift object of its own (its fields in its row object, its
    /// references counted by hand) needs. Until then a manager going away ends its rows only where
    /// that is checked (`checksEnds`): elsewhere the last release lets such rows go, a pass over
    /// them all that release builds need not pay yet.
    func end() {
        assert(!isEnded, "a row ended twice")
        letGo()
        bits |= Bit.ended
    }

    /// Undoes what the row recorded and hands its row object on (see `end()`); clears the flags
    /// that said what there was to undo.
    private nonisolated func letGo() {
        if depth > 0 { Self.nestedAlive.subtract(1, ordering: .relaxed) }
        if flag(Bit.showsUncountedSelectable) { SelectionDispatch.uncountedRows.subtract(1, ordering: .relaxed) }
        if flag(Bit.countsAsControlled) {
            SelectionDispatch.controlledRows.subtract(1, ordering: .relaxed)
            RowControllers.forget(ObjectIdentifier(self))
        }
        if flag(Bit.mayHaveCell) { RowCells.forget(ObjectIdentifier(self)) }
        bits &= ~(Bit.showsUncountedSelectable | Bit.countsAsControlled | Bit.mayHaveCell)
        object.pointee.row = nil
        RowObjectPool.recycle(object)
    }

    deinit {
        guard !isEnded else { return }
        assert(!Self.checksEnds, "a row was released without end(): its manager lost track of where it left")
        letGo()
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
        guard !RowChangeObservers.isEmpty, self.generator !== generator else {
            // A generator of the same type as the one it replaces is classified alike.
            let sameType = ObjectIdentifier(Swift.type(of: self.generator)) == ObjectIdentifier(Swift.type(of: generator))
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
            if self.generator !== generator || !shows(revision: generator.contentRevision) {
                if self.generator !== generator, isBound { handedOver.append((self, self.generator)) }
                take(generator)
            }
            return changed
        }
        let newRevision = generator.contentRevision
        let newType = ObjectIdentifier(Swift.type(of: generator))
        var previous = generator
        swap(&previous, &shownGenerator)
        let same = previous === shownGenerator
        let showedItsRevision = shows(revision: previous.contentRevision)
        let changed = comparing && !(showedItsRevision && (same || previous.isContentEqual(to: shownGenerator)))
        if !same {
            if ObjectIdentifier(Swift.type(of: previous)) != newType { classifyGenerator(shownGenerator) }
            if isBound { handedOver.append((self, previous)) }
        }
        noteShown(revision: newRevision)
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

    /// Makes `object` this row's (its reference passes to this row; the object it had goes to
    /// another row of the same trade: see `RowObjectOrder`).
    func take(object: UnsafeMutablePointer<GddRowObject>) {
        self.object = object
        object.pointee.row = Unmanaged.passUnretained(self).toOpaque()
    }

    /// The row object as a store item (not read once the row has ended: the object may serve
    /// another row by then; checked in debug builds).
    var item: UnsafeMutableRawPointer {
        assert(!isEnded, "the row object of a row that ended was read")
        return UnsafeMutableRawPointer(object)
    }

    /// The row behind a store item (nil when the item is not ours or its row is gone).
    static func from(item: UnsafeMutableRawPointer) -> Row? {
        guard let owner = RowObjectType.owner(of: item) else { return nil }
        return Unmanaged<Row>.fromOpaque(owner).takeUnretainedValue()
    }
}
