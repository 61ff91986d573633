import Testing
import TypeaheadModel

@testable import TypeaheadEngine

extension TrieSearchTests.Generator {
    /// A text over a small vocabulary (words repeat within a record, across attributes and array
    /// values; some values are one word).
    mutating func text() -> String {
        let words = ["ab", "abc", "b", "ca", "case", "cases", "é", "e\u{301}x", "ß", "zz", "1", "usb-c"]
        return (0..<(1 + next(6))).map { _ in words[next(words.count)] }.joined(separator: " ")
    }
}

@Suite("Each word's postings for the page, as the records hold them")
struct WordPostingsTests {
    /// The postings as documented, found the plain way: for each word, the records of `order`
    /// holding it by number, each with its places in the record's own order.
    static func reference(_ index: SearchIndex, order: [Int32]) -> [(Int, String, [Int32])] {
        var result: [(Int, String, [Int32])] = []
        for w in index.words.indices {
            var flat: [Int32] = []
            for (n, record) in order.enumerated() {
                let range = Int(index.occurrenceStart[Int(record)])..<Int(index.occurrenceStart[Int(record) + 1])
                let places = range.map { index.occurrences[$0] }.filter { Int($0.word) == w }
                guard !places.isEmpty else { continue }
                let sole = index.soleWords[Int(record)].contains(Int32(w))
                flat += [Int32(n), Int32(places.count * 2 + (sole ? 1 : 0))]
                for place in places { flat += [Int32(place.attribute), place.position] }
            }
            if !flat.isEmpty {
                result.append((w, String(String.UnicodeScalarView(index.words[w].map { Unicode.Scalar($0)! })), flat))
            }
        }
        return result
    }

    @Test("Random records, every order and block size: the same postings as the plain way")
    func sameAsReference() {
        var generator = TrieSearchTests.Generator(state: 11)
        let records = (0..<60).map { r in
            IndexedRecord(
                objectID: ObjectID(String(r)),
                texts: [[generator.text()], (0..<generator.next(3)).map { _ in generator.text() }, [generator.text()]],
                customKey: [])
        }
        let index = SearchIndex(
            attributeNames: ["name", "categories", "description"], records: records,
            customRanking: CustomRanking(criteria: []))
        let identity = (0..<Int32(records.count)).map { $0 }
        var shuffled = identity
        for i in shuffled.indices.reversed() { shuffled.swapAt(i, generator.next(i + 1)) }
        // Some records left out, as a scope's subset would.
        let some = shuffled.filter { $0 % 3 != 0 }
        for order in [identity, shuffled, some, []] {
            let expected = Self.reference(index, order: order)
            // One block, a few, and one word a block (each larger than the limit).
            for limit in [1 << 20, 40, 1] {
                var found: [(Int, String, [Int32])] = []
                index.forEachWordPostings(order: order, blockLimit: limit) { found.append(($0, $1, $2)) }
                #expect(found.map(\.0) == expected.map(\.0), "order of \(order.count), limit \(limit)")
                #expect(found.map(\.1) == expected.map(\.1))
                #expect(found.map(\.2) == expected.map(\.2))
            }
        }
        // Some word repeats within a record, and some is a whole value: the test reaches both.
        let flats = Self.reference(index, order: identity).map(\.2)
        #expect(flats.contains { flat in flat.count > 1 && flat[1] >= 4 })
        #expect(flats.contains { flat in flat.count > 1 && flat[1] % 2 == 1 })
    }
}
