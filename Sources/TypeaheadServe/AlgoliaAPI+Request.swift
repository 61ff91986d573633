import Foundation
import TypeaheadEngine
import TypeaheadModel

// Reading a request: the index, the body, the search parameters, the filter.
extension AlgoliaAPI {

    func index(_ name: String) throws(APIError) -> IndexName {
        try target(name).index
    }

    /// The index a name answers: an index, an alias of one, or a replica of the products index.
    func target(_ name: String) throws(APIError) -> (index: IndexName, replica: String?) {
        if let index = IndexName(rawValue: name) ?? aliases[name] { return (index, nil) }
        let replicas = engine().content.config.replicas.map(\.name)
        if replicas.contains(name) { return (.products, name) }
        let names = (IndexName.allCases.map(\.rawValue) + aliases.keys.sorted() + replicas).joined(separator: ", ")
        throw APIError(404, "Index \(name) does not exist (this server has \(names))")
    }

    static func body(_ request: HTTPRequest) throws(APIError) -> [String: JSONValue] {
        if request.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return [:] }
        let value: JSONValue
        do {
            value = try JSONParser.parse(request.body)
        } catch {
            throw APIError(
                400, "The body is not valid JSON: \(error.message) at line \(error.line), column \(error.column)")
        }
        guard case .object(let members) = value else {
            throw APIError(400, "The body must be a JSON object, not \(value.typeName)")
        }
        return members
    }

    /// A search request from Algolia's parameters: JSON members, and those of `params` (a query
    /// string; a member given both ways takes the member's value).
    public static func request(index: IndexName, _ members: [String: JSONValue]) throws(APIError) -> SearchRequest {
        var given = members
        if let params = given.removeValue(forKey: "params") {
            guard let text = params.stringValue else {
                throw APIError(400, "params: expected a query string, found \(params.typeName)")
            }
            for (name, value) in try formFields(text) where given[name] == nil {
                given[name] = .string(value)
            }
        }
        var request = SearchRequest(index: index, query: "")
        for name in given.keys.sorted() {
            let value = given[name]!
            switch name {
            case "query":
                guard let text = value.stringValue else { throw invalid(name, value, "a string") }
                request.query = text
            case "page":
                request.page = try integer(name, value, in: 0...Int(Int32.max))
            case "hitsPerPage":
                // 0: counts only (InstantSearch's request for a facet's disjunctive counts).
                request.hitsPerPage = try integer(name, value, in: 0...SearchEngine.paginationLimit)
            case _ where shapingKeys.contains(name):
                try shape(name, value, into: &request.shape)
            case _ where SearchRequest.refiningKeys.contains(name):
                do {
                    try request.refine(name, value)
                } catch {
                    throw APIError(400, error.message)
                }
            case "queryType":
                guard let text = value.stringValue else { throw invalid(name, value, "a string") }
                guard let type = QueryType(rawValue: text) else {
                    throw APIError(400, "queryType: \(text) is not supported (prefixLast or prefixNone)")
                }
                request.queryType = type
            case "typoTolerance":
                switch value {
                case .bool(let flag): request.typoTolerance = flag
                case .string("true"): request.typoTolerance = true
                case .string("false"): request.typoTolerance = false
                case .string(let text):
                    throw APIError(400, "typoTolerance: \(text) is not supported (true or false)")
                default: throw invalid(name, value, "true or false")
                }
            case "attributesToHighlight":
                request.attributesToHighlight = try attributes(name, value)
            default:
                switch LanguageSettings.parameter(name, value) {
                case .success(let checked)?: request.languageParameters.append((name, checked))
                case .failure(let error)?: throw APIError(400, error.message)
                case nil: throw APIError(400, "Unknown parameter: \(name)")
                }
            }
        }
        return request
    }

    /// Parameters InstantSearch sends that shape the response or concern analytics, never the hits:
    /// docs/CONTRACT.md, "What `serve` accepts besides".
    static let shapingKeys: Set<String> = [
        "attributesToRetrieve", "attributesToSnippet", "snippetEllipsisText", "highlightPreTag", "highlightPostTag",
        "analytics",
        "clickAnalytics", "tagFilters",
    ]

    static func shape(_ name: String, _ value: JSONValue, into shape: inout ResponseShape) throws(APIError) {
        switch name {
        case "attributesToRetrieve":
            // Names, or `*` (every one) less the names after a `-`, as Algolia reads them.
            let names = try attributeNames(name, value)
            let excluded = names.filter { $0.hasPrefix("-") }.map { String($0.dropFirst()) }
            if names.contains("*") {
                shape.attributesToRetrieve = nil
                shape.excludedAttributes = excluded
            } else if !excluded.isEmpty {
                throw APIError(
                    400, "attributesToRetrieve: -\(excluded[0]) excludes from \"*\" only, and \"*\" is not given")
            } else {
                shape.attributesToRetrieve = names
            }
        case "attributesToSnippet":
            // `name` or `name:words` (docs/CONTRACT.md, Snippets); a name that is not searched has none.
            var snippets: [SnippetAttribute] = []
            for item in isEmptyList(value) ? [] : try attributeNames(name, value) {
                guard let parsed = SnippetAttribute(item) else {
                    throw APIError(400, "attributesToSnippet: \(item) is not name or name:words (words from 1 to 100)")
                }
                snippets.append(parsed)
            }
            shape.attributesToSnippet = snippets
        case "snippetEllipsisText":
            // Written up to twice in every snippet of every hit: bounded as a highlight tag is.
            guard let text = value.stringValue else { throw invalid(name, value, "a string") }
            guard text.utf8.count <= ResponseShape.longestTag else {
                throw APIError(
                    400, "\(name): expected at most \(ResponseShape.longestTag) bytes, found \(text.utf8.count)")
            }
            shape.snippetEllipsis = text
        case "highlightPreTag", "highlightPostTag":
            // A tag is repeated at every match of every hit: its size is bounded before any search.
            guard let text = value.stringValue else { throw invalid(name, value, "a string") }
            guard !text.isEmpty, text.utf8.count <= ResponseShape.longestTag else {
                throw APIError(
                    400, "\(name): expected 1 to \(ResponseShape.longestTag) bytes, found \(text.utf8.count)")
            }
            var tags = shape.highlightTags ?? (pre: "<em>", post: "</em>")
            if name == "highlightPreTag" { tags.pre = text } else { tags.post = text }
            shape.highlightTags = tags
        case "analytics":
            // Nothing is recorded here, whatever it says.
            _ = try flag(name, value)
        case "clickAnalytics":
            shape.clickAnalytics = try flag(name, value)
        default:  // tagFilters
            guard isEmptyList(value) else {
                throw APIError(400, "tagFilters: records have no _tags here (only an empty value is accepted)")
            }
        }
    }

    static func isEmptyList(_ value: JSONValue) -> Bool {
        switch value {
        case .array(let items): return items.isEmpty
        case .string(let text):
            let bare = text.filter { !$0.isWhitespace }
            return bare.isEmpty || bare == "[]"
        default: return false
        }
    }

    static func flag(_ name: String, _ value: JSONValue) throws(APIError) -> Bool {
        switch value {
        case .bool(let flag): return flag
        case .string("true"): return true
        case .string("false"): return false
        default: throw invalid(name, value, "true or false")
        }
    }

    static func invalid(_ name: String, _ value: JSONValue, _ expected: String) -> APIError {
        APIError(400, "\(name): expected \(expected), found \(value.typeName)")
    }

    static func integer(_ name: String, _ value: JSONValue, in range: ClosedRange<Int>) throws(APIError) -> Int {
        var number: Int?
        switch value {
        case .number(let double) where double == double.rounded() && abs(double) < 1e15: number = Int(double)
        case .string(let text): number = Int(text)
        default: break
        }
        guard let number, range.contains(number) else {
            let shown = value.stringValue ?? (value.numberValue.map(JSONWriter.format) ?? value.typeName)
            throw APIError(
                400, "\(name): expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(shown)")
        }
        return number
    }

    /// `attributesToHighlight`: an array of names, or a comma-separated list in `params`; `*` is every one.
    static func attributes(_ name: String, _ value: JSONValue) throws(APIError) -> [String]? {
        let names = try attributeNames(name, value)
        return names.contains("*") ? nil : names
    }

    /// The names of an attribute list as given (`*` kept).
    static func attributeNames(_ name: String, _ value: JSONValue) throws(APIError) -> [String] {
        var names: [String] = []
        switch value {
        case .array(let items):
            for item in items {
                guard let text = item.stringValue else {
                    throw APIError(400, "\(name): expected an array of attribute names, found \(item.typeName) in it")
                }
                names.append(text)
            }
        case .string(let text):
            if text.hasPrefix("[") {
                guard let parsed = try? JSONParser.parse(Array(text.utf8)) else {
                    throw APIError(400, "\(name): expected an array of attribute names")
                }
                return try attributeNames(name, parsed)
            }
            names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        default: throw invalid(name, value, "an array of attribute names")
        }
        return names
    }

    /// The fields of `a=b&c=d`, `+` a space, percent-decoded.
    static func formFields(_ text: String) throws(APIError) -> [(String, String)] {
        var fields: [(String, String)] = []
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (part: Substring) -> String? in
                part.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
            }
            guard let name = decode(parts[0]), let value = decode(parts.count > 1 ? parts[1] : "") else {
                throw APIError(400, "params: malformed percent-encoding in \"\(pair)\"")
            }
            fields.append((name, value))
        }
        return fields
    }

    /// Algolia's `filters` for one facet value: `ATTR:VALUE` or `ATTR:"VALUE"` (a quoted value may
    /// hold spaces and `\"`), the attribute optionally quoted too. Empty: no filter. Anything else
    /// (`AND`, `OR`, `NOT`, numeric comparisons) is refused: a scope is one facet value.
    public static func filter(_ text: String) throws(APIError) -> Scope? {
        var rest = Substring(text).drop(while: \.isWhitespace)
        if rest.isEmpty { return nil }
        let refused = APIError(
            400, "filters: only one facet filter ATTR:VALUE or ATTR:\"VALUE\" (a scope) is supported, not \(text)")
        func quoted() -> String? {
            guard rest.first == "\"" else { return nil }
            rest.removeFirst()
            var value = ""
            while let character = rest.first {
                rest.removeFirst()
                if character == "\\" {
                    guard let next = rest.first else { return nil }
                    rest.removeFirst()
                    value.append(next)
                } else if character == "\"" {
                    return value
                } else {
                    value.append(character)
                }
            }
            return nil
        }
        let attribute: String
        if rest.first == "\"" {
            guard let name = quoted() else { throw refused }
            attribute = name
        } else {
            let name = rest.prefix { $0 != ":" && !$0.isWhitespace && $0 != "(" && $0 != ")" }
            rest = rest.dropFirst(name.count)
            attribute = String(name)
        }
        rest = rest.drop(while: \.isWhitespace)
        guard !attribute.isEmpty, rest.first == ":" else { throw refused }
        rest = rest.dropFirst().drop(while: \.isWhitespace)
        let value: String
        if rest.first == "\"" {
            guard let text = quoted() else { throw refused }
            value = text
        } else {
            let word = rest.prefix { !$0.isWhitespace && $0 != "(" && $0 != ")" && $0 != "\"" }
            rest = rest.dropFirst(word.count)
            value = String(word)
        }
        guard !value.isEmpty, rest.allSatisfy(\.isWhitespace) else { throw refused }
        return Scope(attribute: attribute, value: value)
    }

    /// The attributes filters are meant for, as `attributesForFaceting` says them: products, those
    /// of the configured scopes; suggestions, those of their `facets.exact_matches`. A filter on
    /// another attribute is answered as `typeahead query --filter` answers it: by the values found.
    static func facetAttributes(_ index: IndexName, _ content: Content) -> [String] {
        switch index {
        case .products:
            let declared = content.config.attributesForFaceting
            let names = Set(declared.map(\.name))
            return declared.map(\.description).sorted()
                + Array(Set(content.config.scopes.map(\.attribute)).subtracting(names)).sorted()
        case .suggestions: return Array(Set(content.suggestions.flatMap(\.exactMatches.keys))).sorted()
        }
    }
}

