import TypeaheadEngine
import TypeaheadModel

// The two client indices the site holds: the products' and the suggestions'.
extension ShardedIndex {
    /// The products' client index: rows `[objectID, slug, price, image, name, brand, [custom ranking
    /// values], kind]` (the ranking values for `typeahead diff`, which names the criteria that
    /// changed; `kind` the placeholder's icon, `ProductKind`). `image` is
    /// the card's picture `[path from the site root, width, height]`, a URL (`"remoteImages":
    /// "link"`), or null for the placeholder.
    static func products(
        into sink: any SiteSink, engine: SearchEngine, productSlugs: [ObjectID: String], images: SiteImages,
        answerPages: PageLevels = PageLevels(), previousAnswers: PreviousAnswers? = nil,
        askedAnswers: AskedAnswers? = nil
    ) -> Output {
        let content = engine.content
        let index = ShardedIndex(
            index: .products, bucket: 16,
            fields: ["objectID", "slug", "price", "image", "name", "brand", "customRanking", "kind"],
            answerPages: answerPages)
        let ranking = content.config.ranking
        let order = engine.products.recordsInRankOrder()
        let headsKept = Box(0)
        var output = index.write(
            into: sink, index: engine.products, order: order,
            row: { record in
                let product = content.products[Int(record)]
                return [
                    .string(product.objectID.text), .string(productSlugs[product.objectID]!),
                    product.price.map(JSONValue.number) ?? .null,
                    clientPicture(images.picture(product)),
                    .string(product.name), product.brand.map(JSONValue.string) ?? .null,
                    .array(ranking.key(product.attributes).map { $0.map(JSONValue.number) ?? .null }),
                    .string(ProductKind.of(product).rawValue),
                ]
            },
            scopes: content.config.scopes.map { ($0, engine.allowed(.products, $0)) },
            settings: [
                "customRanking": .array(content.config.customRanking.map { .string($0.description) }),
                "hitsPerPage": .number(Double(content.config.hitsPerPage)),
                "currency": .string(content.config.currency),
                "language": engine.products.language.json,
            ],
            head: { prefix in
                // The previous build's head, when no changed product ranks otherwise for the prefix.
                if let kept = previousAnswers?.head(prefix),
                    kept.numbers.allSatisfy({ $0 >= 0 && Int($0) < order.count })
                {
                    headsKept.value.withLock { $0 += 1 }
                    return (kept.nbHits, kept.numbers.map { order[Int($0)] })
                }
                let page = engine.search(
                    SearchRequest(index: .products, query: prefix, attributesToHighlight: [], attributesToSnippet: []))
                return (page.nbHits, page.hits.map { Int32($0.record) })
            },
            answers: Answers(
                budget: content.config.answersAbove,
                walk: { wanted, reuse, visit in
                    PrefixMapBuilder(engine: engine, perKey: content.config.hitsPerPage, ranking: .products)
                        .build(scope: nil, wanted: wanted, reuse: reuse, visit: visit)
                }, previous: previousAnswers, asked: askedAnswers))
        output.headsKept = headsKept.value.withLock { $0 }
        let facets = writeFacets(engine: engine, order: order, into: &output)
        let snippet = writeSnippets(engine: engine, order: order, bucket: index.bucket, into: &output)
        if case .object(var manifest) = output.manifest {
            if facets != .null { manifest["facets"] = facets }
            if snippet != .null { manifest["snippet"] = snippet }
            output.manifest = .object(manifest)
        }
        return output
    }

    static func clientPicture(_ picture: ProductPicture?) -> JSONValue {
        switch picture {
        case nil: return .null
        case .link(let url): return PageData.safeURL(url).map(JSONValue.string) ?? .null
        case .local(let thumb, _):
            return .array([.string(thumb.path), .number(Double(thumb.width)), .number(Double(thumb.height))])
        }
    }

    /// The suggestions' client index, over the suggestions `offered`: rows `[objectID, query,
    /// popularity]`; each scope lists the suggestions offered in it.
    static func suggestions(
        into sink: any SiteSink, engine: SearchEngine, offered: [Bool], scopes: [(Scope, [Bool])]
    ) -> Output {
        let content = engine.content
        let index = ShardedIndex(index: .suggestions, bucket: 64, fields: ["objectID", "query", "popularity"])
        return index.write(
            into: sink, index: engine.suggestions,
            order: engine.suggestions.recordsInRankOrder(including: offered),
            row: { record in
                let suggestion = content.suggestions[Int(record)]
                return [.string(suggestion.objectID.text), .string(suggestion.query), .number(suggestion.popularity)]
            },
            scopes: scopes, settings: ["language": engine.suggestions.language.json])
    }
}
