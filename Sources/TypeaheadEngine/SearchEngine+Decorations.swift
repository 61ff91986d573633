import TypeaheadModel

// What a hit carries besides its record: `_highlightResult` and `_snippetResult`.
extension SearchEngine {
    /// The highlights (of `attributesToHighlight`) and snippets (of `snippeted`) of `record`. With
    /// `shape.cardSnippetsOnly`, a snippet is cut only where the name does not match every word
    /// (the only ones a card shows, docs/CONTRACT.md, Snippets): the build skips highlighting the
    /// descriptions of the other hits.
    func decorations(
        _ record: Int, _ request: SearchRequest, _ outcome: SearchOutcome, _ index: SearchIndex,
        snippeted: [SnippetAttribute]
    ) -> (highlights: [String: [Highlight]], snippets: [String: [Snippet]]) {
        let placed = index.placedTypos(record: record, outcome.matchers)
        var lit: [Int: [Highlight]] = [:]
        func highlight(_ a: Int) -> [Highlight] {
            if let done = lit[a] { return done }
            let ids = index.wordIDs(record: record, attribute: a)
            let values = zip(index.records[record].texts[a], ids).map {
                index.highlight($0, wordIDs: $1, outcome.matchers, placed: placed, queryWords: outcome.words)
            }
            lit[a] = values
            return values
        }
        var highlights: [String: [Highlight]] = [:]
        for (a, name) in index.attributeNames.enumerated()
        where (request.attributesToHighlight?.contains(name) ?? true) && !index.records[record].texts[a].isEmpty {
            highlights[name] = highlight(a)
        }
        var snippets: [String: [Snippet]] = [:]
        if request.shape.cardSnippetsOnly, let name = index.attributeNames.firstIndex(of: "name"),
            highlight(name).first?.matchLevel == .full
        {
            return (highlights, snippets)
        }
        for (a, name) in index.attributeNames.enumerated() where !index.records[record].texts[a].isEmpty {
            guard let snippet = snippeted.last(where: { $0.attribute == name }) else { continue }
            snippets[name] = highlight(a).map {
                Snippet($0, words: snippet.words, ellipsis: request.shape.snippetEllipsis)
            }
        }
        return (highlights, snippets)
    }
}
