import Testing
import TypeaheadEngine
import TypeaheadModel

@Suite("Ranking criterion 4: exact")
struct ExactCriterionTests {
    @Test("More query words matching whole words without typo rank first")
    func multiWord() {
        let e = Fixture.names([("prefix", "iphone cases"), ("exact", "iphone case")], popularity: ["prefix": 9])
        #expect(Fixture.ranked(e, "iphone case", "exact")?.exact == 2)
        #expect(Fixture.ranked(e, "iphone case", "prefix")?.exact == 1)
        #expect(Fixture.ids(e, "iphone case") == ["exact", "prefix"])
    }

    @Test("A one-word query is exact only when a whole attribute value is that word")
    func singleWord() {
        let e = Fixture.engine(
            [
                Product(objectID: "more", name: "iPhone X", popularity: 9),
                Product(objectID: "alone", name: "Case", categories: ["Cell Phones", "iPhone"]),
            ])
        #expect(Fixture.ranked(e, "iphone", "more")?.exact == 0)
        #expect(Fixture.ranked(e, "iphone", "alone")?.exact == 1)
    }

    @Test("Suggestions: the query that is exactly the typed word comes first among equals")
    func suggestions() {
        // No products: minHits 0 offers every suggestion.
        let e = Fixture.engine(
            [],
            suggestions: [
                Suggestion(objectID: "iphone case", query: "iphone case", popularity: 100),
                Suggestion(objectID: "iphone", query: "iphone", popularity: 1),
            ], minHits: 0)
        #expect(Fixture.ids(e, "iphone", index: .suggestions) == ["iphone", "iphone case"])
        #expect(Fixture.ids(e, "iphon", index: .suggestions) == ["iphone case", "iphone"])
    }
}
