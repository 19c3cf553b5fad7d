// The texts a search looks at, folded once: every model's in one buffer of bytes, so that a query is
// looked for in one pass over them (the first byte found by `memchr`), not text by text.

import Glibc

/// Every model's folded text (`TextQuery.fold`: lower case, accents too when asked), in the models'
/// order, as UTF-8 bytes one after another, and where each starts.
struct FoldedTexts: Sendable {
    /// The texts' bytes, one after another.
    private var bytes: [UInt8] = []
    /// Where each text starts in `bytes` (it ends where the next starts).
    private var starts: [Int] = []
    let ignoringAccents: Bool

    /// `texts`, folded.
    init(_ texts: some Sequence<String>, ignoringAccents: Bool) {
        self.ignoringAccents = ignoringAccents
        for text in texts { append(text) }
    }

    /// How many texts there are.
    var count: Int { starts.count }

    /// Adds `text`, folded: an ASCII text's bytes lowered one by one (what `fold` gives it), any
    /// other through `TextQuery.fold`.
    mutating func append(_ text: String) {
        starts.append(bytes.count)
        var text = text
        let ascii = text.withUTF8 { utf8 in
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return false }
            bytes.append(contentsOf: utf8.lazy.map { $0 &- 0x41 < 26 ? $0 | 0x20 : $0 })
            return true
        }
        if !ascii { bytes.append(contentsOf: TextQuery.fold(text, ignoringAccents: ignoringAccents).utf8) }
    }

    /// Adds the texts of `other` (folded the same way).
    mutating func append(_ other: FoldedTexts) {
        let offset = bytes.count
        bytes.append(contentsOf: other.bytes)
        starts.append(contentsOf: other.starts.lazy.map { $0 + offset })
    }

    /// The end of text `index` in `bytes`.
    private func end(of index: Int) -> Int { index + 1 < starts.count ? starts[index + 1] : bytes.count }

    /// Whether text `index` contains `query`.
    func matches(_ index: Int, _ query: TextQuery) -> Bool {
        guard !query.folded.isEmpty else { return true }
        return bytes.withUnsafeBufferPointer { buffer in
            query.folded.withUnsafeBufferPointer { needle in
                Self.firstMatch(of: needle, in: buffer, from: starts[index], to: end(of: index)) != nil
            }
        }
    }

    /// The indices, ascending, of the texts among `candidates` (ascending; nil: all of them) that
    /// contain `query`.
    func indices(matching query: TextQuery, among candidates: [Int]?) -> [Int] {
        guard !query.folded.isEmpty else { return candidates ?? Array(0..<count) }
        var found: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            query.folded.withUnsafeBufferPointer { needle in
                if let candidates {
                    for index in candidates
                    where Self.firstMatch(of: needle, in: buffer, from: starts[index], to: end(of: index)) != nil {
                        found.append(index)
                    }
                    return
                }
                // One pass over every byte: each place the query starts, found, counts for the text it
                // falls in, and the search goes on from the next text.
                var from = 0, text = 0
                while let at = Self.firstMatch(of: needle, in: buffer, from: from, to: buffer.count) {
                    while text + 1 < starts.count && starts[text + 1] <= at { text += 1 }
                    let end = end(of: text)
                    if at + needle.count <= end {
                        found.append(text)
                        from = end
                    } else {
                        from = at + 1   // across two texts: not a match
                    }
                }
            }
        }
        return found
    }

    /// Where `needle` (not empty) first occurs in `haystack[from..<to]`: each place its first byte
    /// stands (`memchr`), the rest compared.
    private static func firstMatch(of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>,
                                   from: Int, to: Int) -> Int? {
        guard let base = haystack.baseAddress, let first = needle.first else { return nil }
        var at = from
        let last = to - needle.count
        while at <= last {
            guard let hit = memchr(base + at, Int32(first), last - at + 1) else { return nil }
            at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if needle.count == 1 || memcmp(base + at + 1, needle.baseAddress! + 1, needle.count - 1) == 0 { return at }
            at += 1
        }
        return nil
    }
}
