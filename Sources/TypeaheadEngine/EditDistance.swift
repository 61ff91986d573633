/// Typo tolerance of docs/CONTRACT.md (Typos): optimal string alignment distance over Unicode code points, and
/// how many typos a query word of a given length may have.
public enum EditDistance {
    /// `minWordSizefor1Typo`.
    public static let minWordSizeForOneTypo = 4
    /// `minWordSizefor2Typos`.
    public static let minWordSizeForTwoTypos = 8

    /// Typos allowed for a query word of `length` code points: 0 below 4, 1 from 4, 2 from 8.
    public static func allowedTypos(forLength length: Int) -> Int {
        length >= minWordSizeForTwoTypos ? 2 : length >= minWordSizeForOneTypo ? 1 : 0
    }

    /// The typo count of a query word against a record word (docs/CONTRACT.md, Typos): the optimal
    /// string alignment distance, plus one when the first letters differ, so a typo on the first
    /// letter counts as two.
    public static func typos(_ query: [UInt32], _ word: [UInt32]) -> Int {
        distance(query, word) + firstLetterPenalty(query, word)
    }

    /// The typo count of the last query word against a record word: to the closest non-empty prefix
    /// of the word (which starts with the word's own first letter), plus the first-letter penalty.
    public static func prefixTypos(_ query: [UInt32], _ word: [UInt32]) -> Int {
        prefixDistance(query, word).distance + firstLetterPenalty(query, word)
    }

    /// 1 when both words have a first letter and they differ.
    static func firstLetterPenalty(_ query: [UInt32], _ word: [UInt32]) -> Int {
        guard let a = query.first, let b = word.first else { return 0 }
        return a == b ? 0 : 1
    }

    /// Insertions, deletions, substitutions and swaps of two adjacent characters needed to turn
    /// `a` into `b`, no substring edited twice (optimal string alignment).
    public static func distance(_ a: [UInt32], _ b: [UInt32]) -> Int {
        let m = a.count
        let n = b.count
        if m == 0 { return n }
        if n == 0 { return m }
        var previous2 = [Int](repeating: 0, count: n + 1)
        var previous = Array(0...n)
        var current = [Int](repeating: 0, count: n + 1)
        for i in 1...m {
            current[0] = i
            for j in 1...n {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[n]
    }

    /// The distance from `query` to the closest prefix of `word`, and the length of that prefix
    /// (the longest one when several are equally close).
    public static func prefixDistance(_ query: [UInt32], _ word: [UInt32]) -> (distance: Int, length: Int) {
        let m = query.count
        if m == 0 { return (0, 0) }
        // Rows run over the word's characters, columns over the query's.
        var previous2 = [Int](repeating: 0, count: m + 1)
        var previous = Array(0...m)
        var current = [Int](repeating: 0, count: m + 1)
        var best = (distance: m, length: 0)
        if word.isEmpty { return best }
        for i in 1...word.count {
            current[0] = i
            for j in 1...m {
                let cost = word[i - 1] == query[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, word[i - 1] == query[j - 2], word[i - 2] == query[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
            }
            if current[m] <= best.distance { best = (current[m], i) }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return best
    }
}
