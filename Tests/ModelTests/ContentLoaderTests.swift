import Foundation
import Testing
import TypeaheadModel
import TypeaheadTestSupport

/// A content folder with valid defaults, where one file can be replaced per test.
struct ContentFolder {
    let url: URL

    static let products =
        #"[{"objectID":"p1","name":"Phone","brand":"Acme","categories":["Cell Phones"],"price":10,"popularity":3}]"#
    static let suggestions =
        #"[{"objectID":"phone","query":"phone","popularity":2,"instant_search":{"exact_nb_hits":1,"facets":{"exact_matches":{"categories":[{"value":"Cell Phones","count":1}]}}}}]"#

    init(
        products: String? = Self.products, suggestions: String? = Self.suggestions, site: String? = nil,
        productsName: String = "products.json"
    ) throws {
        url = try TestSupport.temporaryDirectory("content")
        if let products { try TestSupport.write(products, to: productsName, in: url) }
        if let suggestions { try TestSupport.write(suggestions, to: "query_suggestions.json", in: url) }
        if let site { try TestSupport.write(site, to: "site.json", in: url) }
    }

    func load() throws(ContentError) -> Content {
        try ContentLoader(directory: url.path).load()
    }

    /// The error text of a load that must fail.
    func failure() -> String {
        do {
            _ = try load()
            Issue.record("the load should have failed")
            return ""
        } catch {
            return error.description
        }
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

@Suite("Loading and validating Content/")
struct ContentLoaderTests {
    @Test("Valid content loads, sorted by objectID, with defaults when site.json is absent")
    func validContent() throws {
        let folder = try ContentFolder(
            products: #"[{"objectID":"b","name":"B"},{"objectID":"a","name":"A","price":1.5}]"#)
        let content = try folder.load()
        #expect(content.products.map(\.objectID) == ["a", "b"])
        #expect(content.products[0].price == 1.5)
        #expect(content.config == SiteConfig())
        #expect(content.suggestions[0].exactMatches == ["categories": ["Cell Phones"]])
        #expect(content.suggestions[0].exactNbHits == 1)
    }

    @Test("NDJSON products load, one record a line, blank lines ignored")
    func ndjson() throws {
        let folder = try ContentFolder(
            products: "{\"objectID\":\"x\",\"name\":\"X\"}\n\n{\"objectID\":\"y\",\"name\":\"Y\"}\n",
            productsName: "products.ndjson")
        #expect(try folder.load().products.map(\.objectID) == ["x", "y"])
    }

    @Test("NDJSON errors name the line")
    func ndjsonLine() throws {
        let folder = try ContentFolder(
            products: "{\"objectID\":\"x\",\"name\":\"X\"}\n{\"objectID\":\"y\",\"name\":5}\n",
            productsName: "products.jsonl")
        let message = folder.failure()
        #expect(
            message.contains(
                "\(folder.path("products.jsonl")): line 2 objectID \"y\", field \"name\": expected a non-empty string, found a number"
            ))
    }

    @Test("Malformed JSON names the file, line and column")
    func malformed() throws {
        let folder = try ContentFolder(products: "[\n{\"objectID\":\"a\",\"name\":\"A\"},\n{\"objectID\" \"b\"}\n]")
        let message = folder.failure()
        #expect(
            message.contains(
                "\(folder.path("products.json")): line 3, column 13: malformed JSON: expected ':' after the key \"objectID\""
            ))
        #expect(message.contains("nothing was written"))
    }

    @Test("A wrong type names the record and field and what was expected")
    func wrongType() throws {
        let folder = try ContentFolder(products: #"[{"objectID":"a","name":"A","price":"12"}]"#)
        #expect(
            folder.failure().contains(
                "record [0] (line 1) objectID \"a\", field \"price\": expected a number, found a string"))
    }

    @Test("A missing required field is named")
    func missingField() throws {
        let folder = try ContentFolder(products: #"[{"objectID":"a"}]"#)
        #expect(folder.failure().contains("field \"name\": missing; expected a non-empty string"))
    }

    @Test("An empty required field is named")
    func emptyField() throws {
        let folder = try ContentFolder(products: #"[{"objectID":"  ","name":"A"}]"#)
        #expect(folder.failure().contains("field \"objectID\": empty; expected a non-empty string"))
    }

    @Test("Duplicate objectIDs name both records")
    func duplicates() throws {
        let folder = try ContentFolder(
            products: "[\n{\"objectID\":\"a\",\"name\":\"A\"},\n{\"objectID\":\"a\",\"name\":\"B\"}\n]")
        #expect(
            folder.failure().contains(
                "record [1] (line 3), field \"objectID\": duplicate objectID \"a\", already used by record [0] (line 2)"
            ))
    }

    @Test("é and e + U+0301 are different objectIDs, compared byte for byte")
    func canonicalEquivalentIDs() throws {
        let folder = try ContentFolder(
            products: "[{\"objectID\":\"caf\u{E9}\",\"name\":\"A\"},{\"objectID\":\"cafe\u{301}\",\"name\":\"B\"}]")
        #expect(try folder.load().products.count == 2)
    }

    @Test("Invalid UTF-8 names the line and byte")
    func invalidUTF8() throws {
        let folder = try ContentFolder(products: nil)
        var bytes = Array("[\n{\"objectID\":\"a\",\"name\":\"".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("\"}]".utf8)
        try Data(bytes).write(to: folder.url.appendingPathComponent("products.json"))
        #expect(folder.failure().contains("products.json: line 2: invalid UTF-8 at byte 25 of the line"))
    }

    @Test("A missing file is named with the names it may have")
    func missingFile() throws {
        let folder = try ContentFolder(suggestions: nil)
        #expect(
            folder.failure().contains(
                "query_suggestions.json: no such file (expected query_suggestions.json, query_suggestions.ndjson or query_suggestions.jsonl)"
            ))
    }

    @Test("A missing content folder is reported")
    func missingFolder() {
        do {
            _ = try ContentLoader(directory: "/nonexistent/typeahead").load()
            Issue.record("should fail")
        } catch {
            #expect(error.description.contains("/nonexistent/typeahead: no such content folder"))
        }
    }

    @Test("Every problem of a run is reported together, up to the limit")
    func allProblems() throws {
        let records = (0..<60).map { #"{"objectID":"id\#($0)","name":\#($0)}"# }.joined(separator: ",")
        let folder = try ContentFolder(
            products: "[\(records)]", suggestions: #"[{"objectID":"s"}]"#)
        do {
            _ = try folder.load()
            Issue.record("should fail")
        } catch {
            #expect(error.total == 61)
            #expect(error.issues.count == 50)
            #expect(error.description.contains("… and 11 more problems"))
            #expect(error.description.contains("61 problems in the content; nothing was written."))
        }
    }

    @Test(
        "A file of many records is read in chunks on all cores: the records, and the first problems, in the file's order",
        arguments: ["products.json", "products.ndjson"])
    func readInChunks(_ name: String) throws {
        // 20,000 records: every 601st has no name, every 1,499th (in an .ndjson file) is not JSON.
        let lines = (0..<20_000).map { n -> String in
            if name.hasSuffix("ndjson"), n % 1_499 == 7 { return "{not json" }
            if n % 601 == 3 { return #"{"objectID":"p\#(n)"}"# }
            return #"{"objectID":"p\#(n)","name":"Product \#(n)","brand":"Brand \#(n % 7)","popularity":\#(n)}"#
        }
        let text = name.hasSuffix("ndjson") ? lines.joined(separator: "\n") : "[" + lines.joined(separator: ",\n") + "]"
        let bad = lines.indices.filter { lines[$0] == "{not json" || !lines[$0].contains("name") }
        let folder = try ContentFolder(products: text, productsName: name)
        do {
            _ = try ContentLoader(directory: folder.url.path, issueLimit: 25).load()
            Issue.record("should fail")
        } catch {
            #expect(error.total == bad.count)
            #expect(error.issues.count == 25)
            // Each names its record first (then, for a record that parsed, its objectID).
            let places = error.issues.map { ($0.record ?? "").split(separator: " objectID").first.map(String.init) }
            let expected = bad.prefix(25).map { n in
                name.hasSuffix("ndjson") ? "line \(n + 1)" : "record [\(n)] (line \(n + 1))"
            }
            #expect(places == expected)
        }
        // Without the bad records, every product in the file's order.
        let good = lines.indices.filter { !bad.contains($0) }
        let clean = good.map { lines[$0] }
        let cleanText =
            name.hasSuffix("ndjson") ? clean.joined(separator: "\n") : "[" + clean.joined(separator: ",") + "]"
        let content = try ContentFolder(products: cleanText, productsName: name).load()
        #expect(content.products.count == good.count)
        #expect(Set(content.products.map(\.objectID.text)) == Set(good.map { "p\($0)" }))
        #expect(content.products.first { $0.objectID.text == "p10" }?.brand == "Brand 3")
    }

    @Test(
        "A .json file of many records is parsed on all cores: each record's line, and a malformed one said as one pass says it"
    )
    func parsedInChunks() throws {
        // 20,000 records over one to three lines each, blank lines between some; every 997th
        // has no name. Each is named by its index and the line it starts on.
        var text = "\n["
        var line = 2
        var starts: [Int] = []
        for n in 0..<20_000 {
            if n > 0 { text += n % 5 == 0 ? ",\n\n" : "," }
            if n > 0, n % 5 == 0 { line += 2 }
            starts.append(line)
            let name = n % 997 == 4 ? "" : #","name":"Product \#(n)""#
            let breaks = String(repeating: "\n", count: n % 3)
            line += n % 3
            text += #"{"objectID":"p\#(n)"\#(breaks)\#(name)}"#
        }
        text += "]\n"
        let bad = (0..<20_000).filter { $0 % 997 == 4 }
        let many = try ContentFolder(products: text)
        do {
            _ = try many.load()
            Issue.record("should fail")
        } catch {
            #expect(error.total == bad.count)
            let places = error.issues.map { ($0.record ?? "").split(separator: " objectID").first.map(String.init) }
            #expect(places == bad.map { "record [\($0)] (line \(starts[$0]))" })
        }
        // A malformed record deep in the file: the message one pass over the whole file gives.
        let broken = text.replacingOccurrences(of: #"{"objectID":"p15000","#, with: #"{"objectID":"p15000" "#)
        #expect(broken != text)
        let folder = try ContentFolder(products: broken)
        guard
            case .failure(let syntax) = Result(catching: { () throws(JSONSyntaxError) in
                try JSONParser.parseArrayWithLines(Array(broken.utf8))
            })
        else {
            Issue.record("the broken file parsed")
            return
        }
        #expect(syntax.line == starts[15000])
        #expect(
            folder.failure().contains(
                "\(folder.path("products.json")): line \(syntax.line), column \(syntax.column): malformed JSON: \(syntax.message)"
            ))
    }

    @Test("Records are cut into chunks that each hold one, however many cores")
    func chunking() {
        for count in [0, 1, 1023, 1024, 2047, 2048, 20_000, 1_050_625, 3_000_001] {
            for cores in [1, 2, 3, 8, 64, 257, 1000, 4096] {
                for (minimum, perCore) in [(1024, 4), (2048, 2)] {
                    let (size, chunks) = ContentLoader.chunks(count, atLeast: minimum, perCore: perCore, cores: cores)
                    #expect(chunks >= 1 && size >= 1)
                    #expect(chunks <= max(1, cores * perCore))
                    // The last chunk starts inside the records (or at 0 for none), and they cover all.
                    #expect((chunks - 1) * size < max(count, 1), "\(count) records, \(cores) cores")
                    #expect(chunks * size >= count)
                }
            }
        }
    }

    @Test("site.json: unknown keys, bad scopes, ranking and numbers are reported")
    func siteConfigErrors() throws {
        let folder = try ContentFolder(
            site: #"{"titel":"x","scopes":["nocolon"],"customRanking":["popularity"],"hitsPerPage":0}"#)
        let message = folder.failure()
        #expect(message.contains("site.json, field \"titel\": unknown setting"))
        #expect(message.contains("site.json, field \"scopes[0]\": expected \"attribute:value\", found \"nocolon\""))
        #expect(message.contains("field \"customRanking[0]\": expected \"desc(attribute)\" or \"asc(attribute)\""))
        #expect(message.contains("field \"hitsPerPage\": expected a whole number from 1 to 1000, found 0"))
    }

    @Test("site.json: minHits is a whole number from 0 to 1000, default 1", arguments: ["-1", "2.5", "1001", "\"5\""])
    func minHitsErrors(_ value: String) throws {
        let message = try ContentFolder(site: #"{"minHits":\#(value)}"#).failure()
        #expect(message.contains("site.json, field \"minHits\": expected"), "\(message)")
    }

    @Test("site.json: resultPages is a whole number from 1 to 1000, default 1")
    func resultPages() throws {
        #expect(try ContentFolder(site: #"{"resultPages":3}"#).load().config.resultPages == 3)
        #expect(try ContentFolder(site: #"{}"#).load().config.resultPages == 1)
        for bad in ["0", "1001", "1.5", "\"2\""] {
            #expect(
                try ContentFolder(site: #"{"resultPages":\#(bad)}"#).failure().contains(
                    "field \"resultPages\": expected"))
        }
    }

    @Test("site.json: answersAbove is a whole number of bytes from 0, default 98,304")
    func answersAbove() throws {
        #expect(try ContentFolder(site: #"{"answersAbove":0}"#).load().config.answersAbove == 0)
        #expect(try ContentFolder(site: #"{}"#).load().config.answersAbove == 98_304)
        for bad in ["-1", "1.5", "\"2\"", "1e12"] {
            #expect(
                try ContentFolder(site: #"{"answersAbove":\#(bad)}"#).failure().contains(
                    "field \"answersAbove\": expected"))
        }
    }

    @Test("site.json: minHits is read")
    func minHits() throws {
        #expect(try ContentFolder(site: #"{"minHits":0}"#).load().config.minHits == 0)
        #expect(try ContentFolder(site: #"{"minHits":5}"#).load().config.minHits == 5)
        #expect(try ContentFolder(site: #"{}"#).load().config.minHits == 1)
    }

    @Test("site.json settings are read")
    func siteConfig() throws {
        let folder = try ContentFolder(
            site:
                #"{"title":"Shop","hitsPerPage":5,"scopes":["categories:Cell Phones"],"searchableAttributes":["name"]}"#
        )
        let config = try folder.load().config
        #expect(config.title == "Shop")
        #expect(config.hitsPerPage == 5)
        #expect(config.scopes == [Scope(attribute: "categories", value: "Cell Phones")])
        #expect(config.searchableAttributes == ["name"])
        #expect(config.suggestionsPerKey == 8)
    }

    @Test("Suggestion facets of the wrong shape are named by their path")
    func suggestionFacets() throws {
        let folder = try ContentFolder(
            suggestions:
                #"[{"objectID":"q","query":"q","instant_search":{"facets":{"exact_matches":{"categories":"x"}}}}]"#)
        #expect(
            folder.failure().contains(
                "field \"instant_search.facets.exact_matches.categories\": expected an array of {value, count}, found a string"
            ))
    }

    @Test("Products and suggestions that are not objects are named")
    func notObjects() throws {
        let folder = try ContentFolder(products: #"[42]"#)
        #expect(folder.failure().contains("record [0] (line 1): expected an object, found a number"))
    }

    @Test("The real sample in Content/ loads")
    func sample() throws {
        let content = try ContentLoader(
            directory: TestSupport.packageRoot.appendingPathComponent("Content").path
        ).load()
        #expect(content.products.count == 3377)
        #expect(content.suggestions.count == 462)
    }
}

@Suite("The JSON parser")
struct JSONParserTests {
    @Test("Escapes, surrogate pairs and numbers")
    func values() throws {
        let value = try JSONParser.parse(
            Array(#"{"a":"\u00e9\ud83d\ude00\n\"","b":-1.5e2,"c":[true,false,null]}"#.utf8))
        #expect(value["a"] == .string("é😀\n\""))
        #expect(value["b"] == .number(-150))
        #expect(value["c"] == .array([.bool(true), .bool(false), .null]))
    }

    @Test(
        "Malformed documents are rejected with a position",
        arguments: [
            (#"{"a":1,}"#, "expected a string key in the object"),
            (#"[1 2]"#, "expected ',' or ']' in the array"),
            (#"{"a":01}"#, "invalid number: leading zero"),
            (#"{"a":1,"a":2}"#, "duplicate key \"a\""),
            (#""\ud800""#, "unpaired UTF-16 surrogate in \u{5C}u escape"),
            ("\"a\u{01}\"", "control character in a string; escape it"),
            ("[1] x", "unexpected text after the JSON value"),
        ])
    func malformed(_ text: String, _ message: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(text.utf8)) }
        do {
            _ = try JSONParser.parse(Array(text.utf8))
        } catch {
            #expect(error.message == message)
        }
    }
}

@Suite("JSON arrays read with their lines")
struct ArrayLinesTests {
    @Test("A whole array on one line (as json.dump writes it): every record on line 1, an error still placed")
    func oneLine() throws {
        let records = (0..<2000).map { #"{"objectID":"p\#($0)","name":"Product \#($0) é"}"# }
        let bytes = Array(("[" + records.joined(separator: ",") + "]").utf8)
        let parsed = try JSONParser.parseArrayWithLines(bytes)
        #expect(parsed.count == 2000)
        #expect(parsed.allSatisfy { $0.line == 1 })
        let broken = Array(#"[{"a":1},{"a":2} {"a":3}]"#.utf8)
        #expect {
            _ = try JSONParser.parseArrayWithLines(broken)
        } throws: { error in
            let error = error as? JSONSyntaxError
            return error?.message == "expected ',' or ']' in the array" && error?.line == 1 && error?.column == 18
        }
        let lines = try JSONParser.parseArrayWithLines(Array("[\n1,\n2,3\n]".utf8))
        #expect(lines.map(\.line) == [2, 3, 3])
    }
}

@Suite("Hardening: what a careless or hostile content folder cannot do")
struct ContentHardeningTests {
    @Test("A price beyond a trillion is an error naming the record and field, not a crash")
    func hugePrice() throws {
        for price in ["1e17", "1e300", "1000000000001"] {
            let failure = try ContentFolder(products: #"[{"objectID":"p1","name":"P","price":\#(price)}]"#).failure()
            #expect(failure.contains("field \"price\": expected a number of at most 1000000000000"), "\(failure)")
        }
        #expect(
            try ContentFolder(products: #"[{"objectID":"p1","name":"P","price":1e12}]"#).load().products[0].price
                == 1e12)
    }

    @Test("A byte order mark is named as such")
    func byteOrderMark() throws {
        let folder = try ContentFolder(products: "\u{FEFF}" + ContentFolder.products)
        #expect(folder.failure().contains("starts with a UTF-8 byte order mark"))
    }

    @Test("A searchable attribute that no product has is an error naming site.json's field")
    func unknownSearchableAttribute() throws {
        let failure = try ContentFolder(site: #"{"searchableAttributes":["name","brnad"]}"#).failure()
        #expect(failure.contains("site.json"))
        #expect(
            failure.contains("field \"searchableAttributes\": no product has the attribute \"brnad\""), "\(failure)")
        #expect(
            try ContentFolder(site: #"{"searchableAttributes":["name","brand"]}"#).load().config.searchableAttributes
                .count == 2)
    }
}

@Suite("Hardening: what one record may cost")
struct RecordLimitTests {
    @Test("A field past its limit is an error naming the record and field, with its size and the limit")
    func fieldLimits() throws {
        let longName = String(repeating: "n", count: RecordLimits.lineBytes + 1)
        let failure = try ContentFolder(products: #"[{"objectID":"p1","name":"\#(longName)"}]"#).failure()
        #expect(
            failure.contains(#"objectID "p1", field "name": 1025 bytes long; the limit is 1024 bytes"#), "\(failure)")
        let longID = String(repeating: "i", count: 600)
        let idFailure = try ContentFolder(products: #"[{"objectID":"\#(longID)","name":"P"}]"#).failure()
        #expect(idFailure.contains("field \"objectID\": 600 bytes long; the limit is 512 bytes"))
        #expect(idFailure.count < 400, "the record is named by the objectID's beginning")
        let category = try ContentFolder(
            products: #"[{"objectID":"p1","name":"P","categories":["ok","\#(longName)"]}]"#
        ).failure()
        #expect(category.contains("field \"categories[1]\": 1025 bytes long"))
        // A long description is fine up to its own limit.
        let text = String(repeating: "word ", count: 10_000)
        #expect(
            try ContentFolder(products: #"[{"objectID":"p1","name":"P","description":"\#(text)"}]"#).load().products
                .count == 1)
    }

    @Test("A suggestion's query of more than 32 words is an error (its keys grow with the square of its words)")
    func queryWords() throws {
        let words = (1...33).map { "w\($0)" }.joined(separator: " ")
        let suggestions = #"[{"objectID":"s","query":"\#(words)","popularity":1}]"#
        let failure = try ContentFolder(suggestions: suggestions).failure()
        #expect(failure.contains("field \"query\": 33 words; the limit is 32"), "\(failure)")
        let fine = (1...32).map { "w\($0)" }.joined(separator: " ")
        #expect(
            try ContentFolder(suggestions: #"[{"objectID":"s","query":"\#(fine)","popularity":1}]"#).load().suggestions
                .count == 1)
    }
}
