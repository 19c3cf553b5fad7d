import CGtkDataDisplay
import GtkDataDisplay
import GtkDataDisplayShell
import GtkDataDisplayTesting
import XCTest

/// Whole-state updates match rows by keys in the cheapest form the ids allow (one word for
/// integers and objects, the string for strings, a general key otherwise), find repeated
/// generators and ids without hashing every row, and compare models as their views say.
/// Whatever form an update takes, the result and the errors are the same.
@MainActor
final class WholeStateKeyFormTests: XCTestCase {
    func testIntegerStringAndOtherIDsMixedInOneStateAreMatched() async throws {
        let manager = BaseListManager()
        let uuid = UUIDLike(value: 7)
        try manager.setState([Section(rows: [LabelRow(model: "one", id: 1), LabelRow(model: "two", id: "two"),
                                             LabelRow(model: "three", id: uuid)])])
        let objects = manager.store.objectAddresses
        let recorder = ItemsChangedRecorder(manager.store)
        try manager.setState([Section(rows: [LabelRow(model: "three", id: uuid), LabelRow(model: "one", id: 1),
                                             LabelRow(model: "two!", id: "two")])])
        XCTAssertEqual(storeTexts(manager), ["three", "one", "two!"])
        XCTAssertEqual(Set(manager.store.objectAddresses), Set(objects), "every row kept its row object")
        XCTAssertEqual(manager.lastUpdate?.moves, 1)
        XCTAssertEqual(manager.lastUpdate?.updated, 1)
        XCTAssertEqual(recorder.invalidChanges, [])
    }

    /// Headers with string ids over rows numbered by integers, strings and object identities (the
    /// mixed key form) match exactly as the same ids do in the general form (each wrapped in a type
    /// of its own): the same summary, the same rows shown, the same row objects kept where, and the
    /// same errors, over random updates. `7` and `"7"` stay different ids.
    func testMixedIDsMatchAsTheGeneralKeyDoes() async throws {
        let anchors = (0..<6).map { _ in IDAnchor() }
        // One id per n, of three kinds: `"\(n + 1)"` is the text of row n + 1's integer id.
        func id(_ n: Int) -> AnyHashable {
            switch n % 7 {
            case 3: return AnyHashable("\(n + 1)")
            case 5: return AnyHashable(ObjectIdentifier(anchors[n / 7]))
            default: return AnyHashable(n)
            }
        }
        struct Wrapped: Hashable { let id: AnyHashable }
        var random = HintTestRandom(seed: 0x5EED_0F_4D1C)
        func randomState() -> [(header: String, rows: [Int])] {
            var numbers = Array(0..<40)
            numbers.shuffle(using: &random)
            var rows = Array(numbers.prefix(random.below(30)))
            // Now and then a repeated id: both forms must refuse the state.
            if !rows.isEmpty, random.below(6) == 0 { rows.insert(rows[random.below(rows.count)], at: random.below(rows.count)) }
            var state: [(header: String, rows: [Int])] = []
            for letter in 0..<(1 + random.below(4)) {
                let take = letter == 3 ? rows.count : random.below(rows.count + 1)
                state.append(("H\(letter)", Array(rows.prefix(take))))
                rows.removeFirst(take)
            }
            return state
        }
        func sections(_ state: [(header: String, rows: [Int])], wrapped: Bool) -> [Section] {
            state.map { section in
                let headerID = wrapped ? AnyHashable(Wrapped(id: section.header)) : AnyHashable(section.header)
                return Section(header: LabelHeader(model: section.header, id: headerID),
                               rows: section.rows.map { n in
                                   LabelRow(model: "\(n)", id: wrapped ? AnyHashable(Wrapped(id: id(n))) : id(n))
                               })
            }
        }
        let pair = FormPair()
        for step in 0..<400 {
            let state = randomState()
            pair.apply(step: step) { sections(state, wrapped: $0) }
        }
        pair.assertOutcomesVaried()
    }

