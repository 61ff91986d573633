import Dispatch
import Synchronization
import TypeaheadModel

/// One record as an index sees it: its searchable texts, in searchable-attribute order.
public struct IndexedRecord: Sendable {
    public var objectID: ObjectID
    /// For each searchable attribute, its values (one for a string, one per element for an array,
    /// none when the record lacks it).
    public var texts: [[String]]
    /// The custom-ranking values, in criteria order.
    public var customKey: [Double?]

    public init(objectID: ObjectID, texts: [[String]], customKey: [Double?]) {
        self.objectID = objectID
        self.texts = texts
        self.customKey = customKey
    }
}

/// Where a record word sits: its attribute, its position, its vocabulary id.
struct WordOccurrence: Sendable {
    var word: Int32
    var attribute: Int16
    /// Which value of an array attribute (0 for a string).
    var element: Int16
    var position: Int32
}

/// An inverted index over a list of records: the vocabulary trie, postings, each record's words in
/// order, and the custom-ranking order. Built once; searched by `SearchEngine`.
public struct SearchIndex: Sendable {
    /// Positions in consecutive values of an array attribute are this far apart, so two words of
    /// different elements are never nearer than the proximity cap.
    public static let arrayElementGap: Int32 = 8

    public let attributeNames: [String]
    /// The language queries are searched with unless a search says otherwise (docs/CONTRACT.md,
    /// "The shop's language"); contract version 2 unless the engine sets it.
    public var language = QueryLanguage.plain
    /// The matchers of query words alone, made once (shared by the copies of this index).
    let aloneCache = AloneCache()
    public let records: [IndexedRecord]
    let trie: VocabularyTrie
    /// Vocabulary words (code points), sorted; the index is the word id.
    let words: [[UInt32]]
    /// Records containing word `w`: `postingRecords[postingStart[w]..<postingStart[w + 1]]`,
    /// ascending and unique.
    let postingStart: [Int32]
    let postingRecords: [Int32]
    /// Record `r`'s words in attribute, then position order:
    /// `occurrences[occurrenceStart[r]..<occurrenceStart[r + 1]]`.
    let occurrenceStart: [Int32]
    let occurrences: [WordOccurrence]
    /// The most occurrences any one record has.
    let longestRecord: Int
    /// Words that alone make up a whole value of some attribute of record `r` (the single-word exact
    /// rule), sorted.
    let soleWords: [[Int32]]
    /// For each record, a 64-bit signature of its words' first characters and first two characters
    /// (one bit per hashed value), so a candidate lacking a typo-free word's start is skipped
    /// without reading its words.
    let initials: [UInt64]
    let bigrams: [UInt64]
    /// Each record's place in the empty query's order (custom ranking, then objectID bytes).
    let customRank: [Int32]
    /// A replica's sort criterion: each record's place in the sort order (records with equal
    /// values share one; records without the attribute come last). Empty in the index itself.
    var sortRank: [UInt32] = []

