import TypeaheadEngine
import TypeaheadModel

/// Precomputed answers found elsewhere, by text. `typeahead check` asks the engine directly for
/// every answer the site holds, then builds the site afresh in memory to compare every byte: that
/// build's answers' walk takes these values instead of ranking the same texts again. Which texts
/// the walk visits and answers is still its own (a line the site lacks, or holds in excess, makes
/// the bytes differ), and each value is the engine's own answer, which `check` has compared with
/// the site's line. Records are named by number (their place in the index's rank order), as the
/// lines name them, so the two engines need not number records alike.
struct AskedAnswers: Sendable {
    struct Answer: Sendable {
        var nbHits: Int
        var numbers: [Int32]
        var placed: [[UInt8]]
        var optionalWords: [Bool]?
    }

    var answers: [ByteKey: Answer] = [:]

    /// The walk's value for `key`, with each number's record in `order` (nil: not known, rank it).
    func reuse(_ key: [UInt8], order: [Int32]) -> PrefixMapReuse? {
        guard let answer = answers[ByteKey(bytes: key)],
            answer.numbers.allSatisfy({ $0 >= 0 && Int($0) < order.count })
        else { return nil }
        var entry = PrefixMapEntry(keyBytes: key, records: answer.numbers.map { order[Int($0)] })
        entry.nbHits = answer.nbHits
        entry.placed = answer.placed
        entry.optionalWords = answer.optionalWords
        return .given(entry)
    }
}
