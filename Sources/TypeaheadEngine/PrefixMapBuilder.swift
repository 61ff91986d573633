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
    /// With details, when words were made optional to find hits: which ones.
    public var optionalWords: [Bool]? = nil
    /// The key was wanted but not ranked: the caller keeps its previous value (`build`'s `reuse`).
    public var kept = false
    /// The key was ranked among the records `reuse` gave (`.among`), not over all its matches.
    public var among = false
    /// The key's value is the one `reuse` gave (`.given`), not ranked here.
    public var given = false

    /// The key.
    public var key: String { String(decoding: keyBytes, as: UTF8.self) }
}

extension PrefixMapEntry {
    /// A key's value found outside the walk (`PrefixMapReuse.given`); its details are set after.
    public init(keyBytes: [UInt8], records: [Int32]) {
        self.init(keyBytes: keyBytes, suggestions: records)
    }
}

/// Computes prefix maps (docs/CONTRACT.md, "Prefix maps") without a full engine query per key.
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
    private let workers: [PrefixMapWorker]

    /// Over `ranking` `.products`, each key's value is the products query's first `perKey` hits
    /// instead (unscoped, typos allowed, prefixLast), with its hit count and placed typos: the
    /// page's precomputed answers, found by the same walk as the map's.
    public init(engine: SearchEngine, perKey: Int, threads: Int = System.coreCount, ranking: IndexName = .suggestions) {
        self.engine = engine
        self.perKey = perKey
        index = engine.suggestions
        self.ranking = ranking
        workers = (0..<max(1, threads)).map { _ in
            PrefixMapWorker(index: engine.searchIndex(ranking), perKey: perKey, details: ranking == .products)
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
    /// accepts are ranked and visited (the empty key always is). A wanted key that `reuse` says is
    /// `.kept` is visited unranked, `kept` (an incremental build has its value from the previous
    /// site); one it gives records `.among` is ranked among those alone; one it gives an entry
    /// `.given` is visited unranked with that entry's value (`typeahead check` asked it directly).
    public func build(
        scope: Scope?, wanted: (@Sendable (_ key: [UInt8], _ matched: [[Range<Int>]]) -> Bool)? = nil,
        reuse: (@Sendable (_ key: [UInt8]) -> PrefixMapReuse?)? = nil, visit: (PrefixMapEntry) -> Void
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
        // it the shortcut for its first keys. A finished chunk's entries wait in memory until the
        // chunks before it are visited: small chunks keep that a small share of every key's (a
        // sixteenth of the keys a worker took held over 400 MB at a million products).
        let chunkSize = max(4096, suffixes.count / (workers.count * 64))
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
                    pipeline.deliver(
                        c,
                        worker.run(
                            suffixes[range], after: previous, allowed: allowed, wanted: wanted, reuse: reuse))
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
