import TypeaheadEngine
import TypeaheadModel

/// Offered suggestions no key of the unscoped prefix map shows, not even their own full text.
struct Shadowed: Finding {
    let id = FindingID.shadowed

    func table(_ input: FindingInput) -> BuildReport.Table {
        let (content, engine, vetting) = (input.content, input.engine, input.vetting)
        let shown = input.layouts.first?.shown ?? []
        let perKey = content.config.suggestionsPerKey(in: nil)
        let scratch = SearchScratch(vocabularySize: engine.suggestions.vocabularySize)
        let indices = content.suggestions.indices.filter { vetting.offered[$0] && !shown.contains(Int32($0)) }
        let rows = input.byPopularity(indices).map { i -> [String] in
            let s = content.suggestions[i]
            let own = engine.searchIndex(.suggestions).search(
                TextNormalizer.normalize(s.query), allowed: vetting.offered, scratch: scratch)
            let instead = own.ranked.prefix(perKey).map { content.suggestions[$0.record].query }
            return [s.query, s.objectID.text, plainNumber(s.popularity), instead.joined(separator: " · ")]
        }
        return .init(
            id, title: "Suggestions never shown",
            note:
                "No key of the prefix map shows these in its first \(perKey) suggestions, not even their own full text: other suggestions always rank before them.",
            columns: ["query", "objectID", "popularity", "its own text shows instead"], rows: rows)
    }
}
