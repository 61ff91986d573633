import Foundation
import Testing
import TypeaheadEngine
import TypeaheadModel
import TypeaheadTestSupport

@testable import TypeaheadServe

/// The live engine over Algolia's search API: what a request may say, and that the answer is
/// `typeahead query`'s (the engine's own response).
struct AlgoliaAPITests {
    static let engine: SearchEngine = {
        let folder = TestSupport.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/small/Content")
        return SearchEngine(content: try! ContentLoader(directory: folder.path).load())
    }()

    static let api = AlgoliaAPI(engine: { engine })

    static func post(_ path: String, _ body: String) -> (status: Int, json: JSONValue) {
        let response = api.respond(to: HTTPRequest(method: "POST", path: path, body: Array(body.utf8)))
        return (response.status, try! JSONParser.parse(response.bodyBytes))
    }

    /// The response without its timing.
    static func timeless(_ value: JSONValue) -> JSONValue {
        guard case .object(var members) = value else { return value }
        members["processingTimeMS"] = nil
        return .object(members)
    }

    @Test func aSearchAnswersAsTheEngineDoes() {
        let (status, json) = Self.post(
            "/1/indexes/products/query", #"{"query": "iphone", "hitsPerPage": 1, "page": 1}"#)
        #expect(status == 200)
        let expected = Self.engine.response(
            Self.engine.search(SearchRequest(index: .products, query: "iphone", page: 1, hitsPerPage: 1)),
            processingTimeMS: 0)
        #expect(Self.timeless(json) == Self.timeless(expected))
        #expect(json["nbHits"]?.numberValue ?? 0 >= 2)
    }

    @Test func parametersMayComeAsAQueryStringAndMembersWin() throws {
        let request = try AlgoliaAPI.request(
            index: .suggestions,
            [
                "params": .string("query=galaxy+s%C3%A9&hitsPerPage=3&typoTolerance=false&queryType=prefixNone"),
                "hitsPerPage": .number(5),
            ])
        #expect(request.query == "galaxy sé")
        #expect(request.hitsPerPage == 5)
        #expect(request.typoTolerance == false)
        #expect(request.queryType == .prefixNone)
        #expect(request.index == .suggestions)
    }

    @Test func aFilterIsOneFacetValueQuotedOrNot() throws {
        #expect(
            try AlgoliaAPI.filter(#"categories:"Cell Phones""#) == Scope(attribute: "categories", value: "Cell Phones"))
        #expect(try AlgoliaAPI.filter("brand:Apple") == Scope(attribute: "brand", value: "Apple"))
        #expect(
            try AlgoliaAPI.filter(#" "brand" : "Say \"hi\" \\ there" "#)
                == Scope(attribute: "brand", value: #"Say "hi" \ there"#))
        #expect(try AlgoliaAPI.filter("") == nil)
        for refused in [
            "brand:Apple AND categories:Phones", "price > 10", "NOT brand:Apple", "(brand:Apple)", "brand:",
            #"brand:"open"#, ":x",
        ] {
            #expect(throws: APIError.self, "\(refused)") { try AlgoliaAPI.filter(refused) }
        }
        let (status, json) = Self.post(
            "/1/indexes/products/query", #"{"query": "", "filters": "brand:\"AT&T GoPhone\"", "hitsPerPage": 1000}"#)
        #expect(status == 200)
        guard case .array(let hits)? = json["hits"] else {
            Issue.record("no hits")
            return
        }
        #expect(!hits.isEmpty)
        #expect(hits.allSatisfy { $0["brand"] == .string("AT&T GoPhone") })
    }

    @Test func badRequestsGetAlgoliasErrorShape() {
        let cases: [(String, String, Int, String)] = [
            (
                "/1/indexes/products/query", #"{"query": "ip", "getRankingInfo": true}"#, 400,
                "Unknown parameter: getRankingInfo"
            ),
            ("/1/indexes/products/query", #"{"filters": "NOT (brand:A)"}"#, 400, "filters: NOT before parentheses"),
            (
                "/1/indexes/products/query", #"{"facetFilters": "brand"}"#, 400,
                "facetFilters: expected \"attribute:value\""
            ),
            (
                "/1/indexes/suggestions/query", #"{"filters": "a:1 AND b:2"}"#, 400,
                "filters: the suggestions index takes one"
            ),
            (
                "/1/indexes/suggestions/query", #"{"numericFilters": ["p>1"]}"#, 400,
                "numericFilters: the suggestions index"
            ),
            ("/1/indexes/products/facets/brand/query", #"{"facetQuery": "a"}"#, 400, "Cannot search in `brand`"),
            ("/1/indexes/suggestions/facets/brand/query", #"{}"#, 400, "Cannot search facet values in the suggestions"),
            (
                "/1/indexes/products/query", #"{"hitsPerPage": 1001}"#, 400,
                "hitsPerPage: expected a whole number from 0 to 1000, found 1001"
            ),
            ("/1/indexes/products/query", #"{"page": -1}"#, 400, "page: expected a whole number"),
            ("/1/indexes/products/query", #"{"page": 1.5}"#, 400, "page: expected a whole number"),
            ("/1/indexes/products/query", #"{"query": 3}"#, 400, "query: expected a string, found a number"),
            ("/1/indexes/products/query", #"{"queryType": "prefixAll"}"#, 400, "queryType: prefixAll is not supported"),
            ("/1/indexes/products/query", #"{"typoTolerance": "min"}"#, 400, "typoTolerance: min is not supported"),
            ("/1/indexes/products/query", #"{"query": "#, 400, "The body is not valid JSON"),
            ("/1/indexes/products/query", #"["ip"]"#, 400, "The body must be a JSON object"),
            ("/1/indexes/products/query", #"{"params": "query=%zz"}"#, 400, "params: malformed percent-encoding"),
            ("/1/indexes/orders/query", #"{}"#, 404, "Index orders does not exist"),
            (
                "/1/indexes/*/queries", #"{"requests": [{"indexName": "products"}, {"query": "x"}]}"#, 400,
                "requests[1]: indexName is missing"
            ),
            (
                "/1/indexes/*/queries", #"{"requests": [{"indexName": "products", "type": "facet"}]}"#, 400,
                "requests[0]: type: only"
            ),
            ("/1/indexes/*/queries", #"{"requests": [], "strategy": "stopIfEnoughMatches"}"#, 400, "strategy: only"),
            ("/1/indexes/*/queries", #"{"queries": []}"#, 400, "Unknown parameter: queries"),
            ("/1/keys", "{}", 404, "Not found"),
        ]
        for (path, body, status, message) in cases {
            let (found, json) = Self.post(path, body)
            #expect(found == status, "\(body)")
            #expect(json["status"] == .number(Double(status)))
            #expect(json["message"]?.stringValue?.hasPrefix(message) == true, "\(json)")
        }
        let get = Self.api.respond(to: HTTPRequest(method: "GET", path: "/1/indexes/products/query"))
        #expect(get.status == 405)
    }

    @Test func severalQueriesAreAnsweredInOrderWithTheirIndex() {
        let (status, json) = Self.post(
            "/1/indexes/*/queries",
            #"{"requests": [{"indexName": "suggestions", "query": "ip", "hitsPerPage": 3}, {"indexName": "products", "params": "query=galaxy&page=99"}]}"#
        )
        #expect(status == 200)
        guard case .array(let results)? = json["results"], results.count == 2 else {
            Issue.record("\(json)")
            return
        }
        #expect(results[0]["index"] == .string("suggestions"))
        #expect(results[1]["index"] == .string("products"))
        // A page past the end: no hits, and the count of them all.
        #expect(results[1]["hits"] == .array([]))
        #expect(results[1]["page"] == .number(99))
        #expect(results[1]["nbHits"]?.numberValue ?? 0 > 0)
    }

    @Test func settingsSayWhatDecidesTheAnswers() {
        let response = Self.api.respond(to: HTTPRequest(method: "GET", path: "/1/indexes/products/settings"))
        #expect(response.status == 200)
        let json = try! JSONParser.parse(response.bodyBytes)
        #expect(
            json["searchableAttributes"]
                == .array(Self.engine.content.config.searchableAttributes.map(JSONValue.string)))
        #expect(
            json["customRanking"] == .array(Self.engine.content.config.customRanking.map { .string($0.description) }))
        #expect(
            json["ranking"]
                == .array(["typo", "words", "proximity", "attribute", "exact", "custom"].map(JSONValue.string)))
        #expect(json["paginationLimitedTo"] == .number(1000))
        let suggestions = try! JSONParser.parse(
            Self.api.respond(to: HTTPRequest(method: "GET", path: "/1/indexes/suggestions/settings")).bodyBytes)
        #expect(suggestions["searchableAttributes"] == .array([.string("query")]))
    }

    @Test func aBrowserOnAnotherOriginMayAsk() {
        let preflight = Self.api.respond(to: HTTPRequest(method: "OPTIONS", path: "/1/indexes/products/query"))
        #expect(preflight.status == 204)
        #expect(preflight.header("Access-Control-Allow-Origin") == "*")
        #expect(preflight.header("Access-Control-Allow-Headers")?.contains("X-Algolia-API-Key") == true)
    }
}

extension AlgoliaAPITests {
    @Test func aShopsIndexNamesAreAliasesAnsweredUnderTheirName() {
        let api = AlgoliaAPI(engine: { Self.engine }, aliases: ["shop_products": .products, "shop_qs": .suggestions])
        let response = api.respond(
            to: HTTPRequest(
                method: "POST", path: "/1/indexes/*/queries",
                body: Array(
                    #"{"requests": [{"indexName": "shop_products", "query": "ip"}, {"indexName": "shop_qs"}]}"#.utf8)))
        let json = try! JSONParser.parse(response.bodyBytes)
        guard case .array(let results)? = json["results"] else {
            Issue.record("\(json)")
            return
        }
        #expect(results[0]["index"] == .string("shop_products"))
        #expect(results[0]["nbHits"] == Self.post("/1/indexes/products/query", #"{"query": "ip"}"#).json["nbHits"])
        #expect(results[1]["index"] == .string("shop_qs"))
        let missing = api.respond(to: HTTPRequest(method: "POST", path: "/1/indexes/orders/query"))
        #expect(missing.status == 404)
        #expect(
            (try? JSONParser.parse(missing.bodyBytes))?["message"]
                == .string(
                    "Index orders does not exist (this server has products, suggestions, shop_products, shop_qs)"))
    }

    @Test func highlightTagsGiveTheRecordsOwnTextAroundTheMatches() {
        // Hostile text survives as text: the client that asked for its own tags escapes it.
        #expect(
            SearchEngine.retag("&lt;b&gt; <em>Ca&amp;se</em> &amp;amp; &quot;x&#39;", pre: "__a__", post: "__/a__")
                == "<b> __a__Ca&se__/a__ &amp; \"x'")
        #expect(SearchEngine.retag("no match", pre: "[", post: "]") == "no match")
        let (status, json) = Self.post(
            "/1/indexes/products/query",
            #"{"query": "iphone", "hitsPerPage": 0, "facets": ["brand"], "highlightPreTag": "["}"#)
        #expect(status == 200)
        guard case .object(let members) = json else { return #expect(Bool(false)) }
        #expect(members["hits"] == .array([]) && members["nbPages"] == .number(0))
        #expect(members["nbHits"] != .number(0) && members["facets"] != nil)
    }
}
