/// The top-level models of a `FilteredState` in sorted order, by number: an array of them, or — a
/// flat list in the app's order, whose numbers are its indices — the numbers `0..<count` with no
/// array (a million models unsorted: 8 MB less).
struct ModelRoots: RandomAccessCollection {
    /// The numbers in order; nil: `0..<total`.
    private(set) var numbers: [Int]?
    private var total: Int

    /// The numbers `0..<count`, in order.
    init(count: Int) {
        numbers = nil
        total = count
    }

    /// `numbers`, in that order.
    init(_ numbers: [Int]) {
        self.numbers = numbers
        total = numbers.count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { total }

    subscript(position: Int) -> Int {
        guard let numbers else {
            precondition(position >= 0 && position < total, "a root position out of range")
            return position
        }
        return numbers[position]
    }

    /// The numbers as an array (made for the numbers `0..<count`).
    var array: [Int] { numbers ?? Array(0..<total) }

    /// Puts `added` after the others.
    mutating func append(contentsOf added: [Int]) {
        if numbers == nil, added.elementsEqual(total..<(total + added.count)) {
            // Still the numbers in order (`ModelNodes.append` numbers new models so).
            total += added.count
            return
        }
        if numbers == nil { numbers = Array(0..<total) }
        numbers!.append(contentsOf: added)
        total = numbers!.count
    }
}
