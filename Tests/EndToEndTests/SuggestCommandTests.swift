import Foundation
import Testing
import TypeaheadModel
import TypeaheadTestSupport

@Suite("typeahead suggest, run as a program")
struct SuggestCommandTests {
    static let sample = TestSupport.packageRoot.appendingPathComponent("Content")

    /// A content folder with the small fixture's products, a configuration and a log.
    static func folder(config: String, log: (name: String, text: String)) throws -> URL {
        let folder = try TestSupport.temporaryDirectory("suggest")
        let products = TestSupport.packageRoot.appendingPathComponent(
            "Tests/EndToEndTests/Fixtures/small/Content/products.json")
        try FileManager.default.copyItem(at: products, to: folder.appendingPathComponent("products.json"))
        _ = try TestSupport.write(config, to: "suggestions.config.json", in: folder)
        _ = try TestSupport.write(log.text, to: log.name, in: folder)
        return folder
    }

    static let config = #"""
        {"sourceIndices":[{"indexName":"instant_search","minHits":1,"minLetters":4,
          "facets":[{"attribute":"categories","amount":2}],"external":["searches.csv"]}],"languages":["en"]}
        """#

    @Test("Writes query_suggestions.json that typeahead build reads; --dry-run writes nothing")
    func writes() throws {
        let folder = try Self.folder(
            config: Self.config,
            log: ("searches.csv", "search,count\niPhone,30\nsamsu,12\nsamsung galaxy,4\n\"speck, case\",1\nxyzzy,9\n"))
        let output = folder.appendingPathComponent("query_suggestions.json")
        let dry = try TestSupport.runTypeahead(["suggest", "--content", folder.path, "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(dry.stdout.contains("would get 3 added, 0 removed, 0 changed"))
        let run = try TestSupport.runTypeahead(["suggest", "--content", folder.path, "--verbose"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains(#"skipping "xyzzy": 0 hits, expected 1"#))
        #expect(run.stderr.contains(#"skipping "speck, case": special character ",""#))
        #expect(run.stderr.contains("Suggestions: 5 candidates (5 logged, 0 generated), 5 distinct once cleaned"))
        #expect(run.stderr.contains("completed 1 prefixes"))
        #expect(run.stderr.contains("kept 3"))
        let records = try JSONParser.parse([UInt8](Data(contentsOf: output)))
        guard case .array(let list) = records else { throw CocoaError(.fileReadCorruptFile) }
        #expect(list.compactMap { $0["objectID"]?.stringValue } == ["iphone", "samsung", "samsung galaxy"])
        #expect(list[1]["popularity"] == .number(12))
        // The build reads it: the suggestions lead to result pages.
        let site = folder.appendingPathComponent("site")
        let build = try TestSupport.runTypeahead([
            "build", "--content", folder.path, "--templates",
            TestSupport.packageRoot.appendingPathComponent("Templates").path,
            "--output", site.path,
        ])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("search/samsung.html").path))
        // A second run changes nothing.
        let again = try TestSupport.runTypeahead(["suggest", "--content", folder.path])
        #expect(again.stderr.contains("(0 added, 0 removed, 0 changed)"))
    }

    @Test(
        "Bad input: exit 1, naming the file, the line and the field, and nothing written",
        arguments: [
            (Self.config, "search,count\niphone,\n", "searches.csv: line 2, field \"count\": missing"),
            (
                Self.config, "search,count\niphone,-2\n",
                "searches.csv: line 2, field \"count\": expected a whole number from 0 to 9007199254740991"
            ),
            (
                Self.config.replacingOccurrences(of: "\"minHits\"", with: "\"minHitz\""), "search,count\na,1\n",
                "field \"sourceIndices[0].minHitz\": unknown field"
            ),
            (
                Self.config.replacingOccurrences(of: "\"languages\"", with: "\"exclude\":[\"[a-\"],\"languages\""),
                "search,count\na,1\n", "field \"exclude[0]\": not a valid regular expression"
            ),
            (
                Self.config.replacingOccurrences(of: "\"categories\"", with: "\"colour\""), "search,count\na,1\n",
                "field \"sourceIndices[0].facets[0].attribute\": no product has the attribute \"colour\""
            ),
        ])
    func badInput(_ config: String, _ log: String, _ expected: String) throws {
        let folder = try Self.folder(config: config, log: ("searches.csv", log))
        let result = try TestSupport.runTypeahead(["suggest", "--content", folder.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("query_suggestions.json").path))
    }

    @Test("The sample's suggestions are typeahead suggest's output of its log and configuration")
    func sampleIsCurrent() throws {
        let result = try TestSupport.runTypeahead(["suggest", "--content", Self.sample.path, "--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("would get 0 added, 0 removed, 0 changed"),
            "Content/query_suggestions.json is stale: run typeahead suggest (\(result.stdout))")
    }
}
