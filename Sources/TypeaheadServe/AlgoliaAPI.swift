import Foundation
import TypeaheadEngine
import TypeaheadModel

/// A bad request, in Algolia's error shape: `{"message": …, "status": …}`.
public struct APIError: Error, Equatable, CustomStringConvertible {
    public var status: Int
    public var message: String

    public init(_ status: Int, _ message: String) {
        self.status = status
        self.message = message
    }

    public var description: String { message }
}

/// The live engine over a subset of Algolia's search REST API:
/// - `POST /1/indexes/{index}/query`: one search;
/// - `POST /1/indexes/*/queries`: several, `{"requests": [{"indexName": …, …}]}`, answered in order;
/// - `GET /1/indexes/{index}/settings`: the index's settings that decide its answers.
///
/// The indices are `products` and `suggestions`. The parameters are Algolia's: `query`, `page`,
/// `hitsPerPage` (1–1000), `filters` (one facet filter, `ATTR:VALUE` or `ATTR:"VALUE"`: a
/// scope), `queryType` (`prefixLast`, `prefixNone`), `typoTolerance` (true, false) and
/// `attributesToHighlight`, given as JSON members or in a `params` query string; any other is
/// refused with 400, so a client never gets an answer that ignored what it asked. The responses
/// are `typeahead query`'s.
public struct AlgoliaAPI: Sendable {
    /// The engine answering now (it changes when `serve --watch` rebuilds).
    let engine: @Sendable () -> SearchEngine
    /// Other names of the indices (a shop's Algolia index names), answered as their index.
    let aliases: [String: IndexName]

    public init(engine: @escaping @Sendable () -> SearchEngine, aliases: [String: IndexName] = [:]) {
        self.engine = engine
        self.aliases = aliases
    }

    /// The parameters understood, beside `params`.
    static let parameters: Set<String> = [
        "query", "page", "hitsPerPage", "filters", "queryType", "typoTolerance", "attributesToHighlight",
    ]
    /// At most this many searches in one `queries` request.
    public static let maximumQueries = 1000

