// The items of the row model ("GddRowModel"): the records of the rows it shows, in order, in chunks.

/// The records of the rows a row model shows, in order: one pointer each (8 bytes a row), kept in chunks
/// of at most `maximumChunk`, so that an insert or a removal moves the pointers of one chunk, not
/// of the whole list, and finds its chunk by a binary search over the chunks' ends.
///
/// It counts nothing itself: `RowStore` counts the rows it puts in and takes out (`Row.enterStore`).
/// Used on the main thread only (GTK asks a `GListModel` for its items there).
final class RowItems: @unchecked Sendable {
    /// A chunk never holds more: a change that would grow one beyond it splits the chunk.
    static let maximumChunk = 2048
    /// How many items a fill or a split puts in each chunk it makes.
    static let fillChunk = 1024
    /// A chunk left with fewer items joins a neighbour that has room for them.
    static let smallChunk = 128

    /// The number of items.
    private(set) var count = 0
    private var chunks: [ContiguousArray<RowRecord>] = []
    /// `ends[i]`: how many items chunks `0...i` hold.
    private var ends: [Int] = []
    /// The chunk the last lookup found (GTK reads a view's items in order).
    private var recent = 0

    /// The item at `position` (in `0..<count`).
    subscript(position: Int) -> RowRecord {
        precondition(position >= 0 && position < count, "row item position out of range")
        let chunk = chunk(containing: position)
        return chunks[chunk][position - start(of: chunk)]
    }

    /// Every item, in order.
    func forEach(_ body: (RowRecord) -> Void) {
        for chunk in chunks {
            for item in chunk { body(item) }
        }
    }

    /// Replaces the `removing` items from `position` with `inserting`, handing each item taken out
    /// to `removed`, in order, once the new items are in place.
    func replace<Items: Collection<RowRecord>>(
        at position: Int, removing: Int, with inserting: Items, removed: (RowRecord) -> Void
    ) {
        precondition(position >= 0 && removing >= 0 && position + removing <= count, "row item range out of range")
        if removing == 0, inserting.isEmpty { return }
        if chunks.isEmpty {
            insertChunks(of: inserting, at: 0)
            count = inserting.count
            rebuildEnds(from: 0)
            return
        }
        let (chunk, offset) = place(of: position)
        let size = chunks[chunk].count
        if offset + removing <= size, size - removing + inserting.count <= Self.maximumChunk {
            replaceInChunk(chunk, offset: offset, removing: removing, with: inserting, removed: removed)
        } else {
            replaceAcrossChunks(chunk, offset: offset, removing: removing, with: inserting, removed: removed)
        }
    }

    /// A change that stays within one chunk: only that chunk's items move.
    private func replaceInChunk<Items: Collection<RowRecord>>(
        _ chunk: Int, offset: Int, removing: Int, with inserting: Items, removed: (RowRecord) -> Void
    ) {
        var taken: ContiguousArray<RowRecord> = []
        if removing > 0 { taken = ContiguousArray(chunks[chunk][offset..<(offset + removing)]) }
        chunks[chunk].replaceSubrange(offset..<(offset + removing), with: inserting)
        let delta = inserting.count - removing
        count += delta
        if delta != 0 {
            for index in chunk..<ends.count { ends[index] += delta }
        }
        if chunks[chunk].count < Self.smallChunk { joinSmall(chunk) }
        for item in taken { removed(item) }
    }

