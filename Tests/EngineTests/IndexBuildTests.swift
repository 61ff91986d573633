import Testing
import TypeaheadModel

@testable import TypeaheadEngine

@Suite("An index of many records holds each record's words as its texts give them")
struct IndexBuildTests {
    @Test("Tokenised in chunks on all cores: every record's words, places, one-word values and postings")
    func chunkedTokenising() {
        // Enough records for the chunked path (4,096 or more), over a vocabulary that every
        // chunk shares in part (the chunks' ids merged) and words some chunk alone has.
        var generator = TrieSearchTests.Generator(state: 5)
        let count = 5000
        let records = (0..<count).map { r in
            IndexedRecord(
                objectID: ObjectID(String(r)),
                texts: [
                    [generator.text() + " only\(r % 977)"], (0..<generator.next(3)).map { _ in generator.text() },
                    [generator.text()],
                ],
                customKey: [])
        }
        let index = SearchIndex(
            attributeNames: ["name", "categories", "description"], records: records,
            customRanking: CustomRanking(criteria: []))
        #expect(zip(index.words, index.words.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) })
        let spelling = index.words.map { String(String.UnicodeScalarView($0.map { Unicode.Scalar($0)! })) }
        var holders = [[Int32]](repeating: [], count: index.words.count)
        for (r, record) in records.enumerated() {
            var expected: [(String, Int16, Int32)] = []
            var sole: Set<String> = []
            for (attribute, values) in record.texts.enumerated() {
                var position: Int32 = 0
                for (element, value) in values.enumerated() {
                    if element > 0 { position += SearchIndex.arrayElementGap }
                    let words = TextNormalizer.words(value)
                    for word in words {
                        expected.append((word, Int16(attribute), position))
                        position += 1
                    }
                    if words.count == 1 { sole.insert(words[0]) }
                }
            }
            let range = Int(index.occurrenceStart[r])..<Int(index.occurrenceStart[r + 1])
            let found = range.map { index.occurrences[$0] }
            guard found.count == expected.count else {
                Issue.record("record \(r): \(found.count) occurrences, \(expected.count) words")
                continue
            }
            for (o, e) in zip(found, expected) {
                #expect(spelling[Int(o.word)] == e.0 && o.attribute == e.1 && o.position == e.2, "record \(r)")
            }
            #expect(Set(index.soleWords[r].map { spelling[Int($0)] }) == sole, "record \(r)")
            for word in Set(found.map(\.word)) { holders[Int(word)].append(Int32(r)) }
        }
        for w in index.words.indices {
            let listed = Array(index.postingRecords[Int(index.postingStart[w])..<Int(index.postingStart[w + 1])])
            #expect(listed == holders[w].sorted(), "word \(spelling[w])")
        }
    }
}
