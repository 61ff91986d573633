// Engine benchmark (run by Benchmarks/engine.py in a release build): builds the live engine from a
// content folder, then answers every suggestion query and each of its prefixes (normalised, unique)
// against both indices, as `typeahead query` would (first page, highlighted), then again with the
// response's JSON written (what `typeahead serve` sends). Prints JSON figures.
import Foundation
import TypeaheadEngine
import TypeaheadModel

let arguments = CommandLine.arguments
let contentPath = arguments.count > 1 ? arguments[1] : "Content"
let queriesOut = arguments.count > 2 ? arguments[2] : nil

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

let loadStart = now()
let content = try ContentLoader(directory: contentPath).load()
let buildStart = now()
let engine = SearchEngine(content: content)
let buildEnd = now()

var unique = Set<String>()
for suggestion in content.suggestions {
    var prefix = ""
    for character in suggestion.query {
        prefix.append(character)
        let normalized = TextNormalizer.normalize(prefix)
        if !normalized.isEmpty { unique.insert(normalized) }
    }
}
let queries = unique.sorted(by: utf8Less)
if let queriesOut { try queries.joined(separator: "\n").write(toFile: queriesOut, atomically: true, encoding: .utf8) }

/// `respond`: also make the Algolia-shaped response and write its JSON, as `typeahead query` and
/// `typeahead serve` do after searching.
func measure(_ index: IndexName, respond: Bool = false) -> [String: Double] {
    var latencies: [Double] = []
    latencies.reserveCapacity(queries.count)
    var hits = 0
    // One warm-up pass over a slice, then the measured pass.
    for query in queries.prefix(200) { hits &+= engine.search(SearchRequest(index: index, query: query)).nbHits }
    let start = now()
    for query in queries {
        let t0 = now()
        let page = engine.search(SearchRequest(index: index, query: query))
        if respond { hits &+= JSONWriter.string(engine.response(page, processingTimeMS: 0)).utf8.count }
        latencies.append(Double(now() - t0) / 1e6)
        hits &+= page.nbHits
    }
    let total = Double(now() - start) / 1e9
    latencies.sort()
    func percentile(_ p: Double) -> Double { latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))] }
    return [
        "queries": Double(queries.count), "p50_ms": percentile(0.5), "p99_ms": percentile(0.99),
        "max_ms": latencies.last ?? 0, "qps": Double(queries.count) / total, "checksum": Double(hits % 1_000_000),
    ]
}

let products = measure(.products)
let suggestions = measure(.suggestions)
let productsResponses = measure(.products, respond: true)
let suggestionsResponses = measure(.suggestions, respond: true)
let result: JSONValue = .object([
    "load_s": .number(Double(buildStart - loadStart) / 1e9),
    "engine_build_s": .number(Double(buildEnd - buildStart) / 1e9),
    "products_vocabulary": .number(Double(engine.products.vocabularySize)),
    "products": .object(products.mapValues(JSONValue.number)),
    "suggestions": .object(suggestions.mapValues(JSONValue.number)),
    "products_with_response": .object(productsResponses.mapValues(JSONValue.number)),
    "suggestions_with_response": .object(suggestionsResponses.mapValues(JSONValue.number)),
])
print(JSONWriter.string(result))
