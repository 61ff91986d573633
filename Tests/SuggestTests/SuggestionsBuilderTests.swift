import Foundation
import Testing
import TypeaheadEngine
import TypeaheadModel
import TypeaheadTestSupport

@testable import TypeaheadSuggest

/// A small catalogue for every step of SUGGESTIONS.md.
enum Catalogue {
    static let products: [Product] = [
        Product(objectID: "1", name: "Samsung Galaxy S7", brand: "Samsung", categories: ["Cell Phones"]),
        Product(objectID: "2", name: "Samsung Galaxy S8", brand: "Samsung", categories: ["Cell Phones"]),
        Product(
            objectID: "3", name: "Galaxy S7 Case", brand: "Otterbox", categories: ["Cell Phone Accessories", "Cases"]),
        Product(
            objectID: "4", name: "iPhone 7 Case", brand: "Otterbox", categories: ["Cell Phone Accessories", "Cases"]),
        Product(objectID: "5", name: "iPhone 7 Cases (2-Pack)", brand: "Speck", categories: ["Cases"]),
        Product(objectID: "6", name: "Apple iPhone 7", brand: "Apple", categories: ["Cell Phones"]),
        Product(objectID: "7", name: "AT&T Prepaid Card", brand: "AT&T", categories: ["Cards"]),
        Product(objectID: "8", name: "Free Phone Stand", brand: "Generic", categories: ["Cell Phone Accessories"]),
    ]

    static func content() -> Content {
        Content(products: products, suggestions: [], config: SiteConfig())
    }

    static func config(_ change: (inout SuggestionsConfig) -> Void = { _ in }) -> SuggestionsConfig {
        var config = SuggestionsConfig(indexName: "instant_search")
        config.minHits = 1
        change(&config)
        return config
    }

    static func run(
        _ log: [(String, Int)], _ change: (inout SuggestionsConfig) -> Void = { _ in }
    ) -> SuggestionsBuilder.Output {
        SuggestionsBuilder(
            content: content(), config: config(change), log: log.map { LogEntry(query: $0.0, count: $0.1) }
        ).run()
    }

    static func queries(_ output: SuggestionsBuilder.Output) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: output.records.map { ($0.query, $0.popularity) })
    }
}

@Suite("typeahead suggest, step by step")
struct SuggestionsBuilderTests {
    @Test("Clean: trimmed, one space, lower case; equal queries add their counts")
    func clean() {
        #expect(SuggestionsBuilder.clean("  Samsung \t  GALAXY ") == "samsung galaxy")
        #expect(SuggestionsBuilder.clean("Cafe\u{301}") == "café")  // one spelling (NFC)
        let output = Catalogue.run([("Samsung Galaxy", 3), ("samsung  galaxy ", 2), ("   ", 9)])
        #expect(Catalogue.queries(output) == ["samsung galaxy": 5])
        #expect(output.summary.merged == 1)
        #expect(output.summary.rejected[.empty] == 1)
    }

    @Test("Reject: fewer than minLetters letters and digits")
    func minLetters() {
        let output = Catalogue.run([("s7", 5), ("case", 5), ("s 7 ", 5)]) { $0.minLetters = 3 }
        #expect(Catalogue.queries(output) == ["case": 5])
        #expect(output.skipped.contains(#"skipping "s7": 2 letters, expected 3"#))
        #expect(output.summary.rejected[.tooShort] == 2)
    }

    @Test("Reject: special characters, unless allowed")
    func specialCharacters() {
        let strict = Catalogue.run([("at&t", 4), ("iphone 7 case!", 1)]) { $0.minLetters = 3 }
        #expect(strict.records.isEmpty)
        #expect(strict.skipped.contains(#"skipping "at&t": special character "&""#))
        let allowed = Catalogue.run([("at&t", 4)]) {
            $0.allowSpecialCharacters = true
            $0.minLetters = 3
        }
        #expect(Catalogue.queries(allowed) == ["at&t": 4])
    }

    @Test("Reject: exclude words, phrases and regular expressions")
    func exclude() {
        let output = Catalogue.run([("iphone 7 case", 3), ("iphone 7 cases", 2), ("free phone", 1), ("galaxy s7", 1)]) {
            $0.exclude = ["case", "^free", "s\\d$"]
        }
        // "case" is a word: "cases" is not excluded by it.
        #expect(Catalogue.queries(output) == ["iphone 7 cases": 2])
        #expect(output.skipped.contains(#"skipping "iphone 7 case": excluded by "case""#))
        #expect(output.skipped.contains(#"skipping "free phone": excluded by "^free""#))
        #expect(output.skipped.contains(#"skipping "galaxy s7": excluded by "s\d$""#))
    }

