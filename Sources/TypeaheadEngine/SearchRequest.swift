import TypeaheadModel

/// Algolia's `queryType`: whether the last query word also matches as a prefix.
public enum QueryType: String, Sendable, CaseIterable {
    /// The last word matches any record word it is a prefix of (the default).
    case prefixLast
    /// Every word matches whole record words only.
    case prefixNone
}

/// One search request, as `typeahead query` and the page builders make it.
public struct SearchRequest: Sendable {
    public var index: IndexName
    public var query: String
    public var filter: Scope?
    public var page: Int
    /// Nil: the index's default (products: `hitsPerPage` of site.json; suggestions: 20).
    public var hitsPerPage: Int?
    public var typoTolerance: Bool
    /// Algolia's `queryType`.
    public var queryType: QueryType
    /// Algolia's `attributesToHighlight`; nil: every searchable attribute.
    public var attributesToHighlight: [String]?
    /// The language settings (`ignorePlurals`, `removeWordsIfNoResults`…) for this search; nil: the
    /// index's, from site.json.
    public var language: LanguageSettings?
    /// Language settings given with the search (Algolia's names), applied over `language` or the
    /// index's: checked by `LanguageSettings.parameter` when the request is read.
    public var languageParameters: [(key: String, value: JSONValue)] = []
    /// `facetFilters`, `numericFilters` and `filters` beyond one facet value, AND-ed (products
    /// only): docs/CONTRACT.md, Refining and sorting.
    public var filters = FilterSet()
    /// `facets`: the attributes whose values the answer counts over every hit (`*`: all).
    public var facets: [String] = []
    /// `maxValuesPerFacet`: at most this many values a facet (Algolia's default 100).
    public var maxValuesPerFacet = 100
    /// Whether the answer carries the facet summary of every hit (the static pages' summary).
    public var summarize = false
    /// A replica of the products index (a sort order) by name; nil: the index itself.
    public var replica: String?
    /// The refining parameters as given, echoed in the response's `params`.
    public var refiningParameters: [(key: String, value: String)] = []
    /// How the response is shaped, not which hits it holds: docs/CONTRACT.md, "What `serve`
    /// accepts besides".
    public var shape = ResponseShape()

    public init(
        index: IndexName, query: String, filter: Scope? = nil, page: Int = 0, hitsPerPage: Int? = nil,
        typoTolerance: Bool = true, queryType: QueryType = .prefixLast, attributesToHighlight: [String]? = nil,
        attributesToSnippet: [SnippetAttribute]? = nil
    ) {
        self.shape.attributesToSnippet = attributesToSnippet
        self.queryType = queryType
        self.attributesToHighlight = attributesToHighlight
        self.index = index
        self.query = query
        self.filter = filter
        self.page = page
        self.hitsPerPage = hitsPerPage
        self.typoTolerance = typoTolerance
    }
}

/// What a response shows of its hits (Algolia's `attributesToRetrieve`, `highlightPreTag` and
/// `highlightPostTag`, `clickAnalytics`); none changes which hits, their order or their counts.
public struct ResponseShape: Sendable {
    /// The attributes each hit carries besides `objectID` and `_highlightResult`; nil: all
    /// but `excludedAttributes`.
    public var attributesToRetrieve: [String]?
    /// With every attribute retrieved (`*`), those left out (`-name`).
    public var excludedAttributes: [String] = []
    /// The longest highlight tag taken, in UTF-8 bytes (InstantSearch's are 17 and 18).
    public static let longestTag = 100
    /// The tags around a highlighted part. Nil: `<em>` and `</em>`, the value HTML-escaped. Given:
    /// the value as the record holds it (not escaped), as Algolia does; the client escapes it
    /// (InstantSearch does, with its own tags).
    public var highlightTags: (pre: String, post: String)?
    /// Whether the response carries a `queryID` (Algolia's click analytics; nothing is recorded here).
    public var clickAnalytics = false
    /// Algolia's `attributesToSnippet`: the attributes whose snippet each hit carries in
    /// `_snippetResult`, with their length in words (docs/CONTRACT.md, Snippets); nil: the
    /// index's (site.json's `attributesToSnippet` for the products, none for the suggestions).
    public var attributesToSnippet: [SnippetAttribute]?
    /// Algolia's `snippetEllipsisText`: what stands where a snippet's words were cut.
    public var snippetEllipsis = Snippet.defaultEllipsis
    /// Snippets only for the hits whose name does not match every word (the static result pages:
    /// the cards show no other); not an Algolia parameter.
    public var cardSnippetsOnly = false

    public init() {}
}

/// One page of an answer.
public struct SearchPage: Sendable {
    public var request: SearchRequest
    public var hitsPerPage: Int
    public var nbHits: Int
    public var nbPages: Int
    /// The records of this page, ranked.
    public var hits: [RankedRecord]
    /// `_highlightResult` of each hit, by attribute; arrays give one highlight per element.
    public var highlights: [[String: [Highlight]]]
    /// `_snippetResult` of each hit, by attribute (`shape.attributesToSnippet`); arrays give one
    /// snippet per element.
    public var snippets: [[String: [Snippet]]] = []
    /// The query words that were made optional to find hits and that the first hit does not match
    /// (docs/CONTRACT.md, Optional words); nil when no word was removed.
    public var droppedWords: [Bool]? = nil
    /// The normalised query words.
    public var words: [String] = []
    /// The facets of every hit, when the request asked for some.
    public var facets: FacetResult?
    /// The facet summary of every hit, when the request asked for it (`summarize`).
    public var summary: FacetSummary?

    /// Algolia's `queryAfterRemoval`: the query's words, each dropped one in `<em>`, HTML-escaped.
    public var queryAfterRemoval: String? {
        droppedWords.map { dropped in
            zip(words, dropped).map { word, isDropped in
                isDropped ? "<em>\(HTML.escape(word))</em>" : HTML.escape(word)
            }.joined(separator: " ")
        }
    }
}
