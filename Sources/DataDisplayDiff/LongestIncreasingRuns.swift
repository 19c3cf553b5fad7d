// The rows that stay, chosen among runs. Runs are disjoint intervals of old indices, and of new indices,
// so an increasing subsequence that takes one row of a run can take the whole run: the rows of any
// other run are all below or all above it. A longest increasing subsequence of rows is therefore a
// heaviest increasing sequence of runs (weight = rows). O(r log r) for r runs, whatever their lengths:
// a rotation or a moved block is a few runs however long the list.

/// Heaviest increasing sequences of matched runs.
internal enum LongestIncreasingRuns {
    /// The runs of a heaviest sequence whose old starts increase in new order, sorted by new start,
    /// and its weight (rows). `runs` are disjoint in old and in new indices, in any order.
    static func members(of runs: [MatchedRun]) -> (runs: [MatchedRun], rows: Int) {
        guard !runs.isEmpty else { return ([], 0) }
        let byNew = runs.sorted { $0.newStart < $1.newStart }
        // rank[k]: position of byNew[k] in old order.
        let oldOrder = byNew.indices.sorted { byNew[$0].oldStart < byNew[$1].oldStart }
        var rank = [Int](repeating: 0, count: byNew.count)
        for (position, k) in oldOrder.enumerated() { rank[k] = position }
        // A Fenwick tree of prefix maxima over old ranks: best weight ending at a rank, and its run.
        var treeWeight = [Int](repeating: 0, count: byNew.count + 1)
        var treeRun = [Int](repeating: -1, count: byNew.count + 1)
        var predecessor = [Int](repeating: -1, count: byNew.count)
        var bestWeight = 0, bestRun = -1
        for k in byNew.indices {
            // Heaviest sequence among runs of rank < rank[k].
            var weight = 0, previous = -1
            var node = rank[k]
            while node > 0 {
                if treeWeight[node] > weight { weight = treeWeight[node]; previous = treeRun[node] }
                node &= node - 1
            }
            predecessor[k] = previous
            weight += byNew[k].count
            if weight > bestWeight { bestWeight = weight; bestRun = k }
            node = rank[k] + 1
            while node <= byNew.count {
                if weight > treeWeight[node] { treeWeight[node] = weight; treeRun[node] = k }
                node += node & -node
            }
        }
        var members: [MatchedRun] = []
        var k = bestRun
        while k >= 0 {
            members.append(byNew[k])
            k = predecessor[k]
        }
        members.reverse()
        return (members, bestWeight)
    }
}
