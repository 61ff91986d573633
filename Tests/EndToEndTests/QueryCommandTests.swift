import Foundation
import Testing
import TypeaheadModel
import TypeaheadTestSupport

@Suite("typeahead query, run as a program")
struct QueryCommandTests {
    static let content = TestSupport.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/small/Content")
        .path

    func query(_ arguments: [String]) throws -> (TestSupport.RunResult, JSONValue?) {
        let result = try TestSupport.runTypeahead(["query", "--content", Self.content] + arguments)
        return (result, try? JSONParser.parse(Array(result.stdout.utf8)))
    }

    @Test("Prints an Algolia-shaped response, deterministic apart from processingTimeMS")
    func response() throws {
        let (result, json) = try query(["--hits-per-page", "2", "iph"])
        #expect(result.status == 0, "\(result.stderr)")
        let response = try #require(json)
        #expect(response["nbHits"] == .number(2))
        #expect(response["nbPages"] == .number(1))
        #expect(response["hitsPerPage"] == .number(2))
        #expect(response["page"] == .number(0))
        #expect(response["query"] == .string("iph"))
        #expect(response["params"] == .string("query=iph&hitsPerPage=2&page=0"))
        guard case .array(let hits) = response["hits"] else {
            Issue.record("hits")
            return
        }
        #expect(hits.first?["objectID"] == .string("5005506"))
        #expect(
            hits.first?["_highlightResult"]?["name"]?["value"]
                == .string("Apple - <em>iPh</em>one SE 16GB - Space Gray (Verizon)"))
        let (again, _) = try query(["--hits-per-page", "2", "iph"])
        let strip = { (text: String) in
            text.replacingOccurrences(of: #""processingTimeMS":\d+"#, with: "", options: .regularExpression)
        }
        #expect(strip(again.stdout) == strip(result.stdout))
    }

    @Test("Suggestions index, a filter, pages")
    func options() throws {
        let (result, json) = try query(["--index", "suggestions", "--filter", "categories:Cell Phones", ""])
        #expect(result.status == 0, "\(result.stderr)")
        guard case .array(let hits) = json?["hits"] else {
            Issue.record("hits")
            return
        }
        #expect(hits.map { $0["objectID"] } == [.string("iphone"), .string("samsung galaxy")])
        let (page, pageJSON) = try query(["--page", "1", "--hits-per-page", "2", ""])
        #expect(page.status == 0)
        guard case .array(let second) = pageJSON?["hits"] else {
            Issue.record("hits")
            return
        }
        #expect(second.count == 2)
        #expect(pageJSON?["nbPages"] == .number(3))
    }

    @Test("Hostile text comes back escaped in highlights")
    func hostile() throws {
        let (_, json) = try query(["img onerror"])
        guard case .array(let hits) = json?["hits"] else {
            Issue.record("hits")
            return
        }
        let value = hits.first?["_highlightResult"]?["name"]?["value"]?.stringValue ?? ""
        #expect(value == "&lt;/script&gt;&lt;<em>img</em> src=x <em>onerror</em>=alert(1)&gt; {{x}}")
    }

    @Test(
        "Bad options: usage and exit 2",
        arguments: [
            ["--index", "orders", "x"], ["--page", "-1", "x"], ["--hits-per-page", "0", "x"],
            ["--filter", "novalue", "x"],
            ["a", "b"], [], ["--frob", "x"],
        ])
    func usage(_ arguments: [String]) throws {
        let (result, _) = try query(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("Usage: typeahead query"))
    }

    @Test("Bad content: exit 1 with the problem")
    func badContent() throws {
        let result = try TestSupport.runTypeahead(["query", "--content", "/nonexistent", "x"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("/nonexistent: no such content folder"))
    }

    @Test("--query-type and --typo-tolerance, Algolia's names: whole words, no typo")
    func queryTypeAndTypos() throws {
        let (prefix, _) = try query(["iph"])
        #expect(prefix.stdout.contains(#""nbHits":2"#))
        let (none, json) = try query(["--query-type", "prefixNone", "iph"])
        #expect(none.status == 0, "\(none.stderr)")
        #expect(json?["nbHits"] == .number(0))
        #expect(json?["params"] == .string("query=iph&hitsPerPage=3&page=0&queryType=prefixNone"))
        let (typo, _) = try query(["--query-type", "prefixNone", "iphnoe"])
        #expect(typo.stdout.contains(#""nbHits":2"#))
        let (exact, exactJSON) = try query(["--query-type", "prefixNone", "--typo-tolerance", "false", "iphnoe"])
        #expect(exact.status == 0)
        #expect(exactJSON?["nbHits"] == .number(0))
        let (bad, _) = try query(["--typo-tolerance", "maybe", "x"])
        #expect(bad.status == 2 && bad.stderr.contains("--typo-tolerance expects true or false"))
        let (badType, _) = try query(["--query-type", "prefixAll", "x"])
        #expect(badType.status == 2 && badType.stderr.contains("--query-type expects prefixLast or prefixNone"))
    }
}
