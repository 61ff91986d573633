import TypeaheadEngine
import TypeaheadModel

/// Every suggestion's vetting in each scope, found elsewhere. `typeahead check` asks each
/// suggestion's query afresh in every scope it is listed in (its hits; unscoped, also its best hits
/// and their facet summary, for its result pages), then builds the site afresh in memory to compare every byte: that build takes these
/// instead of vetting the suggestions again, so its result pages are rendered from the engine's
/// direct answers. By objectID, as the two contents may order suggestions differently; hits by
/// number (their place in the index's rank order), as the two engines may number records
/// differently.
struct AskedVettings: Sendable {
    struct Scoped: Sendable {
        /// Its products hits in the scope; nil when the suggestion is not listed in it.
        var hits: Int?
        /// Its best hits, by number, in rank order (none in a scope: only the unscoped list has pages).
        var numbers: [Int32]
        /// The facet summary of all its hits (nil: no summarised attribute, no hit, or a scope).
        var summary: FacetSummary?
        /// Whether its words were made optional to find its hits.
        var relaxed = false
    }

    /// Each suggestion's, in `config.everyScope` order.
    var bySuggestion: [ObjectID: [Scoped]] = [:]

    /// The vettings of `engine`'s suggestions in every scope, keeping the unscoped list's `best`
    /// hits (nil: some suggestion is not known, and the build vets them itself).
    func vettings(engine: SearchEngine, best: Int) -> [SuggestionVetting]? {
        let content = engine.content
        let scopes = content.config.everyScope
        let order = engine.products.recordsInRankOrder()
        var known: [[Scoped]] = []
        known.reserveCapacity(content.suggestions.count)
        for suggestion in content.suggestions {
            guard let scoped = bySuggestion[suggestion.objectID], scoped.count == scopes.count,
                scoped.allSatisfy({ $0.numbers.allSatisfy { $0 >= 0 && Int($0) < order.count } })
            else { return nil }
            known.append(scoped)
        }
        return scopes.indices.map { k in
            var vetting = SuggestionVetting(
                scope: scopes[k], minHits: content.config.minHits, hits: known.map { $0[k].hits })
            vetting.bestCount = best
            vetting.best = known.map { $0[k].numbers.prefix(best).map { order[Int($0)] } }
            vetting.summaries = known.map { $0[k].summary }
            vetting.relaxed = known.map { $0[k].relaxed }
            return vetting
        }
    }
}
