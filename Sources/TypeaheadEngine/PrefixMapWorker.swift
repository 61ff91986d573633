import TypeaheadModel

/// One thread's working state: scratch memory and word-matcher caches.
final class PrefixMapWorker: @unchecked Sendable {
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

    /// What the worker keeps of an ancestor of the current key (a key it starts, by bytes).
    private struct Ancestor {
        var key: [UInt8]
        /// Its last word's length in characters.
        var lastLength: Int
        /// The matchers of its words (the last one as a prefix), each alone (`base`) and with the
        /// alternatives of runs of words (`matchers`).
        var base: [WordMatcher]
        var matchers: [WordMatcher]
        /// Its matches (or, for a key left unranked, a superset of them; nil: none known).
        var matches: [Int32]?
        /// With `details`, a ranked key's matches with the occurrences its words matched.
        var occurrences: SearchIndex.MatchedOccurrences?
    }

    /// Where a key's ranking starts: its words' matchers, the candidates (a superset of its
    /// matches, nil: every record), the query words whose matchers differ from those the candidates
    /// were found with (only their postings can narrow them), and, when every word of the key
    /// matches a subset of what the parent's matched, the parent's matches with their occurrences.
    private struct Start {
        var base: [WordMatcher] = []
        var matchers: [WordMatcher] = []
        var candidates: [Int32]?
        var changed: [Int] = []
        var within: SearchIndex.MatchedOccurrences?
    }

    /// The keys introduced by `suffixes` (sorted), given the suffix before them, with values.
    /// With `wanted`, only the keys whose query words' matched vocabulary ids it accepts are
    /// ranked and returned.
    func run(
        _ suffixes: ArraySlice<[UInt8]>, after before: [UInt8], allowed: [Bool]?,
        wanted: (@Sendable (_ key: [UInt8], _ matched: [[Range<Int>]]) -> Bool)? = nil,
        reuse: (@Sendable (_ key: [UInt8]) -> PrefixMapReuse?)? = nil
    ) -> [PrefixMapEntry] {
        var entries: [PrefixMapEntry] = []
        // The ancestors of the current key, shortest first.
        var stack: [Ancestor] = []
        var previous = before
        for suffix in suffixes {
            for key in Self.newKeys(of: suffix, after: previous) {
                while let top = stack.last, !(key.starts(with: top.key) && top.key.count < key.count) {
                    stack.removeLast()
                }
                let lastStart = (key.lastIndex(of: 0x20).map { $0 + 1 }) ?? 0
                let lastLength = key[lastStart...].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
                let start = start(key, lastStart: lastStart, lastLength: lastLength, stack: stack)
                let asked = wanted?(key, start.matchers.map(\.vocabularyRanges)) ?? true
                let reused = asked ? reuse?(key) : nil
                switch reused {
                case .kept?:
                    var entry = PrefixMapEntry(keyBytes: key, suggestions: [])
                    entry.kept = true
                    entries.append(entry)
                case .among(let records, let nbHits)?:
                    entries.append(ranked(key, start, among: records, nbHits: nbHits, allowed: allowed))
                case .given(var entry)?:
                    entry.keyBytes = key
                    entry.given = true
                    entries.append(entry)
                case nil: break
                }
                if !asked || reused != nil {
                    // Not ranked: its children start from what it would have started from.
                    stack.append(
                        Ancestor(
                            key: key, lastLength: lastLength, base: start.base, matchers: start.matchers,
                            matches: start.candidates, occurrences: nil))
                    continue
                }
                var matches: [Int32] = []
                var best = TopK(k: perKey)
                var found = SearchIndex.MatchedOccurrences()
                rank(start, allowed: allowed) { record, occurrences in
                    matches.append(Int32(truncatingIfNeeded: record.record))
                    best.add(record)
                    if details { found.append(record.record, occurrences) }
                }
                var entry = PrefixMapEntry(keyBytes: key, suggestions: best.records)
                var placedWith = start.matchers
                var nbHits = matches.count
                if matches.isEmpty, index.language.settings.removeWordsIfNoResults != .none {
                    // No hit with every word: the engine's own search makes words optional.
                    let outcome = index.search(
                        Self.words(of: key), start.matchers, allowed: allowed,
                        removal: index.language.settings.removeWordsIfNoResults, best: perKey, scratch: scratch,
                        knownEmpty: true)
                    entry.suggestions = outcome.ranked.map { Int32(truncatingIfNeeded: $0.record) }
                    placedWith = outcome.matchers
                    nbHits = outcome.count
                    if outcome.wordsRemoved { entry.optionalWords = outcome.optionalWords }
                }
                if details {
                    entry.nbHits = nbHits
                    entry.placed = index.placedTypos(
                        records: entry.suggestions.lazy.map(Int.init), placedWith, scratch: scratch)
                    entry.matchedWords = placedWith.map(\.vocabularyRanges)
                }
                entries.append(entry)
                stack.append(
                    Ancestor(
                        key: key, lastLength: lastLength, base: start.base, matchers: start.matchers,
                        matches: matches, occurrences: details ? found : nil))
            }
            previous = suffix
        }
        return entries
    }

