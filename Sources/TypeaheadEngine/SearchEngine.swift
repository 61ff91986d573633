import Synchronization
import TypeaheadModel

/// The two indices of the Query Suggestions guide.
public enum IndexName: String, Sendable, CaseIterable {
    case products
    case suggestions
}

/// A problem with a search request (an unknown filter attribute, a page out of range…).
public struct SearchRequestError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// The live engine: both indices built from the loaded content; answers any query.
public final class SearchEngine: Sendable {
    /// `paginationLimitedTo`.
    public static let paginationLimit = 1000
    /// Suggestions per page in the API when none is asked for.
    public static let suggestionsHitsPerPage = 20

    public let content: Content
    public let products: SearchIndex
    public let suggestions: SearchIndex
    let productAttributes: [String]
    let arrayAttributes: [[Bool]]
    /// Idle working memory for each index, reused across queries (one per concurrent query).
    private let scratches = Mutex<[IndexName: [SearchScratch]]>([:])
    /// `allowed` of each filter asked for so far.
    private let filterCache = Mutex<[ByteKey: [Bool]]>([:])
    /// The vetting of the suggestions for each scope asked for so far ("" for none).
    let vettingCache = Mutex<[ByteKey: SuggestionVetting]>([:])
    /// The values of each attribute facets and filters have read so far.
    let columns = Mutex<[ByteKey: AttributeColumn]>([:])
    /// The facet summary table, once made.
    let summaryTableCache = Mutex<FacetSummaryTable?>(nil)
    /// The products index as each replica sorts it, by replica name.
    let replicaIndices: [String: SearchIndex]

    /// Builds both indices.
    public init(content: Content) {
        self.content = content
        let config = content.config
        let ranking = config.ranking
        productAttributes = config.searchableAttributes
        var arrays: [[Bool]] = []
        let productRecords = content.products.map { product -> IndexedRecord in
            var texts: [[String]] = []
            var isArray: [Bool] = []
            for attribute in config.searchableAttributes {
                switch product.attributes[attribute] {
                case .string(let text)?:
                    texts.append([text])
                    isArray.append(false)
                case .array(let values)?:
                    texts.append(values.compactMap(\.stringValue))
                    isArray.append(true)
                default:
                    texts.append([])
                    isArray.append(false)
                }
            }
            arrays.append(isArray)
            return IndexedRecord(objectID: product.objectID, texts: texts, customKey: ranking.key(product.attributes))
        }
        arrayAttributes = arrays
        var products = SearchIndex(
            attributeNames: config.searchableAttributes, records: productRecords, customRanking: ranking)
        products.language = QueryLanguage(settings: config.language, synonyms: content.synonyms)
        self.products = products
        var replicas: [String: SearchIndex] = [:]
        for replica in config.replicas {
            var sorted = products
            sorted.sortRank = SortOrder.ranks(content.products, replica.sort)
            replicas[replica.name] = sorted
        }
        replicaIndices = replicas
        var suggestions = SearchIndex(
            attributeNames: ["query"],
            records: content.suggestions.map {
                IndexedRecord(objectID: $0.objectID, texts: [[$0.query]], customKey: [$0.popularity])
            },
            customRanking: .suggestions)
        suggestions.language = QueryLanguage(settings: config.suggestionsLanguage)
        self.suggestions = suggestions
    }

    /// An index as a search reads it: for the suggestions index, its splits counted among the
    /// suggestions offered (the suggestions index the site holds).
    public func searchIndex(_ name: IndexName) -> SearchIndex {
        guard name == .suggestions else { return products }
        var index = suggestions
        index.language.splitRecords = offeredSuggestions(nil)
        return index
    }

    /// The language a request is searched with: its own settings or the index's, and the index's
    /// synonyms.
    public func language(_ request: SearchRequest) -> QueryLanguage {
        var language = index(request.index).language
        if request.index == .suggestions { language.splitRecords = offeredSuggestions(nil) }
        if let settings = request.language { language.settings = settings }
        for (key, value) in request.languageParameters { _ = language.settings.apply(key, value) }
        return language
    }

