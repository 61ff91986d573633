import Testing
import TypeaheadEngine

@Suite("Edit distance (optimal string alignment)")
struct EditDistanceTests {
    static func d(_ a: String, _ b: String) -> Int {
        EditDistance.distance(a.unicodeScalars.map(\.value), b.unicodeScalars.map(\.value))
    }

    @Test(
        "Insert, delete, substitute, swap",
        arguments: [
            ("iphone", "iphone", 0), ("iphone", "iphonee", 1), ("iphone", "iphon", 1), ("iphone", "iphane", 1),
            ("iphone", "ipohne", 1), ("iphone", "hpione", 2), ("ca", "abc", 3), ("", "abc", 3), ("abc", "", 3),
            ("samsung", "smasnug", 2), ("é", "e", 1), ("ab", "ba", 1), ("abcd", "badc", 2),
        ])
    func table(_ a: String, _ b: String, _ expected: Int) {
        #expect(Self.d(a, b) == expected)
        #expect(Self.d(b, a) == expected)
    }

    @Test("OSA never edits a substring twice: ca → abc is 3, not 2")
    func osaNotDamerau() {
        #expect(Self.d("ca", "abc") == 3)
    }

    @Test(
        "Typos allowed at the 4 and 8 thresholds",
        arguments: [
            (0, 0), (1, 0), (3, 0), (4, 1), (7, 1), (8, 2), (20, 2),
        ])
    func thresholds(_ length: Int, _ typos: Int) {
        #expect(EditDistance.allowedTypos(forLength: length) == typos)
    }

    @Test(
        "Distance to the closest prefix, and its length",
        arguments: [
            ("iph", "iphone", 0, 3), ("iphone", "iphone", 0, 6), ("ipho", "iphone", 0, 4), ("ihpo", "iphone", 1, 4),
            ("iphn", "iphone", 1, 5), ("iphonr", "iphone", 1, 6), ("xyz", "iphone", 3, 3),
        ])
    func prefix(_ query: String, _ word: String, _ distance: Int, _ length: Int) {
        let result = EditDistance.prefixDistance(query.unicodeScalars.map(\.value), word.unicodeScalars.map(\.value))
        #expect(result.distance == distance)
        #expect(result.length == length)
    }
}
