import Foundation
import Testing
import TypeaheadEngine
import TypeaheadModel
import TypeaheadTestSupport

/// The Swift engine's answers for a generated set of queries, kept in
/// `Tests/JavaScript/fixtures/agreement.json`; the page's JavaScript must give the same answers
/// (`node --test Tests/JavaScript`). This test proves the file is the engine's current answer;
/// `Scripts/record-goldens` rewrites it.
@Suite("The JavaScript agreement fixture is the engine's answer")
struct AgreementFixtureTests {
    static let fixture = TestSupport.packageRoot.appendingPathComponent("Tests/JavaScript/fixtures/agreement.json")

    /// Queries that are not keys: neighbours of keys, typos, reordered words, tricky Unicode.
    static func queries(_ content: Content) -> [String] {
        var queries: [String] =
            [
                "", "  ", "ïphone", "ＩＰＨＯＮＥ", "İPHONE", "iPhone™ case", "ﬁtbit", "ΟΔΥΣΣΕΥΣ", "📱 phone", "手机",
                "men's", "usb-c cable", "4g lte", "iphone8", "CAFÉ", "cafe\u{301}", "samsung galaxy s7 edge case",
                "<script>alert(1)</script>", "\"quoted\" case", "a", "ip", "ipho", "iphnoe", "smasung", "galxy",
                "otterbox defender iphone", "case iphone", "charger car", "xyzzy", "blakcberry",
                // Contract version 2: a first-letter typo counts as two; words are placed by their best matches.
                "phone", "yphone", "pihone", "iphnoe", "iphone", "jeadphones", "vluetooth", "ptterbox", "otterbix",
                "case", "cast", "charger", "chargeit", "samsung galaxy", "galaxy samsung", "iphone case", "iph",
            ] + languageQueries
        let keys = content.suggestions.map { TextNormalizer.normalize($0.query) }
        var generator = 0x2545_F491_4F6C_DD1D as UInt64
        func next(_ n: Int) -> Int {
            generator ^= generator << 13
            generator ^= generator >> 7
            generator ^= generator << 17
            return Int(generator % UInt64(n))
        }
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        for _ in 0..<90 {
            let key = keys[next(keys.count)]
            var chars = Array(key)
            guard chars.count > 2 else { continue }
            let cut = 1 + next(chars.count - 1)
            queries.append(String(chars[..<cut]) + String(letters[next(letters.count)]))  // a neighbour
            let swap = next(chars.count - 1)
            chars.swapAt(swap, swap + 1)
            queries.append(String(chars))  // a typo
            queries.append(key.split(separator: " ").reversed().joined(separator: " "))  // reordered
        }
        var seen = Set<String>()
        return queries.filter { seen.insert($0).inserted }
    }

    /// Contract version 3 (docs/CONTRACT.md, "The shop's language"): plurals, synonyms, splits and
    /// joins, optional words.
    static let languageQueries = [
        "speakers", "speaker", "cameras", "camera", "tablet", "tablets", "batteries", "battery", "watches",
        "accessory", "accessories", "mice", "mic", "microphones", "glass", "glasses", "lens", "series",
        "cheap laptop", "hdmi cable 6 ft", "usb c cable", "type c", "usbc", "tv", "television", "headphones",
        "headset", "earbuds", "otter box", "otterbox", "otter bo", "s7edge", "iphone 7plus", "i phone", "i pho",
        "smart phone", "smartphone", "cell phone case", "cellphone cases", "power bank", "iwatch band",
        "screen guard", "cheap iphone case", "xyzzy iphone", "iphone xyzzy", "cases iphone", "cover",
        "smart watch bands", "feet", "6 ft", "notebook",
    ]

    /// Settings a case may search with instead of the index's (the key names them in the fixture).
    static let variants: [(name: String, settings: @Sendable (inout LanguageSettings) -> Void)] = [
        ("no-plurals", { $0.ignorePlurals = nil }),
        ("firstWords", { $0.removeWordsIfNoResults = .firstWords }),
        ("allOptional", { $0.removeWordsIfNoResults = .allOptional }),
        ("none", { $0.removeWordsIfNoResults = .none }),
        ("optional-case", { $0.optionalWords = ["case"] }),
        ("plural-not-exact", { $0.alternativesAsExact = [.singleWordSynonym] }),
    ]

