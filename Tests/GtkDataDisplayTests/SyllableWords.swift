/// `count` words made of syllables (seeded), no two alike: the models of the search tests.
func syllableWords(_ count: Int, seed: UInt64) -> [String] {
    var rng = RandomizedRNG(seed: seed)
    let syllables = ["an", "Bel", "cor", "da", "en", "fi", "gar", "ho", "is", "jun", "ka", "lo", "mer", "ni", "Or", "pa"]
    var seen = Set<String>(), made: [String] = []
    while made.count < count {
        let text = (0..<(1 + Int(rng.next() % 4))).map { _ in syllables[Int(rng.next() % UInt64(syllables.count))] }.joined()
        if seen.insert(text).inserted { made.append(text) }
    }
    return made
}
