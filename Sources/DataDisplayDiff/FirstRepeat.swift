// The error for repeated ids. The matching only notices a repeat among the rows it hashes, at whatever
// point its cursors meet it; the error it throws does not depend on that point: it names the first
// repeat met scanning the old rows, then the new rows, between the common prefix and suffix.

extension IDMatch {
    /// The first repeated id in `old[oldMiddle]`, else in `new[newMiddle]`, as a `duplicateID` error
    /// (`.cancelled` if there is none, which the matching never asks for: it calls this on a repeat).
    @inlinable
    static func firstRepeat<ID: Hashable>(old: [ID], new: [ID], oldMiddle: Range<Int>, newMiddle: Range<Int>) -> DiffError {
        for (side, ids, middle) in [(DiffSide.old, old, oldMiddle), (DiffSide.new, new, newMiddle)] {
            var firstIndex = [ID: Int](minimumCapacity: middle.count)
            for index in middle {
                if let earlier = firstIndex.updateValue(index, forKey: ids[index]) {
                    return .duplicateID(side: side, id: String(describing: ids[index]), firstIndex: earlier, secondIndex: index)
                }
            }
        }
        return .cancelled
    }
}
