import TypeaheadEngine
import TypeaheadModel

/// Small engines built in memory for focused tests.
enum Fixture {
    /// Products from (objectID, name) pairs, plus optional other fields.
    static func engine(
        _ products: [Product], suggestions: [Suggestion] = [], searchable: [String]? = nil,
        customRanking: [String]? = nil, minHits: Int = 1
    ) -> SearchEngine {
        var config = SiteConfig()
        config.minHits = minHits
        if let searchable { config.searchableAttributes = searchable }
        if let customRanking { config.customRanking = customRanking.compactMap(CustomRankingCriterion.init) }
        return SearchEngine(content: Content(products: products, suggestions: suggestions, config: config))
    }

    static func names(_ pairs: [(String, String)], popularity: [String: Double] = [:]) -> SearchEngine {
        engine(pairs.map { Product(objectID: ObjectID($0.0), name: $0.1, popularity: popularity[$0.0] ?? 0) })
    }

    /// The objectIDs of every hit, in order.
    static func ids(
        _ engine: SearchEngine, _ query: String, index: IndexName = .products, typos: Bool = true,
        filter: Scope? = nil
    ) -> [String] {
        let page = engine.search(
            SearchRequest(index: index, query: query, filter: filter, hitsPerPage: 1000, typoTolerance: typos))
        return page.hits.map {
            index == .products
                ? engine.content.products[$0.record].objectID.text
                : engine.content.suggestions[$0.record].objectID.text
        }
    }

    /// The ranked record of `objectID` for `query`.
    static func ranked(_ engine: SearchEngine, _ query: String, _ objectID: String) -> RankedRecord? {
        let page = engine.search(SearchRequest(index: .products, query: query, hitsPerPage: 1000))
        return page.hits.first { engine.content.products[$0.record].objectID == ObjectID(objectID) }
    }
}
