/// `Content/site.json`: the site's settings. Every key is optional; the defaults are documented in
/// the README and are Algolia's where Algolia has one.
public struct SiteConfig: Sendable, Equatable {
    /// The site's title, shown in every page's header. Default `Typeahead`.
    public var title: String = "Typeahead"
    /// A sentence under the title on the front page. Default none.
    public var tagline: String? = nil
    /// Product attributes searched, most important first. Default `name`, `brand`, `categories`,
    /// `description`.
    public var searchableAttributes: [String] = ["name", "brand", "categories", "description"]
    /// Product tie-breakers after the textual criteria, as `desc(attr)` / `asc(attr)`.
    /// Default `desc(popularity)`.
    /// Parsed once, when site.json is read (`desc(popularity)` by default).
    public var customRanking: [CustomRankingCriterion] = [
        CustomRankingCriterion(attribute: "popularity", descending: true)
    ]

    /// The custom ranking, ready to order records.
    public var ranking: CustomRanking { CustomRanking(criteria: customRanking) }
    /// Products per result page. Default 20.
    public var hitsPerPage: Int = 20
    /// Static result pages written per suggestion (and scope), from the first; later pages come
    /// from the page's script. Default 1; at most 1000 (the pages `paginationLimitedTo` reaches).
    public var resultPages: Int = 1
    /// Postings bytes above which the page's answer to a text of several words on the way to a
    /// suggestion (a key of the unscoped prefix map) is precomputed instead of computed in the page
    /// (0: every such text). One word of more than three letters on the way always is.
    public var answersAbove: Int = 96 * 1024
    /// Suggestions per prefix-map key (shown while typing). Default 8.
    public var suggestionsPerKey: Int = 8
    /// How many suggestions a key of `scope`'s prefix map holds (nil: the unscoped map). The build,
    /// `check`, the report and the page (through `data/site.js`) all ask here, so an option that
    /// changes the count per key changes this function and its reading only.
    public func suggestionsPerKey(in scope: Scope?) -> Int { suggestionsPerKey }
    /// A suggestion is offered only when its query has at least this many product hits (within the
    /// scope's filter, for a scope): ENGINE.md, "Suggestions that lead somewhere". Default 1.
    public var minHits: Int = 1
    /// Scopes offered as tokens, as `attribute:value`. Default none.
    public var scopes: [Scope] = []
    /// No scope (nil) first, then each of `scopes`: every index a prefix map, a vetting or a result
    /// page is made for.
    public var everyScope: [Scope?] { [nil] + scopes.map(Optional.some) }
    /// The index name under which the Query Suggestions export keeps per-index data
    /// (`exact_nb_hits`, `facets.exact_matches`). Default `instant_search`.
    public var sourceIndex: String = "instant_search"
    /// The currency symbol shown before prices. Default `$`.
    public var currency: String = "$"
    /// What a remote `image` that is not in the image cache shows: `placeholder` (default) or `link`.
    public var remoteImages: RemoteImages = .placeholder

    /// The largest `minHits`: the hits a query can show (`paginationLimitedTo`).
    public static let maximumMinHits = 1000

    public init() {}

    /// Every key `site.json` may hold.
    public static let keys: [String] = [
        "answersAbove", "currency", "customRanking", "hitsPerPage", "minHits", "remoteImages", "resultPages", "scopes",
        "searchableAttributes",
        "sourceIndex",
        "suggestionsPerKey", "tagline", "title",
    ]
}

/// One ranking tie-breaker of `customRanking`.
public struct CustomRankingCriterion: Sendable, Equatable, CustomStringConvertible {
    public var attribute: String
    public var descending: Bool

    public init(attribute: String, descending: Bool) {
        self.attribute = attribute
        self.descending = descending
    }

    /// As site.json writes it: `desc(popularity)`, `asc(price)`.
    public var description: String { "\(descending ? "desc" : "asc")(\(attribute))" }

    /// Parses `desc(attr)` or `asc(attr)`.
    public init?(_ text: String) {
        let descending: Bool
        let rest: Substring
        if text.hasPrefix("desc("), text.hasSuffix(")") {
            descending = true
            rest = text.dropFirst(5).dropLast()
        } else if text.hasPrefix("asc("), text.hasSuffix(")") {
            descending = false
            rest = text.dropFirst(4).dropLast()
        } else {
            return nil
        }
        guard !rest.isEmpty else { return nil }
        self.attribute = String(rest)
        self.descending = descending
    }
}
