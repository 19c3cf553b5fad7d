// State and lookup: the key rows are matched and checked by (role, depth, diff id).

/// A row's key in a diff: its role, depth and its generator's diff id. Diff ids are values
/// (strings, numbers, UUIDs…), so keys may be diffed on another thread.
struct RowKey: Hashable, CustomStringConvertible, @unchecked Sendable {
    let role: RowRole
    let depth: Int
    let id: DiffKey
    /// 0, or which repeat of an id this is in an old list that holds it more than once.
    var occurrence = 0

    init(role: RowRole, depth: Int, id: DiffKey) {
        self.role = role
        self.depth = depth
        self.id = id
    }

    /// Hashed as the manager's own tables place it (`ShownDiffIDs.hash`: integer, object and short
    /// string ids mixed as words, no `Hasher` run), the occurrence and `seed` mixed in: what `Set`
    /// and the diff's table hash by. Through `Hasher`, a key cost more than the rest of a lookup.
    func _rawHashValue(seed: Int) -> Int {
        mixWords(Int(bitPattern: ShownDiffIDs.hash(self)), occurrence, seed: seed)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(_rawHashValue(seed: 0)) }

    /// The id as the README's error table writes it: `42`, `42 (header)`, `42 (depth 2)`.
    var description: String {
        switch (role, depth) {
        case (.header, _): return "\(id) (header)"
        case (.footer, _): return "\(id) (footer)"
        case (.row, 0): return "\(id)"
        case (.row, let depth): return "\(id) (depth \(depth))"
        }
    }
}

extension Row {
    /// What whole-state updates match this row by.
    var key: RowKey { RowKey(role: role, depth: depth, id: generator.diffKey) }
}
