import Testing
import TypeaheadEngine
import TypeaheadModel

@Suite("Matching: AND, prefixLast, typos, filters")
struct MatchingTests {
    let engine = Fixture.names([
        ("1", "iPhone case red"), ("2", "Galaxy case"), ("3", "iPhone charger"), ("4", "Samsung Galaxy phone"),
        ("5", "cases for everything"),
    ])

    @Test("Every query word must match")
    func and() {
        #expect(Fixture.ids(engine, "iphone case") == ["1"])
        #expect(Set(Fixture.ids(engine, "iphone", typos: false)) == ["1", "3"])
        // "phone" is one deletion away from "iphone", but at the first letter: two typos (version 2).
        #expect(Set(Fixture.ids(engine, "iphone")) == ["1", "3"])
    }

    @Test("Only the last word matches as a prefix")
    func prefixLast() {
        #expect(Set(Fixture.ids(engine, "iph", typos: false)) == ["1", "3"])
        #expect(Fixture.ids(engine, "iph case", typos: false) == [])
        #expect(Set(Fixture.ids(engine, "galaxy ca", typos: false)) == ["2"])
        #expect(Set(Fixture.ids(engine, "case", typos: false)) == ["1", "2", "5"])
    }

    @Test("Words of 1-3 letters allow no typo, 4-7 one, 8+ two")
    func typoThresholds() {
        let e = Fixture.names([("a", "cat"), ("b", "phone"), ("c", "blackberry")])
        #expect(Fixture.ids(e, "cta x").isEmpty)
        #expect(Fixture.ids(e, "cta") == [])
        #expect(Fixture.ids(e, "phnoe") == ["b"])
        #expect(Fixture.ids(e, "pnhoe") == [])  // two swaps for a 5-letter word
        #expect(Fixture.ids(e, "blakcbery") == ["c"])  // 2 typos at 9 letters
        #expect(Fixture.ids(e, "blkcbery") == [])  // 3 typos
        #expect(Fixture.ids(e, "phnoe", typos: false) == [])
    }

    @Test("The last word's typo is measured to the closest prefix")
    func prefixTypos() {
        let e = Fixture.names([("a", "samsung"), ("b", "iphone")])
        #expect(Fixture.ids(e, "smas") == ["a"])
        #expect(Fixture.ids(e, "ipho") == ["b"])
        #expect(Fixture.ids(e, "ihpo") == ["b"])
    }

    @Test("Two query words may match the same record word; any attribute counts")
    func sameWord() {
        #expect(Fixture.ids(engine, "case case", typos: false).contains("2"))
        #expect(Set(Fixture.ids(engine, "case cases")) == ["1", "2", "5"])
        let e = Fixture.engine([Product(objectID: "x", name: "Phone", brand: "Acme")])
        #expect(Fixture.ids(e, "acme phone") == ["x"])
    }

    @Test("The empty query matches every record, in custom-ranking order")
    func emptyQuery() {
        let e = Fixture.names([("a", "x"), ("b", "y"), ("c", "z")], popularity: ["a": 1, "b": 3, "c": 2])
        #expect(Fixture.ids(e, "") == ["b", "c", "a"])
        #expect(Fixture.ids(e, "  ,;  ") == ["b", "c", "a"])
    }

    @Test("Product filters: string or array attribute, exact value; they change no ranking")
    func productFilters() {
        let e = Fixture.engine([
            Product(
                objectID: "a", name: "Phone A", brand: "Apple", categories: ["Cell Phones", "iPhone"], popularity: 1),
            Product(objectID: "b", name: "Phone B", brand: "Samsung", categories: ["Cell Phones"], popularity: 2),
            Product(objectID: "c", name: "Phone C", brand: "apple", categories: ["Cell Phone"], popularity: 3),
        ])
        #expect(Fixture.ids(e, "phone", filter: Scope(attribute: "brand", value: "Apple")) == ["a"])
        #expect(Fixture.ids(e, "", filter: Scope(attribute: "categories", value: "Cell Phones")) == ["b", "a"])
        #expect(Fixture.ids(e, "", filter: Scope(attribute: "color", value: "red")) == [])
    }

    @Test("Suggestion filters read <index>.facets.exact_matches")
    func suggestionFilters() {
        // No products: minHits 0 offers every suggestion.
        let e = Fixture.engine(
            [],
            suggestions: [
                Suggestion(
                    objectID: "iphone", query: "iphone", popularity: 5, exactMatches: ["categories": ["Cell Phones"]]),
                Suggestion(objectID: "ipad", query: "ipad", popularity: 9, exactMatches: ["categories": ["Tablets"]]),
            ], minHits: 0)
        #expect(Fixture.ids(e, "ip", index: .suggestions) == ["ipad", "iphone"])
        #expect(
            Fixture.ids(e, "ip", index: .suggestions, filter: Scope(attribute: "categories", value: "Cell Phones")) == [
                "iphone"
            ])
    }
}
