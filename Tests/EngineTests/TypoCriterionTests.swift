import Testing
import TypeaheadEngine

@Suite("Ranking criterion 1: typo")
struct TypoCriterionTests {
    @Test("Fewer typos first, whatever the popularity")
    func fewerTypos() {
        let e = Fixture.names([("exact", "iphone"), ("typo", "iphane")], popularity: ["typo": 100])
        #expect(Fixture.ids(e, "iphone") == ["exact", "typo"])
    }

    @Test("Typos are summed over query words, each at its best match")
    func summed() {
        let e = Fixture.names([("one", "galaxy phnoe"), ("two", "galxay phnoe"), ("zero", "galaxy phone galxay")])
        #expect(Fixture.ids(e, "galaxy phone") == ["zero", "one", "two"])
        #expect(Fixture.ranked(e, "galaxy phone", "two")?.typos == 2)
        #expect(Fixture.ranked(e, "galaxy phone", "zero")?.typos == 0)
    }
}
