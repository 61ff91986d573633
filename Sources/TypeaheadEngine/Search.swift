import TypeaheadModel

/// How one query word matches the vocabulary: ranges of word ids, each at one distance.
public struct WordMatcher: Sendable {
    var scalars: [UInt32]
    var maxTypos: Int
    var isLast: Bool
    /// Matched word ids, ascending and disjoint, with the distance of every word in the range.
    var ranges: [(words: Range<Int>, distance: UInt8)]
    /// The vocabulary id of the query word itself, for the exact criterion (-1 when absent).
    var exactWord: Int32
    /// How many postings the matched words have in all.
    var postingCount: Int

    /// The distance of vocabulary word `word`, or nil when it does not match.
    func distance(of word: Int) -> UInt8? {
        var low = 0
        var high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].words.upperBound <= word {
                low = mid + 1
            } else if ranges[mid].words.lowerBound > word {
                high = mid
            } else {
                return ranges[mid].distance
            }
        }
        return nil
    }
}

/// The answer of an index to a query: every matching record, ranked.
public struct SearchOutcome: Sendable {
    /// The normalised query words.
    public var words: [String]
    /// The matches in rank order: all of them, or the best `best` when a search asked for fewer.
    public var ranked: [RankedRecord]
    /// How many records match (`ranked.count` unless the search kept only the best).
    public var count: Int
    var matchers: [WordMatcher]
}

extension SearchIndex {
    /// The most query words taken into account; the rest are ignored.
    public static let maximumQueryWords = 32

    /// Every record matching `query` (restricted to records where `allowed` is true), ranked.
    /// `prefixLast` false is Algolia's `queryType: prefixNone`: the last word matches whole words only.
    /// With `best`, only the best `best` matches are kept, in order (the others are counted).
    public func search(
        _ query: String, allowed: [Bool]? = nil, typoTolerance: Bool = true, prefixLast: Bool = true,
        best: Int = .max, scratch: SearchScratch? = nil
    ) -> SearchOutcome {
        let (words, matchers) = queryMatchers(query, typoTolerance: typoTolerance, prefixLast: prefixLast)
        let scratch = scratch ?? SearchScratch(vocabularySize: self.words.count)
        let (ranked, count) = RankedRecord.best(best, of: rank(matchers, allowed: allowed, scratch: scratch))
        return SearchOutcome(words: words, ranked: ranked, count: count, matchers: matchers)
    }

    /// The normalised words of `query` (the first `maximumQueryWords`) and how each matches the
    /// vocabulary: the last one also as a prefix when `prefixLast`.
    public func queryMatchers(
        _ query: String, typoTolerance: Bool, prefixLast: Bool
    ) -> (words: [String], matchers: [WordMatcher]) {
        let words = Array(TextNormalizer.words(query).prefix(Self.maximumQueryWords))
        let matchers = words.enumerated().map { index, word in
            matcher(for: word, isLast: prefixLast && index == words.count - 1, typoTolerance: typoTolerance)
        }
        return (words, matchers)
    }

    /// How query word `word` matches the vocabulary (the last word also as a prefix).
    public func matcher(for word: String, isLast: Bool, typoTolerance: Bool) -> WordMatcher {
        let scalars = word.unicodeScalars.map(\.value)
        let maxTypos = typoTolerance ? EditDistance.allowedTypos(forLength: scalars.count) : 0
        var ranges: [(words: Range<Int>, distance: UInt8)] = []
        var postings = 0
        let postingStart = self.postingStart  // not `self`: capturing the index copies it per call
        trie.search(scalars, maxTypos: maxTypos, prefix: isLast) { range, d in
            if let last = ranges.last, last.distance == UInt8(d), last.words.upperBound == range.lowerBound {
                ranges[ranges.count - 1].words = last.words.lowerBound..<range.upperBound
            } else {
                ranges.append((range, UInt8(d)))
            }
            postings += Int(postingStart[range.upperBound] - postingStart[range.lowerBound])
        }
        return WordMatcher(
            scalars: scalars, maxTypos: maxTypos, isLast: isLast, ranges: ranges,
            exactWord: trie.wordID(scalars).map(Int32.init) ?? -1, postingCount: postings)
    }

    private func pack(_ r: inout RankedRecord) {
        r.major =
            UInt64(min(r.typos, 255)) << 56 | UInt64(min(r.proximity, 0xFFFF)) << 40
            | UInt64(min(r.attribute, 255)) << 32 | UInt64(UInt32(clamping: r.attributePosition))
        r.minor = UInt64(255 - min(r.exact, 255)) << 32 | UInt64(customRank[r.record])
    }

