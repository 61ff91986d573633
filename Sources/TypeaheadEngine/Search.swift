import TypeaheadModel

/// The answer of an index to a query: every matching record, ranked.
public struct SearchOutcome: Sendable {
    /// The normalised query words.
    public var words: [String]
    /// The matches in rank order: all of them, or the best `best` when a search asked for fewer.
    public var ranked: [RankedRecord]
    /// How many records match (`ranked.count` unless the search kept only the best).
    public var count: Int
    var matchers: [WordMatcher]
    /// Whether `removeWordsIfNoResults` made words optional to find these.
    public var wordsRemoved = false
    /// How many words `removeWordsIfNoResults` made optional to find these (0: none). Matching
    /// only grows as words are made optional, so a record that matches with fewer made optional
    /// also matches with these.
    public var removedWords = 0
    /// Every matching record, in no particular order, when the search was asked to collect them.
    public var matched: [Int32]?

    /// Which query words are optional (by `optionalWords` or by removal).
    public var optionalWords: [Bool] { matchers.map(\.optional) }
}

extension SearchIndex {
    /// The most query words taken into account; the rest are ignored.
    public static let maximumQueryWords = 32

    /// Every record matching `query` (restricted to records where `allowed` is true), ranked.
    /// `prefixLast` false is Algolia's `queryType: prefixNone`: the last word matches whole words only.
    /// With `best`, only the best `best` matches are kept, in order (the others are counted).
    /// `language` nil: the index's own (`self.language`).
    public func search(
        _ query: String, allowed: [Bool]? = nil, typoTolerance: Bool = true, prefixLast: Bool = true,
        language: QueryLanguage? = nil, best: Int = .max, scratch: SearchScratch? = nil, collect: Bool = false
    ) -> SearchOutcome {
        let language = language ?? self.language
        let (words, matchers) = queryMatchers(
            query, typoTolerance: typoTolerance, prefixLast: prefixLast, language: language)
        let scratch = scratch ?? SearchScratch(vocabularySize: self.words.count)
        return search(
            words, matchers, allowed: allowed, removal: language.settings.removeWordsIfNoResults, best: best,
            scratch: scratch, collect: collect)
    }

    /// Ranks the records matching `matchers`; when none does, makes words optional as `removal`
    /// says (docs/CONTRACT.md, Optional words) until some do. `knownEmpty`: the caller has found
    /// that no record (of `allowed`) matches every word, so the removal steps start at once.
    func search(
        _ words: [String], _ matchers: [WordMatcher], allowed: [Bool]?, removal: LanguageSettings.RemoveWords,
        best: Int, scratch: SearchScratch, knownEmpty: Bool = false, collect: Bool = false
    ) -> SearchOutcome {
        var matchers = matchers
        var matched: [Int32]?
        func rankAll() -> (ranked: [RankedRecord], count: Int) {
            let all = rank(matchers, allowed: allowed, scratch: scratch)
            if collect { matched = all.map { Int32(truncatingIfNeeded: $0.record) } }
            return RankedRecord.best(best, of: all)
        }
        var (ranked, count) = knownEmpty ? ([], 0) : rankAll()
        var removed = false
        var removedWords = 0
        if count == 0, !matchers.isEmpty {
            for step in Self.removalSteps(removal, optional: matchers.map(\.optional)) {
                for i in step { matchers[i].optional = true }
                removed = true
                removedWords += step.count
                (ranked, count) = rankAll()
                if count > 0 { break }
            }
        }
        var outcome = SearchOutcome(
            words: words, ranked: ranked, count: count, matchers: matchers, wordsRemoved: removed)
        outcome.removedWords = removedWords
        outcome.matched = collect ? matched ?? [] : nil
        return outcome
    }

    /// The words `removeWordsIfNoResults` makes optional, step by step: the last mandatory one,
    /// then the one before (`lastWords`); from the first (`firstWords`); all at once (`allOptional`).
    static func removalSteps(_ mode: LanguageSettings.RemoveWords, optional: [Bool]) -> [[Int]] {
        let mandatory = optional.indices.filter { !optional[$0] }
        switch mode {
        case .none: return []
        case .lastWords: return mandatory.reversed().map { [$0] }
        case .firstWords: return mandatory.map { [$0] }
        case .allOptional: return mandatory.isEmpty ? [] : [mandatory]
        }
    }

