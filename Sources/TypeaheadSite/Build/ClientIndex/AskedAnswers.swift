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
    /// One answer, held in two flat arrays: a million products' check holds millions of them,
    /// and an array for each hit's typo counts took about 1 KB an answer.
    struct Answer: Sendable {
        var nbHits: Int
        var numbers: [Int32]
        /// Each hit's placed typo counts end to end, `width` of them a hit (`hits` hits), when
        /// every hit has as many (always, from the engine); else `ragged` holds them as given.
        private var typos: [UInt8] = []
        private var width = 0
        private var hits = 0
        private var ragged: [[UInt8]]?
        var optionalWords: [Bool]?

        init(nbHits: Int, numbers: [Int32], placed: [[UInt8]], optionalWords: [Bool]?) {
            self.nbHits = nbHits
            self.numbers = numbers
            self.optionalWords = optionalWords
            let width = placed.first?.count ?? 0
            if placed.allSatisfy({ $0.count == width }) {
                self.width = width
                hits = placed.count
                typos = placed.flatMap { $0 }
            } else {
                ragged = placed
            }
        }

        /// One array of typo counts a hit, as the engine placed them.
        var placed: [[UInt8]] {
            ragged ?? (0..<hits).map { Array(typos[($0 * width)..<($0 * width + width)]) }
        }
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