    public func index(_ name: IndexName) -> SearchIndex {
        name == .products ? products : suggestions
    }

    /// Which records of an index pass a filter, comparing values byte for byte. Products: the
    /// attribute (a string or an array of strings) holds the value exactly. Suggestions:
    /// `<sourceIndex>.facets.exact_matches.<attribute>` lists the value (whether the suggestion is
    /// offered in that scope is `offeredSuggestions`, which also vets it).
    public func allowed(_ index: IndexName, _ filter: Scope) -> [Bool] {
        let key = ByteKey("\(index.rawValue)\u{0}\(filter.attribute)\u{0}\(filter.value)")
        if let cached = filterCache.withLock({ $0[key] }) { return cached }
        let result = computeAllowed(index, filter)
        filterCache.withLock { $0[key] = result }
        return result
    }

    private func computeAllowed(_ index: IndexName, _ filter: Scope) -> [Bool] {
        switch index {
        case .products:
            return Self.holding(column(filter.attribute), filter)
        case .suggestions:
            return content.suggestions.map { $0.isListed(in: filter) }
        }
    }

    /// Which products a scope holds, from their values of its attribute (docs/CONTRACT.md, Refining
    /// and sorting: a string, each string of an array, a number or a boolean as text).
    private static func holding(_ column: AttributeColumn, _ filter: Scope) -> [Bool] {
        let value = ByteKey(filter.value)
        return column.values.map { $0.contains(value) }
    }

    /// `nbPages = min(ceil(nbHits / hitsPerPage), ceil(1000 / hitsPerPage))`.
    public static func pageCount(hits: Int, hitsPerPage: Int) -> Int {
        // hitsPerPage 0 (counts only, as InstantSearch asks for a facet's counts): no page.
        guard hitsPerPage > 0 else { return 0 }
        return min((hits + hitsPerPage - 1) / hitsPerPage, (paginationLimit + hitsPerPage - 1) / hitsPerPage)
    }

    /// Answers a request for every page at once (`request.page` is ignored): one ranking, sliced.
    public func allPages(_ request: SearchRequest) -> [SearchPage] {
        search(request, pages: nil)
    }

    /// The first `count` pages of a request (at least one, maybe empty; fewer when there are fewer):
    /// one ranking, sliced, and only those pages highlighted.
    public func firstPages(_ request: SearchRequest, count: Int) -> [SearchPage] {
        search(request, pages: nil, limit: count)
    }

    /// Answers a request: one page of ranked hits with their highlights.
    public func search(_ request: SearchRequest) -> SearchPage {
        search(request, pages: request.page)[0]
    }

    /// The records a request may return: the suggestions offered (vetted per scope), or the
    /// products passing its scope and filters; nil: every one.
    func restriction(_ request: SearchRequest) -> [Bool]? {
        // The suggestions index holds only the suggestions that lead somewhere (vetted per scope).
        if request.index == .suggestions { return offeredSuggestions(request.filter) }
        let scoped = request.filter.map { allowed(request.index, $0) }
        guard !request.filters.isEmpty else { return scoped }
        let filtered = allowed(request.filters)
        return scoped.map { zip($0, filtered).map { $0 && $1 } } ?? filtered
    }

    /// The index a request searches: the products index as its replica sorts it, if it names one.
    func searched(_ request: SearchRequest) -> SearchIndex {
        guard request.index == .products, let name = request.replica else { return index(request.index) }
        return replicaIndices[name] ?? products
    }

