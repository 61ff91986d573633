import TypeaheadModel

// The Algolia-shaped JSON response of a page.
extension SearchEngine {
    /// Whether attribute `name` of the product at `record` is an array (its highlight is too).
    func isArray(_ index: IndexName, record: Int, attribute: String) -> Bool {
        guard index == .products, let a = productAttributes.firstIndex(of: attribute) else { return false }
        return arrayAttributes[record][a]
    }

    /// The Algolia-shaped JSON response of a page; `processingTimeMS` as given.
    public func response(_ page: SearchPage, processingTimeMS: Int) -> JSONValue {
        let request = page.request
        let hits = zip(page.hits, page.highlights).enumerated().map { n, pair -> JSONValue in
            let (hit, highlights) = pair
            var record =
                request.index == .products
                ? content.products[hit.record].attributes : content.suggestions[hit.record].attributes
            if let kept = request.shape.attributesToRetrieve {
                record = record.filter { $0.key == "objectID" || kept.contains($0.key) }
            } else if !request.shape.excludedAttributes.isEmpty {
                record = record.filter { $0.key == "objectID" || !request.shape.excludedAttributes.contains($0.key) }
            }
            var highlightResult: [String: JSONValue] = [:]
            for (attribute, values) in highlights {
                let objects = values.map { Self.json($0, tags: request.shape.highlightTags) }
                highlightResult[attribute] =
                    isArray(request.index, record: hit.record, attribute: attribute) ? .array(objects) : objects[0]
            }
            record["_highlightResult"] = .object(highlightResult)
            if n < page.snippets.count {
                var snippetResult: [String: JSONValue] = [:]
                for (attribute, values) in page.snippets[n] {
                    let objects = values.map { Self.json($0, tags: request.shape.highlightTags) }
                    snippetResult[attribute] =
                        isArray(request.index, record: hit.record, attribute: attribute) ? .array(objects) : objects[0]
                }
                record["_snippetResult"] = .object(snippetResult)
            }
            return .object(record)
        }
        var params = "query=\(Self.percentEncode(request.query))&hitsPerPage=\(page.hitsPerPage)&page=\(request.page)"
        if let filter = request.filter {
            params += "&filters=\(Self.percentEncode("\(filter.attribute):\"\(filter.value)\""))"
        }
        if !request.typoTolerance { params += "&typoTolerance=false" }
        if request.queryType != .prefixLast { params += "&queryType=\(request.queryType.rawValue)" }
        for (key, value) in request.languageParameters {
            params += "&\(key)=\(Self.percentEncode(value.stringValue ?? JSONWriter.string(value)))"
        }
        for (key, value) in request.refiningParameters { params += "&\(key)=\(Self.percentEncode(value))" }
        var extra: [String: JSONValue] = [:]
        if let facets = page.facets {
            extra["facets"] = .object(
                facets.counts.mapValues {
                    .object(Dictionary(uniqueKeysWithValues: $0.map { ($0.value, .number(Double($0.count))) }))
                })
            extra["exhaustiveFacetsCount"] = .bool(true)
            if !facets.stats.isEmpty {
                extra["facets_stats"] = .object(
                    facets.stats.mapValues { stats in
                        .object([
                            "min": .number(stats.min), "max": .number(stats.max), "avg": .number(stats.avg),
                            "sum": .number(stats.sum),
                        ])
                    })
            }
        }
        if let removal = page.queryAfterRemoval { extra["queryAfterRemoval"] = .string(removal) }
        let retrieved =
            request.shape.attributesToRetrieve
            ?? (request.shape.excludedAttributes.isEmpty
                ? nil : ["*"] + request.shape.excludedAttributes.map { "-" + $0 })
        if let retrieved {
            params +=
                "&attributesToRetrieve=\(Self.percentEncode(JSONWriter.string(.array(retrieved.map(JSONValue.string)))))"
        }
        if let snippets = request.shape.attributesToSnippet {
            let named = snippets.map(\.text)
            params +=
                "&attributesToSnippet=\(Self.percentEncode(JSONWriter.string(.array(named.map(JSONValue.string)))))"
            if request.shape.snippetEllipsis != Snippet.defaultEllipsis {
                params += "&snippetEllipsisText=\(Self.percentEncode(request.shape.snippetEllipsis))"
            }
        }
        if let tags = request.shape.highlightTags {
            params +=
                "&highlightPreTag=\(Self.percentEncode(tags.pre))&highlightPostTag=\(Self.percentEncode(tags.post))"
        }
        if request.shape.clickAnalytics {
            params += "&clickAnalytics=true"
            // Algolia's queryID names this search for click events; here it is the search's own
            // hash (nothing is recorded), the same for the same request.
            // The index (a replica is another sort order) and what is highlighted are part of it.
            let named =
                params + "\u{0}" + (request.replica ?? request.index.rawValue) + "\u{0}"
                + (request.attributesToHighlight?.joined(separator: ",") ?? "*")
            let hash = FNV1a.hash64(named.utf8)
            let again = FNV1a.hash64(named.utf8.reversed())
            extra["queryID"] = .string(
                String(hash, radix: 16).leftPadded(to: 16) + String(again, radix: 16).leftPadded(to: 16))
        }
        return .object(
            extra.merging([
                "hits": .array(hits),
                "nbHits": .number(Double(page.nbHits)),
                "page": .number(Double(request.page)),
                "nbPages": .number(Double(page.nbPages)),
                "hitsPerPage": .number(Double(page.hitsPerPage)),
                "exhaustiveNbHits": .bool(true),
                "query": .string(request.query),
                "params": .string(params),
                "index": .string(request.replica ?? request.index.rawValue),
                "processingTimeMS": .number(Double(processingTimeMS)),
            ]) { a, _ in a })
    }

    static func json(_ highlight: Highlight, tags: (pre: String, post: String)? = nil) -> JSONValue {
        var object: [String: JSONValue] = [
            "value": .string(tags.map { retag(highlight.value, pre: $0.pre, post: $0.post) } ?? highlight.value),
            "matchLevel": .string(highlight.matchLevel.rawValue),
            "matchedWords": .array(highlight.matchedWords.map(JSONValue.string)),
        ]
        if highlight.matchLevel != .none { object["fullyHighlighted"] = .bool(highlight.fullyHighlighted) }
        return .object(object)
    }

    static func json(_ snippet: Snippet, tags: (pre: String, post: String)? = nil) -> JSONValue {
        .object([
            "value": .string(tags.map { retag(snippet.value, pre: $0.pre, post: $0.post) } ?? snippet.value),
            "matchLevel": .string(snippet.matchLevel.rawValue),
        ])
    }

    /// Percent-encodes everything but unreserved characters, as Algolia's `params` does.
    static func percentEncode(_ text: String) -> String {
        PercentEncoding.encode(text, keeping: "-_.~", spaceAsPlus: false)
    }
}

extension SearchEngine {
    /// A highlighted value (HTML-escaped, matches in `<em>`) with other tags around its matches and
    /// the rest as the record holds it: Algolia's `highlightPreTag` and `highlightPostTag`.
    public static func retag(_ value: String, pre: String, post: String) -> String {
        var output = ""
        var rest = Substring(value)
        while let open = rest.range(of: "<em>") {
            output += HTML.unescape(rest[..<open.lowerBound])
            rest = rest[open.upperBound...]
            let close = rest.range(of: "</em>") ?? (rest.endIndex..<rest.endIndex)
            output += pre + HTML.unescape(rest[..<close.lowerBound]) + post
            rest = rest[close.upperBound...]
        }
        return output + HTML.unescape(rest)
    }

}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
