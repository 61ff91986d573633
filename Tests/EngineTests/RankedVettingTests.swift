import Foundation
import Testing
import TypeaheadEngine
import TypeaheadModel
import TypeaheadTestSupport

/// The build walks each suggestion's matches once, counting them in every scope and keeping the
/// best of the unscoped list (the one with static pages): what it counts must be what the engine
/// answers for that suggestion in each scope, and what it keeps the engine's first page.
@Suite struct RankedVettingTests {
    static let engine: SearchEngine = {
        let content = try! ContentLoader(directory: TestSupport.packageRoot.appendingPathComponent("Content").path)
            .load()
        return SearchEngine(content: content)
    }()

    @Test(
        "The counts equal the engine's nbHits in every scope, the kept hits its unscoped first page",
        arguments: [20, 100])
    func keptEqualsSearch(best: Int) {
        let engine = Self.engine
        let vettings = engine.rankedVettings(best: best)
        let scopes = engine.content.config.everyScope
        #expect(vettings.map(\.scope) == scopes)
        var compared = 0
        for s in stride(from: 0, to: engine.content.suggestions.count, by: 13) {
            for (vetting, scope) in zip(vettings, scopes) {
                guard let hits = vetting.hits[s] else {
                    #expect(vetting.best[s].isEmpty)
                    continue
                }
                let page = engine.search(
                    SearchRequest(
                        index: .products, query: engine.content.suggestions[s].query, filter: scope,
                        hitsPerPage: best, attributesToHighlight: []))
                #expect(hits == page.nbHits, "\(engine.content.suggestions[s].query) in \(scope?.filter ?? "all")")
                #expect(vetting.best[s] == (scope == nil ? page.hits.map { Int32($0.record) } : []))
                // A scope's list has no pages: nothing summarised for it.
                #expect(scope == nil || vetting.summaries[s] == nil)
                #expect(vetting.offered[s] == (hits >= engine.content.config.minHits))
                compared += 1
            }
        }
        #expect(compared > 100)
        // The counts are the plain vetting's.
        for (vetting, scope) in zip(vettings, scopes) {
            let counted = SearchEngine(content: engine.content).vetting(scope)
            #expect(counted.hits == vetting.hits)
            #expect(counted.bestCount == 0 && counted.best.isEmpty)
        }
    }
}

extension RankedVettingTests {
    @Test("A suggestion with no hit until words are made optional is vetted by those hits, as a query counts them")
    func removalVetting() {
        var content = Self.engine.content
        content.config.minHits = 1
        content.config.language.removeWordsIfNoResults = .lastWords
        content.suggestions = [
            Suggestion(objectID: "a", query: "iphone xyzzy", popularity: 2),
            Suggestion(objectID: "b", query: "xyzzy qqqqqq", popularity: 1),
        ]
        let engine = SearchEngine(content: content)
        let vetting = engine.rankedVettings(best: 20)[0]
        let page = engine.search(SearchRequest(index: .products, query: "iphone xyzzy", hitsPerPage: 20))
        #expect(page.nbHits > 0)
        #expect(vetting.hits == [page.nbHits, 0])
        #expect(vetting.offered == [true, false])
        #expect(vetting.best[0] == page.hits.map { Int32($0.record) })
        #expect(SearchEngine(content: content).vetting(nil).hits == vetting.hits)
        let pages = engine.firstPages(
            SearchRequest(index: .products, query: "iphone xyzzy"), count: 1, best: vetting.best[0],
            hits: vetting.hits[0]!)
        #expect(pages[0].hits.map(\.record) == page.hits.map(\.record))
        #expect(pages[0].queryAfterRemoval == "iphone <em>xyzzy</em>")
    }
}
