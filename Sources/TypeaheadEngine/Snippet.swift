import TypeaheadModel

/// `_snippetResult` for one value: the few words of a highlighted value around its first match
/// (docs/CONTRACT.md, Snippets). Algolia's `attributesToSnippet` (`description:10`).
public struct Snippet: Sendable, Equatable {
    /// HTML-escaped, matches in `<em>`, an ellipsis where words were cut.
    public var value: String
    /// The whole value's match level (the words shown hold its first match).
    public var matchLevel: MatchLevel
    /// The query words the whole value matches (not in `_snippetResult`: the cards compare them
    /// with the name's).
    public var matchedWords: [String]

    /// Algolia's default `snippetEllipsisText`.
    public static let defaultEllipsis = "…"

    /// The snippet of `highlight` (a value as `highlight` writes it): the value split at ASCII white
    /// space into words (a highlighted word never holds any); when it has more than `words`, the
    /// `words` of them starting `words / 4` before the first highlighted one (or the first ones,
    /// with no match), moved back to end at the last word when they would run past it; the text
    /// between the first and the last kept, an ellipsis (HTML-escaped) and a space where words were
    /// cut, as Algolia writes it (`… words …`).
    public init(_ highlight: Highlight, words: Int, ellipsis: String = Snippet.defaultEllipsis) {
        matchLevel = highlight.matchLevel
        matchedWords = highlight.matchedWords
        let bytes = Array(highlight.value.utf8)
        var tokens: [Range<Int>] = []
        var start: Int?
        for (i, b) in bytes.enumerated() {
            let space = b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D
            if space, let s = start {
                tokens.append(s..<i)
                start = nil
            } else if !space, start == nil {
                start = i
            }
        }
        if let s = start { tokens.append(s..<bytes.count) }
        let count = max(words, 1)
        guard tokens.count > count else {
            value = highlight.value
            return
        }
        let em = Array("<em>".utf8)
        let first = tokens.firstIndex { token in
            token.count >= em.count
                && (token.lowerBound...(token.upperBound - em.count)).contains {
                    bytes[$0..<$0 + em.count].elementsEqual(em)
                }
        }
        let from = first.map { max(0, min($0 - count / 4, tokens.count - count)) } ?? 0
        let to = from + count
        let cut = HTML.escape(ellipsis)
        value =
            (from > 0 ? cut + " " : "")
            + String(decoding: bytes[tokens[from].lowerBound..<tokens[to - 1].upperBound], as: UTF8.self)
            + (to < tokens.count ? " " + cut : "")
    }

    /// The snippet a card shows (docs/CONTRACT.md, Snippets), or nil: with a name (its highlight)
    /// that does not match every word, the first value of the first of `attributesToSnippet` whose
    /// highlight matches a query word the name does not.
    public static func card(
        _ snippets: [String: [Snippet]], name: Highlight?, _ config: SiteConfig
    ) -> String? {
        guard let first = config.attributesToSnippet.first, name?.matchLevel != .full else { return nil }
        let named = Set(name?.matchedWords ?? [])
        return snippets[first.attribute]?.first { $0.matchedWords.contains { !named.contains($0) } }?.value
    }
}
