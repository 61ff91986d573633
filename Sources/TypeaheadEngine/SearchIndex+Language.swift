import Synchronization
import TypeaheadModel

/// What a query is searched with beyond contract version 2 (docs/CONTRACT.md, "The shop's
/// language"): an index's language settings, its synonyms, and whether words may be split and
/// joined (whenever typos are allowed).
public struct QueryLanguage: Sendable {
    public var settings: LanguageSettings
    public var synonyms: Synonyms
    /// Splitting and concatenation (with typos allowed). Off only for `plain`.
    public var splitsAndJoins: Bool
    /// The records a split's count reads (nil: every record): the suggestions offered, for the
    /// suggestions index, whose other records no query can find (docs/CONTRACT.md, Splitting).
    public var splitRecords: [Bool]? = nil
    /// Query words whose split is given rather than chosen over this index's records (`bestSplit`):
    /// their two parts, or none for no split. An incremental build searches the few changed
    /// products with the splits the whole catalogue chooses, so that they match there as they do in
    /// it. Never part of what the page or the API reads.
    public var forcedSplits: [[UInt32]: [[UInt32]]] = [:]

    public init(settings: LanguageSettings, synonyms: Synonyms = Synonyms(), splitsAndJoins: Bool = true) {
        self.settings = settings
        self.synonyms = synonyms
        self.splitsAndJoins = splitsAndJoins
    }

    /// Contract version 2: no alternative at all (what `typeahead suggest` completes words with).
    public static let plain = QueryLanguage(settings: LanguageSettings(), splitsAndJoins: false)
}

extension SearchIndex {
    /// The longest first part of a split word (docs/CONTRACT.md, Splitting and concatenation).
    static let longestSplitPart = 12

    /// How query word `word` matches the vocabulary, with the alternatives it has alone: its
    /// plural forms and its split.
    public func matcher(for word: String, isLast: Bool, typoTolerance: Bool, language: QueryLanguage) -> WordMatcher {
        let splits = typoTolerance && language.splitsAndJoins
        let exactPlural = language.settings.exact(.ignorePlurals)
        // What a word matches alone is the same in every query: found once per index (the typo
        // search in the vocabulary, the plural forms, the split), not once per query.
        let forced =
            splits && !language.forcedSplits.isEmpty ? language.forcedSplits[word.unicodeScalars.map(\.value)] : nil
        let key = AloneCache.Key(
            word: ByteKey(word), plurals: language.settings.pluralKey,
            flags: (splits ? 1 : 0) | (language.splitRecords == nil ? 0 : 2) | (isLast ? 4 : 0)
                | (typoTolerance ? 8 : 0) | (exactPlural ? 16 : 0) | (forced == nil ? 0 : 32),
            forced: forced.map { $0.flatMap { $0 + [UInt32.max] } } ?? [])
        var m = aloneCache.value(key) {
            var m = matcher(for: word, isLast: isLast, typoTolerance: typoTolerance)
            guard !language.settings.pluralTables.isEmpty || splits else { return m }
            for table in language.settings.pluralTables {
                for form in table.forms(word) {
                    if let id = trie.wordID(form.unicodeScalars.map(\.value)) {
                        addAlternative(&m, id..<id + 1, distance: 0, exact: exactPlural)
                    }
                }
            }
            if let forced {
                // Given: its parts as this index numbers them (a part it lacks: no record here
                // holds the phrase, so it adds nothing).
                let parts = forced.compactMap { trie.wordID($0).map(Int32.init) }
                if !forced.isEmpty, parts.count == forced.count { addPhrase(&m, parts, distance: 1, exact: false) }
            } else if splits, let parts = bestSplit(m.scalars, within: language.splitRecords) {
                addPhrase(&m, parts, distance: 1, exact: false)
            }
            return m
        }
        if !language.settings.optionalWords.isEmpty { m.optional = language.settings.optionalWords.contains(word) }
        return m
    }

    /// The words of `query` and their matchers with every alternative: plurals, synonyms, splits,
    /// concatenations; optional words marked.
    public func queryMatchers(
        _ query: String, typoTolerance: Bool, prefixLast: Bool, language: QueryLanguage
    ) -> (words: [String], matchers: [WordMatcher]) {
        let words = Array(TextNormalizer.words(query).prefix(Self.maximumQueryWords))
        var matchers = words.enumerated().map { index, word in
            matcher(
                for: word, isLast: prefixLast && index == words.count - 1, typoTolerance: typoTolerance,
                language: language)
        }
        expand(words, &matchers, typoTolerance: typoTolerance, language: language)
        return (words, matchers)
    }

