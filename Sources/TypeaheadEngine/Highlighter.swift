import TypeaheadModel

/// `_highlightResult` for one value: the text HTML-escaped with matches in `<em>`.
/// Algolia's `matchLevel`: how many of the query's words a highlighted value matches.
public enum MatchLevel: String, Sendable, Equatable {
    /// None of them.
    case none
    /// Some of them.
    case partial
    /// Every one.
    case full
}

public struct Highlight: Sendable, Equatable {
    public var value: String
    public var matchLevel: MatchLevel
    public var matchedWords: [String]
    /// Whether every word of the value is highlighted whole.
    public var fullyHighlighted: Bool
}

/// A word of an original text, as UTF-8 byte offsets (trailing combining marks included).
struct SourceWord {
    var start: Int
    var end: Int
    var isASCII: Bool
}

/// Finds the words of an original text, with the same normalisation as the index, without leaving
/// UTF-8: ASCII is folded inline; any other character is folded on its own (the same result as
/// folding the whole text, since NFKD reorders only combining marks, which are dropped).
enum SourceTokenizer {
    @inline(__always)
    static func isASCIIWordByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A)
    }

    /// The scalar at `i` and its length in bytes (the text is valid UTF-8).
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ i: Int) -> (Unicode.Scalar, Int) {
        let b = bytes[i]
        let length = b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
        var value = UInt32(b) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
        for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// The normalised scalars of one non-ASCII scalar.
    static func fold(_ scalar: Unicode.Scalar) -> String.UnicodeScalarView {
        TextNormalizer.fold(String(scalar)).unicodeScalars
    }

    static func words(_ bytes: UnsafeBufferPointer<UInt8>) -> [SourceWord] {
        var result: [SourceWord] = []
        var current: SourceWord?
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b < 0x80 {
                if isASCIIWordByte(b) {
                    if current == nil { current = SourceWord(start: i, end: i, isASCII: true) }
                    current!.end = i + 1
                } else if let word = current {
                    result.append(word)
                    current = nil
                }
                i += 1
                continue
            }
            let (scalar, length) = decode(bytes, i)
            let folded = fold(scalar)
            if folded.isEmpty {
                // A dropped mark stays with the word it follows.
                if current != nil {
                    current!.end = i + length
                    current!.isASCII = false
                }
            }
            for f in folded {
                if TextNormalizer.isWordScalar(f) {
                    if current == nil { current = SourceWord(start: i, end: i, isASCII: false) }
                    current!.end = i + length
                    current!.isASCII = false
                } else if let word = current {
                    result.append(word)
                    current = nil
                }
            }
            i += length
        }
        if let word = current { result.append(word) }
        return result
    }

    /// The byte offset after the first `count` normalised scalars of the word starting at `start`,
    /// never splitting an original character from its combining marks.
    static func end(
        afterNormalized count: Int, in bytes: UnsafeBufferPointer<UInt8>, word: SourceWord
    ) -> Int {
        if word.isASCII { return word.start + count }
        var seen = 0
        var i = word.start
        while i < word.end, seen < count {
            if bytes[i] < 0x80 {
                seen += 1
                i += 1
            } else {
                let (scalar, length) = decode(bytes, i)
                seen += fold(scalar).count
                i += length
            }
        }
        while i < word.end, bytes[i] >= 0x80 {
            let (scalar, length) = decode(bytes, i)
            guard fold(scalar).isEmpty else { break }
            i += length
        }
        return i
    }
}

extension SearchIndex {
    /// The smallest typo count of each query word in `record` (`UInt8.max` where it does not match):
    /// a word is placed only where it matches with that count (docs/CONTRACT.md, Highlighting).
    func placedTypos(record: Int, _ matchers: [WordMatcher]) -> [UInt8] {
        var best = [UInt8](repeating: .max, count: matchers.count)
        for o in Int(occurrenceStart[record])..<Int(occurrenceStart[record + 1]) {
            let word = Int(occurrences[o].word)
            for (i, matcher) in matchers.enumerated() {
                if let d = matcher.distance(of: word), d < best[i] { best[i] = d }
            }
        }
        placePhrases(record: record, matchers, into: &best)
        return best
    }

    /// The same for each of `records`, with `scratch` (free) loaded once for `matchers`: a word's
    /// distances are read from it, not searched for in each matcher's ranges.
    func placedTypos(records: some Sequence<Int>, _ matchers: [WordMatcher], scratch: SearchScratch) -> [[UInt8]] {
        scratch.load(matchers)
        defer { scratch.reset() }
        return records.map { placedTypos(record: $0, matchers, loaded: scratch) }
    }

