import TypeaheadEngine

/// Every suggestion's products query, once: counted in each scope (which suggestions lead
/// somewhere, by `minHits`) and its best hits kept for its result pages.
struct VettingStep: BuildStep {
    let phase = "vetting"

    func run(_ context: BuildContext) throws {
        let config = context.config
        let best = min(SearchEngine.paginationLimit, config.resultPages * config.hitsPerPage)
        // `typeahead check`'s byte proof: every suggestion was just asked afresh in every scope.
        if let given = context.askedVettings?.vettings(engine: context.engine, best: best) {
            context.engine.adoptVettings(given)
            context.vettings = given
            context.summary.vettingsGiven = true
            context.summary.leftOut = context.content.suggestions.count - context.vetting.offeredCount
            return
        }
        // An incremental build asks again only the suggestions whose pages it makes again: when
        // no page is kept (a facet turned between numbers and text), every one.
        var plan = context.plan.flatMap {
            $0.numericFacets == context.numericFacets ? $0 : nil
        }
        // Suggestions holding a word a changed product's adjacent words make are told again with
        // the whole catalogue's splits, when they did not move. Suggestions the changed products
        // match ranking as before, and whose pages cannot show them, keep their vetting and pages
        // (`ResultPagesStep` reads the plan for that).
        context.swayed = plan?.swayed.lazy.filter { $0 }.count ?? 0
        plan?.settleSwayed(context.engine, content: context.content)
        context.settledSwayed = plan?.settledSwayed ?? 0
        plan?.keepUnshown(context.engine, best: best)
        if plan != nil { context.plan = plan }
        let known = plan.map { plan in context.content.suggestions.indices.map(plan.knownVetting) }
        context.knownVettings = known?.lazy.filter { $0 != nil && $0?.best == nil }.count ?? 0
        context.hitsFromPages = known?.lazy.filter { $0?.best != nil }.count ?? 0
        context.rankedAmong = known?.lazy.filter { $0?.rankAmong == true }.count ?? 0
        context.vettings = context.engine.rankedVettings(best: best, known: known)
        context.summary.leftOut = context.content.suggestions.count - context.vetting.offeredCount
    }
}
