/// The page's own indices (`data/products/`, `data/suggestions/`): sharded so that a typed text
/// loads only what it needs, with the products' precomputed answers.
struct ClientIndexStep: BuildStep {
    let phase = "client index"

    func run(_ context: BuildContext) throws {
        let engine = context.engine!
        // Its files go into the sink as they are made.
        let products = ShardedIndex.products(
            into: context.sink, engine: engine, productSlugs: context.productSlugs, images: context.pictures,
            previousAnswers: context.plan?.answers, askedAnswers: context.askedAnswers)
        try products.check()
        let suggestions = ShardedIndex.suggestions(
            into: context.sink, engine: engine, offered: context.vetting.offered,
            scopes: zip(context.config.scopes, context.scopeVettings.map(\.offered)).map { ($0, $1) })
        try suggestions.check()
        for (path, count) in products.sizes + suggestions.sizes { context.sizes[path] = count }
        context.summary.clientIndexBytes = products.bytes + suggestions.bytes
        context.summary.answersGiven = products.answersGiven
        context.productsIndex = products
        context.suggestionsIndex = suggestions
    }
}
