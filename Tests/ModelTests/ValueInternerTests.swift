import Testing

@testable import TypeaheadModel

@Suite("Values a catalogue repeats are held once, and only when they are the same bytes")
struct ValueInternerTests {
    /// Where a string's bytes are (nil: stored inline, or not contiguous).
    static func storage(_ string: String) -> UnsafeRawPointer? {
        var string = string
        return string.withUTF8 { UnsafeRawPointer($0.baseAddress) }
    }

    static func storage(_ strings: [String]) -> UnsafeRawPointer? {
        strings.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    static func string(_ value: JSONValue?, _ path: String) -> String? {
        value?.member(path: path)?.stringValue
    }

    @Test("Two products of one category share its names, paths and arrays; their own texts stay their own")
    func loadShares() throws {
        let record = { (id: String, name: String) in
            #"{"objectID":"\#(id)","name":"\#(name)","brand":"A brand of many letters","categories":["Cell Phone Accessories","iPhone Cases & Clips"],"hierarchicalCategories":{"lvl0":"Cell Phone Accessories","lvl1":"Cell Phone Accessories > iPhone Cases & Clips"},"description":"The one description both products have."}"#
        }
        let content = try ContentFolder(
            products: "[" + record("a", "A first product's name") + "," + record("b", "A second product's name") + "]"
        ).load()
        let (a, b) = (content.products[0], content.products[1])
        #expect(a.categories == ["Cell Phone Accessories", "iPhone Cases & Clips"])
        #expect(Self.storage(a.categories) == Self.storage(b.categories))
        #expect(Self.storage(a.categories[1]) == Self.storage(b.categories[1]))
        #expect(Self.storage(a.brand!) == Self.storage(b.brand!))
        // The typed field is the record's member, not a copy: one string for both products.
        #expect(Self.storage(a.brand!) == Self.storage(Self.string(.object(b.attributes), "brand")!))
        let (pathA, pathB) = (
            Self.string(.object(a.attributes), "hierarchicalCategories.lvl1")!,
            Self.string(.object(b.attributes), "hierarchicalCategories.lvl1")!
        )
        #expect(pathA == "Cell Phone Accessories > iPhone Cases & Clips")
        #expect(Self.storage(pathA) == Self.storage(pathB))
        // A description that reads as its source is searched from the source's storage.
        #expect(a.attributes["description"] == .string("The one description both products have."))
        #expect(Self.storage(Self.string(.object(a.attributes), "description")!) == Self.storage(a.description!))
        #expect(Self.storage(a.name) != Self.storage(b.name))
        #expect(a.descriptionHTML == "<p>The one description both products have.</p>\n")
    }

    @Test("The same text in two Unicode forms, 0 and -0, and one member's other type stay apart")
    func exact() {
        var interner = ValueInterner()
        let composed = "Caf\u{E9} \u{C9}lectrique Ltd"
        let decomposed = "Cafe\u{301} E\u{301}lectrique Ltd"
        #expect(composed == decomposed)  // Swift's == takes them as one
        #expect(Array(interner.intern(composed).utf8) == Array(composed.utf8))
        #expect(Array(interner.intern(decomposed).utf8) == Array(decomposed.utf8))
        #expect(Array(interner.intern([decomposed])[0].utf8) == Array(decomposed.utf8))
        #expect(Array(interner.intern([composed])[0].utf8) == Array(composed.utf8))

        let zero = interner.intern(JSONValue.array([.number(0)]))
        let negative = interner.intern(JSONValue.array([.number(-0.0)]))
        guard case .array(let z) = zero, case .array(let n) = negative, case .number(let x) = z[0],
            case .number(let y) = n[0]
        else {
            Issue.record("not arrays of numbers")
            return
        }
        #expect(x.sign == .plus && y.sign == .minus)

        let objectA = interner.intern(JSONValue.object(["k": .string(composed), "n": .number(1)]))
        let objectB = interner.intern(JSONValue.object(["k": .string(decomposed), "n": .number(1)]))
        #expect(Array(Self.string(objectB, "k")!.utf8) == Array(decomposed.utf8))
        #expect(Array(Self.string(objectA, "k")!.utf8) == Array(composed.utf8))
        let objectC = interner.intern(JSONValue.object(["k": .string(composed), "n": .string("1")]))
        #expect(objectC["n"] == .string("1"))
        #expect(interner.intern(JSONValue.array([.bool(true)])) == .array([.bool(true)]))
        #expect(interner.intern(JSONValue.array([.null])) == .array([.null]))
    }

    @Test("Equal objects share their values whatever order their members were written in")
    func objects() {
        var interner = ValueInterner()
        var first: [String: JSONValue] = [:]
        var second: [String: JSONValue] = [:]
        let members = (0..<20).map { ("member \($0) of the object", JSONValue.string("value number \($0) of it")) }
        for (key, value) in members { first[key] = value }
        for (key, value) in members.reversed() { second[key] = value }
        let a = interner.intern(JSONValue.object(first))
        let b = interner.intern(JSONValue.object(second))
        #expect(a == b)
        #expect(
            Self.storage(Self.string(a, "member 7 of the object")!)
                == Self.storage(Self.string(b, "member 7 of the object")!))
        // Short strings are Swift's inline ones: nothing to share.
        #expect(interner.intern("short") == "short")
    }
}
