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
/// `hitsPerPage` (0–1000), the refining parameters, `queryType` (`prefixLast`, `prefixNone`),
/// `typoTolerance` (true, false), `attributesToHighlight`, the language settings and what only
/// shapes a response (`shapingKeys`), given as JSON members or in a `params` query string; any other is
/// refused with 400, so a client never gets an answer that ignored what it asked. The responses
/// are `typeahead query`'s.
public struct AlgoliaAPI: Sendable {
    /// The engine answering now (it changes when `serve --watch` rebuilds).
    let engine: @Sendable () -> SearchEngine
    /// Other names of the indices (a shop's Algolia index names), answered as their index.
    let aliases: [String: IndexName]
    /// What answers may hold in memory.
    let budget: AnswerBudget

    public init(
        engine: @escaping @Sendable () -> SearchEngine, aliases: [String: IndexName] = [:],
        budget: AnswerBudget = AnswerBudget()
    ) {
        self.engine = engine
        self.aliases = aliases
        self.budget = budget
    }

    /// The parameters understood, beside `params`.
    static let parameters = Set(
        ["query", "page", "hitsPerPage", "queryType", "typoTolerance", "attributesToHighlight"]
            + SearchRequest.refiningKeys + shapingKeys)
    /// At most this many searches in one `queries` request: Algolia's own limit, with its message.
    public static let maximumQueries = 50

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
            var answer = try self.answer(request)
            answer.bytes.append(0x0A)
            var response = Self.json(200, bytes: answer.bytes)
            let (budget, reserved) = (self.budget, answer.reserved)
            response.onComplete = { budget.release(reserved) }
            return response
        } catch {
            return Self.json(
                error.status, .object(["message": .string(error.message), "status": .number(Double(error.status))]))
        }
    }

    /// An answer's JSON and the bytes of `budget` it holds until it is sent.
    struct Answer {
        var bytes: [UInt8] = []
        var reserved = 0
    }

    /// Appends `value` to the answer, within the budget: an answer past `perAnswer` bytes is a
    /// 400, and one that finds the budget of all answers in flight spent a 503 (never a crash,
    /// never a half answer).
    private func append(_ value: JSONValue, to answer: inout Answer) throws(APIError) {
        var bytes: [UInt8] = []
        // Script-safe (`<`, `>`, `&` as \u escapes): an answer repeats what was asked, and a browser
        // opening the API's URL must never meet markup in it.
        JSONWriter.write(value, scriptSafe: true, into: &bytes)
        try append(bytes, to: &answer)
    }

    private func append(_ bytes: [UInt8], to answer: inout Answer) throws(APIError) {
        guard answer.bytes.count + bytes.count <= budget.perAnswer else {
            throw APIError(
                400,
                "Response too large: over \(budget.perAnswer) bytes in one answer; ask for fewer queries or a smaller hitsPerPage"
            )
        }
        guard budget.reserve(bytes.count) else {
            throw APIError(503, "Too many answers in flight: over \(budget.inFlight) bytes; retry shortly")
        }
        answer.reserved += bytes.count
        answer.bytes += bytes
    }

    /// The answer to a request; what it reserved is given back at once when it fails half way.
    private func answer(_ request: HTTPRequest) throws(APIError) -> Answer {
        var answer = Answer()
        do {
            switch try route(request) {
            case .value(let value): try append(value, to: &answer)
            case .bytes(let bytes): try append(bytes, to: &answer)
            case .queries(let requests):
                try append(Array(#"{"results":["#.utf8), to: &answer)
                let engine = self.engine()
                for (n, item) in requests.enumerated() {
                    if n > 0 { try append([UInt8(ascii: ",")], to: &answer) }
                    try append(try searchItem(item, at: n, engine: engine), to: &answer)
                }
                try append(Array("]}".utf8), to: &answer)
            }
        } catch {
            budget.release(answer.reserved)
            throw error
        }
        return answer
    }

    /// What a request asks: one value, or several searches answered one at a time.
    private enum Route {
        case value(JSONValue)
        /// A search's JSON, made while it held its turn (`AnswerBudget.searching`).
        case bytes([UInt8])
        case queries([JSONValue])
    }

    private func route(_ request: HTTPRequest) throws(APIError) -> Route {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        // "", "1", "indexes", name, "facets", facet, "query": searchForFacetValues
        if parts.count == 7, parts[0].isEmpty, parts[1] == "1", parts[2] == "indexes", parts[4] == "facets",
            parts[6] == "query"
        {
            try expect("POST", request)
            return .value(try facetValues(parts[3], facet: parts[5], try Self.body(request)))
        }
        // "", "1", "indexes", name, action
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "1", parts[2] == "indexes" else {
            throw APIError(
                404,
                "Not found: this server answers /1/indexes/{index}/query, /1/indexes/*/queries, /1/indexes/{index}/settings and /1/indexes/{index}/facets/{facet}/query"
            )
        }
        let (name, action) = (parts[3], parts[4])
        switch (name, action) {
        case ("*", "queries"):
            try expect("POST", request)
            return .queries(try queries(try Self.body(request)))
        case (_, "query"):
            try expect("POST", request)
            let target = try target(name)
            let engine = self.engine()
            var parameters = try Self.request(index: target.index, try Self.body(request))
            parameters.replica = target.replica
            return .bytes(try searchBytes(engine, parameters, as: name))
        case (_, "settings"):
            try expect("GET", request)
            let target = try target(name)
            return .value(Self.settings(target.index, engine().content, replica: target.replica))
        default:
            throw APIError(404, "Not found: \(action) is not part of this server's API")
        }
    }

    private func expect(_ method: String, _ request: HTTPRequest) throws(APIError) {
        guard request.method == method || (method == "GET" && request.method == "HEAD") else {
            throw APIError(405, "Method not allowed: use \(method) for \(request.path)")
        }
    }

    /// The searches of a `queries` body, checked as a whole before any is answered.
    private func queries(_ body: [String: JSONValue]) throws(APIError) -> [JSONValue] {
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
            throw APIError(400, "Too many queries in multi query request")
        }
        return requests
    }

    /// One search of a `queries` body, answered.
    private func searchItem(_ item: JSONValue, at n: Int, engine: SearchEngine) throws(APIError) -> [UInt8] {
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
            let target = try target(name)
            var parameters = try Self.request(index: target.index, members)
            parameters.replica = target.replica
            return try searchBytes(engine, parameters, as: name)
        } catch {
            throw APIError(error.status, "requests[\(n)]: \(error.message)")
        }
    }

    /// The engine's response, its `index` the name the request used.
    /// A search's response as JSON bytes, searched and written in its turn, so that no more than
    /// `AnswerBudget.concurrentSearches` responses are ever held as values at once.
    private func searchBytes(
        _ engine: SearchEngine, _ request: SearchRequest, as name: String
    ) throws(APIError) -> [UInt8] {
        try budget.searching { () throws(APIError) in
            var bytes: [UInt8] = []
            JSONWriter.write(search(engine, request, as: name), scriptSafe: true, into: &bytes)
            return bytes
        }
    }

    private func search(_ engine: SearchEngine, _ request: SearchRequest, as name: String) -> JSONValue {
        let started = DispatchTime.now().uptimeNanoseconds
        let page = engine.search(request)
        let elapsed = Int((DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
        guard case .object(var members) = engine.response(page, processingTimeMS: elapsed) else { fatalError() }
        members["index"] = .string(name)
        return .object(members)
    }

    // MARK: - Responses

    static func settings(_ index: IndexName, _ content: Content, replica: String? = nil) -> JSONValue {
        let products = index == .products
        let config = content.config
        let language = config.language(ofSuggestions: !products)
        var refining: [String: JSONValue] = [:]
        if products {
            if let replica = config.replicas.first(where: { $0.name == replica }) {
                refining["ranking"] = .array(replica.ranking.map(JSONValue.string))
                refining["primary"] = .string(IndexName.products.rawValue)
            } else {
                refining["replicas"] = .array(config.replicas.map { .string($0.name) })
            }
        }
        return .object(
            refining.merging([
                "ignorePlurals": language.ignorePlurals.map {
                    $0.isEmpty ? .bool(true) : .array($0.map(JSONValue.string))
                }
                    ?? .bool(false),
                "queryLanguages": .array(language.queryLanguages.map(JSONValue.string)),
                "alternativesAsExact": .array(language.alternativesAsExact.map { .string($0.rawValue) }),
                "removeWordsIfNoResults": .string(language.removeWordsIfNoResults.rawValue),
                "optionalWords": .array(language.optionalWords.map(JSONValue.string)),
                "searchableAttributes": .array(
                    (products ? config.searchableAttributes : ["query"]).map(JSONValue.string)),
                "customRanking": .array(
                    (products ? config.customRanking : CustomRanking.suggestions.criteria).map {
                        .string($0.description)
                    }),
                "ranking": .array(
                    ["typo", "words", "proximity", "attribute", "exact", "custom"].map(JSONValue.string)),
                "attributesForFaceting": .array(facetAttributes(index, content).map(JSONValue.string)),
                "hitsPerPage": .number(Double(products ? config.hitsPerPage : SearchEngine.suggestionsHitsPerPage)),
                "paginationLimitedTo": .number(Double(SearchEngine.paginationLimit)),
                "typoTolerance": .bool(true),
                "minWordSizefor1Typo": .number(4),
                "minWordSizefor2Typos": .number(8),
                "queryType": .string(QueryType.prefixLast.rawValue),
                "exactOnSingleWordQuery": .string("attribute"),
            ]) { a, _ in a })
    }

    static let corsHeaders: [(name: String, value: String)] = [("Access-Control-Allow-Origin", "*")]

    static func json(_ status: Int, _ value: JSONValue) -> HTTPResponse {
        json(status, bytes: Array((JSONWriter.string(value, scriptSafe: true) + "\n").utf8))
    }

    static func json(_ status: Int, bytes: [UInt8]) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")]
                + corsHeaders,
            body: .bytes(bytes))
    }
}
