import TypeaheadModel
import TypeaheadMustache

/// The static result pages, on all cores, streamed into the sink as they are made: only the
/// suggestions that lead somewhere get pages (in each scope, those vetted in it), rendered from the
/// hits their vetting kept.
struct ResultPagesStep: BuildStep {
    let phase = "result pages"
    let templates = ["results"]

    func run(_ context: BuildContext) throws {
        let (engine, vettings, sink, pictures) = (context.engine!, context.vettings, context.sink, context.pictures)
        let (productSlugs, suggestionSlugs) = (context.productSlugs, context.suggestionSlugs)
        let templates = context.templates.templates
        let suggestions = context.content.suggestions
        let progress = context.progress
        // A facet turned between numbers and text: none is kept (see `IncrementalPlan.numericFacets`).
        let plan = context.plan.flatMap { $0.numericFacets == context.numericFacets ? $0 : nil }
        // A product shows on many pages: its kind is read once (4.5 % of a clean build's time at
        // 30,000 products, when each card read it).
        let kinds = context.content.products.map(ProductKind.of)
        let batches = try SiteBuilder.inBatches(count: suggestions.count) { range in
            let pages = ResultPages(
                engine: engine, renderer: MustacheRenderer(templates: templates), productSlugs: productSlugs,
                suggestionSlugs: suggestionSlugs, images: pictures, kinds: kinds)
            var made = SiteBuilder.RenderedBatch()
            for s in range {
                // Matching no changed product, its vetting and pages are the previous build's.
                if let paths = plan?.kept(s, relaxed: vettings.contains { $0.relaxed[s] }) {
                    try made.keep(paths, into: sink)
                    made.pages += paths.count
                    if vettings[0].offered[s], vettings[0].hits[s] ?? 0 > 0 { made.withPages.append(s) }
                    if !paths.isEmpty { made.paths.append((s, paths)) }
                    made.kept += 1
                    continue
                }
                // Its pages in each scope it is offered in and that narrows its list, from the hits
                // its vetting kept.
                let unscoped = vettings[0].offered[s] ? vettings[0].hits[s] : nil
                let offered = vettings.filter {
                    $0.offered[s]
                        && ($0.scope == nil
                            || ResultPages.scopeHasOwnPages(
                                hits: $0.hits[s]!, relaxed: $0.relaxed[s], unscopedHits: unscoped,
                                unscopedRelaxed: vettings[0].relaxed[s]))
                }
                let lists = offered.map { (scope: $0.scope, best: $0.best[s], hits: $0.hits[s]!) }
                if lists.isEmpty { continue }
                let summaries = offered.map { $0.summaries.isEmpty ? nil : $0.summaries[s] }
                var paths: [String] = []
                for (list, rendered) in zip(lists, try pages.render(suggestions[s], lists: lists, summaries: summaries))
                {
                    guard let rendered else { continue }
                    made.pages += rendered.pages
                    if list.scope == nil { made.withPages.append(s) }
                    try made.put(rendered.files, into: sink)
                    paths += rendered.files.map(\.0)
                }
                if !paths.isEmpty { made.paths.append((s, paths)) }
            }
            return made
        } progress: { done in
            progress?.update(phase: "Result pages", done: done, total: suggestions.count)
        }
        for batch in batches {
            context.summary.resultPages += batch.pages
            for s in batch.withPages { context.withPages[suggestions[s].objectID] = true }
            for (s, paths) in batch.paths { context.pagesBySuggestion[suggestions[s].objectID] = paths }
            context.keptSuggestions += batch.kept
        }
        context.count(batches)
    }
}