    /// Indexes `records`.
    public init(attributeNames: [String], records: [IndexedRecord], customRanking: CustomRanking) {
        self.attributeNames = attributeNames
        self.records = records

        let (provisional, provisionalSole, spelled) = Self.tokenise(records)

        // Number words in code-point order so trie branches are ranges of ids.
        let order = spelled.indices.sorted { spelled[$0].lexicographicallyPrecedes(spelled[$1]) }
        var renumber = [Int32](repeating: 0, count: spelled.count)
        for (newID, oldID) in order.enumerated() { renumber[oldID] = Int32(newID) }
        words = order.map { spelled[$0] }
        trie = VocabularyTrie(sortedWords: words)

        var occurrenceStart: [Int32] = [0]
        var occurrences: [WordOccurrence] = []
        var counts = [Int32](repeating: 0, count: words.count)
        var soleWords: [[Int32]] = []
        // The last record each word was counted for (a set of the record's words, without hashing).
        var seen = [Int32](repeating: -1, count: words.count)
        occurrences.reserveCapacity(provisional.reduce(0) { $0 + $1.count })
        for (index, list) in provisional.enumerated() {
            for entry in list {
                let word = renumber[Int(entry.word)]
                occurrences.append(
                    WordOccurrence(
                        word: word, attribute: entry.attribute, element: entry.element, position: entry.position))
                if seen[Int(word)] != Int32(index) {
                    seen[Int(word)] = Int32(index)
                    counts[Int(word)] += 1
                }
            }
            occurrenceStart.append(Int32(occurrences.count))
            soleWords.append(Array(Set(provisionalSole[index].map { renumber[Int($0)] })).sorted())
        }
        self.occurrenceStart = occurrenceStart
        longestRecord = zip(occurrenceStart, occurrenceStart.dropFirst()).map { Int($1 - $0) }.max() ?? 0
        self.occurrences = occurrences
        let (initials, bigrams) = Self.signatures(
            records: records.count, occurrenceStart: occurrenceStart, occurrences: occurrences, words: words)
        self.initials = initials
        self.bigrams = bigrams
        self.soleWords = soleWords

        (postingStart, postingRecords) = Self.postings(
            records: records.count, words: words.count, counts: counts, occurrenceStart: occurrenceStart,
            occurrences: occurrences)

        let ranked = Self.rankOrder(
            keys: records.map(\.customKey), objectIDs: records.map(\.objectID), ranking: customRanking)
        var customRank = [Int32](repeating: 0, count: records.count)
        for (rank, record) in ranked.enumerated() { customRank[record] = Int32(rank) }
        self.customRank = customRank
    }

    /// A record's occurrences as `tokenise` finds them: word id, attribute, value, position.
    private typealias Provisional = [(word: Int32, attribute: Int16, element: Int16, position: Int32)]