    /// Every hit of a request (all pages), in no particular order.
    public func matchedRecords(_ request: SearchRequest) -> [Int32] {
        let index = searched(request)
        let scratch =
            scratches.withLock { $0[request.index]?.popLast() } ?? SearchScratch(vocabularySize: index.vocabularySize)
        defer { scratches.withLock { $0[request.index, default: []].append(scratch) } }
        let restriction = restriction(request)
        let outcome = index.search(
            request.query, allowed: restriction, typoTolerance: request.typoTolerance,
            prefixLast: request.queryType == .prefixLast, language: language(request), best: 1, scratch: scratch,
            collect: true)
        return outcome.matched ?? []
    }

    /// One page (`only`), or every page up to `nbPages` when `only` is nil (at least one, maybe empty).
    private func search(_ request: SearchRequest, pages only: Int?, limit: Int = .max) -> [SearchPage] {
        let index = searched(request)
        let perPage = hitsPerPage(request)
        let scratch =
            scratches.withLock { $0[request.index]?.popLast() } ?? SearchScratch(vocabularySize: index.vocabularySize)
        let restriction = restriction(request)
        // Only the hits of the pages asked for are ranked in order (the rest are counted).
        let needed = min(
            Self.paginationLimit, ((only ?? (limit == .max ? .max / max(perPage, 1) - 1 : limit - 1)) + 1) * perPage)
        let outcome = index.search(
            request.query, allowed: restriction, typoTolerance: request.typoTolerance,
            prefixLast: request.queryType == .prefixLast, language: language(request), best: max(needed, 1),
            scratch: scratch,
            collect: !request.facets.isEmpty || request.summarize)
        var facets: FacetResult?
        var summary: FacetSummary?
        if let records = outcome.matched {
            if !request.facets.isEmpty {
                facets = self.facets(of: records, request.facets, maxValues: request.maxValuesPerFacet)
            }
            if request.summarize { summary = summaryTable.summary(of: records) }
        }
        scratches.withLock { $0[request.index, default: []].append(scratch) }
        var pages = pages(request, outcome: outcome, only: only, limit: limit)
        for i in pages.indices {
            pages[i].facets = facets
            pages[i].summary = summary
        }
        return pages
    }

    /// The first `count` pages of a products query, unscoped, from the record numbers of its best
    /// hits in rank order (`best`: at least `count` pages' worth, or all of them) and how many hits
    /// there are, as `rankedVettings` keeps them: the build's result pages, without walking the
    /// query's matches again. `request.filter` is ignored.
    public func firstPages(_ request: SearchRequest, count: Int, best: [Int32], hits: Int) -> [SearchPage] {
        precondition(request.index == .products)
        let index = products
        let scratch =
            scratches.withLock { $0[.products]?.popLast() } ?? SearchScratch(vocabularySize: index.vocabularySize)
        defer { scratches.withLock { $0[.products, default: []].append(scratch) } }
        let (words, matchers) = index.queryMatchers(
            request.query, typoTolerance: request.typoTolerance, prefixLast: request.queryType == .prefixLast,
            language: language(request))
        let removal = language(request).settings.removeWordsIfNoResults
        var unscoped = request
        unscoped.filter = nil
        // No hit with every word: the engine makes words optional (the vetting found those).
        if hits == 0 && removal != .none && !words.isEmpty { return firstPages(unscoped, count: count) }
        // Ranked again (they are few) for their criteria; the order is the list's.
        let ranked = index.rank(matchers, candidates: best, allowed: nil, scratch: scratch).sorted { $0.precedes($1) }
        if ranked.count != best.count {
            // Hits found with words made optional do not all match every word.
            precondition(removal != .none, "a kept hit no longer matches")
            return firstPages(unscoped, count: count)
        }
        let outcome = SearchOutcome(words: words, ranked: ranked, count: hits, matchers: matchers)
        return pages(unscoped, outcome: outcome, only: nil, limit: count)
    }

