/// A line-by-line difference between an expected and an actual text, for failure messages: the
/// lines both share (a longest common subsequence) unmarked, the expected ones missing marked
/// `-`, the actual ones not expected marked `+`.
///
///     rows differ (- expected, + actual):
///       # Fruits
///     - apple
///     + apple [selected]
///       pear
public struct LineDiff: Equatable, Sendable, CustomStringConvertible {
    /// One line of the difference.
    public enum Line: Equatable, Sendable {
        /// In both texts.
        case same(String)
        /// Expected, not there.
        case missing(String)
        /// There, not expected.
        case unexpected(String)
    }

    /// The lines, in order.
    public let lines: [Line]

    /// The difference between `expected` and `actual` (each split at newlines).
    public init(expected: String, actual: String) {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // lengths[i][j]: the longest common subsequence of old[i...] and new[j...].
        var lengths = Array(repeating: Array(repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i][j] = old[i] == new[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var result: [Line] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                result.append(.same(old[i])); i += 1; j += 1
            } else if i < old.count, j == new.count || lengths[i + 1][j] >= lengths[i][j + 1] {
                result.append(.missing(old[i])); i += 1
            } else {
                result.append(.unexpected(new[j])); j += 1
            }
        }
        lines = result
    }

    /// Whether the texts are equal.
    public var isEmpty: Bool { lines.allSatisfy { if case .same = $0 { true } else { false } } }

    /// The lines with their markers (`  `, `- `, `+ `), one per line.
    public var description: String {
        lines.map { line in
            switch line {
            case .same(let text): "  " + text
            case .missing(let text): "- " + text
            case .unexpected(let text): "+ " + text
            }
        }.joined(separator: "\n")
    }
}
