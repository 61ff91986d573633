import Foundation
import Testing
import TypeaheadEngine
import TypeaheadModel
import TypeaheadTestSupport

/// The build walks each suggestion's matches once, counting them in every scope and keeping the
/// best: what it keeps must be what the engine answers for that suggestion in that scope.
@Suite struct RankedVettingTests {
    static let engine: SearchEngine = {
        let content = try! ContentLoader(directory: TestSupport.packageRoot.appendingPathComponent("Content").path)
            .load()
        return SearchEngine(content: content)
    }()

    @Test("The kept hits and counts equal the engine's first page and nbHits, in every scope", arguments: [20, 100])
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
                #expect(vetting.best[s] == page.hits.map { Int32($0.record) })
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