    /// The first page of a products query (no filter, default settings) as the page's precomputed
    /// answers hold it: the hit count, the hits' records in rank order, and for each hit the typo
    /// count at which each query word is placed in it (what highlighting needs, docs/CONTRACT.md, Highlighting).
    public func placedFirstPage(
        _ query: String
    ) -> (nbHits: Int, records: [Int32], placed: [[UInt8]], optionalWords: [Bool]?) {
        let index = products
        let scratch =
            scratches.withLock { $0[.products]?.popLast() } ?? SearchScratch(vocabularySize: index.vocabularySize)
        defer { scratches.withLock { $0[.products, default: []].append(scratch) } }
        let perPage = min(content.config.hitsPerPage, Self.paginationLimit)
        let outcome = index.search(query, best: perPage, scratch: scratch)
        let hits = outcome.ranked.prefix(perPage)
        return (
            outcome.count, hits.map { Int32($0.record) },
            index.placedTypos(records: hits.map(\.record), outcome.matchers, scratch: scratch),
            outcome.wordsRemoved ? outcome.optionalWords : nil
        )
    }

    /// The placed typo counts `placedFirstPage` gives `records` for `query` (its hits, when no word
    /// was made optional to find them): for hits already asked of the engine another way.
    public func placedTypos(_ query: String, records: [Int32]) -> [[UInt8]] {
        let index = products
        let scratch =
            scratches.withLock { $0[.products]?.popLast() } ?? SearchScratch(vocabularySize: index.vocabularySize)
        defer { scratches.withLock { $0[.products, default: []].append(scratch) } }
        let matchers = index.queryMatchers(query, typoTolerance: true, prefixLast: true).matchers
        return index.placedTypos(records: records.map(Int.init), matchers, scratch: scratch)
    }

    private func hitsPerPage(_ request: SearchRequest) -> Int {
        request.hitsPerPage ?? (request.index == .products ? content.config.hitsPerPage : Self.suggestionsHitsPerPage)
    }

    /// The pages of an answer: one (`only`), or up to `limit` from the first (at least one).
    private func pages(_ request: SearchRequest, outcome: SearchOutcome, only: Int?, limit: Int) -> [SearchPage] {
        let index = index(request.index)
        let perPage = hitsPerPage(request)
        let nbHits = outcome.count
        let nbPages = Self.pageCount(hits: nbHits, hitsPerPage: perPage)
        // Hits beyond paginationLimitedTo are never returned.
        let reachable = min(nbHits, Self.paginationLimit)
        let wanted = only.map { [$0] } ?? Array(0..<max(min(nbPages, limit), 1))
        // The words made optional that the best hit does not match.
        var dropped: [Bool] = []
        if outcome.wordsRemoved {
            let firstPlaced = outcome.ranked.first.map { index.placedTypos(record: $0.record, outcome.matchers) }
            dropped = outcome.matchers.indices.map { i in
                outcome.matchers[i].optional && (firstPlaced.map { $0[i] == .max } ?? true)
            }
        }
        return wanted.map { pageNumber in
            var pageRequest = request
            pageRequest.page = pageNumber
            let start = min(pageNumber * perPage, reachable)
            let end = pageNumber < nbPages ? min(start + perPage, reachable) : start
            let hits = Array(outcome.ranked[start..<end])
            let snippeted =
                request.shape.attributesToSnippet
                ?? (request.index == .products ? content.config.attributesToSnippet : [])
            var snippets: [[String: [Snippet]]] = []
            let highlights = hits.map { hit -> [String: [Highlight]] in
                let (lit, cut) = decorations(hit.record, request, outcome, index, snippeted: snippeted)
                if !snippeted.isEmpty { snippets.append(cut) }
                return lit
            }
            var page = SearchPage(
                request: pageRequest, hitsPerPage: perPage, nbHits: nbHits, nbPages: nbPages, hits: hits,
                highlights: highlights)
            page.snippets = snippets
            page.words = outcome.words
            if outcome.wordsRemoved { page.droppedWords = dropped }
            return page
        }
    }
}
