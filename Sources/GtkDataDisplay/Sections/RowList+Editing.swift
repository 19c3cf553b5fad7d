// Editing a row list: replacing and removing rows a chunk at a time, splitting chunks that grew
// long, and keeping the chunks' starts and ids (`RowListChunkIDs`) right.

extension RowList {
    /// Removes chunks `range`, their starts, serials and origins.
    private mutating func removeChunks(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let ids = uniqueChunkIDs()  // before the chunks change: made for the list as it is
        chunks.removeSubrange(range)
        starts.removeSubrange(range)
        ids.removeChunks(range)
    }

    mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with newElements: C) where C.Element == Row {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range \(range) out of 0..<\(count)")
        let inserted = newElements.count
        if count == 0 {
            guard inserted > 0 else { return }
            chunks = [Array(newElements)]
            starts = [0]
            count = inserted
            chunkIDs = nil
            splitIfLong(0)  // no row has a hint from this list yet: none is touched
            return
        }
        // Chunks the edit touches are split first, so it copies (and moves) rows of short chunks only.
        if range.lowerBound < count { splitIfLong(locate(range.lowerBound).chunk) }
        if range.upperBound > range.lowerBound, range.upperBound - 1 < count { splitIfLong(locate(range.upperBound - 1).chunk) }
        if range.lowerBound == count { splitIfLong(chunks.count - 1) }

        // The first chunk touched, and where the range starts in it (at its end for an append).
        let (first, firstOffset) = range.lowerBound == count
            ? (chunks.count - 1, chunks[chunks.count - 1].count)
            : locate(range.lowerBound)
        let chunksBefore = chunks.count
        let withinOneChunk = range.isEmpty || range.upperBound - 1 < starts[first] + chunks[first].count
        if withinOneChunk {
            chunks[first].replaceSubrange(firstOffset..<(firstOffset + range.count), with: newElements)
        } else {
            let (last, lastOffset) = locate(range.upperBound - 1)
            chunks[first].replaceSubrange(firstOffset..., with: newElements)
            chunks[last].removeSubrange(0...lastOffset)
            removeChunks((first + 1)..<last)
        }
        count += inserted - range.count
        // Drop the (at most two) chunks left empty, split one that grew long, renumber from the first
        // touched — or, when the edit stayed in one chunk that is still one chunk, shift the later
        // starts by what it added (renumbering reads the length of every later chunk, each in a buffer
        // of its own: a cache miss a chunk at a million rows, a thousand of them in one long section).
        if !withinOneChunk && first + 1 < chunks.count && chunks[first + 1].isEmpty { removeChunk(first + 1) }
        if chunks[first].isEmpty { removeChunk(first) }
        if first < chunks.count {
            splitIfLong(first, inserted: firstOffset..<(firstOffset + inserted))
            if withinOneChunk && chunks.count == chunksBefore {
                shiftStarts(after: first, by: inserted - range.count)
            } else {
                renumber(from: first)
            }
        }
    }

    /// Adds `delta` to the start of every chunk after `k` (chunk `k` changed length by `delta`).
    private mutating func shiftStarts(after k: Int, by delta: Int) {
        guard delta != 0 else { return }
        starts.withUnsafeMutableBufferPointer { starts in
            var j = k + 1
            while j < starts.count {
                starts[j] += delta
                j += 1
            }
        }
    }

    /// Removes the rows of `ranges` (ascending, not overlapping) in one pass over the chunks they
    /// touch, from the last back, renumbering once: removing many stretches one `removeSubrange` at a
    /// time renumbered every later chunk after each (10,000 rows spread over a section of a million:
    /// 10,000 × 1,000 chunks).
    mutating func removeSubranges(_ ranges: [Range<Int>]) {
        let ranges = ranges.filter { !$0.isEmpty }
        guard let first = ranges.first else { return }
        precondition(first.lowerBound >= 0 && ranges.last!.upperBound <= count, "ranges out of 0..<\(count)")
        for r in ranges.indices.dropFirst() {
            precondition(ranges[r - 1].upperBound <= ranges[r].lowerBound, "ranges ascending, not overlapping")
        }
        // Chunks before the one being edited keep their starts (the list's indices before the edit)
        // until the renumbering at the end; a chunk split first renumbers only itself and later ones.
        var r = ranges.count - 1
        var limit = count  // rows from here on are done
        var removed = 0
        var lowest = chunks.count
        // Rows removed from each chunk, from the last chunk back; whether a long chunk was split
        // (then every start after it was recomputed, and so are they all at the end).
        var removedFrom: [(chunk: Int, rows: Int)] = []
        var split = false
        while r >= 0 {
            let last = Swift.min(ranges[r].upperBound, limit) - 1
            var k = locate(last).chunk
            if chunks[k].count > largestChunk {
                splitIfLong(k)
                split = true
                k = locate(last).chunk
            }
            let start = starts[k]
            // The parts of the ranges inside this chunk, as offsets in it, from its end back.
            var parts: [Range<Int>] = []
            while r >= 0 && ranges[r].upperBound > start {
                parts.append((Swift.max(ranges[r].lowerBound, start) - start)..<(Swift.min(ranges[r].upperBound, limit) - start))
                if ranges[r].lowerBound < start { break }  // it goes on in the chunk before
                r -= 1
            }
            if parts.count == 1 {
                chunks[k].removeSubrange(parts[0])
            } else {
                var kept: [Row] = []
                kept.reserveCapacity(chunks[k].count)
                var from = 0
                for part in parts.reversed() {
                    kept.append(contentsOf: chunks[k][from..<part.lowerBound])
                    from = part.upperBound
                }
                kept.append(contentsOf: chunks[k][from...])
                chunks[k] = kept
            }
            let removedHere = parts.reduce(0) { $0 + $1.count }
            removed += removedHere
            removedFrom.append((k, removedHere))
            limit = start
            lowest = k
        }
        count -= removed
        if split {
            for j in stride(from: chunks.count - 1, through: lowest, by: -1) where chunks[j].isEmpty { removeChunk(j) }
            renumber(from: Swift.min(lowest, chunks.count))
        } else {
            // Each start moves back by the rows removed from the chunks before it (no chunk's length
            // read: see `shiftStarts`); a chunk left empty keeps the start of the one after it.
            starts.withUnsafeMutableBufferPointer { starts in
                var shift = 0
                var next = removedFrom.count - 1  // the first chunk touched
                var j = lowest
                while j < starts.count {
                    starts[j] -= shift
                    if next >= 0 && removedFrom[next].chunk == j {
                        shift += removedFrom[next].rows
                        next -= 1
                    }
                    j += 1
                }
            }
            // Only a chunk rows left can be empty (from the last back, so the indices before stay put).
            for (k, _) in removedFrom where chunks[k].isEmpty { removeChunk(k) }
        }
    }

    /// One edit for the whole sequence (the default appends row by row, renumbering each time).
    mutating func append<S: Sequence>(contentsOf rows: S) where S.Element == Row {
        let added = Array(rows)
        replaceSubrange(count..<count, with: added)
    }

    private mutating func removeChunk(_ k: Int) { removeChunks(k..<(k + 1)) }

    /// Splits `chunks[k]` into chunks of `chunkSize` rows when it is longer than twice that (the
    /// last takes a short remainder). O(rows of the chunk), once: the pieces are short.
    ///
    /// The first piece keeps the chunk's serial and origin; the others get new serials. A chunk an
    /// edit made long (`inserted`: the offsets of the rows it brought, which their caller gives hints
    /// next) gives the rows it moves into those pieces hints naming them, so no hint points at a
    /// chunk its row left (rows inserted again and again in one place would otherwise leave the rows
    /// after them ever further from their hints); the pieces' origins are then the next chunk's (no
    /// plain hint is left in them). A chunk never edited (`inserted` nil: the one a list is made
    /// with) holds plain hints that are its offsets from its origin: the pieces' origins follow, and
    /// no row is touched — the first edit after a whole-state update of a million rows splits them all.
    private mutating func splitIfLong(_ k: Int, inserted: Range<Int>? = nil) {
        guard chunks[k].count > largestChunk else { return }
        var pieceStarts: [Int] = []
        let total = chunks[k].count
        var start = 0
        while start < total {
            pieceStarts.append(start)
            start = total - start < chunkSize + chunkSize / 2 ? total : start + chunkSize
        }
        let pieces = Self.pieces(of: &chunks[k], startingAt: pieceStarts)
        let ids = uniqueChunkIDs()
        if let inserted {
            let ceiling = k + 1 < ids.origins.count ? ids.origins[k + 1] : Int.max
            let pieceSerials = ids.split(k, into: [ids.origins[k]] + repeatElement(ceiling, count: pieces.count - 1))
            for j in 1..<pieces.count {
                pieces[j].withUnsafeBufferPointer { rows in
                    let from = pieceStarts[j]
                    for offset in rows.indices where !inserted.contains(from + offset) {
                        rows[offset].indexHint = RowHint(serial: pieceSerials[j], offset: offset).raw
                    }
                }
            }
        } else {
            _ = ids.split(k, into: pieceStarts.map { ids.origins[k] + $0 })
        }
        chunks.replaceSubrange(k...k, with: pieces)
        starts.replaceSubrange(k...k, with: repeatElement(0, count: pieces.count))
        renumber(from: k)
    }

    /// The rows of `chunk` cut into pieces that start at `starts` (ascending, the first 0), leaving
    /// `chunk` empty. The rows are moved, not copied: taken from the end of a buffer this list alone
    /// holds, no row's reference count is touched. Copying them retained and then released every row
    /// of the chunk — two cache misses a row at a million rows whose objects lie all over the heap: the
    /// first edit after a whole-state update that shuffled a million rows in one section took 80–85 ms
    /// (36–47 now). A buffer shared with another array is copied once, by the first `removeLast`.
    private static func pieces(of chunk: inout [Row], startingAt starts: [Int]) -> [[Row]] {
        var rows: [Row] = []
        swap(&rows, &chunk)
        var pieces = [[Row]](repeating: [], count: starts.count)
        var end = rows.count
        for j in starts.indices.reversed() {
            let length = end - starts[j]
            pieces[j] = [Row](unsafeUninitializedCapacity: length) { buffer, initialized in
                var i = length
                while i > 0 {
                    i -= 1
                    (buffer.baseAddress! + i).initialize(to: rows.removeLast())
                }
                initialized = length
            }
            end = starts[j]
        }
        return pieces
    }

    /// Recomputes `starts` from chunk `k` on.
    private mutating func renumber(from k: Int) {
        guard k < chunks.count else { return }
        var start = k == 0 ? 0 : starts[k - 1] + chunks[k - 1].count
        for j in k..<chunks.count {
            starts[j] = start
            start += chunks[j].count
        }
    }
}