// searchForFacetValues.
extension AlgoliaAPI {
    /// `POST /1/indexes/{index}/facets/{facet}/query`: the values of a `searchable(…)` facet
    /// whose words the `facetQuery` prefixes, counted over the hits of the search its other
    /// parameters describe (`facetFilters`, `query`…), by count, at most `maxFacetHits` (10).
    func facetValues(_ name: String, facet: String, _ body: [String: JSONValue]) throws(APIError) -> JSONValue {
        let target = try target(name)
        guard target.index == .products else {
            throw APIError(400, "Cannot search facet values in the suggestions index: it has no facets")
        }
        let engine = self.engine()
        guard
            engine.content.config.attributesForFaceting.contains(where: { $0.name == facet && $0.kind == .searchable })
        else {
            throw APIError(
                400,
                "Cannot search in `\(facet)` attribute, you need to add `searchable(\(facet))` to attributesForFaceting."
            )
        }
        var members = body
        var facetQuery = ""
        var maxFacetHits = 10
        if let params = members.removeValue(forKey: "params") {
            guard let text = params.stringValue else { throw Self.invalid("params", params, "a query string") }
            for (key, value) in try Self.formFields(text) where members[key] == nil { members[key] = .string(value) }
        }
        if let value = members.removeValue(forKey: "facetQuery") {
            guard let text = value.stringValue else { throw Self.invalid("facetQuery", value, "a string") }
            facetQuery = text
        }
        if let value = members.removeValue(forKey: "maxFacetHits") {
            maxFacetHits = try Self.integer("maxFacetHits", value, in: 1...100)
        }
        var request = try Self.request(index: .products, members)
        request.replica = target.replica
        let started = DispatchTime.now().uptimeNanoseconds
        let hits = engine.searchFacetValues(facet, query: facetQuery, request: request, maxFacetHits: maxFacetHits)
        let tags = request.shape.highlightTags
        let elapsed = Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
        return .object([
            "facetHits": .array(
                hits.map { hit in
                    .object([
                        "value": .string(hit.value),
                        "highlighted": .string(
                            tags.map { tags in SearchEngine.retag(hit.highlighted, pre: tags.pre, post: tags.post) }
                                ?? hit.highlighted),
                        "count": .number(Double(hit.count)),
                    ])
                }),
            "exhaustiveFacetsCount": .bool(true),
            "processingTimeMS": .number(Double(elapsed)),
        ])
    }
}
