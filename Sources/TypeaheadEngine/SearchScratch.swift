/// Working memory for ranking, sized by the vocabulary once and reset sparsely after each query,
/// so a query costs what it matches, not what the index holds. One query uses it at a time.
public final class SearchScratch: @unchecked Sendable {
    /// For vocabulary word `w`: a bit per query word that matches it (bits 0–31), and a bit per
    /// query word that has a phrase alternative with `w` as a part (bits 32–63). One array, so the
    /// hot loop skips a word it need not read with one load.
    var mask: [UInt64]
    /// `distances[w * maximumQueryWords + i]`: distance of word `w` for query word `i`.
    var distances: [UInt8]
    var touched: [Int] = []
    var loadedWords = 0
    /// Per-record marks for de-duplicating candidates, valid when equal to `stamp`.
    var stamps: [UInt32] = []
    private var stamp: UInt32 = 0

    /// A fresh mark for `stamps`, sized for `records`.
    func nextStamp(records: Int) -> UInt32 {
        if stamps.count < records { stamps = [UInt32](repeating: 0, count: records) }
        if stamp == .max {
            for i in stamps.indices { stamps[i] = 0 }
            stamp = 0
        }
        stamp += 1
        return stamp
    }

    public init(vocabularySize: Int) {
        mask = [UInt64](repeating: 0, count: vocabularySize)
        distances = [UInt8](repeating: .max, count: vocabularySize * SearchIndex.maximumQueryWords)
    }

    func load(_ matchers: [WordMatcher]) {
        loadedWords = matchers.count
        let stride = SearchIndex.maximumQueryWords
        var touched = self.touched
        self.touched = []
        mask.withUnsafeMutableBufferPointer { mask in
            distances.withUnsafeMutableBufferPointer { distances in
                for (i, matcher) in matchers.enumerated() {
                    for (range, distance) in matcher.ranges {
                        for w in range {
                            if mask[w] == 0 { touched.append(w) }
                            mask[w] |= 1 << UInt64(i)
                            distances[w * stride + i] = distance
                        }
                    }
                }
                for (i, matcher) in matchers.enumerated() {
                    for phrase in matcher.phrases {
                        for part in phrase.parts {
                            let w = Int(part)
                            if mask[w] == 0 { touched.append(w) }
                            mask[w] |= 1 << UInt64(32 + i)
                        }
                    }
                }
            }
        }
        self.touched = touched
    }

    func reset() {
        let stride = SearchIndex.maximumQueryWords
        let words = loadedWords
        mask.withUnsafeMutableBufferPointer { mask in
            distances.withUnsafeMutableBufferPointer { distances in
                for w in touched {
                    mask[w] = 0
                    for i in 0..<words { distances[w * stride + i] = .max }
                }
            }
        }
        touched.removeAll(keepingCapacity: true)
    }
}