    /// The keys `suffix` adds after `previous` (the suffix before it in sorted order): its
    /// prefixes longer than what the two share, cut at a character, none ending in a space
    /// (`iphone ` is the key `iphone`).
    static func newKeys(of suffix: [UInt8], after previous: [UInt8]) -> [[UInt8]] {
        var common = 0
        while common < previous.count, common < suffix.count, previous[common] == suffix[common] { common += 1 }
        var keys: [[UInt8]] = []
        var end = common
        while end > 0, end < suffix.count, suffix[end] & 0xC0 == 0x80 { end -= 1 }
        while end < suffix.count {
            end += 1
            while end < suffix.count, suffix[end] & 0xC0 == 0x80 { end += 1 }
            if suffix[end - 1] != 0x20 { keys.append(Array(suffix[..<end])) }
        }
        return keys
    }

    /// Where `key` starts from its parent (the key one character shorter, when it is on the
    /// stack): the shortcuts of docs/CONTRACT.md, "Prefix maps". Without a parent, or past the words
    /// a query keeps, it starts from nothing, as the engine does.
    private func start(_ key: [UInt8], lastStart: Int, lastLength: Int, stack: [Ancestor]) -> Start {
        var start = Start()
        let lastWord = key[lastStart...]
        let words = Self.words(of: key)
        if let parent = stack.last, parent.key.count == PrefixMapShape.parentLength(of: key) {
            start.base = parent.base
            let last = parent.base.count - 1
            if key[parent.key.count] != 0x20 {
                // The last word grew.
                start.base[last] = matcher(lastWord, isLast: true)
                start.matchers = expanded(words, start.base)
                start.changed = changed(parent.matchers, start.matchers)
                if EditDistance.allowedTypos(forLength: parent.lastLength)
                    == EditDistance.allowedTypos(forLength: lastLength)
                {
                    if Self.covers(parent.matchers, start.matchers) {
                        start.candidates = parent.matches
                        start.within = parent.occurrences
                    } else {
                        widen(&start, parent.matches, parent.matchers)
                    }
                } else if last > 0,
                    let boundary = stack.last(where: { key.count > $0.key.count && key[$0.key.count] == 0x20 })
                {
                    // More typos allowed for the last word: its matches are no longer a subset,
                    // but the other words' are, from the key that ends before it (whose last word
                    // was still a prefix).
                    if Self.covers(boundary.matchers, start.matchers) {
                        start.candidates = boundary.matches
                        start.changed = Array(start.matchers.indices)
                    } else {
                        widen(&start, boundary.matches, boundary.matchers)
                    }
                }
            } else {
                // A word was appended: the parent's last word is now a whole word.
                let previousStart = (key[..<(lastStart - 1)].lastIndex(of: 0x20).map { $0 + 1 }) ?? 0
                start.base[last] = matcher(key[previousStart..<(lastStart - 1)], isLast: false)
                start.base.append(matcher(lastWord, isLast: true))
                start.matchers = expanded(words, start.base)
                start.changed = changed(parent.matchers, start.matchers)
                if Self.covers(parent.matchers, start.matchers) {
                    start.candidates = parent.matches
                } else {
                    widen(&start, parent.matches, parent.matchers)
                }
            }
        }
        if start.base.isEmpty || start.base.count > SearchIndex.maximumQueryWords {
            let kept = words.prefix(SearchIndex.maximumQueryWords)
            start.base = kept.enumerated().map {
                matcher(Array($0.element.utf8)[...], isLast: $0.offset == kept.count - 1)
            }
            start.matchers = expanded(Array(kept), start.base)
            start.candidates = nil
            start.within = nil
        }
        // Optional words: a record may match without a word, so no parent's matches bound a key's.
        if start.matchers.contains(where: \.optional) {
            start.candidates = nil
            start.within = nil
        }
        return start
    }

    /// Candidates for a key some of whose words match what the same word of an ancestor did not
    /// (a plural form, a join, the split of a longer prefix): the ancestor's matches and the
    /// postings of what is new (a record matching the key either matches the ancestor, or holds
    /// something new for one of its words). Leaves the key without candidates (ranked afresh, from
    /// the rarest word's postings) when the ancestor's matches are unknown or the new postings and
    /// those matches are as many as the rarest word's postings.
    private func widen(_ start: inout Start, _ matches: [Int32]?, _ ancestor: [WordMatcher]) {
        guard let matches, start.matchers.count >= ancestor.count else { return }
        var extra: [Range<Int>] = []
        var postings = 0
        for i in ancestor.indices {
            var ranges = PrefixMapBuilder.uncovered(ancestor[i].ranges, start.matchers[i].ranges)
            for phrase in start.matchers[i].phrases
            where !ancestor[i].phrases.contains(where: { $0.parts == phrase.parts }) {
                ranges.append(Int(phrase.seed)..<Int(phrase.seed) + 1)
            }
            for range in ranges { postings += index.postings(of: range) }
            extra += ranges
        }
        let fewest = start.matchers.map(\.postingCount).min() ?? 0
        guard postings + matches.count < fewest else { return }
        var candidates = matches
        candidates.reserveCapacity(matches.count + postings)
        let stamp = scratch.nextStamp(records: index.records.count)
        scratch.stamps.withUnsafeMutableBufferPointer { stamps in
            for record in matches { stamps[Int(record)] = stamp }
            for range in extra {
                index.forEachPosting(range) { record in
                    if stamps[record] != stamp {
                        stamps[record] = stamp
                        candidates.append(Int32(record))
                    }
                }
            }
        }
        start.candidates = candidates
        start.within = nil
        start.changed = Array(start.matchers.indices)
    }

