import Foundation
import TypeaheadModel

/// `query_suggestions.json` as the build reads it: a JSON array, one record a line, sorted by
/// objectID bytes, keys sorted, `{objectID, query, nb_words, popularity, <indexName>:
/// {exact_nb_hits, facets: {exact_matches: {attribute: [{value, count}]}}}}`.
public enum SuggestionsFile {
    public static func render(_ records: [SuggestionsBuilder.Record], indexName: String) -> [UInt8] {
        var bytes: [UInt8] = Array("[\n".utf8)
        for (i, record) in records.sorted(by: { utf8Less($0.query, $1.query) }).enumerated() {
            if i > 0 { bytes += ",\n".utf8 }
            JSONWriter.write(json(record, indexName: indexName), scriptSafe: false, into: &bytes)
        }
        bytes += "\n]\n".utf8
        return bytes
    }

    static func json(_ record: SuggestionsBuilder.Record, indexName: String) -> JSONValue {
        var matches: [String: JSONValue] = [:]
        for facet in record.facets {
            matches[facet.attribute] = .array(
                facet.values.map { .object(["value": .string($0.value), "count": .number(Double($0.count))]) })
        }
        return .object([
            "objectID": .string(record.query),
            "query": .string(record.query),
            "nb_words": .number(Double(TextNormalizer.words(record.query).count)),
            "popularity": .number(Double(record.popularity)),
            indexName: .object([
                "exact_nb_hits": .number(Double(record.exactNbHits)),
                "facets": .object(["exact_matches": .object(matches)]),
            ]),
        ])
    }

    /// Writes `bytes` to `path` through a temporary file beside it, moved into place: a reader sees
    /// the old file or the new one, never a part. An unchanged file is not touched.
    public static func write(_ bytes: [UInt8], to path: String) throws(ContentError) {
        if let existing = FileManager.default.contents(atPath: path), [UInt8](existing) == bytes { return }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).typeahead-\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data(bytes).write(to: temporary)
            if rename(temporary.path, url.path) != 0 {
                let reason = String(cString: strerror(errno))
                try? FileManager.default.removeItem(at: temporary)
                throw ContentError(ContentIssue(file: path, message: "cannot write: \(reason)"))
            }
        } catch let error as ContentError {
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw ContentError(
                ContentIssue(file: temporary.path, message: "cannot write: \(error.localizedDescription)"))
        }
    }

    /// What writing `records` would change in the file at `path` (missing: everything is added):
    /// the queries added, removed and changed, each sorted.
    public static func changes(
        from path: String, to records: [SuggestionsBuilder.Record], indexName: String
    ) -> (added: [String], removed: [String], changed: [String]) {
        var old: [ByteKey: String] = [:]
        if let data = FileManager.default.contents(atPath: path),
            let elements = try? JSONParser.parseArrayWithLines([UInt8](data))
        {
            for element in elements {
                if let id = element.value["objectID"]?.stringValue {
                    old[ByteKey(id)] = JSONWriter.string(element.value)
                }
            }
        }
        var added: [String] = []
        var changed: [String] = []
        for record in records {
            let key = ByteKey(record.query)
            let text = JSONWriter.string(json(record, indexName: indexName))
            if let before = old.removeValue(forKey: key) {
                if before != text { changed.append(record.query) }
            } else {
                added.append(record.query)
            }
        }
        let removed = old.keys.map { String(decoding: $0.utf8, as: UTF8.self) }
        return (added.sorted(by: utf8Less), removed.sorted(by: utf8Less), changed.sorted(by: utf8Less))
    }
}
