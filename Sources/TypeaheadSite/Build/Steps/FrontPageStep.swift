import TypeaheadEngine
import TypeaheadModel
import TypeaheadMustache

/// The front page (the search box, the popular suggestions as links for a page without script, and
/// the empty query's first page) and `data/site.js`, which every page's search box reads.
struct FrontPageStep: BuildStep {
    let phase = "front page"
    let templates = ["index"]

    func run(_ context: BuildContext) throws {
        let (content, config, pictures) = (context.content, context.config, context.pictures)
        // The empty query's first page, as the engine answers it (custom ranking, then objectID).
        let firstPage = context.engine.search(
            SearchRequest(index: .products, query: "", attributesToHighlight: [], attributesToSnippet: [])
        )
        .hits.map {
            let product = content.products[$0.record]
            return PageData.card(
                product, slug: context.productSlugs[product.objectID]!, root: "", config: config,
                images: pictures)
        }
        let byID = Dictionary(
            content.suggestions.map { ($0.objectID, $0) }, uniquingKeysWith: { first, _ in first })
        let popular = (context.layouts.first?.empty ?? []).map { id -> MustacheValue in
            let hasPage = context.withPages[id] ?? false
            return [
                "query": .string(byID[id]!.query),
                "href": hasPage
                    ? .string(
                        SiteLayout.resultPage(
                            suggestionSlug: context.suggestionSlugs[id]!, page: 1))
                    : .null,
            ]
        }
        let index = PageData.page(
            config: config, root: "", title: config.title,
            extra: [
                "results": .array(firstPage),
                "resultCount": .int(content.products.count),
                "resultCountText": .string(grouped(content.products.count)),
                // The card partial, rendered empty: the page's script fills copies of it, so the
                // cards it draws are the build's own (one with a picture, one with the placeholder).
                "cardTemplates": [
                    "picture": PageData.emptyCard(picture: true),
                    "placeholder": PageData.emptyCard(picture: false),
                ],
                "popular": .array(popular),
                // The refinement panel, with the sort orders (site.json `attributesForFaceting`,
                // `replicas`): null without facets.
                "refining": FacetSummaryData.refining(config),
                "scopes": .array(
                    config.scopes.map { ["attribute": .string($0.attribute), "value": .string($0.value)] }),
            ])
        context.files[SiteLayout.siteData] = SiteData.script(
            layouts: context.layouts, config: config, query: { byID[$0]!.query },
            products: context.productsIndex.manifest, suggestions: context.suggestionsIndex.manifest)
        context.files[SiteLayout.frontPage] = try context.renderer().renderBytes(name: "index", data: index)
    }
}
