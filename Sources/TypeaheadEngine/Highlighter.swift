import TypeaheadModel

/// `_highlightResult` for one value: the text HTML-escaped with matches in `<em>`.
public struct Highlight: Sendable, Equatable {
    public var value: String
    /// `none`, `partial` or `full`.
    public var matchLevel: String
    public var matchedWords: [String]
    /// Whether every word of the value is highlighted whole.
    public var fullyHighlighted: Bool
}

/// A word of an original text: its normalised code points and where it sits in the original.
struct SourceWord {
    var scalars: [UInt32]
    /// For each normalised code point, the index of the original scalar it came from.
    var origins: [Int]
    /// The original scalars `start..<end` (trailing marks included).
    var start: Int
    var end: Int
}

enum SourceTokenizer {
    /// The words of `scalars` with their places, using the same normalisation as the index:
    /// folding one scalar at a time gives the same result as folding the text, since the only
    /// reordering NFKD does is among combining marks, which are dropped.
    static func words(_ scalars: [Unicode.Scalar]) -> [SourceWord] {
        var result: [SourceWord] = []
        var current: SourceWord?
        for (index, scalar) in scalars.enumerated() {
            let folded: [Unicode.Scalar]
            if scalar.isASCII {
                let v = scalar.value
                folded = [v >= 0x41 && v <= 0x5A ? Unicode.Scalar(v + 0x20)! : scalar]
            } else {
                folded = Array(TextNormalizer.fold(String(scalar)).unicodeScalars)
            }
            if folded.isEmpty {
                // A dropped mark stays with the word it follows.
                if current != nil { current!.end = index + 1 }
                continue
            }
            for f in folded {
                if TextNormalizer.isWordScalar(f) {
                    if current == nil { current = SourceWord(scalars: [], origins: [], start: index, end: index + 1) }
                    current!.scalars.append(f.value)
                    current!.origins.append(index)
                    current!.end = index + 1
                } else if let word = current {
                    result.append(word)
                    current = nil
                }
            }
        }
        if let word = current { result.append(word) }
        return result
    }
}

extension SearchIndex {
    /// Highlights one value for the query whose word matchers are `matchers`.
    func highlight(_ text: String, _ matchers: [WordMatcher], queryWords: [String]) -> Highlight {
        let scalars = Array(text.unicodeScalars)
        var spans: [(start: Int, end: Int, whole: Bool)] = []
        var matched = [Bool](repeating: false, count: matchers.count)
        var allWhole = true
        let sourceWords = SourceTokenizer.words(scalars)
        for word in sourceWords {
            var highlightLength = 0
            if let id = trie.wordID(word.scalars) {
                for (i, matcher) in matchers.enumerated() where matcher.distance[id] != .max {
                    matched[i] = true
                    if matcher.isLast {
                        let length = EditDistance.prefixDistance(matcher.scalars, word.scalars).length
                        highlightLength = max(highlightLength, length)
                    } else {
                        highlightLength = word.scalars.count
                    }
                }
            }
            if highlightLength == 0 {
                allWhole = false
                continue
            }
            let whole = highlightLength >= word.scalars.count
            if !whole { allWhole = false }
            spans.append((word.start, whole ? word.end : word.origins[highlightLength - 1] + 1, whole))
        }
        var value = ""
        var cursor = 0
        for span in spans {
            var end = span.end
            // Keep combining marks with their base character.
            while !span.whole, end < scalars.count, !scalars[end].isASCII,
                TextNormalizer.fold(String(scalars[end])).isEmpty
            {
                end += 1
            }
            value += HTMLText.escape(scalars[cursor..<span.start])
            value += "<em>" + HTMLText.escape(scalars[span.start..<end]) + "</em>"
            cursor = end
        }
        value += HTMLText.escape(scalars[cursor...])
        var matchedWords: [String] = []
        for (i, word) in queryWords.enumerated() where matched[i] && !matchedWords.contains(word) {
            matchedWords.append(word)
        }
        let count = matched.filter { $0 }.count
        let level = count == 0 ? "none" : count == matchers.count ? "full" : "partial"
        return Highlight(
            value: value, matchLevel: level, matchedWords: matchedWords,
            fullyHighlighted: count > 0 && allWhole && !sourceWords.isEmpty)
    }
}

/// HTML escaping of `&`, `<`, `>`, `"` and `'`.
enum HTMLText {
    static func escape<S: Sequence>(_ scalars: S) -> String where S.Element == Unicode.Scalar {
        var result = String.UnicodeScalarView()
        for scalar in scalars {
            switch scalar {
            case "&": result.append(contentsOf: "&amp;".unicodeScalars)
            case "<": result.append(contentsOf: "&lt;".unicodeScalars)
            case ">": result.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": result.append(contentsOf: "&quot;".unicodeScalars)
            case "'": result.append(contentsOf: "&#39;".unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