    /// The same, with `scratch` already loaded for `matchers` (as while `rankEach` runs).
    func placedTypos(record: Int, _ matchers: [WordMatcher], loaded scratch: SearchScratch) -> [UInt8] {
        let n = matchers.count
        var best = [UInt8](repeating: .max, count: n)
        let stride = Self.maximumQueryWords
        scratch.mask.withUnsafeBufferPointer { mask in
            scratch.distances.withUnsafeBufferPointer { distances in
                for o in Int(occurrenceStart[record])..<Int(occurrenceStart[record + 1]) {
                    let word = Int(occurrences[o].word)
                    var bits = UInt32(truncatingIfNeeded: mask[word])
                    while bits != 0 {
                        let i = bits.trailingZeroBitCount
                        bits &= bits - 1
                        let d = distances[word * stride + i]
                        if d < best[i] { best[i] = d }
                    }
                }
            }
        }
        placePhrases(record: record, matchers, into: &best)
        return best
    }

    /// Lowers each query word's count in `best` to that of a phrase alternative standing in `record`.
    private func placePhrases(record: Int, _ matchers: [WordMatcher], into best: inout [UInt8]) {
        for (i, matcher) in matchers.enumerated() {
            for phrase in matcher.phrases
            where phrase.distance < best[i] && !phraseInstances(record: record, phrase.parts).isEmpty {
                best[i] = phrase.distance
            }
        }
    }

    /// Highlights one value whose index words are `wordIDs`, for the query whose word matchers are
    /// `matchers`, in a record where query word `i` is placed at `placed[i]` typos (`placedTypos`):
    /// only placed matches are highlighted, so a typo match never shows where the record matches the
    /// word better. A whole-word or typo match highlights the whole word; the last query word, when
    /// it matches a longer word as a prefix, highlights the closest prefix only.
    func highlight(
        _ text: String, wordIDs: ArraySlice<Int32>, _ matchers: [WordMatcher], placed: [UInt8], queryWords: [String]
    ) -> Highlight {
        var text = text
        let hasPhrases = matchers.contains { !$0.phrases.isEmpty }
        return text.withUTF8 { bytes -> Highlight in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 32)
            var matched = [Bool](repeating: false, count: matchers.count)
            var allWhole = true
            var cursor = 0
            let sourceWords = SourceTokenizer.words(bytes)
            // The words of phrase alternatives placed in this value (docs/CONTRACT.md, Where
            // alternatives are placed): highlighted whole.
            var inPhrase = [Bool](repeating: false, count: hasPhrases ? wordIDs.count : 0)
            let ids = hasPhrases ? Array(wordIDs) : []
            for (i, matcher) in matchers.enumerated() where hasPhrases {
                for phrase in matcher.phrases where phrase.distance == placed[i] && phrase.parts.count <= ids.count {
                    for k in 0...(ids.count - phrase.parts.count)
                    where ids[k..<k + phrase.parts.count].elementsEqual(phrase.parts) {
                        matched[i] = true
                        for j in k..<k + phrase.parts.count { inPhrase[j] = true }
                    }
                }
            }
            for (k, word) in sourceWords.enumerated() {
                let id = k < wordIDs.count ? Int(wordIDs[wordIDs.startIndex + k]) : -1
                var length = 0
                let wordLength = id >= 0 ? words[id].count : 0
                if id >= 0, hasPhrases, inPhrase[k] { length = wordLength }
                if id >= 0 {
                    for (i, matcher) in matchers.enumerated() where matcher.distance(of: id) == placed[i] {
                        matched[i] = true
                        if matcher.isLast, !matcher.isWhole(id) {
                            length = max(length, EditDistance.prefixDistance(matcher.scalars, words[id]).length)
                        } else {
                            length = wordLength
                        }
                    }
                }
                if length == 0 {
                    allWhole = false
                    continue
                }
                let whole = length >= wordLength
                if !whole { allWhole = false }
                let end = whole ? word.end : SourceTokenizer.end(afterNormalized: length, in: bytes, word: word)
                HTML.appendEscaped(bytes[cursor..<word.start], to: &output)
                output += "<em>".utf8
                HTML.appendEscaped(bytes[word.start..<end], to: &output)
                output += "</em>".utf8
                cursor = end
            }
            HTML.appendEscaped(bytes[cursor...], to: &output)
            var matchedWords: [String] = []
            for (i, word) in queryWords.enumerated() where matched[i] && !matchedWords.contains(word) {
                matchedWords.append(word)
            }
            let count = matched.filter { $0 }.count
            let level: MatchLevel = count == 0 ? .none : count == matchers.count ? .full : .partial
            return Highlight(
                value: String(decoding: output, as: UTF8.self), matchLevel: level, matchedWords: matchedWords,
                fullyHighlighted: count > 0 && allWhole && !sourceWords.isEmpty)
        }
    }

    /// The index words of each value of attribute `attribute` of `record`, in value order.
    func wordIDs(record: Int, attribute: Int) -> [ArraySlice<Int32>] {
        var ids = [[Int32]](repeating: [], count: records[record].texts[attribute].count)
        for o in Int(occurrenceStart[record])..<Int(occurrenceStart[record + 1])
        where Int(occurrences[o].attribute) == attribute {
            ids[Int(occurrences[o].element)].append(occurrences[o].word)
        }
        return ids.map { $0[...] }
    }
}
