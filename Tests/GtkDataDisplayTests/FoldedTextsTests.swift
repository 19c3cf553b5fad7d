@testable import GtkDataDisplay
import GtkDataDisplayTesting
import XCTest

/// `FoldedTexts`, the texts a search scans in one pass, against folding each text and looking for the
/// query in it: random texts (ASCII and not, upper case, accents, empty ones) and random queries, over
/// all of them and among candidates; a query never matches across two texts.
final class FoldedTextsTests: XCTestCase {
    private let pieces = ["a", "B", "ab", "É", "é", "lo", "Ö", "x", "", "ß", "AB", "ba", " ", "-"]

    private func text(_ rng: inout RandomizedRNG, _ maximum: Int) -> String {
        (0..<Int(rng.next() % UInt64(maximum + 1))).map { _ in pieces[Int(rng.next() % UInt64(pieces.count))] }.joined()
    }

    func testMatchesAreTheTextsThatContainTheQueryFolded() {
        var rng = RandomizedRNG(seed: 21)
        for round in 0..<200 {
            let accents = round % 2 == 0
            let texts = (0..<Int(1 + rng.next() % 60)).map { _ in text(&rng, 5) }
            let folded = FoldedTexts(texts, ignoringAccents: accents)
            XCTAssertEqual(folded.count, texts.count)
            let query = TextQuery(text(&rng, 2), ignoringAccents: accents)
            let expected = texts.indices.filter { index in
                let key = Array(TextQuery.fold(texts[index], ignoringAccents: accents).utf8)
                return query.folded.isEmpty || (0...max(0, key.count - query.folded.count)).contains { at in
                    key.count >= query.folded.count && Array(key[at..<(at + query.folded.count)]) == query.folded
                }
            }
            XCTAssertEqual(folded.indices(matching: query, among: nil), expected, "round \(round): \(texts) \"\(query.text)\"")
            let candidates = texts.indices.filter { _ in rng.next() % 2 == 0 }
            XCTAssertEqual(folded.indices(matching: query, among: candidates), expected.filter(candidates.contains), "round \(round)")
            for index in texts.indices {
                XCTAssertEqual(folded.matches(index, query), expected.contains(index), "round \(round), text \(index)")
            }
        }
    }

    func testAQueryDoesNotMatchAcrossTwoTextsAndAppendedTextsAreSearchedToo() {
        var folded = FoldedTexts(["ab", "cd", "", "ABC"], ignoringAccents: false)
        XCTAssertEqual(folded.indices(matching: TextQuery("bc", ignoringAccents: false), among: nil), [3])
        XCTAssertEqual(folded.indices(matching: TextQuery("d", ignoringAccents: false), among: nil), [1])
        folded.append(FoldedTexts(["xbcx", "Straße"], ignoringAccents: false))
        XCTAssertEqual(folded.indices(matching: TextQuery("bc", ignoringAccents: false), among: nil), [3, 4])
        XCTAssertEqual(folded.indices(matching: TextQuery("STRASSE", ignoringAccents: false), among: nil), [],
                       "folding lowers case; it does not spell ß out")
        XCTAssertEqual(folded.indices(matching: TextQuery("straß", ignoringAccents: false), among: nil), [5])
        folded.append("Élodie")
        XCTAssertTrue(folded.matches(6, TextQuery("élo", ignoringAccents: false)))
        XCTAssertFalse(folded.matches(6, TextQuery("elo", ignoringAccents: false)))
    }
}
