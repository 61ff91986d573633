import Foundation
import Testing
import TypeaheadModel
import TypeaheadTestSupport

@testable import TypeaheadSuggest

@Suite("typeahead suggest: configuration and query logs")
struct SuggestInputTests {
    static func file(_ name: String, _ text: String) throws -> String {
        let folder = try TestSupport.temporaryDirectory("suggest")
        return try TestSupport.write(text, to: name, in: folder).path
    }

    static func failure(_ body: () throws(ContentError) -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test("Logs: CSV with quotes, TSV, Algolia's top searches JSON, NDJSON")
    func formats() throws {
        let csv = try Self.file(
            "log.csv", "\u{FEFF}Search,Count,nbHits\n\"iphone, case\",12,3\n\"say \"\"hi\"\"\",2,0\nsamsung,5,1\n")
        #expect(
            try QueryLog.read(path: csv) == [
                LogEntry(query: "iphone, case", count: 12), LogEntry(query: "say \"hi\"", count: 2),
                LogEntry(query: "samsung", count: 5),
            ])
        let tsv = try Self.file("log.tsv", "count\tquery\n3\tgalaxy s7\n\n")
        #expect(try QueryLog.read(path: tsv) == [LogEntry(query: "galaxy s7", count: 3)])
        let json = try Self.file("top.json", #"{"searches":[{"search":"iphone","count":300,"nbHits":12}]}"#)
        #expect(try QueryLog.read(path: json) == [LogEntry(query: "iphone", count: 300)])
        let ndjson = try Self.file("log.ndjson", "{\"query\":\"a b\",\"count\":1}\n\n{\"query\":\"c\",\"count\":0}\n")
        #expect(try QueryLog.read(path: ndjson) == [LogEntry(query: "a b", count: 1), LogEntry(query: "c", count: 0)])
    }

    @Test("Logs: a line without a count, a negative count, a bad header: file, line and field")
    func badLogs() throws {
        let csv = try Self.file("log.csv", "query,count\niphone,\nsamsung,-3\ngalaxy,2.5\n")
        let message = Self.failure { () throws(ContentError) in _ = try QueryLog.read(path: csv) }
        #expect(message.contains("log.csv: line 2, field \"count\": missing: every entry needs a count"))
        #expect(
            message.contains(
                "log.csv: line 3, field \"count\": expected a whole number from 0 to 9007199254740991, found \"-3\""))
        #expect(
            message.contains(
                "log.csv: line 4, field \"count\": expected a whole number from 0 to 9007199254740991, found \"2.5\""))
        let header = try Self.file("log.tsv", "q\tn\nx\t1\n")
        #expect(
            Self.failure { () throws(ContentError) in _ = try QueryLog.read(path: header) }.contains(
                "log.tsv: line 1: the header must name a query (or search) column and a count column"))
        let json = try Self.file(
            "top.json", #"{"searches":[{"search":"a","count":1},{"search":"b"},{"search":"c","count":-1}]}"#)
        let jsonMessage = Self.failure { () throws(ContentError) in _ = try QueryLog.read(path: json) }
        #expect(jsonMessage.contains("top.json: searches[1], field \"count\": missing"))
        #expect(
            jsonMessage.contains(
                "top.json: searches[2], field \"count\": expected a whole number from 0 to 9007199254740991, found -1"))
        let ndjson = try Self.file("log.ndjson", "{\"query\":\"a\",\"count\":1}\n{\"query\":\"b\"}\n")
        #expect(
            Self.failure { () throws(ContentError) in _ = try QueryLog.read(path: ndjson) }.contains(
                "log.ndjson: line 2, field \"count\": missing"))
        let open = try Self.file("log.csv", "query,count\nok,2\n\"never closed,1\nmore,3\n")
        #expect(
            Self.failure { () throws(ContentError) in _ = try QueryLog.read(path: open) }.contains(
                "log.csv: line 3: a quoted field opens here and is never closed"))
    }

    @Test("Configuration: Algolia's shape is read")
    func config() throws {
        let path = try Self.file(
            "suggestions.config.json",
            #"""
            {"indexName":"qs","sourceIndices":[{"indexName":"instant_search","minHits":3,"minLetters":2,
             "facets":[{"attribute":"categories","amount":4}],"generate":[["brand"],["brand","categories"]],
             "external":["top.json"]}],"languages":["en"],"exclude":["free","^x+$"],"allowSpecialCharacters":true}
            """#)
        let config = try SuggestionsConfig.read(path: path)
        #expect(config.indexName == "instant_search" && config.minHits == 3 && config.minLetters == 2)
        #expect(config.facets == [.init(attribute: "categories", amount: 4)])
        #expect(config.generate == [["brand"], ["brand", "categories"]])
        #expect(config.external == ["top.json"] && config.mergePlurals && config.allowSpecialCharacters)
        #expect(config.exclude == ["free", "^x+$"])
        let minimal = try SuggestionsConfig.read(
            path: try Self.file("c.json", #"{"sourceIndices":[{"indexName":"i"}]}"#))
        #expect(minimal.minHits == 5 && minimal.minLetters == 4 && !minimal.mergePlurals)
    }

    @Test("Configuration: the exclude patterns together are bounded (1,000 of them took 20 s a run)")
    func tooManyPatterns() throws {
        let patterns = (0..<1000).map { "\"(a|aa)*q\($0)\"" }.joined(separator: ",")
        let path = try Self.file(
            "suggestions.config.json",
            #"{"sourceIndices":[{"indexName":"i","external":["log.csv"]}],"exclude":["# + patterns + "]}")
        let message = Self.failure { () throws(ContentError) in _ = try SuggestionsConfig.read(path: path) }
        #expect(
            message.contains("the exclude patterns together are too large (over 10000 steps of a program)"),
            "\(message)")
    }

    @Test("Configuration: unknown fields, a bad regular expression, bad numbers, unknown languages")
    func badConfig() throws {
        let path = try Self.file(
            "suggestions.config.json",
            #"{"sourceIndices":[{"indexName":"i","minHit":5,"minLetters":-1,"external":["log.xls"]}],"exclude":["(unclosed"],"languages":["fr"],"colour":1}"#
        )
        let message = Self.failure { () throws(ContentError) in _ = try SuggestionsConfig.read(path: path) }
        #expect(message.contains("suggestions.config.json, field \"colour\": unknown field"))
        #expect(message.contains("field \"sourceIndices[0].minHit\": unknown field"))
        #expect(
            message.contains("field \"sourceIndices[0].minLetters\": expected a whole number from 0 to 1000, found -1"))
        #expect(
            message.contains(
                "field \"sourceIndices[0].external[0]\": expected a .csv, .tsv, .json, .ndjson or .jsonl file"))
        #expect(message.contains("field \"exclude[0]\": not a valid regular expression: \"(unclosed\""))
        #expect(message.contains("field \"languages[0]\": only \"en\" plurals are supported, found \"fr\""))
        let empty = try Self.file("c.json", "{}")
        #expect(
            Self.failure { () throws(ContentError) in _ = try SuggestionsConfig.read(path: empty) }
                .contains("field \"sourceIndices\": required"))
    }

    @Test("Configuration: a facet or generate attribute that no product has")
    func unknownAttribute() throws {
        var config = SuggestionsConfig(indexName: "i")
        config.facets = [.init(attribute: "colour", amount: 3)]
        config.generate = [["brand", "size"]]
        let message = Self.failure { () throws(ContentError) in
            try config.validate(against: Catalogue.products, file: "suggestions.config.json")
        }
        #expect(
            message.contains("field \"sourceIndices[0].facets[0].attribute\": no product has the attribute \"colour\""))
        #expect(message.contains("field \"sourceIndices[0].generate[0][1]\": no product has the attribute \"size\""))
        #expect(!message.contains("\"brand\""))
    }
}
