import TypeaheadModel

/// How one query word matches the vocabulary: the distance of every vocabulary word it matches.
struct WordMatcher {
    var scalars: [UInt32]
    var maxTypos: Int
    var isLast: Bool
    /// Distance per vocabulary word id; `UInt8.max` where the word does not match.
    var distance: [UInt8]
    /// The matched word-id ranges (for walking postings).
    var ranges: [Range<Int>]
    /// The vocabulary id of the query word itself, for the exact criterion.
    var exactWord: Int32
    /// How many postings the matched words have in all.
    var postingCount: Int
}

/// The textual ranking criteria of one matching record, packed so that sorting two integers
/// applies ENGINE.md's order: typo, proximity, attribute, exact, custom ranking, objectID.
public struct RankedRecord: Sendable, Equatable {
    public var record: Int
    public var typos: Int
    public var proximity: Int
    public var attribute: Int
    public var attributePosition: Int
    public var exact: Int
    var major: UInt64
    var minor: UInt64
}

/// The answer of an index to a query: every matching record, ranked.
public struct SearchOutcome {
    /// The normalised query words.
    public var words: [String]
    public var ranked: [RankedRecord]
    var matchers: [WordMatcher]
}

extension SearchIndex {
    /// The most query words taken into account; the rest are ignored.
    public static let maximumQueryWords = 32

    /// Every record matching `query` (restricted to records where `allowed` is true), ranked.
    public func search(_ query: String, allowed: [Bool]? = nil, typoTolerance: Bool = true) -> SearchOutcome {
        let words = Array(TextNormalizer.words(query).prefix(Self.maximumQueryWords))
        let matchers = words.enumerated().map { index, word in
            matcher(for: word, isLast: index == words.count - 1, typoTolerance: typoTolerance)
        }
        return SearchOutcome(words: words, ranked: rank(matchers, allowed: allowed), matchers: matchers)
    }

    func matcher(for word: String, isLast: Bool, typoTolerance: Bool) -> WordMatcher {
        let scalars = word.unicodeScalars.map(\.value)
        let maxTypos = typoTolerance ? EditDistance.allowedTypos(forLength: scalars.count) : 0
        var distance = [UInt8](repeating: .max, count: words.count)
        var ranges: [Range<Int>] = []
        var postings = 0
        let postingStart = self.postingStart  // not `self`: capturing the index copies it per call
        trie.search(scalars, maxTypos: maxTypos, prefix: isLast) { range, d in
            ranges.append(range)
            postings += Int(postingStart[range.upperBound] - postingStart[range.lowerBound])
            for w in range where Int(distance[w]) > d { distance[w] = UInt8(d) }
        }
        return WordMatcher(
            scalars: scalars, maxTypos: maxTypos, isLast: isLast, distance: distance, ranges: ranges,
            exactWord: trie.wordID(scalars).map(Int32.init) ?? -1, postingCount: postings)
    }

    private func pack(_ r: inout RankedRecord) {
        r.major =
            UInt64(min(r.typos, 255)) << 56 | UInt64(min(r.proximity, 0xFFFF)) << 40
            | UInt64(min(r.attribute, 255)) << 32 | UInt64(UInt32(clamping: r.attributePosition))
        r.minor = UInt64(255 - min(r.exact, 255)) << 32 | UInt64(customRank[r.record])
    }

