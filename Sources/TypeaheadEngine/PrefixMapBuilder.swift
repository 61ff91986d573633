import TypeaheadModel

/// One key of a prefix map and its value: the first page of the suggestions index for the key.
public struct PrefixMapEntry: Sendable, Equatable {
    public var key: String
    /// Suggestion record numbers (indices into `Content.suggestions`), ranked.
    public var suggestions: [Int32]
}

/// Computes prefix maps (ENGINE.md, "The prefix map") without a full engine query per key.
///
/// Keys are enumerated in sorted order from the sorted word-suffixes of the suggestions (each key
/// is a prefix of one of them, emitted once). The answer of a key is found among the matches of its
/// parent key (the key one character shorter) whenever that is provably a superset: same typo
/// allowance for the last word, or a new word appended. Word matchers are cached across keys.
/// Only the top `k` are sorted.
public final class PrefixMapBuilder {
    public let engine: SearchEngine
    public let perKey: Int
    private let index: SearchIndex
    private let scratch: SearchScratch
    private var lastWordCache: [String: WordMatcher] = [:]
    private var wholeWordCache: [String: WordMatcher] = [:]

    public init(engine: SearchEngine, perKey: Int) {
        self.engine = engine
        self.perKey = perKey
        index = engine.suggestions
        scratch = SearchScratch(vocabularySize: engine.suggestions.vocabularySize)
    }

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
    public func build(scope: Scope?, visit: (PrefixMapEntry) -> Void) {
        let allowed = scope.map { engine.allowed(.suggestions, $0) }
        let members = index.records.indices.filter { allowed?[$0] ?? true }
        let all = rank(words: [], candidates: members.map(Int32.init), allowed: nil)
        visit(PrefixMapEntry(key: "", suggestions: top(all)))

        // The stack of ancestors of the current key: its bytes, its matches (record numbers).
        var stack: [(key: [UInt8], matches: [Int32], lastLength: Int, words: Int)] = []
        var previous: [UInt8] = []
        for suffix in suffixes(of: members) {
            var common = 0
            while common < previous.count, common < suffix.count, previous[common] == suffix[common] { common += 1 }
            previous = suffix
            // Emit prefixes longer than what the previous suffix shared, cut at a character.
            var end = common
            // Never start inside a UTF-8 sequence.
            while end > 0, end < suffix.count, suffix[end] & 0xC0 == 0x80 { end -= 1 }
            while end < suffix.count {
                end += 1
                while end < suffix.count, suffix[end] & 0xC0 == 0x80 { end += 1 }
                if suffix[end - 1] == 0x20 { continue }  // `iphone ` is the key `iphone`
                let key = Array(suffix[..<end])
                if stack.last?.key == key { continue }
                while let top = stack.last, !(key.starts(with: top.key) && top.key.count < key.count) {
                    stack.removeLast()
                }
                let text = String(decoding: key, as: UTF8.self)
                let words = text.split(separator: " ").map(String.init)
                let lastLength = words.last!.unicodeScalars.count
                var candidates: [Int32]?
                if let parent = stack.last {
                    let sameWords = parent.words == words.count
                    let sameAllowance =
                        EditDistance.allowedTypos(forLength: parent.lastLength)
                        == EditDistance.allowedTypos(forLength: lastLength)
                    if (sameWords && sameAllowance) || parent.words == words.count - 1 {
                        candidates = parent.matches
                    }
                }
                let ranked = rank(words: words, candidates: candidates ?? nil, allowed: allowed)
                visit(PrefixMapEntry(key: text, suggestions: top(ranked)))
                stack.append((key, ranked.map { Int32($0.record) }, lastLength, words.count))
            }
        }
    }

    private func matcher(_ word: String, isLast: Bool) -> WordMatcher {
        if isLast {
            if let cached = lastWordCache[word] { return cached }
            let made = index.matcher(for: word, isLast: true, typoTolerance: true)
            lastWordCache[word] = made
            return made
        }
        if let cached = wholeWordCache[word] { return cached }
        let made = index.matcher(for: word, isLast: false, typoTolerance: true)
        wholeWordCache[word] = made
        return made
    }

    private func rank(words: [String], candidates: [Int32]?, allowed: [Bool]?) -> [RankedRecord] {
        let words = Array(words.prefix(SearchIndex.maximumQueryWords))
        let matchers = words.enumerated().map { matcher($0.element, isLast: $0.offset == words.count - 1) }
        return index.rank(matchers, candidates: candidates, allowed: allowed, scratch: scratch)
    }

    /// The first `perKey` records, ranked, without sorting the rest.
    private func top(_ ranked: [RankedRecord]) -> [Int32] {
        var best: [RankedRecord] = []
        best.reserveCapacity(perKey + 1)
        for record in ranked {
            if best.count == perKey, let last = best.last, !record.precedes(last) { continue }
            var i = best.count
            while i > 0, record.precedes(best[i - 1]) { i -= 1 }
            best.insert(record, at: i)
            if best.count > perKey { best.removeLast() }
        }
        return best.map { Int32($0.record) }
    }
}
