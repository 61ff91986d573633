import Testing
import TypeaheadEngine
import TypeaheadModel

@Suite("Ranking criterion 2: proximity")
struct ProximityCriterionTests {
    @Test("Adjacent words first; order of the words is ignored")
    func adjacent() {
        let e = Fixture.names(
            [("far", "case for the red iphone"), ("near", "iphone case"), ("reversed", "case iphone")],
            popularity: ["far": 10])
        #expect(Fixture.ranked(e, "iphone case", "near")?.proximity == 1)
        #expect(Fixture.ranked(e, "iphone case", "reversed")?.proximity == 1)
        #expect(Fixture.ranked(e, "iphone case", "far")?.proximity == 4)
        #expect(Fixture.ids(e, "iphone case").last == "far")
    }

    @Test("Capped at 8, and 8 when the words never meet in one attribute")
    func capped() {
        let e = Fixture.engine([
            Product(objectID: "apart", name: "iphone a b c d e f g h i j case"),
            Product(objectID: "split", name: "iphone", brand: "case"),
        ])
        #expect(Fixture.ranked(e, "iphone case", "apart")?.proximity == 8)
        #expect(Fixture.ranked(e, "iphone case", "split")?.proximity == 8)
    }

    @Test("Summed over consecutive pairs; one word gives 0; the same word gives 0")
    func pairs() {
        let e = Fixture.names([("a", "red iphone x case"), ("b", "caseiphone")])
        #expect(Fixture.ranked(e, "red iphone case", "a")?.proximity == 3)
        #expect(Fixture.ranked(e, "iphone", "a")?.proximity == 0)
    }

    @Test("Values of an array attribute never count as adjacent")
    func arrays() {
        let e = Fixture.engine([Product(objectID: "a", name: "x", categories: ["Cell Phones", "Cases"])])
        #expect(Fixture.ranked(e, "phones cases", "a")?.proximity == 8)
    }
}