    /// Integer ids of a state of plain rows only are held as one word: they match exactly as the same
    /// ids do in the general form, over random updates that go between plain states and states with
    /// headers (the other word form), with negative and extreme ids, now and then an object identity
    /// among them (the state then goes on in the two-word form) and repeated ids. Same summary, rows
    /// shown, row objects kept and errors.
    func testPlainIntegerIDsMatchAsTheGeneralKeyDoes() async throws {
        let anchor = IDAnchor()
        let pool: [AnyHashable] = (0..<24).map { AnyHashable($0 - 8) } + [AnyHashable(Int.min), AnyHashable(Int.max),
                                                                      AnyHashable(ObjectIdentifier(anchor))]
        struct Wrapped: Hashable { let id: AnyHashable }
        var random = HintTestRandom(seed: 0x1D_0F_1E)
        let pair = FormPair()
        for step in 0..<400 {
            var ids = pool
            ids.shuffle(using: &random)
            var rows = Array(ids.prefix(random.below(pool.count)))
            if random.below(8) != 0 { rows.removeAll { $0.base is ObjectIdentifier } }  // mostly integers only
            if !rows.isEmpty, random.below(6) == 0 { rows.insert(rows[random.below(rows.count)], at: random.below(rows.count)) }
            let headers = random.below(3) == 0
            func sections(wrapped: Bool) -> [Section] {
                func id(_ id: AnyHashable) -> AnyHashable { wrapped ? AnyHashable(Wrapped(id: id)) : id }
                let generators = rows.map { LabelRow(model: "\($0)", id: id($0)) }
                guard headers else { return [Section(rows: generators)] }
                let half = generators.count / 2
                // Header ids that rows also have: a header and a row with one id are two keys.
                return [Section(header: LabelHeader(model: "A", id: id(3)), rows: Array(generators[..<half])),
                        Section(header: LabelHeader(model: "B", id: id(4)), rows: Array(generators[half...]))]
            }
            pair.apply(step: step) { sections(wrapped: $0) }
        }
        pair.assertOutcomesVaried()
    }

    /// String ids short enough to be held as two words (ASCII, at most 14 bytes) match exactly as
    /// the same ids do in the general form: around the length limit (13, 14 and 15 bytes), with a
    /// NUL byte ("ab" and "ab\0" are two ids), the empty string, a header and a row with one id
    /// (two keys), and ids that are not ASCII (a state that meets one mid-pass goes on as strings).
    /// Same summary, rows shown, row objects kept and errors over random updates.
    func testShortStringIDsMatchAsTheGeneralKeyDoes() async throws {
        let pool = ["a", "ab", "ab\u{0}", "", "row-7", "row-70", "Row-7", "abcdefghijklm", "abcdefghijklmn",
                    "abcdefghijklmno", "abcdefghijklmnX", "bbcdefghijklmn", "\u{E9}", "e\u{301}", "K", "\u{212A}",
                    "x", "y", "z", "0123456789", "01234567", "012345678"]
        struct Wrapped: Hashable { let id: String }
        var random = HintTestRandom(seed: 0x5407_7E1D)
        func randomState() -> [(header: String, rows: [String])] {
            var ids = pool
            ids.shuffle(using: &random)
            // The first id decides the form tried first: mostly a short one, now and then a long one.
            var rows = Array(ids.prefix(random.below(pool.count)))
            if !rows.isEmpty, random.below(6) == 0 { rows.insert(rows[random.below(rows.count)], at: random.below(rows.count)) }
            var state: [(header: String, rows: [String])] = []
            for section in 0..<(1 + random.below(3)) {
                let take = section == 2 ? rows.count : random.below(rows.count + 1)
                // A header's id may equal a row's: a header and a row are different keys.
                state.append((random.below(2) == 0 ? ["x", "y", "z"][section] : "H\(section)", Array(rows.prefix(take))))
                rows.removeFirst(take)
            }
            return state
        }
        func sections(_ state: [(header: String, rows: [String])], wrapped: Bool, headers: Bool) -> [Section] {
            func id(_ text: String) -> AnyHashable { wrapped ? AnyHashable(Wrapped(id: text)) : AnyHashable(text) }
            return state.map { section in
                let rows = section.rows.map { LabelRow(model: "<\($0)>", id: id($0)) }
                guard headers else { return Section(rows: rows) }  // headers only on some states
                return Section(header: LabelHeader(model: section.header, id: id(section.header)), rows: rows)
            }
        }
        let pair = FormPair()
        for step in 0..<400 {
            var state = randomState()
            let headers = random.below(3) != 0
            if !headers { state = [("", state.flatMap(\.rows))] }
            pair.apply(step: step) { sections(state, wrapped: $0, headers: headers) }
        }
        pair.assertOutcomesVaried()
    }