    static func answers() throws -> JSONValue {
        let full = try ContentLoader(directory: TestSupport.packageRoot.appendingPathComponent("Content").path)
            .load()
        // The whole sample catalogue, as the site built from it holds it (the JavaScript side checks
        // both its own full index and the site's sharded one). Suggestions: those offered, as the
        // site's suggestions index holds them.
        let content = full
        let productEngine = SearchEngine(content: content)
        let suggestionEngine = productEngine
        let offered = suggestionEngine.offeredSuggestions(nil)
        var cases: [JSONValue] = []
        var asked: [(query: String, index: IndexName, variant: String?)] = []
        for query in queries(content) { for index in IndexName.allCases { asked.append((query, index, nil)) } }
        for query in languageQueries {
            for variant in variants { for index in IndexName.allCases { asked.append((query, index, variant.name)) } }
        }
        var languages: [String: JSONValue] = [:]
        for (query, index, variant) in asked {
            do {
                let engine = index == .products ? productEngine : suggestionEngine
                var request = SearchRequest(index: index, query: query, hitsPerPage: 20)
                if let variant, let change = variants.first(where: { $0.name == variant }) {
                    var settings = content.config.language(ofSuggestions: index == .suggestions)
                    change.settings(&settings)
                    request.language = settings
                    var language = engine.index(index).language
                    language.settings = settings
                    languages["\(index.rawValue) \(variant)"] = language.json
                }
                let page = engine.search(request)
                let ids = page.hits.map {
                    index == .products ? content.products[$0.record].objectID : content.suggestions[$0.record].objectID
                }
                let attribute = index == .products ? "name" : "query"
                var entry: [String: JSONValue] = [
                    "index": .string(index.rawValue), "query": .string(query),
                    "nbHits": .number(Double(page.nbHits)), "hits": .array(ids.map { .string($0.text) }),
                ]
                if let first = page.highlights.first?[attribute]?.first {
                    entry["highlight"] = .string(first.value)
                    entry["matchLevel"] = .string(first.matchLevel.rawValue)
                }
                // The snippet each card shows (docs/CONTRACT.md, Snippets), null where it shows none.
                if index == .products, !page.snippets.isEmpty {
                    entry["cardSnippets"] = .array(
                        zip(page.highlights, page.snippets).map { highlights, snippets in
                            Snippet.card(snippets, name: highlights["name"]?.first, content.config)
                                .map(JSONValue.string) ?? .null
                        })
                }
                if let variant { entry["language"] = .string("\(index.rawValue) \(variant)") }
                if let removal = page.queryAfterRemoval { entry["queryAfterRemoval"] = .string(removal) }
                cases.append(.object(entry))
            }
        }
        languages["products"] = productEngine.products.language.json
        languages["suggestions"] = productEngine.suggestions.language.json
        // What the engine searches of a description is its text (docs/CONTRACT.md, Descriptions):
        // the page's index holds that text, so the JavaScript side takes it from here where it is
        // not the catalogue's source.
        var descriptionTexts: [String: JSONValue] = [:]
        for product in content.products {
            if let text = product.attributes["description"], text != product.description.map(JSONValue.string) {
                descriptionTexts[product.objectID.text] = text
            }
        }
        return .object([
            "scoped": .array(scopedCases(productEngine)),
            "refining": .array(try refiningCases(productEngine)),
            "descriptionTexts": .object(descriptionTexts),
            "productCount": .number(Double(content.products.count)),
            "offeredSuggestions": .array(
                full.suggestions.indices.filter { offered[$0] }.map { .string(full.suggestions[$0].objectID.text) }),
            "cases": .array(cases),
            // The language each case is searched with: its index's, or the variant it names.
            "languages": .object(languages),
        ])
    }

