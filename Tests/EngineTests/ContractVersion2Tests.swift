import Testing
import TypeaheadEngine
import TypeaheadModel

/// The contract's version 2 (docs/CONTRACT.md): the first-letter typo, placed matches, and suggestions that lead somewhere.
@Suite("Contract version 2")
struct ContractVersion2Tests {
    static func typos(_ a: String, _ b: String, prefix: Bool = false) -> Int {
        let q = a.unicodeScalars.map(\.value)
        let w = b.unicodeScalars.map(\.value)
        return prefix ? EditDistance.prefixTypos(q, w) : EditDistance.typos(q, w)
    }

    @Test("A typo on the first letter counts as two")
    func firstLetter() {
        #expect(Self.typos("iphone", "phone") == 2)
        #expect(Self.typos("yphone", "iphone") == 2)
        #expect(Self.typos("iphnoe", "iphone") == 1)
        #expect(Self.typos("pihone", "iphone") == 2)  // a swap of the first two letters
        let e = Fixture.names([("phone", "Phone"), ("iphone", "iPhone"), ("head", "Headphones"), ("b", "Bluetooth")])
        #expect(Fixture.ids(e, "iphone") == ["iphone"])  // iphone ≁ phone
        #expect(Fixture.ids(e, "yphone") == [])  // yphone ≁ iphone
        #expect(Fixture.ids(e, "iphnoe") == ["iphone"])  // iphnoe ~ iphone
        // Swapping the first two letters changes the first letter: 2 typos from "iphone"; but it is
        // one deletion from "phone", whose first letter it keeps.
        #expect(Fixture.ids(e, "pihone") == ["phone"])
        // 8+ letters may have two typos: a first-letter substitution is exactly that.
        #expect(Fixture.ids(e, "jeadphones") == ["head"])
        #expect(Fixture.ranked(e, "jeadphones", "head")?.typos == 2)
        #expect(Fixture.ids(e, "vluetooth") == ["b"])
        #expect(Fixture.ids(e, "vluetoth") == [])  // 2 + 1
    }

    @Test("The last word: the typo is measured to the closest prefix, the first letter the word's own")
    func lastWordPrefix() {
        #expect(Self.typos("iphn", "iphone", prefix: true) == 1)
        #expect(Self.typos("phon", "iphone", prefix: true) == 2)
        let e = Fixture.names([("phone", "Phone"), ("iphone", "iPhone"), ("head", "Headphones")])
        #expect(Fixture.ids(e, "iphn") == ["iphone"])
        #expect(Fixture.ids(e, "phon") == ["phone"])  // a prefix of phone; 2 typos from iphone's prefixes
        #expect(Fixture.ids(e, "jeadphon") == ["head"])  // 8 letters, first-letter substitution, prefix
        #expect(Fixture.ids(e, "yphon") == [])
    }

    @Test("Placed matches decide attribute: a typo match early, an exact match late")
    func placedAttribute() {
        let e = Fixture.engine([
            Product(objectID: "a", name: "Cast iron pan case"),
            Product(objectID: "b", name: "Casting rod", brand: "Case"),
        ])
        let a = Fixture.ranked(e, "case", "a")
        #expect(a?.typos == 0)
        #expect(a?.attribute == 0)
        #expect(a?.attributePosition == 3)  // at "case", not at "cast"
        let b = Fixture.ranked(e, "case", "b")
        #expect(b?.typos == 0)
        #expect(b?.attribute == 1)  // placed in the brand: the name's "casting" is a typo match
    }

    @Test("Placed matches decide proximity")
    func placedProximity() {
        // "iphones" (a typo match of the whole word "iphone") stands beside "case"; the record's
        // exact "iphone" is three words away, and only it places the word.
        let e = Fixture.names([("typo", "Sleeve iphones case for the iphone"), ("near", "Sleeve for iphone case")])
        #expect(Fixture.ranked(e, "iphone case", "typo")?.proximity == 3)
        #expect(Fixture.ranked(e, "iphone case", "typo")?.attributePosition == 2)
        #expect(Fixture.ranked(e, "iphone case", "near")?.proximity == 1)
        #expect(Fixture.ids(e, "iphone case") == ["near", "typo"])
    }

