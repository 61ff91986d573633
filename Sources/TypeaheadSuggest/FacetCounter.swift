import TypeaheadEngine
import TypeaheadModel

/// Counts the facet values of a suggestion's exact hits (`facets.exact_matches`), with the values
/// of every product read once.
struct FacetCounter: Sendable {
    let facets: [SuggestionsConfig.Facet]
    /// For each facet: its distinct values, and each product's value ids.
    private let values: [[String]]
    private let productValues: [[[Int32]]]

    init(products: [Product], facets: [SuggestionsConfig.Facet]) {
        self.facets = facets
        var values: [[String]] = []
        var productValues: [[[Int32]]] = []
        for facet in facets {
            var ids: [String: Int32] = [:]
            var table: [String] = []
            var perProduct: [[Int32]] = []
            perProduct.reserveCapacity(products.count)
            for product in products {
                var list: [Int32] = []
                for value in Self.values(of: product, facet.attribute) {
                    // Keyed by exact bytes: NFC and NFD spellings of a value stay two values.
                    let key = String(decoding: Array(value.utf8) + [0], as: UTF8.self)
                    let id =
                        ids[key]
                        ?? {
                            let new = Int32(table.count)
                            ids[key] = new
                            table.append(value)
                            return new
                        }()
                    if !list.contains(id) { list.append(id) }
                }
                perProduct.append(list)
            }
            values.append(table)
            productValues.append(perProduct)
        }
        self.values = values
        self.productValues = productValues
    }

    /// The string values of `attribute` in `product`: a string, or the strings of an array.
    static func values(of product: Product, _ attribute: String) -> [String] {
        switch product.attributes[attribute] {
        case .string(let text)?: return text.isEmpty ? [] : [text]
        case .array(let elements)?: return elements.compactMap(\.stringValue).filter { !$0.isEmpty }
        default: return []
        }
    }

    /// The exact search of `query` (whole words, no typo, no prefix, and none of the shop's
    /// language: plurals are `languages`' to merge, docs/SUGGESTIONS.md): its hits, and each
    /// facet's top `amount` values among them (most hits first, then by bytes).
    func vet(
        _ query: String, in index: SearchIndex, scratch: SearchScratch
    ) -> (hits: Int, facets: [(attribute: String, values: [(value: String, count: Int)])]) {
        var hits = 0
        var counts = [[Int32: Int]](repeating: [:], count: facets.count)
        index.forEachMatch(
            query, allowed: nil, typoTolerance: false, prefixLast: false, language: .plain, scratch: scratch
        ) { record in
            hits += 1
            for f in facets.indices {
                for id in productValues[f][record] { counts[f][id, default: 0] += 1 }
            }
        }
        let top = facets.indices.map { f -> (attribute: String, values: [(value: String, count: Int)]) in
            let sorted = counts[f].map { (value: values[f][Int($0.key)], count: $0.value) }.sorted { a, b in
                a.count != b.count ? a.count > b.count : utf8Less(a.value, b.value)
            }
            return (facets[f].attribute, Array(sorted.prefix(facets[f].amount)))
        }
        return (hits, top)
    }
}