    /// The records that may match: those of the query word with the fewest postings (every match is
    /// among them), narrowed by the other query words' postings. Unique, in no particular order (a
    /// record seen twice is skipped with the scratch's per-record stamps, not by sorting).
    func seedCandidates(_ matchers: [WordMatcher], scratch: SearchScratch) -> [Int32] {
        let seed = matchers.indices.min { matchers[$0].postingCount < matchers[$1].postingCount }!
        var candidates: [Int32] = []
        candidates.reserveCapacity(matchers[seed].postingCount)
        let single = matchers[seed].ranges.count == 1 && matchers[seed].ranges[0].words.count == 1
        if single {
            let range = matchers[seed].ranges[0].words
            candidates.append(
                contentsOf: postingRecords[Int(postingStart[range.lowerBound])..<Int(postingStart[range.upperBound])])
        } else {
            let stamp = scratch.nextStamp(records: records.count)
            scratch.stamps.withUnsafeMutableBufferPointer { stamps in
                for (range, _) in matchers[seed].ranges {
                    for p in Int(postingStart[range.lowerBound])..<Int(postingStart[range.upperBound]) {
                        let record = Int(postingRecords[p])
                        if stamps[record] != stamp {
                            stamps[record] = stamp
                            candidates.append(Int32(record))
                        }
                    }
                }
            }
        }
        narrow(&candidates, matchers, words: matchers.indices.filter { $0 != seed }, scratch: scratch)
        return candidates
    }

    /// Narrows `candidates` to the records that also hold a word matching each query word of `words`
    /// (indices into `matchers`), by marking that word's postings, for the query words whose
    /// postings are few enough: marking a posting costs a few nanoseconds, reading a candidate's
    /// words (to find it lacks one) hundreds, and on a large catalogue most candidates lack one.
    /// Only records that cannot match are removed; the order is kept.
    func narrow(_ candidates: inout [Int32], _ matchers: [WordMatcher], words: [Int], scratch: SearchScratch) {
        let others = words.sorted {
            matchers[$0].postingCount < matchers[$1].postingCount
        }
        for j in others {
            // Ascending: once one costs too much, so do the rest.
            if candidates.isEmpty || matchers[j].postingCount > Self.markingBudget * candidates.count { return }
            let stamp = scratch.nextStamp(records: records.count)
            scratch.stamps.withUnsafeMutableBufferPointer { stamps in
                postingRecords.withUnsafeBufferPointer { postings in
                    for (range, _) in matchers[j].ranges {
                        for p in Int(postingStart[range.lowerBound])..<Int(postingStart[range.upperBound]) {
                            stamps[Int(postings[p])] = stamp
                        }
                    }
                }
                candidates.removeAll { stamps[Int($0)] != stamp }
            }
        }
    }

    /// How many postings a query word may have per candidate for `narrow` to mark them.
    static let markingBudget = 32

    /// Every record matching the query words `matchers`, with its criteria, in no particular order.
    /// `candidates`, when given, must contain every match, each once.
    public func rank(
        _ matchers: [WordMatcher], candidates given: [Int32]? = nil, allowed: [Bool]?, scratch: SearchScratch
    ) -> [RankedRecord] {
        var result: [RankedRecord] = []
        rankEach(matchers, candidates: given, allowed: allowed, scratch: scratch) { result.append($0) }
        return result
    }

    /// Calls `body` with every record matching `matchers`, in candidate order.
    public func rankEach(
        _ matchers: [WordMatcher], candidates given: [Int32]? = nil, allowed: [Bool]?, scratch: SearchScratch,
        _ body: (RankedRecord) -> Void
    ) {
        rankEach(matchers, candidates: given, allowed: allowed, scratch: scratch) { ranked, _ in body(ranked) }
    }