    /// A repeated short string id is named in the error as the id it is, NUL byte and all, and a
    /// first fill of short ids in byte order (a shorter id before a longer one it begins) is taken
    /// as free of repeats only when it is: the same id twice at the end is still found.
    func testShortStringIDsAreNamedAndOrderedAsStrings() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: ["a", "b"].map { LabelRow(model: $0, id: $0) })])
        XCTAssertThrowsError(try manager.setState([Section(rows: ["a", "b", "c\u{0}d", "c\u{0}d"].map { LabelRow(model: $0, id: $0) })])) {
            guard case .duplicateDiffID(let message) = $0 as? DataDisplayError else { return XCTFail("\($0)") }
            XCTAssertTrue(message.hasPrefix("c\u{0}d in the new state at 2 and 3"), message)
        }
        XCTAssertEqual(storeTexts(manager), ["a", "b"], "nothing changed")

        let ordered = ["", "a", "a\u{0}", "ab", "abcdefghijklmn", "b", "ba"]
        let fresh = BaseListManager()
        try fresh.setState([Section(rows: ordered.map { LabelRow(model: "<\($0)>", id: $0) })])
        XCTAssertEqual(storeTexts(fresh), ordered.map { "<\($0)>" })
        for repeated in [ordered + ["ba"], ["a", "a"], ["", ""], ["ab", "ab\u{0}", "ab"]] {
            let manager = BaseListManager()
            XCTAssertThrowsError(try manager.setState([Section(rows: repeated.map { LabelRow(model: $0, id: $0) })]), "\(repeated)") {
                guard case .duplicateDiffID = $0 as? DataDisplayError else { return XCTFail("\($0)") }
            }
            XCTAssertEqual(manager.store.count, 0, "\(repeated): nothing shown")
        }
    }

    func testIDsChangingKindBetweenUpdatesReplaceTheRows() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: [CounterRow(model: 1, id: 1), CounterRow(model: 2, id: 2)])])
        try manager.setState([Section(rows: [CounterRow(model: 1, id: "1"), CounterRow(model: 2, id: 2)])])
        XCTAssertEqual(manager.lastUpdate?.inserted, 1)
        XCTAssertEqual(manager.lastUpdate?.removed, 1)
        XCTAssertEqual(manager.store.count, 2)
    }

    func testOneGeneratorAsHeaderAndAsFooterIsADuplicateGenerator() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: rows("a", "b"))])
        let before = manager.store.objectAddresses
        let both = HeaderOrFooter(model: "x", id: "x")
        XCTAssertThrowsError(try manager.setState([Section(header: both, rows: [LabelRow(model: "y", id: "y")], footer: both)])) {
            guard case .duplicateGenerator = $0 as? DataDisplayError else { return XCTFail("\($0)") }
        }
        XCTAssertEqual(manager.store.objectAddresses, before, "nothing changed")
    }

    func testOneGeneratorTwiceAmongPlainRowsIsADuplicateGeneratorForEveryKeyForm() async throws {
        for id in [AnyHashable(5), AnyHashable("five"), AnyHashable(UUIDLike(value: 5))] {  // rows after the first: mixed
            let manager = BaseListManager()
            try manager.setState([Section(rows: [LabelRow(model: "a", id: id)])])
            let before = manager.store.objectAddresses
            let twice = LabelRow(model: "b", id: "b-\(id)")
            XCTAssertThrowsError(try manager.setState([Section(rows: [LabelRow(model: "a", id: id), twice, twice])])) {
                guard case .duplicateGenerator = $0 as? DataDisplayError else { return XCTFail("\(id): \($0)") }
            }
            XCTAssertEqual(manager.store.objectAddresses, before, "\(id): nothing changed")
        }
    }

    func testAnInsertedRowRepeatingAKeptRowsIDIsADuplicateIDForEveryKeyForm() async throws {
        for ids in [[AnyHashable(1), 2, 3], [AnyHashable("a"), "b", "c"], [AnyHashable("a"), 2, "c"],
                    [AnyHashable(UUIDLike(value: 1)), UUIDLike(value: 2), UUIDLike(value: 3)]] {
            let manager = BaseListManager()
            try manager.setState([Section(rows: ids.map { LabelRow(model: "\($0)", id: $0) })])
            let before = manager.store.objectAddresses
            // The kept rows match by position; the repeat is the appended row.
            let next = ids.map { LabelRow(model: "\($0)", id: $0) } + [LabelRow(model: "again", id: ids[1])]
            XCTAssertThrowsError(try manager.setState([Section(rows: next)])) {
                guard case .duplicateDiffID(let message) = $0 as? DataDisplayError else { return XCTFail("\(ids): \($0)") }
                XCTAssertTrue(message.contains("at 1 and 3"), message)
            }
            XCTAssertEqual(manager.store.objectAddresses, before, "\(ids): nothing changed")
        }
    }

    /// Strings equal to Swift (canonically equivalent: "é" as one scalar or as "e" and a combining
    /// accent, "K" and the Kelvin sign) are one id, whatever their bytes: an inserted row repeating a
    /// kept row's id that way is a repeat, in the string form and in the mixed one.
    func testCanonicallyEquivalentStringIDsAreOneID() async throws {
        let pairs: [(String, String)] = [("\u{E9}", "e\u{301}"), ("K", "\u{212A}"), ("\u{212A}", "K")]
        for (kept, inserted) in pairs {
            for mixed in [false, true] {
                let manager = BaseListManager()
                var rows: [any RowGenerator] = (0..<40).map { LabelRow(model: "\($0)", id: "r\($0)") }
                rows.insert(LabelRow(model: "kept", id: kept), at: 20)
                let section = { (rows: [any RowGenerator]) in
                    mixed ? Section(header: LabelHeader(model: "h", id: 7), rows: rows) : Section(rows: rows)
                }
                try manager.setState([section(rows)])
                let before = manager.store.objectAddresses
                var next = (0..<40).map { LabelRow(model: "\($0)", id: "r\($0)") as any RowGenerator }
                next.insert(LabelRow(model: "kept", id: kept), at: 20)
                next.insert(LabelRow(model: "inserted", id: inserted), at: 30)
                XCTAssertThrowsError(try manager.setState([section(next)]), "\(kept.unicodeScalars.map(\.value)) mixed \(mixed)") {
                    guard case .duplicateDiffID = $0 as? DataDisplayError else { return XCTFail("\($0)") }
                }
                XCTAssertEqual(manager.store.objectAddresses, before, "nothing changed")
            }
        }
    }

    /// The repeat filter hashes ASCII ids eight bytes at a time: ids of every length around the word
    /// boundaries, differing in their first, middle or last byte, are told apart (an append of new
    /// ids goes through) and a repeat of any one of them is found.
    func testStringIDsOfEveryLengthAreToldApartAndRepeatsFound() async throws {
        for length in 1...25 {
            let base = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
            func variant(_ k: Int) -> String {
                var bytes = Array(base.utf8)
                bytes[[0, length / 2, length - 1][k % 3]] = UInt8(65 + k)
                return String(decoding: bytes, as: UTF8.self)
            }
            let kept = [base] + (0..<9).map(variant)
            let manager = BaseListManager()
            try manager.setState([Section(rows: kept.map { LabelRow(model: $0, id: $0) })])
            let appended = (9..<15).map(variant)
            try manager.setState([Section(rows: (kept + appended).map { LabelRow(model: $0, id: $0) })])
            XCTAssertEqual(manager.store.count, 16, "length \(length): distinct ids appended")
            let before = manager.store.objectAddresses
            for repeated in [base, variant(4), variant(8)] {
                let next = (kept + appended + [repeated]).map { LabelRow(model: $0, id: $0) }
                XCTAssertThrowsError(try manager.setState([Section(rows: next)]), "length \(length): \(repeated)") {
                    guard case .duplicateDiffID = $0 as? DataDisplayError else { return XCTFail("\($0)") }
                }
                XCTAssertEqual(manager.store.objectAddresses, before, "nothing changed")
            }
        }
    }

    /// A state of mostly new rows (a filter cleared) checks the new rows against the few kept ones
    /// rather than the other way round: an inserted row repeating a kept row's id is still a repeat,
    /// wherever the two stand and in every key form, and two inserted rows with one id too.
    func testRepeatsInAMostlyNewStateAreFound() async throws {
        for form in ["int", "string", "mixed"] {
            func id(_ n: Int) -> AnyHashable { form == "int" ? AnyHashable(n) : AnyHashable("id \(n)") }
            func section(_ ids: [Int]) -> Section {
                let rows = ids.map { LabelRow(model: "\($0)", id: id($0)) }
                return form == "mixed" ? Section(header: LabelHeader(model: "h", id: 7), rows: rows) : Section(rows: rows)
            }
            let manager = BaseListManager()
            try manager.setState([section([5, 50])])
            let before = manager.store.objectAddresses
            for next in [[5] + Array(100..<140) + [50, 120], Array(100..<140) + [5, 50, 5], [50] + Array(100..<140) + [5, 50],
                         Array(100..<130) + [5] + Array(130..<140) + [137]] {
                XCTAssertThrowsError(try manager.setState([section(next)]), "\(form): \(next)") {
                    guard case .duplicateDiffID = $0 as? DataDisplayError else { return XCTFail("\($0)") }
                }
                XCTAssertEqual(manager.store.objectAddresses, before, "\(form): nothing changed")
            }
            try manager.setState([section([5] + Array(100..<140) + [50])])
            XCTAssertEqual(manager.store.count, form == "mixed" ? 43 : 42, "\(form): no repeat, applied")
        }
    }

    func testTwoInsertedRowsWithOneIDAreADuplicateID() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: [CounterRow(model: 0, id: 0)])])
        XCTAssertThrowsError(try manager.setState([Section(rows: [CounterRow(model: 0, id: 0), CounterRow(model: 1, id: 9),
                                                                  CounterRow(model: 2, id: 9)])])) {
            guard case .duplicateDiffID(let message) = $0 as? DataDisplayError else { return XCTFail("\($0)") }
            XCTAssertTrue(message.contains("at 1 and 2"), message)
        }
        XCTAssertEqual(manager.store.count, 1)
    }

    func testPlainDataModelsAreComparedByValue() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: (0..<50).map { CounterRow(model: $0, id: $0) })])
        // New instances, equal models: nothing to rebind.
        try manager.setState([Section(rows: (0..<50).map { CounterRow(model: $0, id: $0) })])
        XCTAssertEqual(manager.lastUpdate?.updated, 0)
        // Every fifth model changed.
        try manager.setState([Section(rows: (0..<50).map { CounterRow(model: $0 % 5 == 0 ? -$0 - 1 : $0, id: $0) })])
        XCTAssertEqual(manager.lastUpdate?.updated, 10)
        XCTAssertEqual((manager.store.generator(at: 5) as? CounterRow)?.model, -6)
    }

    func testModelsThatAreNotEquatableAreAlwaysRebound() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: (0..<4).map { PlainPointRow(model: PlainPoint(x: $0, y: 0), id: $0) })])
        try manager.setState([Section(rows: (0..<4).map { PlainPointRow(model: PlainPoint(x: $0, y: 0), id: $0) })])
        XCTAssertEqual(manager.lastUpdate?.updated, 4, "no == to say they are equal: rebound")
    }

    func testASubclassWithStoredPropertiesOfItsOwnComparesItsModel() async throws {
        let manager = BaseListManager()
        try manager.setState([Section(rows: [TaggedCounterRow(model: 1, id: 1, tag: "a"), TaggedCounterRow(model: 2, id: 2, tag: "b")])])
        try manager.setState([Section(rows: [TaggedCounterRow(model: 1, id: 1, tag: "c"), TaggedCounterRow(model: 3, id: 2, tag: "d")])])
        XCTAssertEqual(manager.lastUpdate?.updated, 1)
        // A base-class generator and a subclass instance with one model compare equal, as `==` says.
        try manager.setState([Section(rows: [CounterRow(model: 1, id: 1), CounterRow(model: 3, id: 2)])])
        XCTAssertEqual(manager.lastUpdate?.updated, 0)
    }

    func testKeysKeptForTheNextSetStateFollowOperationsInBetween() async throws {
        let manager = BaseListManager()
        func shown() -> [Int] { (0..<manager.store.count).compactMap { (manager.store.generator(at: $0) as? CounterRow)?.model } }
        let a = (0..<6).map { CounterRow(model: $0, id: $0) }
        try manager.setState([Section(rows: a)])
        // A move keeps the count: the next setState must still see the moved row.
        try manager.move(a[0], after: a[5])
        try manager.setState([Section(rows: (0..<6).map { CounterRow(model: $0, id: $0) })])
        XCTAssertEqual(shown(), [0, 1, 2, 3, 4, 5])
        XCTAssertEqual(manager.lastUpdate?.moves, 1)
        // Single operations between two setStates: the second diffs against the rows they left.
        try manager.move(manager.store.generator(at: 0)!, after: manager.store.generator(at: 5)!)
        try manager.insert(CounterRow(model: 99, id: 99), after: manager.store.generator(at: 1)!)
        XCTAssertEqual(shown(), [1, 2, 99, 3, 4, 5, 0])
        try manager.setState([Section(rows: [0, 1, 2, 99, 3, 4, 5].map { CounterRow(model: $0, id: $0) })])
        XCTAssertEqual(shown(), [0, 1, 2, 99, 3, 4, 5])
        XCTAssertEqual(manager.lastUpdate?.moves, 1)
        XCTAssertEqual(manager.lastUpdate?.inserted, 0)
        // A batch that fails leaves what the last setState showed.
        XCTAssertThrowsError(try manager.batch { () throws(DataDisplayError) in
            try manager.remove(a[1])
            try manager.remove(CounterRow(model: -1, id: -1))
        })
        XCTAssertEqual(shown(), [0, 1, 2, 99, 3, 4, 5])
        try manager.setState([Section(rows: [5, 0, 1, 2, 3, 4].map { CounterRow(model: $0, id: $0) })])
        XCTAssertEqual(shown(), [5, 0, 1, 2, 3, 4])
        XCTAssertEqual(manager.lastUpdate?.moves, 1)
        XCTAssertEqual(manager.lastUpdate?.removed, 1)
        // A batch that succeeds, then setState again.
        try manager.batch { () throws(DataDisplayError) in try manager.remove(manager.store.generator(at: 0)!) }
        try manager.setState([Section(rows: [0, 1, 2, 3, 4, 5, 6].map { CounterRow(model: $0, id: $0) })])
        XCTAssertEqual(shown(), [0, 1, 2, 3, 4, 5, 6])
        XCTAssertEqual(manager.lastUpdate?.inserted, 2)
        XCTAssertEqual(manager.lastUpdate?.moves, 0)
    }

    /// Right after a `setState`, single operations check ids against a table built from that update's
    /// keys (their hashes, no row read): for every key form the table must place each id where a row's
    /// own key puts it, or a repeat goes unseen or a freed id stays taken.
    func testTheShownIDTableBuiltFromEachKeyFormAgreesWithSingleOperations() async throws {
        let forms: [(String, (Int) -> AnyHashable)] = [
            ("plain Int", { AnyHashable($0) }),
            ("short String", { AnyHashable("row-\($0)") }),
            ("long String", { AnyHashable("a-string-id-longer-than-fourteen-bytes-\($0)") }),
        ]
        for (name, id) in forms {
            for withHeader in [false, true] {
                let manager = BaseListManager()
                let rows = (0..<50).map { LabelRow(model: "\($0)", id: id($0)) }
                let header = withHeader ? LabelHeader(model: "H", id: "header") : nil
                try manager.setState([Section(header: header, rows: rows)])
                let label = "\(name)\(withHeader ? ", with a header" : "")"
                // The first single operation builds the table: a shown id is refused, nothing changes.
                XCTAssertThrowsError(try manager.insert(LabelRow(model: "again", id: id(7)), after: rows[3]), label) {
                    guard case .duplicateDiffID = $0 as? DataDisplayError else { return XCTFail("\(label): \($0)") }
                }
                XCTAssertEqual(manager.store.count, 50 + (withHeader ? 1 : 0), label)
                // A row removed frees its id; a new id goes in.
                try manager.remove(rows[7])
                try manager.insert(LabelRow(model: "back", id: id(7)), after: rows[3])
                try manager.insert(LabelRow(model: "new", id: id(1_000)), after: rows[3])
                XCTAssertThrowsError(try manager.insert(LabelRow(model: "twice", id: id(1_000)), after: rows[9]), label)
                XCTAssertThrowsError(try manager.insert(LabelRow(model: "twice", id: id(49)), after: rows[9]), label)
                XCTAssertEqual(manager.store.count, 51 + (withHeader ? 1 : 0), label)
            }
        }
    }

    /// A first fill with ids in increasing order skips hashing them (none can repeat); out of order,
    /// every id is hashed. Either way the rows are all there, and a repeat is an error that changes nothing.
    func testFirstFillWithIDsInOrderOrNotFindsRepeats() async throws {
        for ordered in [true, false] {
            let ints = (0..<5_000).map { LabelRow(model: "r\($0)", id: ordered ? $0 : ($0 * 7_919) % 5_000) }
            let strings = (0..<5_000).map { LabelRow(model: "s\($0)", id: String(format: "s%05d", ordered ? $0 : ($0 * 7_919) % 5_000)) }
            for rows in [ints, strings] {
                let manager = BaseListManager()
                try manager.setState([Section(rows: rows)])
                XCTAssertEqual(manager.store.count, rows.count, "ordered \(ordered)")
                XCTAssertEqual(storeTexts(manager), rows.map(\.model), "ordered \(ordered)")
            }
        }
        // In order up to a repeat of an earlier id (Int and String), or of the same generator.
        let repeatedInt = (0..<100).map { LabelRow(model: "\($0)", id: $0) } + [LabelRow(model: "again", id: 40)]
        let repeatedString = (0..<100).map { LabelRow(model: "\($0)", id: String(format: "k%03d", $0)) } + [LabelRow(model: "again", id: "k040")]
        let same = LabelRow(model: "same", id: 1_000)
        let cases: [([LabelRow], String)] = [(repeatedInt, "Int"), (repeatedString, "String"), ([LabelRow(model: "a", id: 1), same, same], "same generator")]
        for (rows, name) in cases {
            let manager = BaseListManager()
            XCTAssertThrowsError(try manager.setState([Section(rows: rows)]), name) {
                switch $0 as? DataDisplayError {
                case .duplicateDiffID?: XCTAssertNotEqual(name, "same generator")
                case .duplicateGenerator?: XCTAssertEqual(name, "same generator")
                default: XCTFail("\(name): \($0)")
                }
            }
            XCTAssertEqual(manager.store.count, 0, "\(name): nothing shown")
        }
    }

    /// After a state without foldable rows, the next state's rows are looked at for foldables while
    /// their ids are read (one pass); a foldable found there — first, last, in a section, with ids of
    /// every key form — is flattened with its children as from a fresh manager, and a foldable that
    /// contains itself is still a typed error that changes nothing.
    func testAFoldableRowAfterAPlainStateShowsItsChildren() async throws {
        let idForms: [(String, (Int) -> AnyHashable)] = [("int", { AnyHashable($0) }), ("string", { AnyHashable("r\($0)") }),
                                                          ("other", { AnyHashable(UUIDLike(value: $0)) })]
        for (form, id) in idForms {
            for place in [0, 5, 9] {
                let manager = BaseListManager()
                func plain() -> [any RowGenerator] { (0..<10).map { LabelRow(model: "p\($0)", id: id($0)) } }
                func folded() -> [any RowGenerator] {
                    var state = plain()
                    state[place] = Folder(model: "f", id: id(place), children: rows("c1", "c2"), expanded: true)
                    return state
                }
                var expected = (0..<10).map { "p\($0)" }
                expected.replaceSubrange(place...place, with: ["f", "c1", "c2"])
                try manager.setState([Section(header: LabelHeader(model: "h", id: id(100)), rows: plain())])
                try manager.setState([Section(header: LabelHeader(model: "h", id: id(100)), rows: folded())])
                XCTAssertEqual(storeTexts(manager), ["#h"] + expected, "\(form) at \(place)")
                assertStoreMatchesManager(manager)
                // Again (the last state had foldables), then plain, then the foldable once more.
                try manager.setState([Section(header: LabelHeader(model: "h", id: id(100)), rows: folded())])
                XCTAssertEqual(storeTexts(manager), ["#h"] + expected, "\(form) at \(place), again")
                XCTAssertEqual(manager.lastUpdate?.inserted, 0, "\(form) at \(place): the children were kept")
                try manager.setState([Section(rows: plain())])
                XCTAssertEqual(storeTexts(manager), (0..<10).map { "p\($0)" }, "\(form) at \(place), plain")
                try manager.setState([Section(rows: folded())])
                XCTAssertEqual(storeTexts(manager), expected, "\(form) at \(place), folded after plain")
                assertStoreMatchesManager(manager)
                // A foldable containing itself, after a plain state: an error, nothing changed.
                try manager.setState([Section(rows: plain())])
                let recorder = ItemsChangedRecorder(manager.store)
                var cyclic = plain()
                let cycle = Folder(model: "f", id: id(place), expanded: true)
                cycle.children = [cycle]
                cyclic[place] = cycle
                XCTAssertThrowsError(try manager.setState([Section(rows: cyclic)])) {
                    guard case .foldingCycle? = $0 as? DataDisplayError else { return XCTFail("\(form): \($0)") }
                }
                XCTAssertEqual(storeTexts(manager), (0..<10).map { "p\($0)" }, "\(form) at \(place): nothing changed")
                XCTAssertEqual(recorder.changes.count, 0)
            }
        }
    }
}

