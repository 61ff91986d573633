import Dispatch
import Synchronization
import TypeaheadModel

/// Which suggestions lead somewhere (docs/CONTRACT.md, "Suggestions that lead somewhere"): for one scope
/// (or none), every suggestion's product hits and whether it is offered.
public struct SuggestionVetting: Sendable {
    /// The scope, or nil for the unscoped index.
    public var scope: Scope?
    /// `minHits` it was vetted with.
    public var minHits: Int
    /// For each suggestion (as `Content.suggestions` orders them): its query's product hits within
    /// the scope's filter, or nil when the suggestion is not in the scope (its
    /// `facets.exact_matches` does not list the value) and so was not asked.
    public var hits: [Int?]
    /// Whether each suggestion is offered: in the scope, with at least `minHits` hits.
    public var offered: [Bool]
    /// How many of each suggestion's best hits `best` keeps (0: the vetting only counted).
    public var bestCount: Int = 0
    /// For each suggestion, the record numbers of its best `bestCount` product hits, in rank order
    /// (all of them when fewer), for the unscoped vetting (the one list with static pages); empty
    /// when it was not asked or not ranked, and in a scope.
    public var best: [[Int32]] = []
    /// For each suggestion, the facet summary of all its hits, when ranked with facets to summarise
    /// (site.json `attributesForFaceting`), for the unscoped vetting; nil when it was not asked or
    /// has no hit, and in a scope.
    public var summaries: [FacetSummary?] = []
    /// For each suggestion, whether its words were made optional to find its hits (no hit has
    /// every word, and site.json's `removeWordsIfNoResults` relaxes the query).
    public var relaxed: [Bool] = []
    /// For each suggestion, how many words were made optional to find its hits (0: none); empty
    /// when not known (`removedWords`).
    public var removed: [Int] = []
    /// Whether some suggestions' hit counts came from a previous build (`Known`): their `best` and
    /// `summaries` are empty, as their result pages are the previous build's (unless the `Known`
    /// gave its best hits: then those, and a summary tallied again).
    public var partial = false

    /// What an incremental build knows of a suggestion's vetting from the previous build, for every
    /// scope (`SearchEngine.rankedVettings(best:known:)`'s order): its hits (nil: not in the scope)
    /// and whether its words were made optional there.
    public struct Known: Sendable, Equatable {
        public var hits: [Int?]
        public var relaxed: [Bool]
        /// How many words were made optional there (0: none; `Int.max`: made optional, how many
        /// not known).
        public var removed: [Int]
        /// The unscoped list's best hits, by record, in rank order, when they are known too (an
        /// incremental build reads them from the previous pages of a suggestion whose hits rank
        /// as before): its pages are then made from them, and only its facet summary is tallied,
        /// over its matches, unranked. Nil: its pages are the previous build's.
        public var best: [Int32]? = nil
        /// `best` is not yet in rank order: it holds every record that can be among the best hits
        /// now (an incremental build: a changed product ranks otherwise for the suggestion, and was
        /// not among the hits its pages showed, or they showed every hit), ranked again among
        /// themselves, the first `bestCount` kept.
        public var rankAmong = false

        public init(hits: [Int?], relaxed: [Bool], removed: [Int]? = nil) {
            self.hits = hits
            self.relaxed = relaxed
            self.removed = removed ?? relaxed.map { $0 ? .max : 0 }
        }
    }

    /// How many suggestions are offered.
    public var offeredCount: Int { offered.lazy.filter { $0 }.count }

    /// How many words suggestion `s`'s vetting made optional to find its hits (0: none;
    /// `Int.max`: some, how many not known).
    public func removedWords(_ s: Int) -> Int {
        s < removed.count ? removed[s] : (relaxed[s] ? .max : 0)
    }

    /// The suggestions of the scope that are left out, with their hits.
    public var leftOut: [(suggestion: Int, hits: Int)] {
        hits.indices.compactMap { s in
            guard let count = hits[s], !offered[s] else { return nil }
            return (s, count)
        }
    }
}

extension SuggestionVetting {
    /// A vetting from each suggestion's hits (nil: not in the scope): offered with at least
    /// `minHits`, none relaxed, nothing ranked.
    public init(scope: Scope?, minHits: Int, hits: [Int?]) {
        self.init(scope: scope, minHits: minHits, hits: hits, offered: hits.map { Self.offers($0, minHits: minHits) })
        relaxed = hits.map { _ in false }
    }

    /// Whether a suggestion with `hits` in a scope (nil: not in it) is offered there.
    public static func offers(_ hits: Int?, minHits: Int) -> Bool {
        (hits ?? -1) >= minHits
    }
}