    @Test("Complete a prefix: the last word becomes the best whole word of the top hits")
    func completion() {
        let output = Catalogue.run([("samsu", 4), ("samsung", 1), ("iphone 7 cas", 2), ("galaxy s", 1)])
        // samsu → samsung (merged with the logged "samsung"); cas → cases (as close as "case" and
        // as near "7", but in two of the hits, "case" in one); s → s7 (right after "galaxy", where
        // "samsung" comes before it).
        #expect(Catalogue.queries(output) == ["samsung": 5, "iphone 7 cases": 2, "galaxy s7": 1])
        #expect(output.summary.completed == 3)
        // A last word that is a word of the catalogue is left as it is.
        let index = SearchEngine(content: Catalogue.content()).products
        let scratch = SearchScratch(vocabularySize: index.vocabularySize)
        #expect(index.completion(ofLastWordIn: "iphone 7 case", scratch: scratch) == nil)
        #expect(index.completion(ofLastWordIn: "otterb", scratch: scratch) == "otterbox")
        #expect(index.completion(ofLastWordIn: "zzzz", scratch: scratch) == nil)
        // A typo is completed to the word it matched: "iphnoe" is logged, "iphone" suggested.
        #expect(index.completion(ofLastWordIn: "iphnoe", scratch: scratch) == "iphone")
    }

    @Test("Vet: an exact search (whole words, no typo, no prefix) with minHits; its counts and facets")
    func vetting() {
        let output = Catalogue.run([("galaxy", 9), ("galaxy s7", 3), ("iphone 7 case", 2), ("xyzzy", 7)]) {
            $0.minHits = 2
            $0.facets = [.init(attribute: "categories", amount: 2), .init(attribute: "brand", amount: 1)]
        }
        #expect(output.skipped.contains(#"skipping "xyzzy": 0 hits, expected 2"#))
        // "iphone 7 case": products 4 and 5? No: 5 says "Cases", not "case" (no prefix, no typo).
        #expect(output.skipped.contains(#"skipping "iphone 7 case": 1 hits, expected 2"#))
        let galaxy = output.records.first { $0.query == "galaxy" }!
        #expect(galaxy.exactNbHits == 3)
        #expect(galaxy.facets.map(\.attribute) == ["categories", "brand"])
        #expect(galaxy.facets[0].values.map(\.value) == ["Cell Phones", "Cases"])
        #expect(galaxy.facets[0].values.map(\.count) == [2, 1])
        #expect(galaxy.facets[1].values.map(\.value) == ["Samsung"])  // 2 before Otterbox's 1
        #expect(output.records.map(\.query) == ["galaxy", "galaxy s7"])
    }

    @Test("Generate: facet-value combinations that occur in a product, with popularity 0")
    func generate() {
        let builder = SuggestionsBuilder(
            content: Catalogue.content(),
            config: Catalogue.config { $0.generate = [["brand"], ["brand", "categories"]] }, log: [])
        let generated = builder.generatedQueries()
        #expect(generated.contains("Otterbox"))
        #expect(generated.contains("Otterbox Cell Phone Accessories"))
        #expect(generated.contains("Samsung Cell Phones"))
        #expect(!generated.contains("Samsung Cases"))  // no Samsung product is a case
        let output = builder.run()
        #expect(Catalogue.queries(output)["otterbox cases"] == 0)
        #expect(Catalogue.queries(output)["at&t"] == nil)  // special character
        #expect(output.summary.generated == generated.count)
    }

    @Test("Merge: with languages, singular and plural are one suggestion, the more popular form")
    func plurals() {
        let log = [("iphone 7 case", 3), ("iphone 7 cases", 5), ("galaxy", 2)]
        let merged = Catalogue.run(log) { $0.languages(true) }
        #expect(Catalogue.queries(merged) == ["iphone 7 cases": 8, "galaxy": 2])
        #expect(merged.summary.mergedPlurals == 1)
        #expect(merged.skipped.contains(#"merging "iphone 7 case" into "iphone 7 cases" (singular and plural)"#))
        let apart = Catalogue.run(log)
        #expect(Catalogue.queries(apart) == ["iphone 7 case": 3, "iphone 7 cases": 5, "galaxy": 2])
    }

    @Test(
        "English singulars, irregular ones included",
        arguments: [
            ("cases", "case"), ("batteries", "battery"), ("watches", "watch"), ("dishes", "dish"), ("glasses", "glass"),
            ("boxes", "box"), ("heroes", "hero"), ("shoes", "shoe"), ("men", "man"), ("women", "woman"),
            ("children", "child"), ("people", "person"), ("mice", "mouse"), ("feet", "foot"), ("teeth", "tooth"),
            ("knives", "knife"), ("shelves", "shelf"), ("lenses", "lens"), ("series", "series"), ("news", "news"),
            ("bus", "bus"), ("tennis", "tennis"), ("glass", "glass"), ("keys", "key"), ("movies", "movie"),
            ("s7", "s7"), ("tvs", "tvs"), ("cafés", "cafés"),
        ])
    func singular(_ plural: String, _ singular: String) {
        #expect(EnglishPlural.singular(plural) == singular)
    }

