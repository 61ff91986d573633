import Testing
import TypeaheadEngine
import TypeaheadModel

@Suite("Ranking criterion 3: attribute")
struct AttributeCriterionTests {
    @Test("A match in an earlier searchable attribute ranks first")
    func order() {
        let e = Fixture.engine([
            Product(objectID: "desc", name: "Charger", description: "for apple", popularity: 9),
            Product(objectID: "brand", name: "Cable", brand: "Apple", popularity: 5),
            Product(objectID: "name", name: "Apple Watch"),
        ])
        #expect(Fixture.ids(e, "apple") == ["name", "brand", "desc"])
        #expect(Fixture.ranked(e, "apple", "brand")?.attribute == 1)
    }

    @Test("Then the earliest word position inside that attribute")
    func position() {
        let e = Fixture.names([("late", "red blue apple"), ("early", "apple red")], popularity: ["late": 9])
        #expect(Fixture.ids(e, "apple") == ["early", "late"])
        #expect(Fixture.ranked(e, "apple", "late")?.attributePosition == 2)
    }

    @Test("The searchable attributes of site.json decide the order")
    func configured() {
        let e = Fixture.engine(
            [
                Product(objectID: "n", name: "Apple", brand: "Other"),
                Product(objectID: "b", name: "Other", brand: "Apple"),
            ], searchable: ["brand", "name"])
        #expect(Fixture.ids(e, "apple") == ["b", "n"])
    }
}