    /// The normalised words of `query` (the first `maximumQueryWords`) and how each matches the
    /// vocabulary, with the index's language: the last one also as a prefix when `prefixLast`.
    public func queryMatchers(
        _ query: String, typoTolerance: Bool, prefixLast: Bool
    ) -> (words: [String], matchers: [WordMatcher]) {
        queryMatchers(query, typoTolerance: typoTolerance, prefixLast: prefixLast, language: language)
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
            UInt64(min(r.typos, 255)) << 56 | UInt64(255 - min(r.words, 255)) << 48
            | UInt64(min(r.proximity, 0xFFFF)) << 32 | UInt64(min(r.attribute, 255)) << 24
            | UInt64(min(max(r.attributePosition, 0), 0xFF_FFFF))
        r.minor = UInt64(255 - min(r.exact, 255)) << 32 | UInt64(customRank[r.record])
        if !sortRank.isEmpty { r.sort = sortRank[r.record] }
    }

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
        // Per-candidate state in raw memory: closures over local arrays would pay a dynamic
        // exclusivity check on every access in this, the hottest loop.
        let typo = UnsafeMutablePointer<Int>.allocate(capacity: n)
        let exact = UnsafeMutablePointer<Bool>.allocate(capacity: n)
        let lastAttribute = UnsafeMutablePointer<Int>.allocate(capacity: n)
        let lastPosition = UnsafeMutablePointer<Int>.allocate(capacity: n)
        let pairBest = UnsafeMutablePointer<Int>.allocate(capacity: max(n - 1, 1))
        // Copies of the occurrences of a candidate that some query word matches (or that is part
        // of a phrase alternative), made by the first pass so the second reads only those (a
        // record's description is most of its words), and handed to `body` (a child key in the
        // prefix-map walk is ranked from them).
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
        let singleExactWords = matchers[0].exactWords
        var mandatory: UInt32 = 0
        var phraseBits: UInt32 = 0
        for (i, matcher) in matchers.enumerated() {
            if !matcher.optional { mandatory |= 1 << UInt32(i) }
            if !matcher.phrases.isEmpty { phraseBits |= 1 << UInt32(i) }
        }
        // Read in the loop without touching `matchers` (each access would retain its arrays): the
        // one word exact for each query word (-2: several, in `exactLists`), the phrases.
        let exactWord = UnsafeMutablePointer<Int32>.allocate(capacity: n)
        for (i, matcher) in matchers.enumerated() {
            exactWord[i] = matcher.exactWords.count == 1 ? matcher.exactWords[0] : matcher.exactWords.isEmpty ? -1 : -2
        }
        let exactLists = matchers.map(\.exactWords)
        let phrases = matchers.map(\.phrases)
        // The best attribute and position so far (in memory the nested `place` writes, not a
        // captured variable, which could be boxed per record).
        let best = UnsafeMutablePointer<Int>.allocate(capacity: 2)
        defer {
            exactWord.deallocate()
            best.deallocate()
        }