    /// Calls `body` with every record matching `matchers`, in candidate order, and the record's
    /// occurrences that match some query word (none for the empty query).
    ///
    /// With `within`, the candidates are its records and only its occurrences are read, in order
    /// in one array (not the record's words, scattered in memory): it must hold every match and,
    /// for each, every occurrence some query word matches (as a parent key's matches do for a key
    /// whose words match a subset of the parent's words).
    ///
    /// Longer than 80 lines on purpose: this is the engine's hot loop (every query, every key of
    /// every prefix map and answer). Its per-record state lives in local buffers the loop reuses,
    /// and it reads as the criteria in their order; cut into functions, that state would be passed
    /// and re-bound for every record on the hottest path of the build.
    func rankEach(
        _ matchers: [WordMatcher], candidates given: [Int32]? = nil, within: MatchedOccurrences? = nil,
        allowed: [Bool]?, scratch: SearchScratch, _ body: (RankedRecord, UnsafeBufferPointer<WordOccurrence>) -> Void
    ) {
        if matchers.isEmpty {
            for record in given.map({ $0.map(Int.init) }) ?? Array(records.indices) where allowed?[record] ?? true {
                var ranked = RankedRecord(
                    record: record, typos: 0, proximity: 0, attribute: 0, attributePosition: 0, exact: 0,
                    major: 0, minor: 0)
                pack(&ranked)
                body(ranked, UnsafeBufferPointer(start: nil, count: 0))
            }
            return
        }
        // No record has a word: none matches a query word.
        if occurrences.isEmpty { return }
        let n = matchers.count
        scratch.load(matchers)
        defer { scratch.reset() }
        let exactWords = matchers.map(\.exactWord)
        // Per-candidate state in raw memory: closures over local arrays would pay a dynamic
        // exclusivity check on every access in this, the hottest loop.
        let typo = UnsafeMutablePointer<Int>.allocate(capacity: n)
        let exact = UnsafeMutablePointer<Bool>.allocate(capacity: n)
        let lastAttribute = UnsafeMutablePointer<Int>.allocate(capacity: n)
        let lastPosition = UnsafeMutablePointer<Int>.allocate(capacity: n)
        let pairBest = UnsafeMutablePointer<Int>.allocate(capacity: max(n - 1, 1))
        // Copies of the occurrences of a candidate that some query word matches, made by the first
        // pass so the second reads only those (a record's description is most of its words), and
        // handed to `body` (a child key in the prefix-map walk is ranked from them).
        let matched = UnsafeMutablePointer<WordOccurrence>.allocate(capacity: max(longestRecord, 1))
        defer {
            matched.deallocate()
            typo.deallocate()
            exact.deallocate()
            lastAttribute.deallocate()
            lastPosition.deallocate()
            pairBest.deallocate()
        }
        let stride = Self.maximumQueryWords
        let single = n == 1
        let singleExactWord = exactWords[0]
        let allBits: UInt32 = n == 32 ? .max : (1 << UInt32(n)) - 1

        occurrences.withUnsafeBufferPointer { all in
            scratch.mask.withUnsafeBufferPointer { mask in
                scratch.distances.withUnsafeBufferPointer { distances in
                    // Ranks `record` from its occurrences `occurrences[first..<end]`.
                    func consider(
                        _ record: Int, _ occurrences: UnsafePointer<WordOccurrence>, _ first: Int, _ end: Int
                    ) {
                        for i in 0..<n {
                            typo[i] = Int.max
                            exact[i] = false
                            lastAttribute[i] = -1
                        }
                        // A query word is placed only by its best matches in this record
                        // (docs/CONTRACT.md, Ranking): first its smallest typo count (and whether every
                        // query word matches at all)…
                        var seen: UInt32 = 0
                        var matchedCount = 0
                        for o in first..<end {
                            let word = Int(occurrences[o].word)
                            var bits = mask[word]
                            if bits == 0 { continue }
                            matched[matchedCount] = occurrences[o]
                            matchedCount += 1
                            seen |= bits
                            while bits != 0 {
                                let i = bits.trailingZeroBitCount
                                bits &= bits - 1
                                let d = Int(distances[word * stride + i])
                                if d < typo[i] { typo[i] = d }
                            }
                        }
                        if seen != allBits { return }
                        // …then proximity, attribute and exact from the matches at that count.
                        for p in 0..<max(n - 1, 0) { pairBest[p] = 8 }
                        var bestAttribute = Int.max
                        var bestPosition = Int.max
                        for m in 0..<matchedCount {
                            let occurrence = matched[m]
                            let word = Int(occurrence.word)
                            var bits = mask[word]
                            let attribute = Int(occurrence.attribute)
                            let position = Int(occurrence.position)
                            while bits != 0 {
                                let i = bits.trailingZeroBitCount
                                bits &= bits - 1
                                let d = Int(distances[word * stride + i])
                                if d != typo[i] { continue }
                                if bestAttribute == Int.max {
                                    bestAttribute = attribute
                                    bestPosition = position
                                }
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
                        var proximity = 0
                        for i in 0..<n {
                            typos += typo[i]
                            if exact[i] { exactCount += 1 }
                        }
                        for p in 0..<max(n - 1, 0) { proximity += pairBest[p] }
                        if single {
                            // exactOnSingleWordQuery: attribute — the whole value must be the word.
                            exactCount = exact[0] && soleWords[record].contains(singleExactWord) ? 1 : 0
                        }
                        var ranked = RankedRecord(
                            record: record, typos: typos, proximity: proximity, attribute: bestAttribute,
                            attributePosition: bestPosition, exact: exactCount, major: 0, minor: 0)
                        pack(&ranked)
                        body(ranked, UnsafeBufferPointer(start: matched, count: matchedCount))
                    }
                    if let within {
                        within.starts.withUnsafeBufferPointer { starts in
                            within.occurrences.withUnsafeBufferPointer { listed in
                                let listed = listed.baseAddress ?? all.baseAddress!
                                for (k, candidate) in within.records.enumerated() {
                                    let record = Int(candidate)
                                    if let allowed, !allowed[record] { continue }
                                    consider(record, listed, Int(starts[k]), Int(starts[k + 1]))
                                }
                            }
                        }
                    } else {
                        forEachCandidate(matchers, candidates: given, allowed: allowed, scratch: scratch) {
                            record, first, end in
                            consider(record, all.baseAddress!, first, end)
                        }
                    }
                }
            }
        }
    }

}
