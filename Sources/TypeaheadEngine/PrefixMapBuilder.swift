import Dispatch
import Synchronization
import TypeaheadModel

#if canImport(Glibc)
    import Glibc
#endif

/// One key of a prefix map and its value: the first page of the suggestions index for the key.
public struct PrefixMapEntry: Sendable, Equatable {
    /// The key's UTF-8 bytes.
    public var keyBytes: [UInt8]
    /// Suggestion record numbers (indices into `Content.suggestions`), ranked; for a builder over
    /// the products index, product records.
    public var suggestions: [Int32]
    /// Products index only: how many records match the key, each hit's placed typos per query
    /// word, and the vocabulary ids each query word matches.
    public var nbHits = 0
    public var placed: [[UInt8]] = []
    public var matchedWords: [[Range<Int>]] = []

    /// The key.
    public var key: String { String(decoding: keyBytes, as: UTF8.self) }
}

/// Computes prefix maps (ENGINE.md, "The prefix map") without a full engine query per key.
///
/// Keys are enumerated in sorted order from the sorted word-suffixes of the suggestions (each key
/// is a prefix of one of them, emitted once). The answer of a key is found among the matches of its
/// parent key (the key one character shorter) whenever that is provably a superset — the same typo
/// allowance for the last word, or a new word appended — and shorter than the postings of the
/// query's rarest word. Word matchers are cached. Only the top `k` are sorted. The sorted suffixes
/// are cut into chunks worked on by all cores, then visited in order.
public final class PrefixMapBuilder {
    public let engine: SearchEngine
    public let perKey: Int
    private let index: SearchIndex
    private let workers: [Worker]

    /// Over `ranking` `.products`, each key's value is the products query's first `perKey` hits
    /// instead (unscoped, typos allowed, prefixLast), with its hit count and placed typos: the
    /// page's precomputed answers, found by the same walk as the map's.
    public init(engine: SearchEngine, perKey: Int, threads: Int = System.coreCount, ranking: IndexName = .suggestions) {
        self.engine = engine
        self.perKey = perKey
        index = engine.suggestions
        self.ranking = ranking
        workers = (0..<max(1, threads)).map { _ in
            Worker(index: engine.index(ranking), perKey: perKey, details: ranking == .products)
        }
    }

    private let ranking: IndexName

    /// The word-suffixes of the normalised queries of `suggestions` (record numbers), sorted and
    /// unique: `iphone 8 case` gives `iphone 8 case`, `8 case`, `case`.
    func suffixes(of suggestions: [Int]) -> [[UInt8]] {
        var result: [[UInt8]] = []
        for s in suggestions {
            let words = index.records[s].texts[0].first.map(TextNormalizer.words) ?? []
            for start in words.indices {
                result.append(Array(words[start...].joined(separator: " ").utf8))
            }
        }
        result.sort { $0.lexicographicallyPrecedes($1) }
        var unique: [[UInt8]] = []
        unique.reserveCapacity(result.count)
        for s in result where unique.last != s { unique.append(s) }
        return unique
    }

    /// Every key of the map for `scope` (nil: no scope), in sorted order, with its value.
    /// `visit` is called once per key, the empty key first.
    ///
    /// With `wanted` (given the vocabulary ids each query word of a key matches), only the keys it
    /// accepts are ranked and visited (the empty key always is).
    public func build(
        scope: Scope?, wanted: (@Sendable (_ key: [UInt8], _ matched: [[Range<Int>]]) -> Bool)? = nil,
        visit: (PrefixMapEntry) -> Void
    ) {
        // Only the suggestions that lead somewhere, within the scope: the suggestions index.
        let offered: [Bool]? = engine.offeredSuggestions(scope)
        let members = index.records.indices.filter { offered?[$0] ?? true }
        // The records ranked: the offered suggestions, or (products) every product in the scope.
        let allowed = ranking == .suggestions ? offered : scope.map { engine.allowed(.products, $0) }
        var root = TopK(k: perKey)
        let all = engine.index(ranking).records.indices.filter { allowed?[$0] ?? true }.map(Int32.init)
        engine.index(ranking).rankEach([], candidates: all, allowed: nil, scratch: workers[0].scratch) {
            root.add($0)
        }
        visit(
            PrefixMapEntry(
                keyBytes: [], suggestions: root.records, nbHits: all.count, placed: root.records.map { _ in [] }))

        let suffixes = suffixes(of: members)
        // Chunks of about equal size; a chunk starts with no parent on its stack, which only costs
        // it the shortcut for its first keys.
        let chunkSize = max(4096, suffixes.count / (workers.count * 16))
        let chunks = stride(from: 0, to: suffixes.count, by: chunkSize).map { $0..<min($0 + chunkSize, suffixes.count) }
        // Workers take chunks in order while this thread visits finished chunks in order, so
        // writing the shards overlaps with computing the next keys. At most `window` chunks wait.
        let pipeline = ChunkPipeline(count: chunks.count, window: workers.count * 2)
        let group = DispatchGroup()
        for worker in workers {
            DispatchQueue.global().async(group: group) {
                while let c = pipeline.claim() {
                    let range = chunks[c]
                    let previous = range.lowerBound > 0 ? suffixes[range.lowerBound - 1] : []
                    pipeline.deliver(c, worker.run(suffixes[range], after: previous, allowed: allowed, wanted: wanted))
                }
            }
        }
        for c in chunks.indices {
            for entry in pipeline.take(c) { visit(entry) }
        }
        group.wait()
    }