extension SearchEngine {
    /// The vetting of the suggestions for `scope` (nil: the unscoped index), computed once: the
    /// first time any is asked for, the unscoped index and every configured scope are vetted
    /// together, on all cores, with one products search per suggestion (counted, not ranked).
    public func vetting(_ scope: Scope?) -> SuggestionVetting {
        let key = Self.vettingKey(scope)
        if let cached = vettingCache.withLock({ $0[key] }) { return cached }
        var scopes = content.config.everyScope
        if let scope, !content.config.scopes.contains(scope) { scopes = [scope] }
        let made = computeVettings(scopes)
        vettingCache.withLock { cache in
            for vetting in made where cache[Self.vettingKey(vetting.scope)] == nil {
                cache[Self.vettingKey(vetting.scope)] = vetting
            }
        }
        return vettingCache.withLock { $0[key]! }
    }

    /// The vetting of the unscoped index and of every configured scope (in site.json order, after
    /// the unscoped one), each suggestion's matches ranked as they are counted so that the unscoped
    /// vetting also keeps the best `best` hits and their summary: the build's result pages come
    /// from that list, so each suggestion's matches are walked once for both.
    ///
    /// `known` (an incremental build's): for each suggestion, its hits and relaxing in every scope
    /// when the previous build's still hold; such a suggestion is not asked again (with its best
    /// hits given, `Known.best`, only its matches are walked, unranked, for its facet summary).
    public func rankedVettings(best: Int, known: [SuggestionVetting.Known?]? = nil) -> [SuggestionVetting] {
        let scopes = content.config.everyScope
        let cached = vettingCache.withLock { cache in scopes.compactMap { cache[Self.vettingKey($0)] } }
        if known == nil, cached.count == scopes.count, cached.allSatisfy({ $0.bestCount == best && !$0.partial }) {
            return cached
        }
        let made = computeVettings(scopes, best: best, known: known)
        vettingCache.withLock { cache in
            for vetting in made { cache[Self.vettingKey(vetting.scope)] = vetting }
        }
        return made
    }

    /// Takes vettings found elsewhere (`typeahead check` asks every suggestion's query afresh for
    /// its result pages): the engine does not count the suggestions again for them.
    public func adoptVettings(_ vettings: [SuggestionVetting]) {
        vettingCache.withLock { cache in
            for vetting in vettings { cache[Self.vettingKey(vetting.scope)] = vetting }
        }
    }

    private static func vettingKey(_ scope: Scope?) -> ByteKey {
        ByteKey(scope.map { "\($0.attribute)\u{0}\($0.value)" } ?? "")
    }

    /// Which suggestions the suggestions index holds for `scope` (nil: none): the vetted ones.
    public func offeredSuggestions(_ scope: Scope?) -> [Bool] {
        vetting(scope).offered
    }

