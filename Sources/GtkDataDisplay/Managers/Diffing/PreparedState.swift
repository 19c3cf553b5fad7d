// Whole-state diffing off the main thread: a flattened state with its keys as values.

/// A whole state flattened, with the keys of old and new rows as `RowKey` values that another
/// thread can diff (`setStateInBackground`).
@MainActor
struct PreparedState {
    let flat: FlatState
    let oldKeys: [RowKey]
    let newKeys: [RowKey]

    /// Flattens `sections`; throws if a generator instance stands twice.
    init(_ sections: [Section], oldFlat: [Row]) throws(DataDisplayError) {
        var flat = try FlatState(sections, oldFlat: oldFlat)
        // Checked here in full: the diff on the other thread can only report a repeated id.
        var seen = Set<ObjectIdentifier>(minimumCapacity: flat.count)
        for generator in flat.generators where !seen.insert(ObjectIdentifier(generator)).inserted {
            throw .duplicateGenerator(describe(generator))
        }
        guard let keys = flat.keys(RowKey.self, oldFlat: oldFlat) else { preconditionFailure("RowKey holds every id") }
        self.flat = flat
        oldKeys = keys.old
        newKeys = keys.new
    }
}