    /// Adds the alternatives that runs of query words have: synonyms of a run equal to a member,
    /// and the concatenation of two or three words.
    func expand(_ words: [String], _ matchers: inout [WordMatcher], typoTolerance: Bool, language: QueryLanguage) {
        let n = words.count
        let synonyms = language.synonyms
        if !synonyms.isEmpty {
            for start in 0..<n where synonyms.firstWords.contains(words[start]) {
                for length in 1...max(1, min(synonyms.longestMember, n - start)) {
                    let member = words[start..<start + length].joined(separator: " ")
                    for alternative in synonyms.alternatives(member) {
                        let ids = alternative.words.map { trie.wordID($0.unicodeScalars.map(\.value)) }
                        guard ids.allSatisfy({ $0 != nil }) else { continue }
                        let kind: LanguageSettings.ExactAlternative =
                            ids.count == 1 ? .singleWordSynonym : .multiWordsSynonym
                        let exact = alternative.typos == 0 && language.settings.exact(kind)
                        for i in start..<start + length {
                            let distance = UInt8(i == start ? alternative.typos : 0)
                            if ids.count == 1 {
                                addAlternative(&matchers[i], ids[0]!..<ids[0]! + 1, distance: distance, exact: exact)
                            } else {
                                addPhrase(&matchers[i], ids.map { Int32($0!) }, distance: distance, exact: exact)
                            }
                        }
                    }
                }
            }
        }
        if typoTolerance, language.splitsAndJoins, n >= 2 {
            for start in 0..<n - 1 {
                for length in 2...3 where start + length <= n {
                    let joined = matchers[start..<start + length].flatMap(\.scalars)
                    let end = start + length - 1
                    let range: Range<Int>?
                    if matchers[end].isLast {
                        range = trie.prefixRange(joined)
                    } else {
                        range = trie.wordID(joined).map { $0..<$0 + 1 }
                    }
                    guard let range, !range.isEmpty else { continue }
                    for i in start...end {
                        addAlternative(&matchers[i], range, distance: i == start ? 1 : 0, exact: false)
                    }
                }
            }
        }
    }

    /// Makes the vocabulary ids `range` a word alternative of `m` at `distance`: each id matches at
    /// the smaller of its distances, and is highlighted whole when the alternative decides.
    func addAlternative(_ m: inout WordMatcher, _ range: Range<Int>, distance: UInt8, exact: Bool) {
        var result: [(words: Range<Int>, distance: UInt8)] = []
        var added = 0
        var cursor = range.lowerBound
        var whole: [Range<Int>] = []
        func emit(_ r: Range<Int>, _ d: UInt8) {
            guard !r.isEmpty else { return }
            if let last = result.last, last.distance == d, last.words.upperBound == r.lowerBound {
                result[result.count - 1].words = last.words.lowerBound..<r.upperBound
            } else {
                result.append((r, d))
            }
        }
        for (r, d) in m.ranges {
            // The new ids before this range.
            if cursor < range.upperBound, cursor < r.lowerBound {
                let gap = cursor..<min(r.lowerBound, range.upperBound)
                emit(gap, distance)
                whole.append(gap)
                added += Int(postingStart[gap.upperBound] - postingStart[gap.lowerBound])
                cursor = gap.upperBound
            }
            let low = max(r.lowerBound, range.lowerBound)
            let overlap = low..<max(low, min(r.upperBound, range.upperBound))
            if overlap.isEmpty || d < distance {
                emit(r, d)
            } else {
                emit(r.lowerBound..<overlap.lowerBound, d)
                emit(overlap, distance)
                whole.append(overlap)
                emit(overlap.upperBound..<r.upperBound, d)
            }
            if !overlap.isEmpty { cursor = max(cursor, overlap.upperBound) }
        }
        if cursor < range.upperBound {
            let rest = max(cursor, range.lowerBound)..<range.upperBound
            emit(rest, distance)
            whole.append(rest)
            added += Int(postingStart[rest.upperBound] - postingStart[rest.lowerBound])
        }
        m.ranges = result
        m.postingCount += added
        // Words in code-point order: the first and last of the range begin as all between do.
        for id in [range.lowerBound, range.upperBound - 1] { noteBeginning(&m, words[id]) }
        m.wholeWords += whole
        if exact, distance == 0 {
            for r in whole {
                for id in r where !m.exactWords.contains(Int32(id)) { m.exactWords.append(Int32(id)) }
            }
            m.exactWords.sort()
        }
    }