    /// Counts (and, with `best` > 0, ranks) every suggestion's product hits in each of `scopes`;
    /// a suggestion `known` gives is not asked again (`rankedVettings`).
    private func computeVettings(
        _ scopes: [Scope?], best: Int = 0, known: [SuggestionVetting.Known?]? = nil
    ) -> [SuggestionVetting] {
        let minHits = content.config.minHits
        let members = scopes.map { $0.map { allowed(.suggestions, $0) } }
        let filters = scopes.map { $0.map { allowed(.products, $0) } }
        let count = content.suggestions.count
        let chunks = max(1, min(count, PrefixMapBuilder.System.coreCount * 8))
        let queries = content.suggestions.map(\.query)
        let products = self.products
        let removal = products.language.settings.removeWordsIfNoResults
        // Chunk c counts suggestions c, c + chunks, c + 2 × chunks…: for each, its hits in every
        // scope that lists it, from one walk over its matches.
        typealias Vetted = (
            hits: [Int?], best: [[Int32]], summaries: [FacetSummary?], relaxed: [Bool], removed: [Int]
        )
        let table = best > 0 && !content.config.attributesForFaceting.isEmpty ? summaryTable : nil
        // Only the unscoped list has static pages (docs/CONTRACT.md, "A scope's list"): a scope's
        // hits are counted, not kept or summarised.
        let listed = scopes.map { $0 == nil }
        let results = Mutex([[Vetted]](repeating: [], count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let scratch = SearchScratch(vocabularySize: products.vocabularySize)
            var tallies = scopes.map { _ in FacetTally(size: table?.valueCount ?? 0) }
            let counts = Swift.stride(from: chunk, to: count, by: chunks).map { s -> Vetted in
                if let given = known?[s] {
                    guard var kept = given.best else { return (given.hits, [], [], given.relaxed, given.removed) }
                    if given.rankAmong {
                        let (_, matchers) = products.queryMatchers(queries[s], typoTolerance: true, prefixLast: true)
                        kept = products.rank(matchers, candidates: kept.sorted(), allowed: nil, scratch: scratch)
                            .sorted { $0.precedes($1) }.prefix(best).map { Int32($0.record) }
                    }
                    // Hits ranking as before: the unscoped list's summary alone is made again.
                    let summaries = scopes.indices.map { k -> FacetSummary? in
                        guard let table, listed[k], given.hits[k] ?? 0 > 0 else { return nil }
                        _ = tallies[k].take(table)
                        products.forEachMatch(
                            queries[s], allowed: filters[k], typoTolerance: true, prefixLast: true, scratch: scratch
                        ) { record in
                            tallies[k].add(table.values(of: record))
                        }
                        return tallies[k].take(table)
                    }
                    return (given.hits, listed.map { $0 ? kept : [] }, summaries, given.relaxed, given.removed)
                }
                let asked = scopes.indices.map { members[$0]?[s] ?? true }
                guard asked.contains(true) else {
                    return (asked.map { _ in nil }, [], [], asked.map { _ in false }, asked.map { _ in 0 })
                }
                var hits = [Int](repeating: 0, count: scopes.count)
                var relaxed = [Bool](repeating: false, count: scopes.count)
                var removed = [Int](repeating: 0, count: scopes.count)
                if best == 0 {
                    products.forEachMatch(
                        queries[s], allowed: nil, typoTolerance: true, prefixLast: true, scratch: scratch
                    ) { record in
                        for k in scopes.indices where filters[k]?[record] ?? true { hits[k] += 1 }
                    }
                    for k in scopes.indices where asked[k] && hits[k] == 0 && removal != .none {
                        let outcome = products.search(queries[s], allowed: filters[k], best: 0, scratch: scratch)
                        hits[k] = outcome.count
                        relaxed[k] = true
                        removed[k] = outcome.removedWords
                    }
                    return (scopes.indices.map { asked[$0] ? hits[$0] : nil }, [], [], relaxed, removed)
                }
                var kept = scopes.indices.map { _ in BestRecords(k: best) }
                let (words, matchers) = products.queryMatchers(queries[s], typoTolerance: true, prefixLast: true)
                products.rankEach(matchers, allowed: nil, scratch: scratch) { ranked in
                    for k in scopes.indices where asked[k] && (filters[k]?[ranked.record] ?? true) {
                        hits[k] += 1
                        guard listed[k] else { continue }
                        kept[k].add(ranked)
                        if let table { tallies[k].add(table.values(of: ranked.record)) }
                    }
                }
                // No hit with every word: the products index makes words optional, as a query does
                // (docs/CONTRACT.md, Suggestions that lead somewhere).
                for k in scopes.indices where asked[k] && hits[k] == 0 && removal != .none && !matchers.isEmpty {
                    let outcome = products.search(
                        words, matchers, allowed: filters[k], removal: removal, best: listed[k] ? best : 0,
                        scratch: scratch, knownEmpty: true)
                    hits[k] = outcome.count
                    relaxed[k] = true
                    removed[k] = outcome.removedWords
                    kept[k] = BestRecords(k: best)
                    for ranked in outcome.ranked { kept[k].add(ranked) }
                    if let table, listed[k], outcome.count > 0 {
                        _ = tallies[k].take(table)
                        products.rankEach(outcome.matchers, allowed: filters[k], scratch: scratch) {
                            tallies[k].add(table.values(of: $0.record))
                        }
                    }
                }
                let summaries = scopes.indices.map { k -> FacetSummary? in
                    guard let table, listed[k] else { return nil }
                    let summary = tallies[k].take(table)
                    return asked[k] && hits[k] > 0 ? summary : nil
                }
                return (
                    scopes.indices.map { asked[$0] ? hits[$0] : nil }, kept.map(\.records), summaries, relaxed, removed
                )
            }
            results.withLock { $0[chunk] = counts }
        }
        let byChunk = results.withLock { $0 }
        return scopes.indices.map { k in
            let counted = (0..<count).map { byChunk[$0 % chunks][$0 / chunks].hits[k] }
            var vetting = SuggestionVetting(scope: scopes[k], minHits: minHits, hits: counted)
            vetting.relaxed = (0..<count).map { byChunk[$0 % chunks][$0 / chunks].relaxed[k] }
            vetting.removed = (0..<count).map { byChunk[$0 % chunks][$0 / chunks].removed[k] }
            vetting.partial = known?.contains { $0 != nil } ?? false
            if best > 0 {
                vetting.summaries = (0..<count).map { s in
                    let summaries = byChunk[s % chunks][s / chunks].summaries
                    return summaries.isEmpty ? nil : summaries[k]
                }
                vetting.bestCount = best
                vetting.best = (0..<count).map { s in
                    let lists = byChunk[s % chunks][s / chunks].best
                    return lists.isEmpty ? [] : lists[k]
                }
            }
            return vetting
        }
    }
}

extension SearchIndex {
    /// How many records match `query` (restricted to `allowed`) without ranking them: by default
    /// (typos, prefixLast) the hit count a suggestion is vetted by in the site.
    public func count(
        _ query: String, allowed: [Bool]?, typoTolerance: Bool = true, prefixLast: Bool = true,
        scratch: SearchScratch
    ) -> Int {
        var total = 0
        forEachMatch(query, allowed: allowed, typoTolerance: typoTolerance, prefixLast: prefixLast, scratch: scratch) {
            _ in total += 1
        }
        return total
    }

