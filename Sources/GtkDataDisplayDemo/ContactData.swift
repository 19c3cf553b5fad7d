// The Contacts page's address book: 5,000 people made up from a seeded generator, so every run,
// test and screenshot shows the same names. No network, no files.

import Foundation

/// A person in the address book: the model of a contact row.
struct Contact: Equatable, Sendable {
    let id: Int
    let firstName: String
    let lastName: String
    let email: String
    let phone: String
    var isFavourite: Bool
    /// Name (folded: lower case, no accents), email and phone: what a search looks in.
    let searchText: String
    /// The folded name, which the list sorts by.
    let sortKey: String

    init(id: Int, firstName: String, lastName: String, email: String, phone: String, isFavourite: Bool = false) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.phone = phone
        self.isFavourite = isFavourite
        sortKey = ContactDirectory.fold("\(firstName) \(lastName)")
        searchText = "\(sortKey)\n\(email)\n\(phone)"
    }

    /// "First Last", as the row shows it and the list sorts it.
    var name: String { "\(firstName) \(lastName)" }
    /// The initials on the avatar ("AB").
    var initials: String { "\(firstName.prefix(1))\(lastName.prefix(1))" }
    /// The letter section the contact belongs to: its name's first letter without accents ("É" → "E").
    var letter: String { ContactDirectory.letter(of: sortKey) }
    /// One of the avatar's five colours, fixed per name (as GNOME's avatars pick theirs).
    var avatarColour: Int { sortKey.unicodeScalars.reduce(0) { $0 &+ Int($1.value) } % 5 }
    /// "email · phone", the row's second line.
    var detail: String { "\(email) · \(phone)" }
}

/// Makes the address book and answers what a search matches.
enum ContactDirectory {
    /// Every first letter the names start with falls in A–Z once accents are dropped.
    static let firstNames = [
        "Aaliyah", "Ada", "Ahmed", "Alejandro", "Amara", "Anders", "Ángela", "Anna", "Åsa", "Bao", "Beatriz", "Bruno",
        "Camille", "Chen", "Chiara", "Daniel", "Dmitri", "Eduardo", "Élodie", "Emeka", "Esther", "Farah", "Felix",
        "Freya", "Giulia", "Gustav", "Hana", "Hugo", "Ibrahim", "Ines", "Ingrid", "Jakub", "Jana", "Jonas", "Kaito",
        "Karin", "Kwame", "Lars", "Leila", "Lucía", "Mateo", "Maya", "Mei", "Nadia", "Nikolai", "Noor", "Olga", "Omar",
        "Oskar", "Öykü", "Pablo", "Priya", "Quentin", "Rafael", "Rosa", "Ruth", "Sakura", "Samir", "Sofia", "Tariq",
        "Teresa", "Tomás", "Ulla", "Uma", "Valentina", "Viktor", "Wanda", "Wei", "Xavier", "Ximena", "Yara", "Yusuf",
        "Zainab", "Zoë", "Zoltán",
    ]
    static let lastNames = [
        "Abara", "Andersson", "Baker", "Becker", "Bianchi", "Costa", "Cruz", "Dubois", "Dvořák", "Eriksen", "Evans",
        "Fischer", "Fontaine", "García", "Gómez", "Haddad", "Hansen", "Ito", "Ivanova", "Jensen", "Johnson", "Kaur",
        "Kim", "Kowalski", "Larsen", "López", "Mensah", "Moreau", "Müller", "Murphy", "Nakamura", "Nguyen", "Novak",
        "Nowak", "O’Brien", "Okafor", "Olsen", "Patel", "Petrov", "Quinn", "Rahman", "Rossi", "Santos", "Schmidt",
        "Silva", "Singh", "Tanaka", "Torres", "Tran", "Ueda", "Ulrich", "Varga", "Vogel", "Wagner", "Wang", "Xu",
        "Yamamoto", "Yilmaz", "Zhang", "Zimmermann",
    ]
    static let domains = ["example.org", "example.com", "example.net"]

    /// `count` contacts in name order (ties by id), the same for the same `seed`. Every 625th is a
    /// favourite to start with (8 of 5,000).
    static func generate(count: Int = 5_000, seed: UInt64 = 2024) -> [Contact] {
        var random = SeededRandom(seed: seed)
        var emailsTaken: [String: Int] = [:]
        var contacts: [Contact] = []
        contacts.reserveCapacity(count)
        for id in 0..<count {
            let first = firstNames.randomElement(using: &random)!
            let last = lastNames.randomElement(using: &random)!
            let local = ascii("\(first).\(last)").lowercased()
            let repeats = emailsTaken[local, default: 0]
            emailsTaken[local] = repeats + 1
            let email = "\(local)\(repeats == 0 ? "" : String(repeats + 1))@\(domains[id % domains.count])"
            let phone = String(format: "+44 7700 9%02d %03d", Int.random(in: 0..<100, using: &random),
                               Int.random(in: 0..<1000, using: &random))
            contacts.append(Contact(id: id, firstName: first, lastName: last, email: email, phone: phone,
                                    isFavourite: id % 625 == 0))
        }
        return sorted(contacts)
    }

    /// Name order: accents and case ignored, then by id, so equal names keep a stable order.
    static func sorted(_ contacts: [Contact]) -> [Contact] {
        contacts.sorted { $0.sortKey != $1.sortKey ? $0.sortKey < $1.sortKey : $0.id < $1.id }
    }

    /// Whether `contact` matches the search `query`: its name, email or phone contains it, with
    /// case and accents ignored ("elo" finds Élodie). An empty query matches everyone.
    static func matches(_ contact: Contact, query: String) -> Bool {
        let folded = fold(query.trimmingCharacters(in: .whitespaces))
        return folded.isEmpty || contact.searchText.contains(folded)
    }

    /// The section letter of a name: its first letter, accents dropped, upper case; "#" for a
    /// name that starts with anything else.
    static func letter(of name: String) -> String {
        guard let first = fold(String(name.prefix(1))).uppercased().first, first.isLetter else { return "#" }
        return String(first)
    }

    /// Lower case without accents ("Élodie" → "elodie").
    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
    }

    /// ASCII for an email's local part: accents dropped, anything else left out.
    private static func ascii(_ text: String) -> String {
        String(fold(text).unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || $0 == ".") }.map(Character.init))
    }
}

/// SplitMix64 as a `RandomNumberGenerator`: seeded, so generated data repeats run after run.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