    /// Adds a phrase alternative (the same words once, at the smaller distance).
    func addPhrase(_ m: inout WordMatcher, _ parts: [Int32], distance: UInt8, exact: Bool) {
        if let i = m.phrases.firstIndex(where: { $0.parts == parts }) {
            if distance < m.phrases[i].distance { m.phrases[i].distance = distance }
            if distance == 0, exact { m.phrases[i].exact = true }
            return
        }
        noteBeginning(&m, words[Int(parts[0])])
        let seed = parts.min { postings(of: Int($0)) < postings(of: Int($1)) }!
        m.phrases.append(Phrase(parts: parts, distance: distance, exact: exact && distance == 0, seed: seed))
        m.postingCount += postings(of: Int(seed))
    }

    /// Whether a word a query word now reads begins as the query word does.
    private func noteBeginning(_ m: inout WordMatcher, _ word: [UInt32]) {
        if word.first != m.scalars.first { m.sharesInitial = false }
        if word.count < 2 || m.scalars.count < 2 || word[0] != m.scalars[0] || word[1] != m.scalars[1] {
            m.sharesBigram = false
        }
    }

    /// How many records hold vocabulary word `word`.
    func postings(of word: Int) -> Int { Int(postingStart[word + 1] - postingStart[word]) }

    /// The split of a query word into two words of the index that stand adjacent and in order in
    /// the most records (then the shorter first part), or nil when none does.
    func bestSplit(_ scalars: [UInt32], within: [Bool]? = nil) -> [Int32]? {
        guard scalars.count >= EditDistance.minWordSizeForOneTypo else { return nil }
        var valid: [[Int32]] = []
        for (cut, a) in trie.wordsBeginning(scalars, longest: min(Self.longestSplitPart, scalars.count - 1)) {
            if let b = trie.wordID(Array(scalars[cut...])) { valid.append([Int32(a), Int32(b)]) }
        }
        // One split: nothing to choose (found in no record, it matches nothing), so not counted.
        if valid.count <= 1 { return valid.first }
        var best: (parts: [Int32], records: Int)?
        for parts in valid {
            let count = phraseRecordCount(parts, within: within)
            if count > (best?.records ?? 0) { best = (parts, count) }
        }
        return best?.parts
    }

    /// How many records (of `within`, when given) hold the words `parts` adjacent and in order in
    /// one value.
    func phraseRecordCount(_ parts: [Int32], within: [Bool]? = nil) -> Int {
        let first = postingRecords[Int(postingStart[Int(parts[0])])..<Int(postingStart[Int(parts[0]) + 1])]
        let second = postingRecords[Int(postingStart[Int(parts[1])])..<Int(postingStart[Int(parts[1]) + 1])]
        var i = first.startIndex
        var j = second.startIndex
        var count = 0
        while i < first.endIndex, j < second.endIndex {
            if first[i] < second[j] {
                i += 1
            } else if first[i] > second[j] {
                j += 1
            } else {
                if within?[Int(first[i])] ?? true, !phraseInstances(record: Int(first[i]), parts).isEmpty {
                    count += 1
                }
                i += 1
                j += 1
            }
        }
        return count
    }

    /// Where the words `parts` stand adjacent and in order in `record`: the occurrence index of each
    /// instance's first word.
    func phraseInstances(record: Int, _ parts: [Int32]) -> [Int] {
        var found: [Int] = []
        let end = Int(occurrenceStart[record + 1])
        for o in Int(occurrenceStart[record])..<end where occurrences[o].word == parts[0] {
            var k = 1
            while k < parts.count, o + k < end, occurrences[o + k].word == parts[k],
                occurrences[o + k].attribute == occurrences[o].attribute,
                occurrences[o + k].position == occurrences[o].position + Int32(k)
            {
                k += 1
            }
            if k == parts.count { found.append(o) }
        }
        return found
    }
}