    /// The number of cores to use.
    public enum System {
        public static var coreCount: Int {
            #if canImport(Glibc)
                return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
            #else
                return 2
            #endif
        }
    }
}

/// Hands chunks to workers in order and their results to the visiting thread in order, with at
/// most `window` chunks claimed but not yet taken.
private final class ChunkPipeline: Sendable {
    private struct State {
        var next = 0
        var slots: [Int: [PrefixMapEntry]] = [:]
    }

    private let count: Int
    private let state = Mutex(State())
    private let ready: [DispatchSemaphore]
    private let window: DispatchSemaphore

    init(count: Int, window: Int) {
        self.count = count
        ready = (0..<count).map { _ in DispatchSemaphore(value: 0) }
        self.window = DispatchSemaphore(value: window)
    }

    /// The next chunk to work on, or nil when all are taken.
    func claim() -> Int? {
        window.wait()
        let chunk: Int? = state.withLock { state in
            guard state.next < count else { return nil }
            state.next += 1
            return state.next - 1
        }
        if chunk == nil { window.signal() }
        return chunk
    }

    func deliver(_ chunk: Int, _ entries: [PrefixMapEntry]) {
        state.withLock { $0.slots[chunk] = entries }
        ready[chunk].signal()
    }

    /// Waits for chunk `chunk` and hands over its entries.
    func take(_ chunk: Int) -> [PrefixMapEntry] {
        ready[chunk].wait()
        let entries = state.withLock { $0.slots.removeValue(forKey: chunk) ?? [] }
        window.signal()
        return entries
    }
}

/// One thread's working state: scratch memory and word-matcher caches.
private final class Worker: @unchecked Sendable {
    let index: SearchIndex
    let perKey: Int
    let details: Bool
    let scratch: SearchScratch
    private var lastWordCache: [[UInt8]: WordMatcher] = [:]
    private var wholeWordCache: [[UInt8]: WordMatcher] = [:]

    init(index: SearchIndex, perKey: Int, details: Bool) {
        self.index = index
        self.perKey = perKey
        self.details = details
        scratch = SearchScratch(vocabularySize: index.vocabularySize)
    }

