import TypeaheadModel

/// How much a key is used: the total popularity of the suggestions it leads to.
struct KeyUse {
    /// Every normalised word-suffix of every suggestion (new popularity, else old), sorted.
    private var suffixes: [[UInt8]] = []
    private var prefixSums: [Double] = [0]

    init(old: SiteSnapshot, new: SiteSnapshot) {
        var merged = old.suggestions
        merged.merge(new.suggestions) { _, new in new }
        var entries: [([UInt8], Double)] = []
        for row in merged.values {
            let words = TextNormalizer.words(row.query)
            for start in words.indices {
                entries.append((Array(words[start...].joined(separator: " ").utf8), row.popularity))
            }
        }
        entries.sort { $0.0 != $1.0 ? $0.0.lexicographicallyPrecedes($1.0) : $0.1 < $1.1 }
        suffixes = entries.map(\.0)
        for entry in entries { prefixSums.append(prefixSums.last! + entry.1) }
    }

    func of(_ key: String) -> Double {
        let k = Array(key.utf8)
        // Sorted: suffixes below the key, then those starting with it, then the rest.
        func firstIndex(where predicate: ([UInt8]) -> Bool) -> Int {
            var low = 0
            var high = suffixes.count
            while low < high {
                let middle = (low + high) / 2
                if predicate(suffixes[middle]) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        let lower = firstIndex { !$0.lexicographicallyPrecedes(k) }
        let upper = firstIndex { !$0.lexicographicallyPrecedes(k) && !$0.starts(with: k) }
        return prefixSums[upper] - prefixSums[lower]
    }
}
