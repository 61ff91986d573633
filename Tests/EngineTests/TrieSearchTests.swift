import Testing
import TypeaheadModel

@testable import TypeaheadEngine

@Suite("The trie search finds exactly what brute force finds")
struct TrieSearchTests {
    /// A deterministic generator of small random words over a small alphabet (many near misses).
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        mutating func word() -> String {
            let letters = Array("abcde")
            return String((0..<(1 + next(9))).map { _ in letters[next(letters.count)] })
        }
    }

    @Test("Random vocabularies and queries, prefix and whole-word, 0 to 2 typos")
    func bruteForce() {
        var generator = Generator(state: 7)
        let vocabulary = Set((0..<400).map { _ in generator.word() })
        let index = SearchIndex(
            attributeNames: ["name"],
            records: vocabulary.sorted().enumerated().map {
                IndexedRecord(objectID: ObjectID(String($0.offset)), texts: [[$0.element]], customKey: [])
            }, customRanking: CustomRanking(criteria: []))
        for _ in 0..<300 {
            let query = generator.word()
            for isLast in [false, true] {
                let matcher = index.matcher(for: query, isLast: isLast, typoTolerance: true)
                let q = query.unicodeScalars.map(\.value)
                for (id, word) in index.words.enumerated() {
                    let expected =
                        isLast ? EditDistance.prefixTypos(q, word) : EditDistance.typos(q, word)
                    let found = matcher.distance(of: id).map(Int.init)
                    let want = expected <= matcher.maxTypos ? expected : nil
                    #expect(
                        found == want,
                        "query \(query) word \(String(decoding: word.map { UInt8($0) }, as: UTF8.self)) prefix \(isLast)"
                    )
                }
            }
        }
    }
}