    /// Answers a request whose path starts with `/1/`.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        if request.method == "OPTIONS" {
            // A browser's preflight, for a page on another origin (as Algolia allows).
            return HTTPResponse(
                status: 204,
                headers: Self.corsHeaders + [
                    ("Access-Control-Allow-Methods", "GET, POST, OPTIONS"),
                    (
                        "Access-Control-Allow-Headers",
                        "Content-Type, X-Algolia-Application-Id, X-Algolia-API-Key, X-Algolia-Agent"
                    ),
                    ("Access-Control-Max-Age", "86400"),
                ])
        }
        do {
            return Self.json(200, try answer(request))
        } catch {
            return Self.json(
                error.status, .object(["message": .string(error.message), "status": .number(Double(error.status))]))
        }
    }

    private func answer(_ request: HTTPRequest) throws(APIError) -> JSONValue {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // "", "1", "indexes", name, action
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "1", parts[2] == "indexes" else {
            throw APIError(
                404,
                "Not found: this server answers /1/indexes/{index}/query, /1/indexes/*/queries and /1/indexes/{index}/settings"
            )
        }
        let (name, action) = (parts[3], parts[4])
        switch (name, action) {
        case ("*", "queries"):
            try expect("POST", request)
            return try queries(try Self.body(request))
        case (_, "query"):
            try expect("POST", request)
            let index = try index(name)
            let engine = self.engine()
            return search(engine, try Self.request(index: index, try Self.body(request)), as: name)
        case (_, "settings"):
            try expect("GET", request)
            return Self.settings(try index(name), engine().content)
        default:
            throw APIError(404, "Not found: \(action) is not part of this server's API")
        }
    }

    private func expect(_ method: String, _ request: HTTPRequest) throws(APIError) {
        guard request.method == method || (method == "GET" && request.method == "HEAD") else {
            throw APIError(405, "Method not allowed: use \(method) for \(request.path)")
        }
    }

    private func queries(_ body: [String: JSONValue]) throws(APIError) -> JSONValue {
        for key in body.keys.sorted() where key != "requests" && key != "strategy" {
            throw APIError(400, "Unknown parameter: \(key)")
        }
        if let strategy = body["strategy"] {
            guard strategy == .string("none") else {
                throw APIError(400, "strategy: only \"none\" is supported (every query is answered)")
            }
        }
        guard case .array(let requests)? = body["requests"] else {
            throw APIError(400, "requests: expected an array of searches")
        }
        guard requests.count <= Self.maximumQueries else {
            throw APIError(400, "requests: at most \(Self.maximumQueries) searches in one call, not \(requests.count)")
        }
        let engine = self.engine()
        var results: [JSONValue] = []
        for (n, item) in requests.enumerated() {
            guard case .object(var members) = item else {
                throw APIError(400, "requests[\(n)]: expected an object, found \(item.typeName)")
            }
            guard let name = members.removeValue(forKey: "indexName")?.stringValue else {
                throw APIError(400, "requests[\(n)]: indexName is missing")
            }
            if let type = members.removeValue(forKey: "type"), type != .string("default") {
                throw APIError(400, "requests[\(n)]: type: only \"default\" searches are supported")
            }
            do {
                results.append(search(engine, try Self.request(index: try index(name), members), as: name))
            } catch {
                throw APIError(error.status, "requests[\(n)]: \(error.message)")
            }
        }
        return .object(["results": .array(results)])
    }

    /// The engine's response, its `index` the name the request used.
    private func search(_ engine: SearchEngine, _ request: SearchRequest, as name: String) -> JSONValue {
        let started = DispatchTime.now().uptimeNanoseconds
        let page = engine.search(request)
        let elapsed = Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
        guard case .object(var members) = engine.response(page, processingTimeMS: elapsed) else { fatalError() }
        members["index"] = .string(name)
        return .object(members)
    }

    // MARK: - Reading a request

    func index(_ name: String) throws(APIError) -> IndexName {
        guard let index = IndexName(rawValue: name) ?? aliases[name] else {
            let names = (IndexName.allCases.map(\.rawValue) + aliases.keys.sorted()).joined(separator: ", ")
            throw APIError(404, "Index \(name) does not exist (this server has \(names))")
        }
        return index
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
                request.hitsPerPage = try integer(name, value, in: 1...SearchEngine.paginationLimit)
            case "filters":
                guard let text = value.stringValue else { throw invalid(name, value, "a string") }
                request.filter = try filter(text)
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
                throw APIError(400, "Unknown parameter: \(name)")
            }
        }
        return request
    }

    private static func invalid(_ name: String, _ value: JSONValue, _ expected: String) -> APIError {
        APIError(400, "\(name): expected \(expected), found \(value.typeName)")
    }

    private static func integer(_ name: String, _ value: JSONValue, in range: ClosedRange<Int>) throws(APIError) -> Int
    {
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
    private static func attributes(_ name: String, _ value: JSONValue) throws(APIError) -> [String]? {
        var names: [String] = []
        switch value {
        case .array(let items):
            for item in items {
                guard let text = item.stringValue else { throw invalid(name, value, "an array of attribute names") }
                names.append(text)
            }
        case .string(let text):
            if text.hasPrefix("[") {
                guard let parsed = try? JSONParser.parse(Array(text.utf8)) else {
                    throw APIError(400, "\(name): expected an array of attribute names")
                }
                return try attributes(name, parsed)
            }
            names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        default: throw invalid(name, value, "an array of attribute names")
        }
        return names.contains("*") ? nil : names
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
        case .products: return Array(Set(content.config.scopes.map(\.attribute))).sorted()
        case .suggestions: return Array(Set(content.suggestions.flatMap(\.exactMatches.keys))).sorted()
        }
    }

    // MARK: - Responses

    static func settings(_ index: IndexName, _ content: Content) -> JSONValue {
        let products = index == .products
        let config = content.config
        return .object([
            "searchableAttributes": .array((products ? config.searchableAttributes : ["query"]).map(JSONValue.string)),
            "customRanking": .array(
                (products ? config.customRanking : CustomRanking.suggestions.criteria).map { .string($0.description) }),
            "ranking": .array(["typo", "proximity", "attribute", "exact", "custom"].map(JSONValue.string)),
            "attributesForFaceting": .array(facetAttributes(index, content).map(JSONValue.string)),
            "hitsPerPage": .number(Double(products ? config.hitsPerPage : SearchEngine.suggestionsHitsPerPage)),
            "paginationLimitedTo": .number(Double(SearchEngine.paginationLimit)),
            "typoTolerance": .bool(true),
            "minWordSizefor1Typo": .number(4),
            "minWordSizefor2Typos": .number(8),
            "queryType": .string(QueryType.prefixLast.rawValue),
            "exactOnSingleWordQuery": .string("attribute"),
        ])
    }

    static let corsHeaders: [(name: String, value: String)] = [("Access-Control-Allow-Origin", "*")]

    static func json(_ status: Int, _ value: JSONValue) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")]
                + corsHeaders,
            body: .bytes(Array((JSONWriter.string(value) + "\n").utf8)))
    }
}
