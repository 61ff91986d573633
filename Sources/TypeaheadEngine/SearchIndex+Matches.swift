import TypeaheadModel

// The records matching a key's words, without ranking (the prefix maps' walk).
extension SearchIndex {
    /// The records that matched a key and, for each, its occurrences that some query word of the
    /// key matched (`rankEach`'s `within`).
    struct MatchedOccurrences: Sendable {
        private(set) var records: [Int32] = []
        /// Record `records[k]`'s occurrences: `occurrences[starts[k]..<starts[k + 1]]`.
        private(set) var starts: [Int32] = [0]
        private(set) var occurrences: [WordOccurrence] = []

        mutating func append(_ record: Int, _ matched: UnsafeBufferPointer<WordOccurrence>) {
            records.append(Int32(truncatingIfNeeded: record))
            occurrences.append(contentsOf: matched)
            starts.append(Int32(truncatingIfNeeded: occurrences.count))
        }
    }

    /// Calls `body` with every record matching `matchers` (each query word matches one of its
    /// words), restricted to `allowed`, in candidate order, without ranking.
    public func forEachMatch(
        _ matchers: [WordMatcher], candidates given: [Int32]? = nil, allowed: [Bool]?, scratch: SearchScratch,
        _ body: (Int) -> Void
    ) {
        // Phrases and optional words take the ranking's own test.
        if matchers.contains(where: { !$0.phrases.isEmpty || $0.optional }) {
            rankEach(matchers, candidates: given, allowed: allowed, scratch: scratch) { body($0.record) }
            return
        }
        scratch.load(matchers)
        defer { scratch.reset() }
        forEachLoadedMatch(matchers, candidates: given, allowed: allowed, scratch: scratch) { record, _, _ in
            body(record)
        }
    }

    /// The matching records of `matchers`, already loaded into `scratch`: `body(record, first, end)`
    /// with the record's occurrences `first..<end`.
    func forEachLoadedMatch(
        _ matchers: [WordMatcher], candidates given: [Int32]?, allowed: [Bool]?, scratch: SearchScratch,
        _ body: (Int, Int, Int) -> Void
    ) {
        let n = matchers.count
        let allBits: UInt32 = n == 32 ? .max : (1 << UInt32(n)) - 1
        occurrences.withUnsafeBufferPointer { occurrences in
            scratch.mask.withUnsafeBufferPointer { mask in
                forEachCandidate(matchers, candidates: given, allowed: allowed, scratch: scratch) {
                    record, first, end in
                    // Some query word matches no word of the record: not a match.
                    var seen: UInt32 = 0
                    for o in first..<end { seen |= UInt32(truncatingIfNeeded: mask[Int(occurrences[o].word)]) }
                    if seen == allBits { body(record, first, end) }
                }
            }
        }
    }

    /// The records that may match `matchers`: `candidates` when given (they must contain every
    /// match, each once), else the postings of the rarest query word; restricted to `allowed`, and
    /// to records that have the first letters the query words need.
    func forEachCandidate(
        _ matchers: [WordMatcher], candidates given: [Int32]?, allowed: [Bool]?, scratch: SearchScratch,
        _ body: (Int, Int, Int) -> Void
    ) {
        let candidates = given ?? seedCandidates(matchers, scratch: scratch)
        // A typo-free query word (1-3 characters) needs a record word that starts like it; a word
        // allowed one typo needs one with its first letter (a first-letter typo counts as two).
        var needInitials: UInt64 = 0
        var needBigrams: UInt64 = 0
        for matcher in matchers where matcher.maxTypos <= 1 && matcher.sharesInitial && !matcher.optional {
            let (initial, bigram) = Self.signature(matcher.scalars)
            needInitials |= initial
            if matcher.maxTypos == 0, matcher.sharesBigram { needBigrams |= bigram }
        }
        occurrenceStart.withUnsafeBufferPointer { occurrenceStart in
            for candidate in candidates {
                let record = Int(candidate)
                if let allowed, !allowed[record] { continue }
                if initials[record] & needInitials != needInitials || bigrams[record] & needBigrams != needBigrams {
                    continue
                }
                body(record, Int(occurrenceStart[record]), Int(occurrenceStart[record + 1]))
            }
        }
    }
}

