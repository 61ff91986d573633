/// The page's own indices (`data/products/`, `data/suggestions/`): sharded so that a typed text
/// loads only what it needs, with the products' precomputed answers.
struct ClientIndexStep: BuildStep {
    let phase = "client index"

    func run(_ context: BuildContext) throws {
        let engine = context.engine!
        let products = ShardedIndex.products(
            engine: engine, productSlugs: context.productSlugs, images: context.pictures)
        let suggestions = ShardedIndex.suggestions(
            engine: engine, offered: context.vetting.offered,
            scopes: zip(context.config.scopes, context.scopeVettings.map(\.offered)).map { ($0, $1) })
        for (path, bytes) in products.files + suggestions.files { context.files[path] = bytes }
        context.summary.clientIndexBytes = products.bytes + suggestions.bytes
        context.productsIndex = products
        context.suggestionsIndex = suggestions
    }
}