/// The matchers of query words alone (the typo search in the vocabulary, their plural forms, their
/// split), by language, word and position: a word's split reads where its parts stand in every
/// record holding both, and its typo search walks the vocabulary, too much to do again for every
/// query that has the word. Emptied when it grows past `limit` entries. The key tells only whether
/// a split counts within some records, not which: an index is searched with one such set (the
/// suggestions index, its offered suggestions) or none.
final class AloneCache: Sendable {
    struct Key: Hashable, Sendable {
        var word: ByteKey
        var plurals: String
        var flags: UInt8
        /// A given split's parts (each followed by `UInt32.max`), empty when none is given.
        var forced: [UInt32] = []
    }

    static let limit = 100_000
    private let entries = Mutex<[Key: WordMatcher]>([:])

    func value(_ key: Key, make: () -> WordMatcher) -> WordMatcher {
        if let known = entries.withLock({ $0[key] }) { return known }
        let made = make()
        entries.withLock {
            if $0.count >= Self.limit { $0.removeAll() }
            $0[key] = made
        }
        return made
    }
}

extension QueryLanguage {
    /// The language as the page's client index and the agreement fixture carry it: the plural
    /// tables in force, the settings, the synonyms, whether words split and join.
    public var json: JSONValue {
        .object([
            "plurals": .array(settings.pluralTables.map(\.json)),
            "alternativesAsExact": .array(settings.alternativesAsExact.map { .string($0.rawValue) }),
            "removeWordsIfNoResults": .string(settings.removeWordsIfNoResults.rawValue),
            "optionalWords": .array(settings.optionalWords.map(JSONValue.string)),
            "synonyms": synonyms.json,
            "splitsAndJoins": .bool(splitsAndJoins),
        ])
    }
}

extension SearchIndex {
    /// Every word that two adjacent words of one value of a record make when joined: the query
    /// words whose split (`bestSplit`, which counts adjacent pairs over the whole index) these
    /// records can sway. An incremental build treats a query holding one as changed.
    public func adjacentJoins() -> Set<[UInt32]> {
        var joins = Set<[UInt32]>()
        for r in records.indices {
            let list = occurrences[Int(occurrenceStart[r])..<Int(occurrenceStart[r + 1])].sorted {
                ($0.attribute, $0.position) < ($1.attribute, $1.position)
            }
            for (a, b) in zip(list, list.dropFirst()) where a.attribute == b.attribute && b.position == a.position + 1 {
                joins.insert(words[Int(a.word)] + words[Int(b.word)])
            }
        }
        return joins
    }
}

extension SearchIndex {
    /// The split `bestSplit` chooses for query word `scalars` over every record, as its two parts
    /// (nil: none).
    public func split(of scalars: [UInt32]) -> [[UInt32]]? {
        bestSplit(scalars).map { $0.map { words[Int($0)] } }
    }

    /// How many records hold `word` (0: it is not in the vocabulary).
    public func holders(of word: [UInt32]) -> Int {
        trie.wordID(word).map { postings(of: $0) } ?? 0
    }

    /// How many records hold `first` and `second` adjacent and in order in one value.
    public func phraseCount(_ first: [UInt32], _ second: [UInt32]) -> Int {
        guard let a = trie.wordID(first), let b = trie.wordID(second) else { return 0 }
        return phraseRecordCount([Int32(a), Int32(b)])
    }

    /// The split `bestSplit` chooses for query word `scalars` over a catalogue known only by its
    /// counts: which words some record holds (`held`), and in how many records two words stand
    /// adjacent (`phrases`). An incremental build tells with it the split the previous catalogue
    /// chose (this index's counts, less the changed products as they are, plus them as they were).
    public static func chooseSplit(
        _ scalars: [UInt32], held: ([UInt32]) -> Bool, phrases: ([UInt32], [UInt32]) -> Int
    ) -> [[UInt32]]? {
        guard scalars.count >= EditDistance.minWordSizeForOneTypo else { return nil }
        var valid: [[[UInt32]]] = []
        for cut in 1...min(longestSplitPart, scalars.count - 1) {
            let (a, b) = (Array(scalars[..<cut]), Array(scalars[cut...]))
            if held(a), held(b) { valid.append([a, b]) }
        }
        if valid.count <= 1 { return valid.first }
        var best: (parts: [[UInt32]], records: Int)?
        for parts in valid {
            let count = phrases(parts[0], parts[1])
            if count > (best?.records ?? 0) { best = (parts, count) }
        }
        return best?.parts
    }
}
