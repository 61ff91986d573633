import Foundation
import Testing
import TypeaheadModel

@Suite("ObjectID: compared, hashed and sorted byte for byte")
struct ObjectIDTests {
    static let composed: ObjectID = "caf\u{e9}"
    static let decomposed: ObjectID = "cafe\u{301}"

    @Test("é and e + U+0301 are two ids in ==, a Set and a Dictionary (String would merge them)")
    func normalForms() {
        #expect(Self.composed.text == Self.decomposed.text)  // Swift's String equality…
        #expect(Self.composed != Self.decomposed)  // …is not an id's.
        #expect(Set([Self.composed, Self.decomposed]).count == 2)
        let names: [ObjectID: String] = [Self.composed: "one", Self.decomposed: "two"]
        #expect(names[Self.composed] == "one" && names[Self.decomposed] == "two")
    }

    @Test("Sorted in UTF-8 byte order, the order of the site's files and the page's script")
    func order() {
        let ids: [ObjectID] = ["b", "B", "é", Self.decomposed, "a", "10", "9", "ä"]
        #expect(ids.sorted().map(\.text) == ids.map(\.text).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(ids.sorted().map(\.text).prefix(4) == ["10", "9", "B", "a"])
    }

    @Test("Encoded and decoded as the plain string, its bytes kept")
    func codable() throws {
        let data = try JSONEncoder().encode([Self.decomposed])
        #expect(String(decoding: data, as: UTF8.self) == "[\"cafe\u{301}\"]")
        let back = try JSONDecoder().decode([ObjectID].self, from: data)
        #expect(back == [Self.decomposed] && back != [Self.composed])
    }
}
