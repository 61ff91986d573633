import TypeaheadEngine
import TypeaheadModel

// The texts the page's cards take their snippets from (`snippets/<n>.js`).
extension ShardedIndex {
    /// Writes, for the first of `attributesToSnippet` when it is searched, each record's values of
    /// that attribute as the index holds them (`snippets/<n>.js`, a line a record, in rank order,
    /// `bucket` records a file, as `records/`): the page loads them only for the cards whose name
    /// does not match every word, and cuts the snippet as the engine does (docs/CONTRACT.md,
    /// Snippets). Returns the manifest's `snippet`: the attribute, its words and the ellipsis.
    static func writeSnippets(
        engine: SearchEngine, order: [Int32], bucket: Int, into output: inout Output
    ) -> JSONValue {
        guard let snippet = engine.content.config.attributesToSnippet.first,
            let attribute = engine.products.attributeNames.firstIndex(of: snippet.attribute)
        else { return .null }
        let index = ShardedIndex(index: .products, bucket: bucket, fields: [])
        // The files' bytes are made on all cores, then put in order.
        let files = Cores.map((order.count + bucket - 1) / bucket, minimumChunk: 64) { n in
            var lines: [UInt8] = []
            for record in order[n * bucket..<min((n + 1) * bucket, order.count)] {
                let values = engine.products.records[Int(record)].texts[attribute]
                JSONWriter.write(.array(values.map(JSONValue.string)), scriptSafe: true, into: &lines)
                lines += ",\n".utf8
            }
            return index.script("snippets", String(n), lines)
        }
        for (n, file) in files.enumerated() { output.add(index.path(of: "snippets", String(n)), file) }
        return .object([
            "attribute": .string(snippet.attribute), "words": .number(Double(snippet.words)),
            "ellipsis": .string(Snippet.defaultEllipsis), "bucket": .number(Double(bucket)),
        ])
    }
}