    /// The words of a key.
    static func words(of key: [UInt8]) -> [String] {
        key.split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The matchers with the alternatives of runs of words (synonyms, concatenations).
    private func expanded(_ words: [String], _ base: [WordMatcher]) -> [WordMatcher] {
        var matchers = base
        index.expand(Array(words.prefix(base.count)), &matchers, typoTolerance: true, language: index.language)
        return matchers
    }

    /// The query words whose matchers differ from the parent's (new words included): only their
    /// postings can narrow the parent's matches.
    private func changed(_ parent: [WordMatcher], _ child: [WordMatcher]) -> [Int] {
        child.indices.filter { i in
            i >= parent.count || parent[i].ranges.count != child[i].ranges.count
                || !zip(parent[i].ranges, child[i].ranges).allSatisfy { $0.words == $1.words }
                || parent[i].phrases != child[i].phrases
        }
    }

    /// Whether each of `child`'s first words matches a subset of what the same word of `parent`
    /// matched (its word ids, and its phrase alternatives), so the child's matches are among the
    /// parent's and read only occurrences the parent's words read (docs/CONTRACT.md, What stays
    /// true).
    static func covers(_ parent: [WordMatcher], _ child: [WordMatcher]) -> Bool {
        guard child.count >= parent.count else { return false }
        for i in parent.indices {
            guard PrefixMapBuilder.covers(parent[i].ranges, child[i].ranges),
                child[i].phrases.allSatisfy({ phrase in parent[i].phrases.contains { $0.parts == phrase.parts } })
            else { return false }
        }
        return true
    }

    private func matcher(_ word: ArraySlice<UInt8>, isLast: Bool) -> WordMatcher {
        let bytes = Array(word)
        if isLast {
            if let cached = lastWordCache[bytes] { return cached }
            let made = index.matcher(
                for: String(decoding: bytes, as: UTF8.self), isLast: true, typoTolerance: true, language: index.language
            )
            lastWordCache[bytes] = made
            return made
        }
        if let cached = wholeWordCache[bytes] { return cached }
        let made = index.matcher(
            for: String(decoding: bytes, as: UTF8.self), isLast: false, typoTolerance: true, language: index.language)
        wholeWordCache[bytes] = made
        return made
    }

    /// A key's value from `records` alone, which hold its first page, and its hit count (`.among`).
    private func ranked(
        _ key: [UInt8], _ start: Start, among records: [Int32], nbHits: Int, allowed: [Bool]?
    ) -> PrefixMapEntry {
        var best = TopK(k: perKey)
        index.rankEach(start.matchers, candidates: records, allowed: allowed, scratch: scratch) { best.add($0) }
        var entry = PrefixMapEntry(keyBytes: key, suggestions: best.records)
        entry.among = true
        if details {
            entry.nbHits = nbHits
            entry.placed = index.placedTypos(
                records: entry.suggestions.lazy.map(Int.init), start.matchers, scratch: scratch)
            entry.matchedWords = start.matchers.map(\.vocabularyRanges)
        }
        return entry
    }

    /// Ranks the matches of a key's words from where it starts, scanning the parent key's matches or the
    /// postings of the rarest word, whichever is shorter. The parent's matches are first narrowed
    /// by the postings of the query words that `changed` since (the others hold in all of them):
    /// about half of them lack the grown last word, and marking its postings costs less than
    /// reading their words to find so.
    ///
    /// With `within` (the parent's matches and the occurrences its words matched in each, when the
    /// key's words match a subset of those), only those occurrences are read: a few per match
    /// instead of every word of its description.
    private func rank(
        _ start: Start, allowed: [Bool]?, _ body: (RankedRecord, UnsafeBufferPointer<WordOccurrence>) -> Void
    ) {
        let matchers = start.matchers
        if let within = start.within {
            index.rankEach(matchers, within: within, allowed: allowed, scratch: scratch, body)
            return
        }
        var candidates = start.candidates
        if let parent = candidates, let fewest = matchers.map(\.postingCount).min(), fewest < parent.count {
            candidates = nil
        }
        if candidates != nil {
            index.narrow(&candidates!, matchers, words: start.changed, scratch: scratch)
        }
        index.rankEach(matchers, candidates: candidates, allowed: allowed, scratch: scratch, body)
    }
}
