import TypeaheadEngine

/// Every suggestion's products query, once: counted in each scope (which suggestions lead
/// somewhere, by `minHits`) and its best hits kept for its result pages.
struct VettingStep: BuildStep {
    let phase = "vetting"

    func run(_ context: BuildContext) throws {
        let config = context.config
        context.vettings = context.engine.rankedVettings(
            best: min(SearchEngine.paginationLimit, config.resultPages * config.hitsPerPage))
        context.summary.leftOut = context.content.suggestions.count - context.vetting.offeredCount
    }
}
