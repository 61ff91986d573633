import TypeaheadEngine
import TypeaheadModel

// The facet values of every product, for the page's refinements (docs/CLIENT-INDEX.md, Facets).
extension ShardedIndex {
    /// Records per `facets/` file.
    static let facetBucket = 1024

    /// Writes `facets/values.js` (each attribute's kind and, for text values, the values in byte
    /// order) and `facets/<n>.js` (a line an attribute, a cell a record by number: a value's place
    /// in its list or -1, a number or null, an array of them); returns the manifest's `facets`, or
    /// null when site.json declares none.
    static func writeFacets(engine: SearchEngine, order: [Int32], into output: inout Output) -> JSONValue {
        let attributes = engine.content.config.attributesForFaceting
        guard !attributes.isEmpty else { return .null }
        let index = ShardedIndex(index: .products, bucket: facetBucket, fields: [])
        let columns = attributes.map { engine.column($0.name) }
        // An attribute is numbers when every value it holds is one; otherwise its values are text.
        let numeric = columns.map(\.holdsOnlyNumbers)
        var places: [[ByteKey: Int]] = []
        var lists: [UInt8] = []
        for (a, column) in columns.enumerated() {
            var entry: [JSONValue] = [
                .string(attributes[a].name), .string(numeric[a] ? "numbers" : "values"),
                .string(attributes[a].kind.rawValue),
            ]
            var place: [ByteKey: Int] = [:]
            if !numeric[a] {
                let sorted = Array(Set(column.values.joined())).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                for (i, value) in sorted.enumerated() { place[value] = i }
                entry.append(.array(sorted.map { .string(String(decoding: $0.utf8, as: UTF8.self)) }))
            }
            places.append(place)
            JSONWriter.write(.array(entry), scriptSafe: true, into: &lists)
            lists += ",\n".utf8
        }
        output.add(index.path(of: "facets", "values"), index.script("facets", "values", lists))
        for start in stride(from: 0, to: order.count, by: facetBucket) {
            // A line an attribute (its column: gzip finds a column's repeats), a cell a record.
            var lines: [UInt8] = []
            let records = order[start..<min(start + facetBucket, order.count)].map(Int.init)
            for a in columns.indices {
                let cells = records.map { r -> JSONValue in
                    let items: [JSONValue] =
                        numeric[a]
                        ? columns[a].numbers[r].map(JSONValue.number)
                        : columns[a].values[r].map { .number(Double(places[a][$0]!)) }
                    if items.isEmpty { return numeric[a] ? .null : .number(-1) }
                    return items.count == 1 ? items[0] : .array(items)
                }
                JSONWriter.write(.array(cells), scriptSafe: true, into: &lines)
                lines += ",\n".utf8
            }
            let n = String(start / facetBucket)
            output.add(index.path(of: "facets", n), index.script("facets", n, lines))
        }
        let config = engine.content.config
        return .object([
            "bucket": .number(Double(facetBucket)),
            "attributes": .array(attributes.map { .string($0.name) }),
            "counted": .array(attributes.filter(\.counted).map { .string($0.name) }),
            "replicas": .array(
                config.replicas.map {
                    .array([.string($0.name), .string($0.sort.attribute), .bool($0.sort.descending)])
                }),
            "priceBounds": .array(FacetSummary.priceBounds.map(JSONValue.number)),
            // What the panel calls each attribute and each sort order's (as the static summaries
            // and the search page do), and which lists have a search box (`searchable(…)`).
            "labels": .object(
                Dictionary(
                    (attributes.map(\.name) + config.replicas.map(\.sort.attribute)).map {
                        ($0, JSONValue.string(FacetSummaryData.label($0)))
                    }, uniquingKeysWith: { first, _ in first })),
            "searchable": .array(attributes.filter { $0.kind == .searchable }.map { .string($0.name) }),
        ])
    }
}
