import Foundation
import Testing
import TypeaheadEngine
import TypeaheadModel
import TypeaheadTestSupport

/// Contract version 3, "The shop's language" (docs/CONTRACT.md): plurals, synonyms, splitting and
/// concatenation, optional words, each with its setting.
@Suite("The shop's language")
struct LanguageTests {
    static func engine(
        _ names: [String], synonyms: Synonyms = Synonyms(), _ settings: (inout LanguageSettings) -> Void = { _ in }
    ) -> SearchEngine {
        var config = SiteConfig()
        settings(&config.language)
        let products = names.enumerated().map {
            Product(objectID: ObjectID(String(format: "p%02d", $0.offset)), name: $0.element, popularity: 0)
        }
        return SearchEngine(content: Content(products: products, suggestions: [], config: config, synonyms: synonyms))
    }

    static func names(_ engine: SearchEngine, _ query: String, _ change: ((inout LanguageSettings) -> Void)? = nil)
        -> [String]
    {
        var request = SearchRequest(index: .products, query: query, hitsPerPage: 1000)
        if let change {
            var settings = engine.content.config.language
            change(&settings)
            request.language = settings
        }
        return engine.search(request).hits.map { engine.content.products[$0.record].name }
    }

    static func ranked(_ engine: SearchEngine, _ query: String) -> [RankedRecord] {
        engine.search(SearchRequest(index: .products, query: query, hitsPerPage: 1000)).hits
    }

    /// Loads a content folder of these files (suggestions none unless given).
    static func load(_ files: [String: String]) throws -> Content {
        let folder = try TestSupport.temporaryDirectory("language")
        var files = files
        if files["query_suggestions.json"] == nil { files["query_suggestions.json"] = "[]" }
        for (name, text) in files { _ = try TestSupport.write(text, to: name, in: folder) }
        return try ContentLoader(directory: folder.path).load()
    }

