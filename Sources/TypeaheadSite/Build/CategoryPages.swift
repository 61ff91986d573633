import TypeaheadEngine
import TypeaheadModel
import TypeaheadMustache

/// The categories of the first two levels of `hierarchicalCategories` (when site.json faceting
/// lists `hierarchicalCategories.lvl0`, and `.lvl1` for the second), each with a static page: its
/// first page of products in the products index's order, and its subcategories with counts
/// (docs/CONTRACT.md, Category pages).
enum CategoryPages {
    /// The separator of a category path, as Algolia's hierarchical facets write it.
    static let separator = " > "

    /// The attribute of level `level`.
    static func attribute(_ level: Int) -> String { "hierarchicalCategories.lvl\(level)" }

    /// How many levels get pages (0, 1 or 2): the first two levels declared in attributesForFaceting.
    static func levels(_ config: SiteConfig) -> Int {
        let declared = Set(config.attributesForFaceting.map(\.name))
        return declared.contains(attribute(0)) ? (declared.contains(attribute(1)) ? 2 : 1) : 0
    }

    /// Every category with a page: (level, path), by level then path (bytes).
    static func all(_ engine: SearchEngine) -> [(level: Int, path: String)] {
        (0..<levels(engine.content.config)).flatMap { level in
            Set(engine.column(attribute(level)).values.joined()).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                .map { (level, String(decoding: $0.utf8, as: UTF8.self)) }
        }
    }

    /// Whether a category has a page.
    static func hasPage(_ path: String, level: Int, config: SiteConfig) -> Bool { level < levels(config) }

    /// The request a category page answers: every product of the category, in the index's order.
    static func request(_ path: String, level: Int, config: SiteConfig) -> SearchRequest {
        SearchRequest(
            index: .products, query: "", filter: Scope(attribute: attribute(level), value: path),
            hitsPerPage: config.hitsPerPage, attributesToHighlight: [], attributesToSnippet: [])
    }

    /// The subcategories of a category among its products (the values of the next level that
    /// continue its path, declared as a facet or not): (path, count), by path (bytes).
    static func subcategories(_ engine: SearchEngine, level: Int, path: String) -> [(path: String, count: Int)] {
        let records = engine.matchedRecords(request(path, level: level, config: engine.content.config))
        let column = engine.column(attribute(level + 1))
        let prefix = Array((path + separator).utf8)
        var counts: [ByteKey: Int] = [:]
        for record in records {
            for value in column.values[Int(record)] where value.utf8.starts(with: prefix) {
                counts[value, default: 0] += 1
            }
        }
        return counts.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            .map { (String(decoding: $0.key.utf8, as: UTF8.self), $0.value) }
    }

    /// The page of one category.
    static func render(
        _ path: String, level: Int, engine: SearchEngine, renderer: MustacheRenderer,
        productSlugs: [ObjectID: String], images: SiteImages
    ) throws -> (String, [UInt8]) {
        let config = engine.content.config
        let page = engine.search(request(path, level: level, config: config))
        let file = SiteLayout.category(path)
        let root = SiteLayout.root(of: file)
        let parts = path.components(separatedBy: separator)
        let hits = page.hits.map { hit in
            let product = engine.content.products[hit.record]
            return PageData.card(
                product, slug: productSlugs[product.objectID]!, root: root, config: config, images: images)
        }
        let trail = parts.indices.dropLast().map { i -> MustacheValue in
            let ancestor = parts[...i].joined(separator: separator)
            return ["name": .string(parts[i]), "href": .string(root + SiteLayout.category(ancestor))]
        }
        let children = subcategories(engine, level: level, path: path).map { child -> MustacheValue in
            [
                "name": .string(String(child.path.dropFirst(path.count + separator.count))),
                "value": .string(child.path), "count": .int(child.count), "countText": .string(grouped(child.count)),
                "href": hasPage(child.path, level: level + 1, config: config)
                    ? .string(root + SiteLayout.category(child.path)) : .null,
            ]
        }
        let data = PageData.page(
            config: config, root: root, title: parts.last ?? path,
            extra: [
                "category": [
                    "name": .string(parts.last ?? path), "path": .string(path), "attribute": .string(attribute(level)),
                    "trail": .array(trail), "nbHits": .int(page.nbHits), "nbHitsText": .string(grouped(page.nbHits)),
                    "subcategories": children.isEmpty ? .null : ["items": .array(children)],
                    "hits": .array(hits),
                    "more": page.nbHits > page.hits.count
                        ? [
                            "count": .int(page.nbHits - page.hits.count), "shown": .int(page.hits.count),
                            "countText": .string(grouped(page.nbHits - page.hits.count)),
                        ] : .null,
                ]
            ])
        return (file, try renderer.renderBytes(name: "category", data: data))
    }
}