    func rank(_ matchers: [WordMatcher], allowed: [Bool]?) -> [RankedRecord] {
        var result: [RankedRecord] = []
        if matchers.isEmpty {
            result.reserveCapacity(records.count)
            for record in records.indices where allowed?[record] ?? true {
                var ranked = RankedRecord(
                    record: record, typos: 0, proximity: 0, attribute: 0, attributePosition: 0, exact: 0,
                    major: 0, minor: 0)
                pack(&ranked)
                result.append(ranked)
            }
            result.sort { $0.minor < $1.minor }
            return result
        }

        // Candidates: the records of the query word with the fewest postings.
        let seed = matchers.indices.min { matchers[$0].postingCount < matchers[$1].postingCount }!
        var candidates: [Int32] = []
        candidates.reserveCapacity(matchers[seed].postingCount)
        for range in matchers[seed].ranges {
            candidates.append(
                contentsOf: postingRecords[Int(postingStart[range.lowerBound])..<Int(postingStart[range.upperBound])])
        }
        if matchers[seed].ranges.count > 1 || matchers[seed].ranges.first.map({ $0.count > 1 }) == true {
            candidates.sort()
            var unique: [Int32] = []
            unique.reserveCapacity(candidates.count)
            for c in candidates where unique.last != c { unique.append(c) }
            candidates = unique
        }

        let n = matchers.count
        let vocabulary = words.count
        // Which query words each vocabulary word matches (a bit per query word), and the distances
        // side by side, so the loop over a record's words touches flat memory only.
        var mask = [UInt32](repeating: 0, count: vocabulary)
        var distances = [UInt8](repeating: .max, count: n * vocabulary)
        for (i, matcher) in matchers.enumerated() {
            for range in matcher.ranges {
                for w in range {
                    mask[w] |= 1 << UInt32(i)
                    distances[i * vocabulary + w] = matcher.distance[w]
                }
            }
        }
        let exactWords = matchers.map(\.exactWord)
        var typo = [Int](repeating: 0, count: n)
        var exact = [Bool](repeating: false, count: n)
        var lastAttribute = [Int](repeating: -1, count: n)
        var lastPosition = [Int](repeating: 0, count: n)
        var pairBest = [Int](repeating: 8, count: max(n - 1, 0))
        result.reserveCapacity(candidates.count)

        occurrences.withUnsafeBufferPointer { occurrences in
            occurrenceStart.withUnsafeBufferPointer { occurrenceStart in
                mask.withUnsafeBufferPointer { mask in
                    distances.withUnsafeBufferPointer { distances in
                        for candidate in candidates {
                            let record = Int(candidate)
                            if let allowed, !allowed[record] { continue }
                            for i in 0..<n {
                                typo[i] = Int.max
                                exact[i] = false
                                lastAttribute[i] = -1
                            }
                            for p in 0..<max(n - 1, 0) { pairBest[p] = 8 }
                            var bestAttribute = Int.max
                            var bestPosition = Int.max
                            for o in Int(occurrenceStart[record])..<Int(occurrenceStart[record + 1]) {
                                let occurrence = occurrences[o]
                                let word = Int(occurrence.word)
                                var bits = mask[word]
                                if bits == 0 { continue }
                                let attribute = Int(occurrence.attribute)
                                let position = Int(occurrence.position)
                                if bestAttribute == Int.max {
                                    bestAttribute = attribute
                                    bestPosition = position
                                }
                                while bits != 0 {
                                    let i = bits.trailingZeroBitCount
                                    bits &= bits - 1
                                    let d = Int(distances[i * vocabulary + word])
                                    if d < typo[i] { typo[i] = d }
                                    if d == 0, occurrence.word == exactWords[i] { exact[i] = true }
                                    if i > 0, lastAttribute[i - 1] == attribute {
                                        pairBest[i - 1] = min(pairBest[i - 1], position - lastPosition[i - 1])
                                    }
                                    if i < n - 1, lastAttribute[i + 1] == attribute {
                                        pairBest[i] = min(pairBest[i], position - lastPosition[i + 1])
                                    }
                                    lastAttribute[i] = attribute
                                    lastPosition[i] = position
                                }
                            }
                            var typos = 0
                            var exactCount = 0
                            var matchedAll = true
                            for i in 0..<n {
                                if typo[i] == Int.max {
                                    matchedAll = false
                                    break
                                }
                                typos += typo[i]
                                if exact[i] { exactCount += 1 }
                            }
                            guard matchedAll else { continue }
                            if n == 1 {
                                // exactOnSingleWordQuery: attribute — the whole value must be the word.
                                exactCount = exact[0] && soleWords[record].contains(exactWords[0]) ? 1 : 0
                            }
                            var ranked = RankedRecord(
                                record: record, typos: typos, proximity: pairBest.reduce(0, +),
                                attribute: bestAttribute, attributePosition: bestPosition, exact: exactCount,
                                major: 0, minor: 0)
                            pack(&ranked)
                            result.append(ranked)
                        }
                    }
                }
            }
        }
        result.sort { $0.major != $1.major ? $0.major < $1.major : $0.minor < $1.minor }
        return result
    }
}