    /// The keys introduced by `suffixes` (sorted), given the suffix before them, with values.
    /// With `wanted`, only the keys whose query words' matched vocabulary ids it accepts are
    /// ranked and returned.
    func run(
        _ suffixes: ArraySlice<[UInt8]>, after before: [UInt8], allowed: [Bool]?,
        wanted: (@Sendable (_ key: [UInt8], _ matched: [[Range<Int>]]) -> Bool)? = nil
    ) -> [PrefixMapEntry] {
        var entries: [PrefixMapEntry] = []
        // The ancestors of the current key: its bytes, its words' lengths in characters, the
        // matchers of its words (the last one as a prefix), and its matches (or, for a key left
        // unranked, a superset of them; nil: none known).
        // With `details`, a ranked key also keeps each match's occurrences that its words matched.
        var stack:
            [(
                key: [UInt8], lastLength: Int, matchers: [WordMatcher], matches: [Int32]?,
                occurrences: SearchIndex.MatchedOccurrences?
            )] = []
        var previous = before
        for suffix in suffixes {
            var common = 0
            while common < previous.count, common < suffix.count, previous[common] == suffix[common] { common += 1 }
            previous = suffix
            // Emit prefixes longer than what the previous suffix shared, cut at a character.
            var end = common
            while end > 0, end < suffix.count, suffix[end] & 0xC0 == 0x80 { end -= 1 }
            while end < suffix.count {
                end += 1
                while end < suffix.count, suffix[end] & 0xC0 == 0x80 { end += 1 }
                if suffix[end - 1] == 0x20 { continue }  // `iphone ` is the key `iphone`
                let key = Array(suffix[..<end])
                while let top = stack.last, !(key.starts(with: top.key) && top.key.count < key.count) {
                    stack.removeLast()
                }
                let lastStart = (key.lastIndex(of: 0x20).map { $0 + 1 }) ?? 0
                let lastWord = key[lastStart...]
                let lastLength = lastWord.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
                var matchers: [WordMatcher]
                var parentMatches: [Int32]?
                // The query words whose matchers differ from those `parentMatches` were found with:
                // only their postings can narrow those candidates.
                var changed: [Int] = []
                // The parent's matches with their matched occurrences, when every word of the key
                // matches a subset of what the parent's matched.
                var within: SearchIndex.MatchedOccurrences?
                if let parent = stack.last, parent.key.count == PrefixMapShape.parentLength(of: key) {
                    if key[parent.key.count] != 0x20 {
                        // The last word grew.
                        matchers = parent.matchers
                        matchers[matchers.count - 1] = matcher(lastWord, isLast: true)
                        changed = [matchers.count - 1]
                        if EditDistance.allowedTypos(forLength: parent.lastLength)
                            == EditDistance.allowedTypos(forLength: lastLength)
                        {
                            parentMatches = parent.matches
                            if let occurrences = parent.occurrences,
                                PrefixMapBuilder.covers(
                                    parent.matchers[matchers.count - 1].ranges, matchers[matchers.count - 1].ranges)
                            {
                                within = occurrences
                            }
                        } else if matchers.count > 1,
                            let boundary = stack.last(where: { key.count > $0.key.count && key[$0.key.count] == 0x20 })
                        {
                            // More typos allowed for the last word: its matches are no longer a
                            // subset, but the other words' are, from the key that ends before it
                            // (whose last word was still a prefix).
                            parentMatches = boundary.matches
                            changed = [matchers.count - 2, matchers.count - 1]
                        }
                    } else {
                        // A word was appended: the parent's last word is now a whole word.
                        matchers = parent.matchers
                        let previousStart = (key[..<(lastStart - 1)].lastIndex(of: 0x20).map { $0 + 1 }) ?? 0
                        matchers[matchers.count - 1] = matcher(key[previousStart..<(lastStart - 1)], isLast: false)
                        matchers.append(matcher(lastWord, isLast: true))
                        changed = [matchers.count - 2, matchers.count - 1]
                        parentMatches = parent.matches
                    }
                } else {
                    matchers = []
                }
                if matchers.isEmpty || matchers.count > SearchIndex.maximumQueryWords {
                    // No parent to start from, or past the words a query keeps: as the engine does.
                    let words = key.split(separator: 0x20).prefix(SearchIndex.maximumQueryWords)
                    matchers = words.enumerated().map { matcher($0.element, isLast: $0.offset == words.count - 1) }
                    if key.split(separator: 0x20).count > SearchIndex.maximumQueryWords { parentMatches = nil }
                }
                if let wanted, !wanted(key, matchers.map { $0.ranges.map(\.words) }) {
                    // Not asked for: its children start from what it would have started from.
                    stack.append((key, lastLength, matchers, parentMatches, nil))
                    continue
                }
                var matches: [Int32] = []
                var best = TopK(k: perKey)
                var found = SearchIndex.MatchedOccurrences()
                rank(matchers, parentMatches: parentMatches, changed: changed, within: within, allowed: allowed) {
                    record, occurrences in
                    matches.append(Int32(truncatingIfNeeded: record.record))
                    best.add(record)
                    if details { found.append(record.record, occurrences) }
                }
                var entry = PrefixMapEntry(keyBytes: key, suggestions: best.records)
                if details {
                    entry.nbHits = matches.count
                    entry.placed = best.records.map { index.placedTypos(record: Int($0), matchers) }
                    entry.matchedWords = matchers.map { $0.ranges.map(\.words) }
                }
                entries.append(entry)
                stack.append((key, lastLength, matchers, matches, details ? found : nil))
            }
        }
        return entries
    }

