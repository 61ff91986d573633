import TypeaheadModel

/// Two or more record words that a query word matches when they stand adjacent and in order in one
/// value (docs/CONTRACT.md, "The shop's language": a split, a several-word synonym).
public struct Phrase: Sendable, Equatable {
    /// The words' vocabulary ids, in order.
    var parts: [Int32]
    var distance: UInt8
    var exact: Bool
    /// The part with the fewest postings: every record the phrase is in holds it.
    var seed: Int32
}

/// How one query word matches the vocabulary: ranges of word ids, each at one distance, and its
/// alternatives (docs/CONTRACT.md, "The shop's language").
public struct WordMatcher: Sendable {
    var scalars: [UInt32]
    var maxTypos: Int
    var isLast: Bool
    /// Matched word ids (direct matches and word alternatives), ascending and disjoint, with the
    /// distance of every word in the range.
    var ranges: [(words: Range<Int>, distance: UInt8)]
    /// The vocabulary id of the query word itself (-1 when absent).
    var exactWord: Int32
    /// The ids that count as exact when matched at 0 typos (the word itself and the alternatives
    /// `alternativesAsExact` names), ascending.
    var exactWords: [Int32]
    /// The word alternatives' ids (matched in full: highlighted whole).
    var wholeWords: [Range<Int>] = []
    var phrases: [Phrase] = []
    /// Whether a record may match without matching this word (optional words).
    var optional = false
    /// Whether every word this one matches begins with its first letter (or first two letters):
    /// a record without a word that begins so cannot match it (the engine skips such records by
    /// their signature). True for typos and prefixes; an alternative may make it false.
    var sharesInitial = true
    var sharesBigram = true
    /// How many postings the matched words have in all (with each phrase's seed part's).
    var postingCount: Int

    init(
        scalars: [UInt32], maxTypos: Int, isLast: Bool, ranges: [(words: Range<Int>, distance: UInt8)],
        exactWord: Int32, postingCount: Int
    ) {
        self.scalars = scalars
        self.maxTypos = maxTypos
        self.isLast = isLast
        self.ranges = ranges
        self.exactWord = exactWord
        exactWords = exactWord >= 0 ? [exactWord] : []
        self.postingCount = postingCount
    }

    /// The distance of vocabulary word `word`, or nil when it does not match.
    func distance(of word: Int) -> UInt8? {
        var low = 0
        var high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].words.upperBound <= word {
                low = mid + 1
            } else if ranges[mid].words.lowerBound > word {
                high = mid
            } else {
                return ranges[mid].distance
            }
        }
        return nil
    }

    /// Whether `word` is matched by a word alternative (highlighted whole).
    func isWhole(_ word: Int) -> Bool { wholeWords.contains { $0.contains(word) } }

    /// Every vocabulary id the word reads in a record (matches and phrase parts), as ranges.
    var vocabularyRanges: [Range<Int>] {
        var result = ranges.map(\.words)
        for phrase in phrases { for part in phrase.parts { result.append(Int(part)..<Int(part) + 1) } }
        return result.sorted { $0.lowerBound < $1.lowerBound }
    }
}
