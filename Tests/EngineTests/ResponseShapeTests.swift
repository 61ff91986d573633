import Foundation
import Testing
import TypeaheadEngine
import TypeaheadModel
import TypeaheadTestSupport

@Suite("Response shape, compared with recorded real Algolia responses")
struct ResponseShapeTests {
    static let folder = TestSupport.packageRoot.appendingPathComponent("Tests/EngineTests/Fixtures/algolia-responses")

    static func load(_ path: String) throws -> JSONValue {
        try JSONParser.parse([UInt8](Data(contentsOf: folder.appendingPathComponent(path))))
    }

    /// Every object in a document that looks like a search result (has nbHits).
    static func results(_ value: JSONValue) -> [[String: JSONValue]] {
        switch value {
        case .object(let members):
            let own = members["nbHits"] != nil ? [members] : []
            return own + members.keys.sorted().flatMap { results(members[$0]!) }
        case .array(let values): return values.flatMap(results)
        default: return []
        }
    }

    static func kind(_ value: JSONValue) -> String {
        switch value {
        case .number(let n): return n.rounded() == n ? "integer" : "number"
        default: return value.typeName
        }
    }

    static let sample = try! ContentLoader(directory: TestSupport.packageRoot.appendingPathComponent("Content").path)
        .load()
    static let engine = SearchEngine(content: sample)

    @Test("Top-level keys and their JSON types match a recorded products response")
    func topLevel() throws {
        let recorded = try #require(Self.results(try Self.load("autocomplete/products.json")).first)
        let page = Self.engine.search(SearchRequest(index: .products, query: "iphone"))
        guard case .object(let ours) = Self.engine.response(page, processingTimeMS: 1) else {
            Issue.record("not an object")
            return
        }
        for key in ["hits", "nbHits", "page", "nbPages", "hitsPerPage", "query", "params", "processingTimeMS"] {
            #expect(ours[key] != nil, "\(key)")
        }
        for (key, value) in ours {
            let theirs = try #require(recorded[key], "key \(key) is not in the recorded response")
            #expect(Self.kind(value) == Self.kind(theirs), "\(key)")
        }
    }

    @Test("Hits carry the record and _highlightResult shaped like Algolia's, arrays included")
    func hits() throws {
        let recorded = try #require(Self.results(try Self.load("autocomplete/products.json")).first)
        guard case .array(let theirHits) = recorded["hits"], case .object(let theirHit) = theirHits[0],
            case .object(let theirHighlight) = theirHit["_highlightResult"]
        else {
            Issue.record("recorded hit")
            return
        }
        let page = Self.engine.search(SearchRequest(index: .products, query: "apple iphone"))
        guard case .object(let response) = Self.engine.response(page, processingTimeMS: 0),
            case .array(let hits) = response["hits"], case .object(let hit) = hits[0],
            case .object(let highlight) = hit["_highlightResult"]
        else {
            Issue.record("our hit")
            return
        }
        for key in ["objectID", "name", "brand", "categories", "price", "popularity"] {
            #expect(Self.kind(hit[key]!) == Self.kind(theirHit[key]!) || key == "price", "\(key)")
        }
        for attribute in ["name", "brand", "categories", "description"] {
            let ours = try #require(highlight[attribute])
            let theirs = try #require(theirHighlight[attribute])
            #expect(Self.kind(ours) == Self.kind(theirs), "\(attribute)")
            let ourEntries: [JSONValue] = { if case .array(let a) = ours { return a } else { return [ours] } }()
            let theirEntries: [JSONValue] = { if case .array(let a) = theirs { return a } else { return [theirs] } }()
            let allowed = Set(
                theirEntries.flatMap { entry -> [String] in
                    if case .object(let m) = entry { return Array(m.keys) } else { return [] }
                })
            for entry in ourEntries {
                guard case .object(let members) = entry else {
                    Issue.record("entry")
                    continue
                }
                #expect(Set(members.keys).isSubset(of: allowed.union(["fullyHighlighted"])), "\(attribute)")
                #expect(Self.kind(members["value"]!) == "a string")
                #expect(Self.kind(members["matchLevel"]!) == "a string")
                #expect(Self.kind(members["matchedWords"]!) == "an array")
            }
        }
    }

    @Test("Suggestion hits are the exported record plus _highlightResult.query")
    func suggestions() throws {
        guard case .array(let recordedHits) = try Self.load("autocomplete/query-suggestions.json"),
            case .object(let theirs) = recordedHits[0]
        else {
            Issue.record("recorded")
            return
        }
        let page = Self.engine.search(SearchRequest(index: .suggestions, query: "ipho"))
        guard case .object(let response) = Self.engine.response(page, processingTimeMS: 0),
            case .array(let hits) = response["hits"], case .object(let hit) = hits[0]
        else {
            Issue.record("ours")
            return
        }
        #expect(Set(hit.keys) == Set(theirs.keys))
        #expect(hit["_highlightResult"]?["query"]?["value"] == .string("<em>ipho</em>ne"))
    }

    @Test("nbPages = min(ceil(nbHits / hitsPerPage), ceil(1000 / hitsPerPage)) holds on every recorded response")
    func nbPagesRecorded() throws {
        var checked = 0
        let files = FileManager.default.enumerator(atPath: Self.folder.path)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".json") }.sorted()
        for file in files {
            for result in Self.results(try Self.load(file)) {
                // Only responses as the API sent them (with params and processingTimeMS); some
                // helper fixtures were trimmed by hand (no hits, a made-up nbPages).
                guard result["params"] != nil, result["processingTimeMS"] != nil,
                    let hits = result["nbHits"]?.numberValue, let perPage = result["hitsPerPage"]?.numberValue,
                    let pages = result["nbPages"]?.numberValue, perPage > 0
                else { continue }
                #expect(SearchEngine.pageCount(hits: Int(hits), hitsPerPage: Int(perPage)) == Int(pages), "\(file)")
                checked += 1
            }
        }
        #expect(checked >= 5)
    }

    @Test("Pagination stops at paginationLimitedTo 1000")
    func paginationLimit() {
        #expect(SearchEngine.pageCount(hits: 3377, hitsPerPage: 20) == 50)
        #expect(SearchEngine.pageCount(hits: 3377, hitsPerPage: 7) == 143)
        #expect(SearchEngine.pageCount(hits: 0, hitsPerPage: 20) == 0)
        let last = Self.engine.search(SearchRequest(index: .products, query: "", page: 49))
        #expect(last.hits.count == 20)
        #expect(Self.engine.search(SearchRequest(index: .products, query: "", page: 50)).hits.isEmpty)
        let odd = Self.engine.search(SearchRequest(index: .products, query: "", page: 142, hitsPerPage: 7))
        #expect(odd.hits.count == 6)  // 142 * 7 = 994; only 6 more before 1000
    }
}