    static func synonyms(_ json: String) throws -> Synonyms {
        try load(["products.json": #"[{"objectID":"a","name":"x"}]"#, "synonyms.json": json]).synonyms
    }

    // MARK: Plurals

    @Test(
        "English forms: singular and plural find each other, irregular ones included",
        arguments: [
            ("case", "cases"), ("battery", "batteries"), ("watch", "watches"), ("knife", "knives"), ("mouse", "mice"),
            ("child", "children"), ("accessory", "accessories"), ("glass", "glasses"), ("box", "boxes"),
            ("lens", "lenses"),
        ])
    func forms(_ singular: String, _ plural: String) {
        let table = PluralTable.english
        #expect(table.forms(singular).contains(plural))
        #expect(table.forms(plural).contains(singular))
    }

    @Test(
        "Words that only look plural are their own singular",
        arguments: ["glass", "series", "news", "ios", "gps", "lens", "plus", "bus", "tvs", "s7"])
    func unchanged(_ word: String) {
        #expect(PluralTable.english.singular(word) == word)
    }

    @Test("ignorePlurals: a plural matches at 0 typos and counts as exact; off, it is a typo or a prefix")
    func plurals() {
        let engine = Self.engine(["Speaker Wire", "Speakers", "Wireless Mouse", "Microphone"]) {
            $0.ignorePlurals = ["en"]
        }
        let speakers = Self.ranked(engine, "speakers")
        #expect(speakers.count == 2)
        #expect(speakers.allSatisfy { $0.typos == 0 })
        // `speaker` finds "Speakers" as a whole word, exact (a whole value), not as a prefix.
        let speaker = Self.ranked(engine, "speaker")
        #expect(engine.content.products[speaker[0].record].name == "Speakers")
        #expect(speaker[0].exact == 1)
        #expect(Self.names(engine, "speaker") { $0.alternativesAsExact = [] } == ["Speaker Wire", "Speakers"])
        // `mic` does not find "Mouse"; `mice` does, at 0 typos, before typo matches.
        #expect(Self.names(engine, "mic") == ["Microphone"])
        #expect(Self.names(engine, "mice") == ["Wireless Mouse", "Microphone"])
        #expect(Self.names(engine, "mice") { $0.ignorePlurals = nil } == ["Microphone"])
    }

    // MARK: Synonyms

    @Test("Synonyms: two-way, one-way, alternative corrections, several-word members and alternatives")
    func synonymMatching() throws {
        let synonyms = try Self.synonyms(
            """
            [{"objectID":"1","type":"synonym","synonyms":["tv","television"]},
             {"objectID":"2","type":"oneWaySynonym","input":"cover","synonyms":["case"]},
             {"objectID":"3","type":"altCorrection1","word":"iwatch","corrections":["apple watch"]},
             {"objectID":"4","type":"altCorrection2","word":"fone","corrections":["phone"]},
             {"objectID":"5","type":"synonym","synonyms":["cell phone","smartphone"]}]
            """)
        let engine = Self.engine(
            [
                "Samsung Television", "TV Stand", "Phone Case", "Phone Cover", "Apple Watch Band",
                "Watch for Apple", "Unlocked Smartphone", "Cell Phone Holder",
            ], synonyms: synonyms)
        #expect(Set(Self.names(engine, "tv")) == ["Samsung Television", "TV Stand"])
        #expect(Set(Self.names(engine, "television")) == ["Samsung Television", "TV Stand"])
        // One way: `cover` finds cases, `case` does not find covers.
        #expect(Set(Self.names(engine, "cover")) == ["Phone Cover", "Phone Case"])
        #expect(Self.names(engine, "case") == ["Phone Case"])
        // A several-word alternative: adjacent and in order; at 1 typo.
        #expect(Self.names(engine, "iwatch") == ["Apple Watch Band"])
        #expect(Self.ranked(engine, "iwatch")[0].typos == 1)
        #expect(Self.ranked(engine, "fone")[0].typos <= 2)
        // A run of query words equal to a member; the last word only when complete.
        #expect(Set(Self.names(engine, "cell phone")) == ["Unlocked Smartphone", "Cell Phone Holder"])
        #expect(Self.names(engine, "cell pho") == ["Cell Phone Holder"])
        #expect(Set(Self.names(engine, "smartphone")) == ["Unlocked Smartphone", "Cell Phone Holder"])
    }

    @Test(
        "synonyms.json: each malformed record is named with its field; a cycle is fine",
        arguments: [
            (#"[{"objectID":"p","type":"placeholder","placeholder":"<x>","replacements":["a"]}]"#, "type"),
            (#"[{"objectID":"u","type":"antonym","synonyms":["a","b"]}]"#, "type"),
            (#"[{"objectID":"e","type":"synonym","synonyms":["a",""]}]"#, "synonyms[1]"),
            (#"[{"objectID":"n","type":"synonym","synonyms":["a","!!"]}]"#, "synonyms[1]"),
            (#"[{"objectID":"w","type":"synonym","synonyms":"a b"}]"#, "synonyms"),
            (#"[{"objectID":"m","type":"oneWaySynonym","synonyms":["a"]}]"#, "input"),
            (#"[{"objectID":"z","type":"synonym","synonyms":[]}]"#, "synonyms"),
            (#"[{"type":"synonym","synonyms":["a","b"]}]"#, "objectID"),
            (
                #"[{"objectID":"d","type":"synonym","synonyms":["a","b"]},{"objectID":"d","type":"synonym","synonyms":["c","b"]}]"#,
                "objectID"
            ),
        ])
    func malformedSynonyms(_ json: String, _ field: String) {
        do {
            _ = try Self.synonyms(json)
            Issue.record("accepted \(json)")
        } catch let error as ContentError {
            #expect(error.issues.contains { $0.file.hasSuffix("synonyms.json") && $0.field == field }, "\(error)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("A cycle of synonyms is fine")
    func cycle() throws {
        let synonyms = try Self.synonyms(
            #"[{"objectID":"1","type":"synonym","synonyms":["a","b"]},{"objectID":"2","type":"synonym","synonyms":["b","a"]}]"#
        )
        #expect(synonyms.alternatives("a").map(\.words) == [["b"]])
    }

    // MARK: Splitting and concatenation

    @Test("Splitting: a word finds its two parts adjacent and in order, at 1 typo, after the word as typed")
    func splitting() {
        let engine = Self.engine(["Smart Phone Stand", "Smartphone Grip", "Phone Smart Ring", "USB-C Cable"])
        #expect(Self.names(engine, "smartphone") == ["Smartphone Grip", "Smart Phone Stand"])
        #expect(Self.ranked(engine, "smartphone")[1].typos == 1)
        #expect(Self.names(engine, "usbc") == ["USB-C Cable"])
        #expect(Self.names(engine, "smartphone", nil).count == 2)
        #expect(
            engine.search(SearchRequest(index: .products, query: "usbc", typoTolerance: false)).hits.isEmpty,
            "no split without typos")
    }

    @Test("Concatenation: two or three words find their join, at 1 typo; the last word's join as a prefix")
    func concatenation() {
        let engine = Self.engine(["OtterBox Defender", "Apple iPhone 7", "Otter Pop Box"])
        #expect(Self.names(engine, "otter box") == ["Otter Pop Box", "OtterBox Defender"])
        #expect(Self.ranked(engine, "otter box").map(\.typos) == [0, 1])
        #expect(Self.names(engine, "otter bo").contains("OtterBox Defender"))
        #expect(Self.names(engine, "i phone") == ["Apple iPhone 7"])
        #expect(Self.names(engine, "i pho") == ["Apple iPhone 7"])
    }

    // MARK: Optional words

    @Test("removeWordsIfNoResults: each mode, the words criterion, and queryAfterRemoval")
    func removal() {
        let engine = Self.engine(["Acer Laptop", "Laptop Sleeve Black", "HDMI Cable Black", "Cheap Charger"]) {
            $0.removeWordsIfNoResults = .lastWords
        }
        #expect(Self.names(engine, "cheap laptop") { $0.removeWordsIfNoResults = .none }.isEmpty)
        // lastWords: `laptop` optional first (still nothing with `cheap` and… `cheap` alone: one hit).
        #expect(Self.names(engine, "cheap laptop") == ["Cheap Charger"])
        #expect(Self.names(engine, "laptop cheap") { $0.removeWordsIfNoResults = .firstWords } == ["Cheap Charger"])
        #expect(
            Self.names(engine, "laptop sleeve red") == ["Laptop Sleeve Black"])
        // firstWords: `laptop`, then `sleeve`, then `red` optional: every word optional at last.
        #expect(
            Self.names(engine, "laptop sleeve red") { $0.removeWordsIfNoResults = .firstWords } == [
                "Laptop Sleeve Black", "Acer Laptop",
            ])
        // allOptional: more matched words first.
        let all = Self.names(engine, "laptop black sleeve xyz") { $0.removeWordsIfNoResults = .allOptional }
        #expect(all == ["Laptop Sleeve Black", "Acer Laptop", "HDMI Cable Black"])
        var request = SearchRequest(index: .products, query: "laptop sleeve <red>")
        let page = engine.search(request)
        #expect(page.queryAfterRemoval == "laptop sleeve <em>red</em>")
        request.query = "laptop"
        #expect(engine.search(request).queryAfterRemoval == nil)
        let response = engine.response(
            engine.search(SearchRequest(index: .products, query: "laptop sleeve <red>")), processingTimeMS: 0)
        guard case .object(let members) = response else { return }
        #expect(members["queryAfterRemoval"] == .string("laptop sleeve <em>red</em>"))
    }

    @Test("standings: a word no record holds finds nothing at once, and the steps that make it optional still find")
    func standingsOfAnUnknownWord() {
        let engine = Self.engine(["Acer Laptop", "Laptop Sleeve Black", "Cheap Charger"]) {
            $0.removeWordsIfNoResults = .lastWords
        }
        let index = engine.products
        let scratch = SearchScratch(vocabularySize: index.vocabularySize)
        let names = { (step: [Int: RecordStanding]) in Set(step.keys.map { engine.content.products[$0].name }) }
        // `zzzq` matches no word: nothing, until it is optional (then `laptop` too: a record
        // matching either).
        let steps = index.standings("laptop zzzq", relaxing: true, scratch: scratch)
        #expect(
            steps.map(names) == [[], ["Acer Laptop", "Laptop Sleeve Black"], ["Acer Laptop", "Laptop Sleeve Black"]])
        #expect(index.standings("laptop zzzq", relaxing: false, scratch: scratch).map(names) == [[]])
        // Each found record's standing is the one it has when the query is searched without it.
        let alone = index.standings("laptop", relaxing: false, scratch: scratch)[0]
        #expect(steps[1].mapValues(\.proximity) == alone.mapValues(\.proximity))
        // An optional word that matches nothing does not stop the others from finding.
        var optional = index
        optional.language.settings.optionalWords = ["zzzq"]
        #expect(
            optional.standings("laptop zzzq", relaxing: false, scratch: scratch).map(names) == [
                ["Acer Laptop", "Laptop Sleeve Black"]
            ])
    }

    @Test("optionalWords: a record need not match them; matching them ranks first")
    func optionalWords() {
        let engine = Self.engine(["iPhone Case", "iPhone Charger", "Galaxy Case"]) { $0.optionalWords = ["case"] }
        #expect(Self.names(engine, "iphone case") == ["iPhone Case", "iPhone Charger"])
        #expect(Self.ranked(engine, "iphone case").map(\.words) == [2, 1])
    }

    // MARK: Settings

    @Test(
        "site.json: a value that does not fit is named with its field",
        arguments: [
            (#"{"ignorePlurals": "yes"}"#, "ignorePlurals"), (#"{"ignorePlurals": ["xx"]}"#, "ignorePlurals"),
            (#"{"queryLanguages": "en"}"#, "queryLanguages"),
            (#"{"alternativesAsExact": ["plural"]}"#, "alternativesAsExact"),
            (#"{"removeWordsIfNoResults": "some"}"#, "removeWordsIfNoResults"),
            (#"{"optionalWords": "case"}"#, "optionalWords"),
            (#"{"suggestionsIndex": {"synonyms": true}}"#, "suggestionsIndex.synonyms"),
            (#"{"suggestionsIndex": {"removeWordsIfNoResults": 1}}"#, "suggestionsIndex.removeWordsIfNoResults"),
        ])
    func badSettings(_ json: String, _ field: String) {
        do {
            _ = try Self.load(["products.json": #"[{"objectID":"a","name":"x"}]"#, "site.json": json])
            Issue.record("accepted \(json)")
        } catch let error as ContentError {
            #expect(error.issues.contains { $0.file.hasSuffix("site.json") && $0.field == field }, "\(error)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test("Search parameters: query strings and JSON alike; a bad one is refused with its name")
    func parameters() throws {
        #expect(try LanguageSettings.parameter("ignorePlurals", .string("true"))?.get() == .bool(true))
        #expect(
            try LanguageSettings.parameter("optionalWords", .string("case, cover"))?.get()
                == .array([.string("case"), .string("cover")]))
        #expect(try LanguageSettings.parameter("queryLanguages", .string(#"["en"]"#))?.get() == .array([.string("en")]))
        #expect(LanguageSettings.parameter("hitsPerPage", .number(3)) == nil)
        guard case .failure(let error)? = LanguageSettings.parameter("removeWordsIfNoResults", .string("most")) else {
            Issue.record("accepted")
            return
        }
        #expect(error.message.hasPrefix("removeWordsIfNoResults: expected one of"))
    }
}

extension LanguageTests {
    @Test("A split given for a word is searched instead of the one the index would choose; none given, no split")
    func forcedSplits() {
        // Alone, `car ton` is this index's split of `carton`; the whole catalogue's may be cart+on.
        let engine = Self.engine(["car ton box", "cart on wheels"])
        let carton = "carton".unicodeScalars.map(\.value)
        let scalars = { (word: String) in word.unicodeScalars.map(\.value) }
        // A tie (one record each): the shorter first part.
        #expect(engine.products.split(of: carton) == [scalars("car"), scalars("ton")])
        var index = engine.products
        let scratch = SearchScratch(vocabularySize: index.vocabularySize)
        func hits(_ index: SearchIndex) -> [String] {
            index.search("carton", best: 10, scratch: scratch).ranked.map { engine.content.products[$0.record].name }
                .sorted()
        }
        index.language.forcedSplits = [carton: [scalars("cart"), scalars("on")]]
        #expect(hits(index) == ["cart on wheels"])
        index.language.forcedSplits = [carton: [scalars("car"), scalars("ton")]]
        #expect(hits(index) == ["car ton box"])
        index.language.forcedSplits = [carton: []]
        #expect(hits(index) == [])
        // A part the index lacks: the phrase matches nothing here.
        index.language.forcedSplits = [carton: [scalars("ca"), scalars("rton")]]
        #expect(hits(index) == [])
        // The original index, sharing the matchers' cache, still chooses its own.
        #expect(hits(engine.products) == ["car ton box"])
    }

    @Test("The split chosen from counts alone is the index's own, over random texts")
    func splitFromCounts() {
        var generator = TrieSearchTests.Generator(state: 11)
        let parts = ["ab", "abc", "c", "ca", "cab", "b", "bca", "abca", "e", "ea"]
        let names = (0..<300).map { _ in
            (0..<(2 + generator.next(5))).map { _ in parts[generator.next(parts.count)] }.joined(separator: " ")
        }
        let index = Self.engine(names).products
        var checked = 0
        for a in parts {
            for b in parts {
                let word = (a + b).unicodeScalars.map(\.value)
                let chosen = SearchIndex.chooseSplit(
                    word, held: { index.holders(of: $0) > 0 }, phrases: { index.phraseCount($0, $1) })
                #expect(chosen == index.split(of: word), "\(a + b)")
                if chosen != nil { checked += 1 }
            }
        }
        #expect(checked > 20)
    }

    @Test("On the suggestions index, a split is counted among the suggestions offered, as the page's index holds them")
    func splitAmongOffered() {
        var config = SiteConfig()
        config.minHits = 1
        let products = [Product(objectID: "p", name: "Ab Cd phone", popularity: 0)]
        // `abc d` is left out (no product has `abc`); counted, it would make `abcd` split as `abc d`.
        let suggestions = [
            Suggestion(objectID: "1", query: "ab cd", popularity: 1),
            Suggestion(objectID: "2", query: "abc d", popularity: 1),
            Suggestion(objectID: "3", query: "abc d x", popularity: 1),
        ]
        let engine = SearchEngine(content: Content(products: products, suggestions: suggestions, config: config))
        #expect(engine.offeredSuggestions(nil) == [true, false, false])
        let page = engine.search(SearchRequest(index: .suggestions, query: "abcd"))
        #expect(page.hits.map { engine.content.suggestions[$0.record].query } == ["ab cd"])
    }
}