    /// Every value of every record tokenised once: each record's occurrences (word ids numbered in
    /// order of first sight), the words of its one-word values, and each id's spelling. On all
    /// cores for a large catalogue: each chunk of records with a vocabulary of its own, then the
    /// chunks' ids taken into one vocabulary in chunk order (the ids are numbered again in
    /// code-point order after, so only which spellings exist matters).
    private static func tokenise(
        _ records: [IndexedRecord]
    ) -> (occurrences: [Provisional], sole: [[Int32]], spelled: [[UInt32]]) {
        let chunks = records.count < 4096 ? 1 : min(64, PrefixMapBuilder.System.coreCount * 4)
        if chunks == 1 { return tokenise(records[...]) }
        let size = (records.count + chunks - 1) / chunks
        let parts = Mutex(
            [(occurrences: [Provisional], sole: [[Int32]], spelled: [[UInt32]])?](repeating: nil, count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            let range = min(c * size, records.count)..<min((c + 1) * size, records.count)
            let part = tokenise(records[range])
            parts.withLock { $0[c] = part }
        }
        var vocabulary: [[UInt32]: Int32] = [:]
        var spelled: [[UInt32]] = []
        var provisional: [Provisional] = []
        var provisionalSole: [[Int32]] = []
        provisional.reserveCapacity(records.count)
        provisionalSole.reserveCapacity(records.count)
        // Each chunk's lists renumbered in place and taken, the chunk let go (one copy of them).
        var taken = parts.withLock { parts in
            defer { parts = [] }
            return parts
        }
        for c in taken.indices {
            guard var part = taken[c] else { continue }
            taken[c] = nil
            let global = part.spelled.map { scalars -> Int32 in
                if let existing = vocabulary[scalars] { return existing }
                let id = Int32(spelled.count)
                vocabulary[scalars] = id
                spelled.append(scalars)
                return id
            }
            for r in part.occurrences.indices {
                for o in part.occurrences[r].indices {
                    part.occurrences[r][o].word = global[Int(part.occurrences[r][o].word)]
                }
            }
            for r in part.sole.indices {
                for o in part.sole[r].indices { part.sole[r][o] = global[Int(part.sole[r][o])] }
            }
            provisional.append(contentsOf: part.occurrences)
            provisionalSole.append(contentsOf: part.sole)
        }
        return (provisional, provisionalSole, spelled)
    }

    /// `tokenise` over some records, with a vocabulary of their own.
    private static func tokenise(
        _ records: ArraySlice<IndexedRecord>
    ) -> (occurrences: [Provisional], sole: [[Int32]], spelled: [[UInt32]]) {
        var vocabulary: [[UInt32]: Int32] = [:]
        var provisional: [Provisional] = []
        var provisionalSole: [[Int32]] = []
        var spelled: [[UInt32]] = []
        provisional.reserveCapacity(records.count)
        for record in records {
            var list: Provisional = []
            var sole: [Int32] = []
            for (attribute, values) in record.texts.enumerated() {
                var position: Int32 = 0
                for (element, value) in values.enumerated() {
                    if element > 0 { position += Self.arrayElementGap }
                    let valueWords = TextNormalizer.words(value)
                    for word in valueWords {
                        let scalars = word.unicodeScalars.map(\.value)
                        let id: Int32
                        if let existing = vocabulary[scalars] {
                            id = existing
                        } else {
                            id = Int32(spelled.count)
                            vocabulary[scalars] = id
                            spelled.append(scalars)
                        }
                        list.append((id, Int16(attribute), Int16(clamping: element), position))
                        position += 1
                    }
                    if valueWords.count == 1, let last = list.last { sole.append(last.0) }
                }
            }
            provisional.append(list)
            provisionalSole.append(sole)
        }

        return (provisional, provisionalSole, spelled)
    }

    /// Each record's signature bits: the initials and first two characters of its words.
    private static func signatures(
        records: Int, occurrenceStart: [Int32], occurrences: [WordOccurrence], words: [[UInt32]]
    ) -> (initials: [UInt64], bigrams: [UInt64]) {
        let count = records
        var initials = [UInt64](repeating: 0, count: count)
        var bigrams = [UInt64](repeating: 0, count: count)
        for record in 0..<count {
            for o in Int(occurrenceStart[record])..<Int(occurrenceStart[record + 1]) {
                let (initial, bigram) = Self.signature(words[Int(occurrences[o].word)])
                initials[record] |= initial
                bigrams[record] |= bigram
            }
        }
        return (initials, bigrams)
    }

    /// The postings: for each word, the records that hold it, in record order.
    private static func postings(
        records: Int, words: Int, counts: [Int32], occurrenceStart: [Int32], occurrences: [WordOccurrence]
    ) -> (start: [Int32], records: [Int32]) {
        var postingStart = [Int32](repeating: 0, count: words + 1)
        for w in 0..<words { postingStart[w + 1] = postingStart[w] + counts[w] }
        var fill = Array(postingStart.dropLast())
        var postingRecords = [Int32](repeating: 0, count: Int(postingStart[words]))
        // The last record each word was listed for.
        var seen = [Int32](repeating: -1, count: words)
        for record in 0..<records {
            for i in Int(occurrenceStart[record])..<Int(occurrenceStart[record + 1]) {
                let word = occurrences[i].word
                if seen[Int(word)] != Int32(record) {
                    seen[Int(word)] = Int32(record)
                    postingRecords[Int(fill[Int(word)])] = Int32(record)
                    fill[Int(word)] += 1
                }
            }
        }
        return (postingStart, postingRecords)
    }

    /// The signature bits of a word's first character and first two characters (0 when shorter).
    static func signature(_ word: [UInt32]) -> (initial: UInt64, bigram: UInt64) {
        guard let first = word.first else { return (0, 0) }
        let initial: UInt64 = 1 << UInt64((first &* 2_654_435_761) >> 26 & 63)
        guard word.count > 1 else { return (initial, 0) }
        let pair = first &* 31 &+ word[1]
        return (initial, 1 << UInt64((pair &* 2_654_435_761) >> 26 & 63))
    }

    /// The number of distinct words indexed.
    public var vocabularySize: Int { words.count }
}

extension SearchIndex {
    /// The records in custom-ranking order (their `customKey`s by `ranking`, then objectID by
    /// bytes): a record's place in it is its number in the client index and its `custom` rank.
    public static func rankOrder(keys: [[Double?]], objectIDs: [ObjectID], ranking: CustomRanking) -> [Int] {
        keys.indices.sorted { a, b in
            let order = ranking.compare(keys[a], keys[b])
            return order != 0 ? order < 0 : objectIDs[a] < objectIDs[b]
        }
    }
}
