// The hash floor: the least any id-based diff has to do — a `[id: index]` table of the old ids and
// one lookup per new id, nothing else (no order, no splices, no content). The engine's diff time is
// reported as a multiple of it; the goal is within 2× on every mix at 100k and 1M.

/// Builds a dictionary of the old ids and looks up every new id.
enum HashFloor {
    /// Returns a checksum of the lookups (matched rows plus the sum of their old indices), so the
    /// work cannot be optimised away.
    @inline(never)
    static func run(old: [Int], new: [Int]) -> Int {
        var table = [Int: Int](minimumCapacity: old.count)
        for (index, id) in old.enumerated() { table[id] = index }
        var checksum = 0
        for id in new {
            if let index = table[id] { checksum &+= index &+ 1 }
        }
        return checksum
    }
}
