import DataDisplayDiff

// Whole-state diffing, a shortcut: a new state that shows the rows shown now, each by the generator
// it shows now, in another order (a list sorted again, or back to the app's order) is matched
// through the generators' own links (`RowLink`): each generator names its row and its place. No id is read or hashed (at a million rows the matching by id was a quarter of a
// re-sort). The splices are those the matching by id gives for the same rows.

extension BaseListManager {
    /// Rows below which a state is matched by id only: there hashing costs less than a millisecond.
    static let permutationMinimumRows = 2048

    /// The plan for `flat` when it shows exactly the rows of `oldFlat` in another order (or the same),
    /// one section of plain rows before and after, each new generator the one its old row shows;
    /// nil otherwise (the state is then matched by id). `oneClass`: every generator is of one class
    /// (then a row object may take another row's generator without its reference counted or its
    /// class compared: `Row.takeMoved`).
    func permutationPlan(_ flat: FlatState, oldFlat: [Row]) -> (plan: SplicePlan, oneClass: Bool)? {
        let count = flat.count
        // The links' positions are the rows' places in `oldFlat` while nothing changed the manager
        // since they were written; the rows were plain rows then (no foldable, so no child row).
        guard count >= Self.permutationMinimumRows, oldFlat.count == count, linkStamp != 0,
              mutationVersion == linkedVersion &+ 1, !foldablesInLastState,
              flat.hasOnlyPlainRows, flat.sectionCounts.count == 1, flat.hasOnlyRows,
              state.count == 1, state[0].header == nil, state[0].footer == nil else { return nil }
        let stamp = linkStamp
        let checkingFolds = flat.foldCheckDeferred
        var plainType: ObjectIdentifier?
        // The class of the first generator, and whether every other one is of it (its header is read
        // beside the link: no other cache line).
        let firstClass = flat.generators.first.map { ObjectIdentifier(Swift.type(of: $0)) }
        var oneClass = true
        var oldIndexOfNew = [Int](repeating: -1, count: count)
        let complete = oldIndexOfNew.withUnsafeMutableBufferPointer { oldIndexOfNew in
            flat.generators.forEachPart { part, start in
                for offset in part.indices {
                    if offset &+ GeneratorPrefetch.distance < part.count { GeneratorPrefetch.fetch(part[offset &+ GeneratorPrefetch.distance]) }
                    unowned(unsafe) let generator = part[offset]  // the state holds it
                    let type = ObjectIdentifier(Swift.type(of: generator))
                    if type != firstClass { oneClass = false }
                    if checkingFolds {
                        // Rows taken as plain without a look at their types (`FlatState`): a
                        // foldable one may show children now. Each type once.
                        if type != plainType {
                            let traits = GeneratorTraits.traits(generator)
                            if traits.isFoldable || !traits.fits(.row) { return false }
                            plainType = type
                        }
                    }
                    guard let keyed = KeyedRowGenerator.keyed(generator) else { return false }
                    let link = keyed.rowLink
                    guard link.stamp == stamp, Int(link.position) < count else { return false }
                    oldIndexOfNew[start + offset] = Int(link.position)
                }
                return true
            }
        }
        guard complete else { return nil }
        // A generator standing twice names its row twice: the plan refuses it, and the matching by
        // id reports the repeat.
        // Moves are counted only if the plan is not shown in place (`commit`), else when read (`UpdateSummary.moves`).
        var options = splicePlanOptions(oldRows: oldFlat)
        options.countsMoves = false
        guard let plan = try? ListDiff.plan(oldIndexOfNew: oldIndexOfNew, oldCount: count, options: options) else { return nil }
        return (plan, oneClass)
    }
}