    @Test("Deterministic: the same records whatever the order of the log and the catalogue")
    func determinism() {
        let log = [("samsu", 4), ("Galaxy", 2), ("iphone 7 case", 1), ("otterbox", 3), ("galaxy ", 1)]
        let a = Catalogue.run(log) { $0.facets = [.init(attribute: "categories", amount: 3)] }
        var content = Catalogue.content()
        content.products.reverse()
        let b = SuggestionsBuilder(
            content: content, config: Catalogue.config { $0.facets = [.init(attribute: "categories", amount: 3)] },
            log: log.reversed().map { LogEntry(query: $0.0, count: $0.1) }
        ).run()
        #expect(
            SuggestionsFile.render(a.records, indexName: "i") == SuggestionsFile.render(b.records, indexName: "i"))
        #expect(a.skipped == b.skipped)
    }

    @Test("Written in the record shape the build reads, sorted by objectID")
    func shape() throws {
        let output = Catalogue.run([("galaxy", 2), ("apple", 1)]) { $0.facets = [.init(attribute: "brand", amount: 1)] }
        let text = String(decoding: SuggestionsFile.render(output.records, indexName: "instant_search"), as: UTF8.self)
        #expect(
            text == """
                [
                {"instant_search":{"exact_nb_hits":1,"facets":{"exact_matches":{"brand":[{"count":1,"value":"Apple"}]}}},"nb_words":1,"objectID":"apple","popularity":1,"query":"apple"},
                {"instant_search":{"exact_nb_hits":3,"facets":{"exact_matches":{"brand":[{"count":2,"value":"Samsung"}]}}},"nb_words":1,"objectID":"galaxy","popularity":2,"query":"galaxy"}
                ]

                """)
    }
}

extension SuggestionsConfig {
    mutating func languages(_ on: Bool) { mergePlurals = on }
}

@Suite("typeahead suggest under hostile logs: bounded, and never keeps what build refuses")
struct SuggestHardeningTests {
    @Test("Counts saturate at the largest exact JSON number instead of overflowing (they trapped)")
    func countsSaturate() {
        let huge = RecordLimits.maximumCount
        let output = Catalogue.run([("galaxy", huge), ("galaxy", huge), ("galaxys", huge), ("galaxies", 5)]) {
            $0.mergePlurals = true
        }
        #expect(Catalogue.queries(output)["galaxy"] == huge)
        #expect(RecordLimits.addingCounts(Int.max, Int.max) == huge)
        #expect(RecordLimits.addingCounts(huge, 1) == huge)
        #expect(RecordLimits.addingCounts(2, 3) == 5)
        // Written as digits, as every other count (it was 9007199254740991.0).
        #expect(JSONWriter.format(Double(huge)) == "9007199254740991")
    }

    @Test("A logged query of 33 words or over 1,024 bytes is skipped as too long, as build would refuse it")
    func tooLong() {
        let words = (1...33).map { "galaxy\($0)" }.joined(separator: " ")
        let long = "galaxy " + String(repeating: "s", count: 2000)
        let output = Catalogue.run([(words, 3), (long, 4), ("galaxy", 1)])
        #expect(Catalogue.queries(output).keys.sorted() == ["galaxy"])
        #expect(output.summary.rejected[.tooLong] == 2)
        #expect(output.skipped.contains { $0.contains("33 words; the limit is 32") })
        #expect(output.skipped.contains { $0.contains("2007 bytes long; the limit is 1024 bytes") })
        #expect(output.skipped.allSatisfy { $0.utf8.count < 400 }, "a skip line quotes 80 characters at most")
    }
}

@Suite("Query logs read within their bounds")
struct QueryLogBoundsTests {
    @Test("A line over 64 KiB stops the reading at once, naming the file and the line")
    func longLine() throws {
        let folder = try TestSupport.temporaryDirectory("log-bounds")
        let path = folder.appendingPathComponent("log.csv").path
        // 4 MiB in one line: read in 1 MiB chunks, refused in the first.
        var text = "query,count\niphone,3\n"
        text += String(repeating: "a", count: 4 << 20) + ",1\n"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        do {
            _ = try QueryLog.read(path: path)
            Issue.record("read a 4 MiB line")
        } catch {
            #expect(
                error.description.contains("log.csv: line 3: longer than 65536 bytes; the limit of one query-log line"))
        }
        let ndjson = folder.appendingPathComponent("log.ndjson").path
        try ("{\"query\":\"" + String(repeating: "b", count: 70_000) + "\",\"count\":1}\n").write(
            toFile: ndjson, atomically: false, encoding: .utf8)
        #expect(throws: ContentError.self) { try QueryLog.read(path: ndjson) }
    }

    @Test("A count above 2^53 - 1 is refused; one at it is read")
    func hugeCounts() throws {
        let folder = try TestSupport.temporaryDirectory("log-counts")
        let path = folder.appendingPathComponent("log.csv").path
        try "query,count\niphone,9223372036854775807\niphone,9007199254740991\n".write(
            toFile: path, atomically: false, encoding: .utf8)
        do {
            _ = try QueryLog.read(path: path)
            Issue.record("read a count past 2^53 - 1")
        } catch {
            #expect(
                error.description.contains(
                    "log.csv: line 2, field \"count\": expected a whole number from 0 to 9007199254740991, found \"9223372036854775807\""
                ))
            #expect(!error.description.contains("line 3"))
        }
    }
}
