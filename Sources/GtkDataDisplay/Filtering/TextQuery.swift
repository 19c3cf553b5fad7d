import Foundation

/// A search query as `FilteredState` matches it: a model matches when its text contains the query,
/// case ignored, accents too with `ignoringAccents` (both folded, then compared as UTF-8 bytes). A
/// query that contains the previous one can only match fewer models, so those are the only ones
/// looked at again (narrowing).
struct TextQuery: Equatable, Sendable {
    /// The query as typed.
    let text: String
    /// The query folded, as UTF-8 bytes.
    let folded: [UInt8]

    init(_ text: String, ignoringAccents: Bool) {
        self.text = text
        folded = Array(Self.fold(text, ignoringAccents: ignoringAccents).utf8)
    }

    /// Whether the query matches everything (empty).
    var isEmpty: Bool { folded.isEmpty }

    /// A text as a query compares it: lower case ("Élodie" → "élodie"), and without accents with
    /// `ignoringAccents` ("elodie").
    static func fold(_ text: String, ignoringAccents: Bool) -> String {
        guard ignoringAccents else { return text.lowercased() }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
    }

    /// Whether every model this query matches also matches `previous` (this query contains it), so
    /// only `previous`'s matches need looking at.
    func narrows(_ previous: TextQuery) -> Bool {
        guard !previous.isEmpty else { return false }
        return folded.withUnsafeBufferPointer { mine in
            previous.folded.withUnsafeBufferPointer { theirs in Self.find(theirs, in: mine) }
        }
    }

    /// Whether `needle` (not empty) occurs in `haystack`: each place its first byte stands, the
    /// rest compared.
    private static func find(_ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = needle.first, needle.count <= haystack.count else { return false }
        let rest = needle.count - 1
        var at = 0
        let last = haystack.count - needle.count
        while at <= last {
            if haystack[at] == first {
                var k = 1
                while k <= rest && haystack[at + k] == needle[k] { k += 1 }
                if k > rest { return true }
            }
            at += 1
        }
        return false
    }
}
