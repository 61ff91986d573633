import TypeaheadModel
import TypeaheadMustache

/// A page for every product, on all cores, streamed into the sink as they are made.
struct ProductPagesStep: BuildStep {
    let phase = "product pages"
    let templates = ["product"]

    func run(_ context: BuildContext) throws {
        let (config, pictures, slugs, sink) = (context.config, context.pictures, context.productSlugs, context.sink)
        let templates = context.templates.templates
        let products = context.content.products
        let progress = context.progress
        // An incremental build keeps the pages of the products unchanged since (`IncrementalPlan`).
        let kept = context.plan?.keptProductPages ?? []
        let batches = try SiteBuilder.inBatches(count: products.count) { range in
            let renderer = MustacheRenderer(templates: templates)
            var made = SiteBuilder.RenderedBatch()
            for product in products[range] {
                let slug = slugs[product.objectID]!
                if case let page = SiteLayout.product(slug: slug), kept.contains(page) {
                    try made.keep([page], into: sink)
                    made.kept += 1
                    continue
                }
                let root = "../"
                let data = PageData.page(
                    config: config, root: root, title: product.name,
                    extra: [
                        "product": PageData.product(product, slug: slug, root: root, config: config, images: pictures)
                    ])
                try made.put(
                    [(SiteLayout.product(slug: slug), try renderer.renderBytes(name: "product", data: data))],
                    into: sink)
            }
            return made
        } progress: { done in
            progress?.update(phase: "Rendering product pages", done: done, total: products.count)
        }
        context.count(batches)
        context.keptProductPages = batches.reduce(0) { $0 + $1.kept }
    }
}