    @Test("Highlighting shows placed matches only")
    func placedHighlight() {
        let e = Fixture.names([("a", "Cast iron pan case")])
        let page = e.search(SearchRequest(index: .products, query: "case"))
        #expect(page.highlights.first?["name"]?.first?.value == "Cast iron pan <em>case</em>")
        let typo = e.search(SearchRequest(index: .products, query: "casr"))
        #expect(typo.highlights.first?["name"]?.first?.value == "<em>Cast</em> iron pan <em>case</em>")
    }

    // MARK: - Suggestions that lead somewhere

    static func vettingEngine(minHits: Int) -> SearchEngine {
        var config = SiteConfig()
        config.minHits = minHits
        config.scopes = [Scope(attribute: "brand", value: "Apple")]
        let products = [
            Product(objectID: "1", name: "iPhone 7", brand: "Apple"),
            Product(objectID: "2", name: "iPhone 7 case", brand: "Otterbox"),
            Product(objectID: "3", name: "iPhone 6 case", brand: "Otterbox"),
            Product(objectID: "4", name: "Galaxy case", brand: "Samsung"),
            Product(objectID: "5", name: "Galaxy S7", brand: "Samsung"),
            Product(objectID: "6", name: "Phone stand", brand: "Generic"),
        ]
        func suggestion(_ query: String, _ popularity: Double, brands: [String]) -> Suggestion {
            Suggestion(objectID: ObjectID(query), query: query, popularity: popularity, exactMatches: ["brand": brands])
        }
        let suggestions = [
            suggestion("iphone", 50, brands: ["Apple", "Otterbox"]),  // 3 hits; 1 in Apple
            suggestion("case", 40, brands: ["Apple", "Otterbox", "Samsung"]),  // 3 hits; 0 in Apple
            suggestion("cooktop", 90, brands: ["Apple"]),  // 0 hits
            suggestion("galaxy", 30, brands: ["Samsung"]),  // 2 hits
            suggestion("phone", 20, brands: []),  // 1 hit (not iPhone: version 2)
        ]
        return SearchEngine(content: Content(products: products, suggestions: suggestions, config: config))
    }

    @Test("minHits 0 offers every suggestion; 1 those with a hit; 5 those with five", arguments: [0, 1, 3, 5])
    func minHits(_ minHits: Int) {
        let e = Self.vettingEngine(minHits: minHits)
        let vetting = e.vetting(nil)
        #expect(vetting.hits == [3, 3, 0, 2, 1])
        let offered = Set(Fixture.ids(e, "", index: .suggestions))
        let expected: Set<String> =
            switch minHits {
            case 0: ["iphone", "case", "cooktop", "galaxy", "phone"]
            case 1: ["iphone", "case", "galaxy", "phone"]
            case 3: ["iphone", "case"]
            default: []
            }
        #expect(offered == expected)
        #expect(
            Set(vetting.leftOut.map { e.content.suggestions[$0.suggestion].objectID.text })
                == Set(
                    e.content.suggestions.map(\.objectID.text)
                ).subtracting(expected))
        // Typing never shows a suggestion left out.
        #expect(Fixture.ids(e, "cook", index: .suggestions) == (minHits == 0 ? ["cooktop"] : []))
    }

    @Test("Vetting per scope: hits within the scope's filter")
    func perScope() {
        let apple = Scope(attribute: "brand", value: "Apple")
        let e = Self.vettingEngine(minHits: 1)
        let scoped = e.vetting(apple)
        // Listed in the scope: iphone (1 Apple hit), case (0), cooktop (0). galaxy and phone: not in it.
        #expect(scoped.hits == [1, 0, 0, nil, nil])
        #expect(Fixture.ids(e, "", index: .suggestions, filter: apple) == ["iphone"])
        #expect(Fixture.ids(e, "ca", index: .suggestions, filter: apple) == [])
        #expect(Fixture.ids(e, "ca", index: .suggestions) == ["case"])
        let strict = Self.vettingEngine(minHits: 2)
        #expect(Fixture.ids(strict, "", index: .suggestions, filter: apple) == [])
        #expect(Fixture.ids(strict, "", index: .suggestions) == ["iphone", "case", "galaxy"])
    }
}
