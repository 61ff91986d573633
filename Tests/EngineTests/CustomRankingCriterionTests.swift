import Testing
import TypeaheadEngine
import TypeaheadModel

@Suite("Ranking criteria 5 and 6: custom ranking, then objectID")
struct CustomRankingCriterionTests {
    @Test("desc(popularity) breaks textual ties")
    func popularity() {
        let e = Fixture.names([("a", "phone"), ("b", "phone"), ("c", "phone")], popularity: ["a": 1, "b": 3, "c": 2])
        #expect(Fixture.ids(e, "phone") == ["b", "c", "a"])
    }

    @Test("Several criteria, ascending and descending; a missing value ranks last")
    func several() {
        let e = Fixture.engine(
            [
                Product(objectID: "a", name: "x", price: 10, popularity: 5),
                Product(objectID: "b", name: "x", price: 5, popularity: 5),
                Product(objectID: "c", name: "x", popularity: 9),
            ], customRanking: ["asc(price)", "desc(popularity)"])
        #expect(Fixture.ids(e, "x") == ["b", "a", "c"])
    }

    @Test("A criterion is parsed once from site.json's text, and writes the same text back")
    func parsedOnce() throws {
        for text in ["desc(popularity)", "asc(price)", "desc(rating count)"] {
            #expect(CustomRankingCriterion(text)?.description == text)
        }
        for text in ["popularity", "desc()", "up(price)", "desc(price"] { #expect(CustomRankingCriterion(text) == nil) }
        #expect(SiteConfig().customRanking == [CustomRankingCriterion(attribute: "popularity", descending: true)])
        #expect(SiteConfig().ranking.criteria == SiteConfig().customRanking)
    }

    @Test("objectID bytes ascending settle every remaining tie")
    func objectID() {
        let e = Fixture.names([("b", "x"), ("B", "x"), ("a", "x"), ("é", "x"), ("e\u{301}", "x")])
        #expect(Fixture.ids(e, "x") == ["B", "a", "b", "e\u{301}", "é"])
    }
}
