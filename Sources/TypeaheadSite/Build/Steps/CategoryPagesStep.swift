import TypeaheadModel
import TypeaheadMustache

/// A page for each category of the first two levels (`CategoryPages`), on all cores.
struct CategoryPagesStep: BuildStep {
    let phase = "category pages"
    let templates = ["category"]

    func run(_ context: BuildContext) throws {
        let (engine, pictures, slugs, sink) = (context.engine!, context.pictures, context.productSlugs, context.sink)
        let templates = context.templates.templates
        let categories = CategoryPages.all(engine)
        let batches = try SiteBuilder.inBatches(count: categories.count) { range in
            let renderer = MustacheRenderer(templates: templates)
            var made = SiteBuilder.RenderedBatch()
            for (level, path) in categories[range] {
                let page = try CategoryPages.render(
                    path, level: level, engine: engine, renderer: renderer, productSlugs: slugs, images: pictures)
                try made.put([page], into: sink)
            }
            return made
        } progress: { _ in
        }
        context.count(batches)
    }
}