    /// Calls `body` with every record matching `query` (restricted to `allowed`), unranked, in no
    /// particular order.
    public func forEachMatch(
        _ query: String, allowed: [Bool]?, typoTolerance: Bool, prefixLast: Bool, language: QueryLanguage? = nil,
        scratch: SearchScratch, _ body: (Int) -> Void
    ) {
        let (words, matchers) = queryMatchers(
            query, typoTolerance: typoTolerance, prefixLast: prefixLast, language: language ?? self.language)
        if words.isEmpty {
            for record in records.indices where allowed?[record] ?? true { body(record) }
            return
        }
        forEachMatch(matchers, allowed: allowed, scratch: scratch, body)
    }
}

extension SearchIndex {
    /// Completes the last word of `query` as Algolia's Query Suggestions builder does with a logged
    /// prefix (`samsu` → `samsung`): the query is searched (prefixLast, typos) and the last word
    /// becomes the best whole record word it matched among the first `topHits` hits: the closest
    /// (fewest typos); then, after another query word, the one that follows it most closely in a
    /// record (`galaxy s` → `s7` in "Samsung Galaxy S7", not `samsung`); then the earliest
    /// searchable attribute, the earliest position, the one in most of those hits, and code-point
    /// order. Nil when the last word is already a word of the index, or nothing matches.
    public func completion(ofLastWordIn query: String, topHits: Int = 20, scratch: SearchScratch) -> String? {
        // Most logged queries end with a whole word: no search for them.
        guard let lastWord = TextNormalizer.words(query).last,
            trie.wordID(lastWord.unicodeScalars.map(\.value)) == nil
        else { return nil }
        let (_, matchers) = queryMatchers(query, typoTolerance: true, prefixLast: true, language: .plain)
        guard let last = matchers.last, last.exactWord < 0 else { return nil }
        let previous = matchers.count > 1 ? matchers[matchers.count - 2] : nil
        var top = TopK(k: topHits)
        rankEach(matchers, allowed: nil, scratch: scratch) { top.add($0) }
        // For each record word the last query word matched: its distance, its best placement
        // (follow, attribute, position) and in how many of the top hits it is.
        struct Found {
            var distance: UInt8
            var placement: (follow: Int, attribute: Int, position: Int)
            var hits: Int
        }
        var found: [Int32: Found] = [:]
        for record in top.records {
            let span = Int(occurrenceStart[Int(record)])..<Int(occurrenceStart[Int(record) + 1])
            var inRecord = Set<Int32>()
            for o in span {
                let occurrence = occurrences[o]
                guard let distance = last.distance(of: Int(occurrence.word)) else { continue }
                let attribute = Int(occurrence.attribute)
                let position = Int(occurrence.position)
                // How closely it follows the previous query word in the same attribute: 1 is right
                // after it; before it, or elsewhere, ranks after every word that follows.
                var follow = 0
                if let previous {
                    follow = Int.max
                    for p in span where Int(occurrences[p].attribute) == attribute {
                        guard previous.distance(of: Int(occurrences[p].word)) != nil else { continue }
                        let gap = position - Int(occurrences[p].position)
                        follow = min(follow, gap > 0 ? gap : 1_000 - gap)
                    }
                }
                let placement = (follow, attribute, position)
                var entry = found[occurrence.word] ?? Found(distance: distance, placement: placement, hits: 0)
                if placement < entry.placement { entry.placement = placement }
                if inRecord.insert(occurrence.word).inserted { entry.hits += 1 }
                found[occurrence.word] = entry
            }
        }
        let best = found.min { a, b in
            if a.value.distance != b.value.distance { return a.value.distance < b.value.distance }
            if a.value.placement != b.value.placement { return a.value.placement < b.value.placement }
            if a.value.hits != b.value.hits { return a.value.hits > b.value.hits }
            return words[Int(a.key)].lexicographicallyPrecedes(words[Int(b.key)])
        }
        return best.map { String(String.UnicodeScalarView(words[Int($0.key)].compactMap(Unicode.Scalar.init))) }
    }
}
