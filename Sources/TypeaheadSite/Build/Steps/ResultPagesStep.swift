import TypeaheadModel
import TypeaheadMustache

/// The static result pages, on all cores, streamed into the sink as they are made: only the
/// suggestions that lead somewhere get pages (unscoped: a scope's list is drawn by the search page),
/// rendered from the hits their vetting kept.
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
        let products = context.content.products
        let kinds = Cores.map(products.count, minimumChunk: 4096) { ProductKind.of(products[$0]) }
        let batches = try SiteBuilder.inBatches(count: suggestions.count) { range in
            let pages = ResultPages(
                engine: engine, renderer: MustacheRenderer(templates: templates), productSlugs: productSlugs,
                suggestionSlugs: suggestionSlugs, images: pictures, kinds: kinds)
            var made = SiteBuilder.RenderedBatch()
            for s in range {
                // Matching no changed product, its vetting and pages are the previous build's.
                if let paths = plan?.pagesKept(s, removed: vettings.map { $0.removedWords(s) }) {
                    try made.keep(paths, into: sink)
                    made.pages += paths.count
                    if vettings[0].offered[s], vettings[0].hits[s] ?? 0 > 0 { made.withPages.append(s) }
                    if !paths.isEmpty { made.paths.append((s, paths)) }
                    made.kept += 1
                    continue
                }
                // Its pages, unscoped, from the hits its vetting kept. A scope's list has no static
                // pages: no page links to one, and the search page draws it (docs/CONTRACT.md,
                // "A scope's list").
                let unscoped = vettings[0]
                guard unscoped.offered[s], let hits = unscoped.hits[s] else { continue }
                let summary = unscoped.summaries.isEmpty ? nil : unscoped.summaries[s]
                guard
                    let rendered = try pages.render(
                        suggestions[s], best: unscoped.best[s], hits: hits, summary: summary)
                else { continue }
                made.pages += rendered.pages
                made.withPages.append(s)
                try made.put(rendered.files, into: sink)
                let paths = rendered.files.map(\.0)
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
