/// A contact, the model of a row.
struct Contact: Equatable, Sendable {
    var id: Int
    var name: String
    var email: String
    var starred: Bool

    /// The section it belongs to: the first letter of its name.
    var letter: String { String(name.prefix(1)).uppercased() }
}

/// Where contacts come from: a fixed, generated address book served a page at a time, as a
/// remote source would.
struct ContactBook: Sendable {
    private let all: [Contact]
    static let pageSize = 1_000

    init(count: Int) {
        let first = ["Ada", "Alan", "Anna", "Bea", "Boris", "Carl", "Chloe", "Dana", "Emil", "Fay", "Gus", "Hana",
                     "Ivan", "Jana", "Karl", "Lea", "Mia", "Nils", "Olga", "Paul", "Rosa", "Sven", "Tara", "Uwe",
                     "Vera", "Walt", "Yves", "Zoe"]
        let last = ["Berg", "Cole", "Diaz", "Ek", "Falk", "Gray", "Holm", "Ito", "Jung", "Kahn", "Lund", "Moss"]
        var contacts: [Contact] = []
        for id in 0..<count {
            let name = "\(first[id % first.count]) \(last[(id / first.count) % last.count]) \(id / (first.count * last.count) + 1)"
            let email = id % 11 == 3 ? "" : "\(name.lowercased().replacingOccurrences(of: " ", with: "."))@example.org"
            contacts.append(Contact(id: id, name: name, email: email, starred: id % 97 == 0))
        }
        all = contacts.sorted { $0.name < $1.name }
    }

    /// Contacts `offset..<offset + pageSize` in name order; empty past the end.
    func page(at offset: Int) -> [Contact] {
        guard offset < all.count else { return [] }
        return Array(all[offset..<min(offset + Self.pageSize, all.count)])
    }

    var count: Int { all.count }
}