/// How one record ranks for a query by itself: its textual criteria (docs/CONTRACT.md, Ranking:
/// typo, words, proximity, attribute, exact) and the typos of each query word where it is placed.
/// With its custom ranking values and the other records unchanged, a record whose standing did not
/// change has the same place in every answer to the query, placed the same.
public struct RecordStanding: Sendable, Equatable {
    public var typos: Int
    public var words: Int
    public var proximity: Int
    public var attribute: Int
    public var attributePosition: Int
    public var exact: Int
    public var placed: [UInt8]
}

extension SearchIndex {
    /// The standing of every record that matches every word of `query` (the last word also as a
    /// prefix, typos allowed, as the prefix maps ask), by record; with `relaxing`, then at each
    /// step of making words optional (`removeWordsIfNoResults`, as `search` takes them), each step
    /// whatever the steps before found.
    public func standings(_ query: String, relaxing: Bool, scratch: SearchScratch) -> [[Int: RecordStanding]] {
        var (_, matchers) = queryMatchers(query, typoTolerance: true, prefixLast: true, language: language)
        func standing() -> [Int: RecordStanding] {
            // A word that must match and matches no word of the index (nor has a phrase standing
            // for it): no record matches, found without ranking (an incremental build asks this
            // of the changed products alone for every precomputed answer; most find nothing).
            if matchers.contains(where: { !$0.optional && $0.phrases.isEmpty && $0.ranges.allSatisfy(\.words.isEmpty) })
            {
                return [:]
            }
            var found: [Int: RecordStanding] = [:]
            rankEach(matchers, allowed: nil, scratch: scratch) { ranked in
                found[ranked.record] = RecordStanding(
                    typos: ranked.typos, words: ranked.words, proximity: ranked.proximity,
                    attribute: ranked.attribute, attributePosition: ranked.attributePosition, exact: ranked.exact,
                    placed: placedTypos(record: ranked.record, matchers, loaded: scratch))
            }
            return found
        }
        var steps = [standing()]
        guard relaxing, !matchers.isEmpty else { return steps }
        for step in Self.removalSteps(language.settings.removeWordsIfNoResults, optional: matchers.map(\.optional)) {
            for i in step { matchers[i].optional = true }
            steps.append(standing())
        }
        return steps
    }
}

extension SearchIndex {
    /// Whether `record` is among the best `best` hits of `query` (every word matched, the last also
    /// as a prefix, typos allowed): whether a result page of those hits shows it (only the unscoped
    /// list has pages). True, to be safe, when it matches no word or the query has no word. The
    /// hits ranking before it are counted a few hundred at a time, so a record far down a long list
    /// is told apart after a few of them.
    public func placesWithin(_ best: Int, record: Int, query: String, scratch: SearchScratch) -> Bool {
        let (_, matchers) = queryMatchers(query, typoTolerance: true, prefixLast: true, language: language)
        guard !matchers.isEmpty else { return true }
        var standing: RankedRecord?
        rankEach(matchers, candidates: [Int32(record)], allowed: nil, scratch: scratch) { standing = $0 }
        guard let standing else { return true }
        var matches: [Int32] = []
        forEachMatch(matchers, allowed: nil, scratch: scratch) { matches.append(Int32($0)) }
        var before = 0
        let step = 256
        for start in Swift.stride(from: 0, to: matches.count, by: step) {
            let chunk = Array(matches[start..<min(start + step, matches.count)])
            rankEach(matchers, candidates: chunk, allowed: nil, scratch: scratch) { ranked in
                if ranked.precedes(standing) { before += 1 }
            }
            if before >= best { return false }
        }
        return true
    }
}