    /// Products searched in each of the sample's scopes (a scope's list has no static page to
    /// compare with, docs/CONTRACT.md, "A scope's list"): every 9th suggestion's query, its first
    /// word, and a few texts whose words are made optional in a scope; the count and first 20 hits.
    static func scopedCases(_ engine: SearchEngine) -> [JSONValue] {
        let content = engine.content
        let texts = Swift.stride(from: 0, to: content.suggestions.count, by: 9).flatMap { s -> [String] in
            let query = content.suggestions[s].query
            return [query, String(query.split(separator: " ").first ?? "")]
        }
        var seen = Set<String>()
        let queries = (texts + ["xyzzy iphone", "case xyzzy", "band", "iphone 7 p", "galaxy s", "a"]).filter {
            seen.insert($0).inserted
        }
        return content.config.scopes.flatMap { scope in
            queries.map { query -> JSONValue in
                let page = engine.search(SearchRequest(index: .products, query: query, filter: scope, hitsPerPage: 20))
                return .object([
                    "scope": .array([.string(scope.attribute), .string(scope.value)]), "query": .string(query),
                    "nbHits": .number(Double(page.nbHits)),
                    "hits": .array(page.hits.map { .string(content.products[$0.record].objectID.text) }),
                ])
            }
        }
    }

    /// Refining cases (docs/CONTRACT.md, Refining and sorting): a query, `facetFilters` and
    /// `numericFilters` (JSON), a replica or none; the engine's count, first 20 hits, every facet's
    /// counts (all values) and stats.
    static let refining: [(query: String, facetFilters: String, numericFilters: String, replica: String?)] = [
        ("iphone", #"[["brand:Apple"]]"#, "[]", nil),
        ("iphone", #"[["brand:Apple"]]"#, #"["price<300"]"#, "instant_search_price_asc"),
        (
            "case",
            #"[["brand:OtterBox","brand:Speck"],"-hierarchicalCategories.lvl2:Cell Phones > Cell Phone Accessories > iPhone Accessories"]"#,
            "[]", nil
        ),
        ("", "[]", #"["rating>=4"]"#, nil),
        ("charger", "[]", #"["price:10 TO 30"]"#, "instant_search_price_desc"),
        ("samsung galaxy", #"["free_shipping:false"]"#, "[]", nil),
        ("xyzzy iphone", #"[["hierarchicalCategories.lvl0:Cell Phones"]]"#, #"[["price<=50","price>1000"]]"#, nil),
        ("", "[]", "[]", "instant_search_price_desc"),
        (
            "otterbox", #"[["hierarchicalCategories.lvl2:Cell Phones > Cell Phone Accessories > iPhone Accessories"]]"#,
            "[]", "instant_search_price_asc"
        ),
        ("xyzzy", #"[["brand:Apple"]]"#, "[]", nil),
    ]

    static func refiningCases(_ engine: SearchEngine) throws -> [JSONValue] {
        try refining.map { entry in
            var request = SearchRequest(index: .products, query: entry.query, hitsPerPage: 20)
            try request.refine("facetFilters", .string(entry.facetFilters))
            try request.refine("numericFilters", .string(entry.numericFilters))
            request.replica = entry.replica
            request.facets = ["*"]
            request.maxValuesPerFacet = 1000
            let page = engine.search(request)
            guard let facets = page.facets else { return .null }
            return .object([
                "query": .string(entry.query), "facetFilters": .string(entry.facetFilters),
                "numericFilters": .string(entry.numericFilters),
                "replica": entry.replica.map(JSONValue.string) ?? .null,
                "nbHits": .number(Double(page.nbHits)),
                "hits": .array(page.hits.map { .string(engine.content.products[$0.record].objectID.text) }),
                "facets": .object(
                    facets.counts.mapValues {
                        .array($0.map { .array([.string($0.value), .number(Double($0.count))]) })
                    }),
                "stats": .object(
                    facets.stats.mapValues {
                        .object([
                            "min": .number($0.min), "max": .number($0.max), "sum": .number($0.sum),
                            "avg": .number($0.avg),
                        ])
                    }),
            ])
        }
    }

    @Test("agreement.json holds the engine's current answers")
    func fixture() throws {
        let text = JSONWriter.string(try Self.answers()).replacingOccurrences(of: "},{", with: "},\n{") + "\n"
        try Golden(folder: Self.fixture.deletingLastPathComponent())
            .compare(text: text, with: Self.fixture.lastPathComponent)
    }
}