/// An id that is neither an integer nor a string.
private struct UUIDLike: Hashable {
    let value: Int
}

/// An object whose identity is an id.
/// Two managers fed the same states, one with the ids as they are (the key form under test) and one
/// with each id wrapped in a type of its own (the general key): every state must fail alike in both or
/// apply alike — the same rows shown, the same summary, each row object from the same old position.
@MainActor
private final class FormPair {
    let tested = BaseListManager(), general = BaseListManager()
    private(set) var applied = 0, failed = 0

    /// Applies `sections(wrapped)` to both managers and compares them.
    func apply(step: Int, _ sections: (_ wrapped: Bool) -> [Section], file: StaticString = #filePath, line: UInt = #line) {
        let before = (tested.store.objectAddresses, general.store.objectAddresses)
        // Held until compared: the object of a row that ends is freed, and a new row's could take its address.
        let held = [tested, general].flatMap { manager in
            (0..<manager.store.count).map { g_list_model_get_item(manager.store.listModel, guint($0))! }
        }
        defer { held.forEach { g_object_unref($0) } }
        var errors: [String] = []
        for (manager, wrapped) in [(tested, false), (general, true)] {
            do { try manager.setState(sections(wrapped)) } catch {
                // What failed and where ("… at 3 and 7"): the id itself reads differently when wrapped.
                let text = "\(error)"
                let place = text.range(of: " at ", options: .backwards).map { String(text[$0.lowerBound...]) } ?? ""
                errors.append(String(text.prefix(17)) + place)
            }
        }
        XCTAssertNotEqual(errors.count, 1, "step \(step): one form failed, the other did not: \(errors)", file: file, line: line)
        if errors.count == 2 { XCTAssertEqual(errors[0], errors[1], "step \(step)", file: file, line: line) }
        if errors.isEmpty { applied += 1 } else { failed += 1 }
        XCTAssertEqual(storeTexts(tested), storeTexts(general), "step \(step)", file: file, line: line)
        XCTAssertEqual(tested.lastUpdate, general.lastUpdate, "step \(step)", file: file, line: line)
        // Where each row object came from: its old position, or new (-1).
        func origins(_ now: [UInt], _ old: [UInt]) -> [Int] { now.map { old.firstIndex(of: $0) ?? -1 } }
        XCTAssertEqual(origins(tested.store.objectAddresses, before.0), origins(general.store.objectAddresses, before.1),
                       "step \(step)", file: file, line: line)
    }

    /// Most random states applied and some failed (a repeated id), both forms alike.
    func assertOutcomesVaried(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertGreaterThan(applied, 100, "most random states apply", file: file, line: line)
        XCTAssertGreaterThan(failed, 10, "some repeat an id, and both forms say so", file: file, line: line)
    }
}

private final class IDAnchor {}

/// Plain data without `==`.
private struct PlainPoint {
    var x: Int
    var y: Int
}

@MainActor
private final class PlainPointView: ConfigurableRowView {
    let widget = Label("").widget
    static func make() -> PlainPointView { PlainPointView() }
    func configure(with model: PlainPoint) {}
}

private typealias PlainPointRow = BaseRowGenerator<PlainPointView>

/// A subclass with a stored property of its own after the model.
@MainActor
private final class TaggedCounterRow: BaseRowGenerator<CounterRowView> {
    let tag: String
    init(model: Int, id: Int, tag: String) {
        self.tag = tag
        super.init(model: model, id: id)
    }
}