        occurrences.withUnsafeBufferPointer { all in
            scratch.mask.withUnsafeBufferPointer { mask in
                scratch.distances.withUnsafeBufferPointer { distances in
                    // Whether a phrase's words stand adjacent and in order from matched[m].
                    func phraseAt(_ m: Int, _ count: Int, _ parts: [Int32]) -> Bool {
                        let first = matched[m]
                        guard first.word == parts[0], m + parts.count <= count else { return false }
                        for k in 1..<parts.count {
                            let next = matched[m + k]
                            if next.word != parts[k] || next.attribute != first.attribute
                                || next.position != first.position + Int32(k)
                            {
                                return false
                            }
                        }
                        return true
                    }
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
                            let masks = mask[word]
                            if masks == 0 { continue }
                            var bits = UInt32(truncatingIfNeeded: masks)
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
                        // …with the phrase alternatives that stand in it…
                        var phrased: UInt32 = 0
                        if phraseBits != 0 {
                            var bits = phraseBits
                            while bits != 0 {
                                let i = bits.trailingZeroBitCount
                                bits &= bits - 1
                                for phrase in phrases[i] where Int(phrase.distance) <= typo[i] {
                                    for m in 0..<matchedCount where phraseAt(m, matchedCount, phrase.parts) {
                                        typo[i] = Int(phrase.distance)
                                        seen |= 1 << UInt32(i)
                                        phrased |= 1 << UInt32(i)
                                        break
                                    }
                                }
                            }
                        }
                        if seen & mandatory != mandatory || seen == 0 { return }
                        // …then proximity, attribute and exact from the matches at that count.
                        for p in 0..<max(n - 1, 0) { pairBest[p] = 8 }
                        best[0] = Int.max
                        best[1] = Int.max
                        @inline(__always) func place(_ i: Int, _ attribute: Int, _ position: Int, _ end: Int) {
                            if best[0] == Int.max {
                                best[0] = attribute
                                best[1] = position
                            }
                            if i > 0, lastAttribute[i - 1] == attribute {
                                pairBest[i - 1] = min(pairBest[i - 1], abs(position - lastPosition[i - 1]))
                            }
                            if i < n - 1, lastAttribute[i + 1] == attribute {
                                pairBest[i] = min(pairBest[i], abs(position - lastPosition[i + 1]))
                            }
                            lastAttribute[i] = attribute
                            lastPosition[i] = end
                        }
                        for m in 0..<matchedCount {
                            let occurrence = matched[m]
                            let word = Int(occurrence.word)
                            let masks = mask[word]
                            var bits = UInt32(truncatingIfNeeded: masks)
                            let attribute = Int(occurrence.attribute)
                            let position = Int(occurrence.position)
                            while bits != 0 {
                                let i = bits.trailingZeroBitCount
                                bits &= bits - 1
                                let d = Int(distances[word * stride + i])
                                if d != typo[i] { continue }
                                if d == 0,
                                    exactWord[i] == occurrence.word
                                        || (exactWord[i] == -2 && exactLists[i].contains(occurrence.word))
                                {
                                    exact[i] = true
                                }
                                place(i, attribute, position, position)
                            }
                            var parts = UInt32(truncatingIfNeeded: masks >> 32) & phrased
                            while parts != 0 {
                                let i = parts.trailingZeroBitCount
                                parts &= parts - 1
                                for phrase in phrases[i]
                                where Int(phrase.distance) == typo[i] && phraseAt(m, matchedCount, phrase.parts) {
                                    if phrase.exact { exact[i] = true }
                                    place(i, attribute, position, position + phrase.parts.count - 1)
                                }
                            }
                        }
                        var typos = 0
                        var exactCount = 0
                        var proximity = 0
                        for i in 0..<n where typo[i] != Int.max {
                            typos += typo[i]
                            if exact[i] { exactCount += 1 }
                        }
                        for p in 0..<max(n - 1, 0) where typo[p] != Int.max && typo[p + 1] != Int.max {
                            proximity += pairBest[p]
                        }
                        if single {
                            // exactOnSingleWordQuery: attribute — a whole value must be the word (or
                            // an alternative that counts as exact).
                            // Only a record where an exact word stands (at 0 typos) can have one as a
                            // whole value: most candidates are skipped without reading their values.
                            exactCount = 0
                            if exact[0] {
                                for word in singleExactWords where soleWords[record].contains(word) {
                                    exactCount = 1
                                    break
                                }
                            }
                        }
                        var ranked = RankedRecord(
                            record: record, typos: typos, proximity: proximity, attribute: best[0],
                            attributePosition: best[1], exact: exactCount, major: 0, minor: 0)
                        ranked.words = (seen & (n == 32 ? .max : (1 << UInt32(n)) - 1)).nonzeroBitCount
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