    private func matcher(_ word: ArraySlice<UInt8>, isLast: Bool) -> WordMatcher {
        let bytes = Array(word)
        if isLast {
            if let cached = lastWordCache[bytes] { return cached }
            let made = index.matcher(for: String(decoding: bytes, as: UTF8.self), isLast: true, typoTolerance: true)
            lastWordCache[bytes] = made
            return made
        }
        if let cached = wholeWordCache[bytes] { return cached }
        let made = index.matcher(for: String(decoding: bytes, as: UTF8.self), isLast: false, typoTolerance: true)
        wholeWordCache[bytes] = made
        return made
    }

    /// Ranks the matches of the query words `matchers`, scanning the parent key's matches or the
    /// postings of the rarest word, whichever is shorter. The parent's matches are first narrowed
    /// by the postings of the query words that `changed` since (the others hold in all of them):
    /// about half of them lack the grown last word, and marking its postings costs less than
    /// reading their words to find so.
    ///
    /// With `within` (the parent's matches and the occurrences its words matched in each, when the
    /// key's words match a subset of those), only those occurrences are read: a few per match
    /// instead of every word of its description.
    private func rank(
        _ matchers: [WordMatcher], parentMatches: [Int32]?, changed: [Int],
        within: SearchIndex.MatchedOccurrences?, allowed: [Bool]?,
        _ body: (RankedRecord, UnsafeBufferPointer<WordOccurrence>) -> Void
    ) {
        if let within {
            index.rankEach(matchers, within: within, allowed: allowed, scratch: scratch, body)
            return
        }
        var candidates = parentMatches
        if let parent = parentMatches, let fewest = matchers.map(\.postingCount).min(), fewest < parent.count {
            candidates = nil
        }
        if candidates != nil {
            index.narrow(&candidates!, matchers, words: changed, scratch: scratch)
        }
        index.rankEach(matchers, candidates: candidates, allowed: allowed, scratch: scratch, body)
    }
}

/// The best `k` records seen, ranked, kept without sorting the rest.
struct TopK {
    let k: Int
    private var best: [RankedRecord] = []

    init(k: Int) {
        self.k = k
        best.reserveCapacity(k + 1)
    }

    mutating func add(_ record: RankedRecord) {
        if best.count == k, let last = best.last, !record.precedes(last) { return }
        var i = best.count
        while i > 0, record.precedes(best[i - 1]) { i -= 1 }
        best.insert(record, at: i)
        if best.count > k { best.removeLast() }
    }

    var records: [Int32] { best.map { Int32(truncatingIfNeeded: $0.record) } }

    /// The records kept, best first.
    var ranked: [RankedRecord] { best }
}

/// Key arithmetic shared by the builder, the shard writer and the harness.
public enum PrefixMapShape {
    /// The key one character shorter (a trailing space dropped), as bytes.
    public static func parent(of key: [UInt8]) -> [UInt8] {
        Array(key[..<parentLength(of: key)])
    }

    /// The length in bytes of the key one character shorter.
    public static func parentLength(of key: [UInt8]) -> Int {
        var end = key.count - 1
        while end > 0, key[end] & 0xC0 == 0x80 { end -= 1 }
        end = max(end, 0)
        if end > 0, key[end - 1] == 0x20 { end -= 1 }
        return end
    }
}

extension PrefixMapBuilder {
    /// Whether the word ids of `inner` are all among those of `outer` (both ascending, disjoint).
    static func covers(
        _ outer: [(words: Range<Int>, distance: UInt8)], _ inner: [(words: Range<Int>, distance: UInt8)]
    ) -> Bool {
        var i = 0
        for (range, _) in inner {
            var position = range.lowerBound
            while position < range.upperBound {
                while i < outer.count, outer[i].words.upperBound <= position { i += 1 }
                if i == outer.count || outer[i].words.lowerBound > position { return false }
                position = outer[i].words.upperBound
            }
        }
        return true
    }
}