    /// A change over several chunks or too big for one: the chunk is cut at `offset`, whole chunks
    /// after it are dropped, and the new items go in as chunks of their own.
    private func replaceAcrossChunks<Items: Collection<RowRecord>>(
        _ chunk: Int, offset: Int, removing: Int, with inserting: Items, removed: (RowRecord) -> Void
    ) {
        var taken: [ContiguousArray<RowRecord>] = []
        var tail = ContiguousArray(chunks[chunk][offset...])
        chunks[chunk].removeSubrange(offset...)
        var left = removing
        let fromTail = min(left, tail.count)
        taken.append(ContiguousArray(tail.prefix(fromTail)))
        tail.removeFirst(fromTail)
        left -= fromTail
        var after = chunk + 1
        while left > 0, after < chunks.count, chunks[after].count <= left {
            left -= chunks[after].count
            after += 1
        }
        taken.append(contentsOf: chunks[(chunk + 1)..<after])
        if left > 0 {
            taken.append(ContiguousArray(chunks[after].prefix(left)))
            chunks[after].removeFirst(left)
        }
        chunks.removeSubrange((chunk + 1)..<after)
        chunks.insert(tail, at: chunk + 1)
        let made = insertChunks(of: inserting, at: chunk + 1)
        count += inserting.count - removing
        joinNeighbours(in: max(0, chunk - 1)..<min(chunks.count, chunk + made + 3))
        recent = 0
        rebuildEnds(from: 0)
        for part in taken {
            for item in part { removed(item) }
        }
    }

    /// Joins each chunk of `range` that is empty, or small enough, to the next one (the chunks an
    /// edit over several cut or made).
    private func joinNeighbours(in range: Range<Int>) {
        var index = range.lowerBound
        var end = range.upperBound
        while index + 1 < end {
            let (size, next) = (chunks[index].count, chunks[index + 1].count)
            if size == 0 || next == 0 || size + next <= Self.fillChunk {
                chunks[index].append(contentsOf: chunks[index + 1])
                chunks.remove(at: index + 1)
                end -= 1
            } else {
                index += 1
            }
        }
        if chunks.count == 1, chunks[0].isEmpty { chunks.removeAll() }
    }

    /// Puts `items` in as chunks of `fillChunk` before chunk `index`; how many it made.
    @discardableResult
    private func insertChunks<Items: Collection<RowRecord>>(of items: Items, at index: Int) -> Int {
        guard !items.isEmpty else { return 0 }
        var made: [ContiguousArray<RowRecord>] = []
        made.reserveCapacity((items.count + Self.fillChunk - 1) / Self.fillChunk)
        var current = ContiguousArray<RowRecord>()
        current.reserveCapacity(min(items.count, Self.fillChunk))
        for item in items {
            if current.count == Self.fillChunk {
                made.append(current)
                current = ContiguousArray()
                current.reserveCapacity(Self.fillChunk)
            }
            current.append(item)
        }
        made.append(current)
        chunks.insert(contentsOf: made, at: index)
        return made.count
    }

    /// Joins chunk `index` to a neighbour with room for its items (or drops it when empty).
    private func joinSmall(_ index: Int) {
        let size = chunks[index].count
        if index > 0, chunks[index - 1].count + size <= Self.maximumChunk {
            chunks[index - 1].append(contentsOf: chunks[index])
        } else if index + 1 < chunks.count, chunks[index + 1].count + size <= Self.maximumChunk {
            chunks[index + 1].insert(contentsOf: chunks[index], at: 0)
        } else if size > 0 {
            return
        }
        chunks.remove(at: index)
        ends.remove(at: index)
        if index > 0 { ends[index - 1] = start(of: index - 1) + chunks[index - 1].count }
        recent = 0
    }

    private func rebuildEnds(from first: Int) {
        ends.removeSubrange(min(first, ends.count)...)
        var end = first == 0 ? 0 : ends[first - 1]
        for index in first..<chunks.count {
            end += chunks[index].count
            ends.append(end)
        }
    }

    private func start(of chunk: Int) -> Int { chunk == 0 ? 0 : ends[chunk - 1] }

    /// The chunk holding `position` and the position's offset in it; the end of the last chunk
    /// for `position == count`.
    private func place(of position: Int) -> (chunk: Int, offset: Int) {
        if position == count { return (chunks.count - 1, chunks[chunks.count - 1].count) }
        let chunk = chunk(containing: position)
        return (chunk, position - start(of: chunk))
    }

    /// The chunk holding `position` (in `0..<count`).
    private func chunk(containing position: Int) -> Int {
        let recent = recent
        if recent < ends.count, position < ends[recent], position >= start(of: recent) { return recent }
        var low = 0
        var high = ends.count - 1
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] > position { high = middle } else { low = middle + 1 }
        }
        self.recent = low
        return low
    }
}
