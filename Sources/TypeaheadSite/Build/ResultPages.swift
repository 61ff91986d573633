import TypeaheadEngine
import TypeaheadModel
import TypeaheadMustache

/// Renders the static result pages of every suggestion that has at least one product hit: the
/// first `resultPages` pages of its list (site.json, default 1).
struct ResultPages {
    var engine: SearchEngine
    var renderer: MustacheRenderer
    var productSlugs: [ObjectID: String]
    var suggestionSlugs: [ObjectID: String]
    var images: SiteImages
    /// Each product's kind (its placeholder's icon), by record.
    var kinds: [ProductKind]

    /// The pages of one suggestion's unscoped list, from the best hits its vetting kept (`best`, of
    /// `hits`); nil when it has no hit. `summary`: the facet summary of its hits (nil: none). A
    /// scope's list has no static pages (docs/CONTRACT.md, "A scope's list").
    func render(
        _ suggestion: Suggestion, best: [Int32], hits: Int, summary: FacetSummary?
    ) throws -> (pages: Int, hits: Int, files: [(String, [UInt8])])? {
        var request = SearchRequest(index: .products, query: suggestion.query, attributesToHighlight: ["name"])
        request.shape.cardSnippetsOnly = true
        let pages = engine.firstPages(request, count: engine.content.config.resultPages, best: best, hits: hits)
        return try render(suggestion, pages: pages, summary: summary)
    }

    private func render(
        _ suggestion: Suggestion, pages: [SearchPage], summary: FacetSummary?
    ) throws -> (pages: Int, hits: Int, files: [(String, [UInt8])])? {
        var files: [(String, [UInt8])] = []
        let config = engine.content.config
        guard let first = pages.first, first.nbHits > 0 else { return nil }
        let slug = suggestionSlugs[suggestion.objectID]!
        // The first `resultPages` pages are static; the rest come from the page's script.
        let written = SiteLayout.staticPages(nbPages: first.nbPages, resultPages: config.resultPages)
        let shown = min(first.nbHits, SearchEngine.paginationLimit, written * first.hitsPerPage)
        for page in pages.prefix(written) {
            let number = page.request.page + 1
            let file = SiteLayout.resultPage(suggestionSlug: slug, page: number)
            let root = SiteLayout.root(of: file)
            func link(_ n: Int) -> MustacheValue {
                let target = SiteLayout.resultPage(suggestionSlug: slug, page: n)
                return .string(root + target)
            }
            let hits = zip(page.hits, page.highlights).enumerated().map { n, pair -> MustacheValue in
                let (hit, highlights) = pair
                let product = engine.content.products[hit.record]
                guard
                    case .object(var card) = PageData.card(
                        product, slug: productSlugs[product.objectID]!, root: root, config: config,
                        images: images, kind: kinds[hit.record])
                else { return .null }
                card["nameHTML"] = .string(highlights["name"]?.first?.value ?? HTML.escape(product.name))
                if n < page.snippets.count,
                    let snippet = Snippet.card(page.snippets[n], name: highlights["name"]?.first, config)
                {
                    card["snippetHTML"] = .string(snippet)
                }
                return .object(card)
            }
            let last = number == written
            let data = PageData.page(
                config: config, root: root, title: suggestion.query,
                extra: [
                    "query": .string(suggestion.query),
                    "nbHits": .int(page.nbHits),
                    "nbHitsText": .string(grouped(page.nbHits)),
                    // The panel, on the first page of a list with hits, once the page's script runs.
                    "refining": number == 1 && page.nbHits > 0
                        ? FacetSummaryData.refining(
                            config,
                            search: root + SiteLayout.frontPage + "#"
                                + SiteLayout.searchHash(query: suggestion.query, scope: nil)) : .null,
                    "summary": FacetSummaryData.value(summary, config: config),
                    // Words made optional to find hits, that the best hit does not match: the
                    // query's other words are what the page shows results for.
                    "showingFor": first.droppedWords.flatMap { dropped -> MustacheValue? in
                        guard dropped.contains(true) else { return nil }
                        return .string(zip(first.words, dropped).filter { !$0.1 }.map(\.0).joined(separator: " "))
                    } ?? .null,
                    "page": .int(number),
                    "first": .bool(number == 1),
                    // The rank of the page's first hit, so the numbered list goes on from the last page.
                    "start": .int((number - 1) * first.hitsPerPage + 1),
                    "nbPages": .int(written),
                    "hits": .array(hits),
                    "previous": number > 1 ? link(number - 1) : .null,
                    "next": number < written ? link(number + 1) : .null,
                    // After the last static page: how many more the search page shows, and a link to it.
                    "more": last && first.nbHits > shown
                        ? [
                            "count": .int(first.nbHits - shown), "shown": .int(shown),
                            "countText": .string(grouped(first.nbHits - shown)),
                            // The search page goes on from the first result these pages do not show.
                            "href": .string(
                                root + SiteLayout.frontPage + "#"
                                    + SiteLayout.searchHash(query: suggestion.query, scope: nil)
                                    + "&from=\(shown + 1)"),
                        ] : .null,
                ])
            files.append((file, try renderer.renderBytes(name: "results", data: data)))
        }
        return (written, first.nbHits, files)
    }
}
