import TypeaheadModel

/// Suggestions whose Algolia `exact_nb_hits` differs from the hits their query finds here.
struct ExactNbHits: Finding {
    let id = FindingID.exactNbHits

    func table(_ input: FindingInput) -> BuildReport.Table {
        let suggestions = input.content.suggestions
        let hits = input.hits
        let indices = suggestions.indices.filter { i in suggestions[i].exactNbHits.map { $0 != hits[i] } ?? false }
        let sorted = indices.sorted { a, b in
            let da = abs(suggestions[a].exactNbHits! - hits[a])
            let db = abs(suggestions[b].exactNbHits! - hits[b])
            return da != db ? da > db : suggestions[a].objectID < suggestions[b].objectID
        }
        let rows = sorted.map { i in
            [
                suggestions[i].query, suggestions[i].objectID.text, String(suggestions[i].exactNbHits!),
                String(hits[i]),
                String(hits[i] - suggestions[i].exactNbHits!),
            ]
        }
        let known = suggestions.filter { $0.exactNbHits != nil }.count
        return .init(
            id, title: "Algolia's exact_nb_hits against the hits here",
            note:
                "\(rows.count) of the \(known) suggestions that carry exact_nb_hits find a different number of products in this catalogue, largest difference first. A large gap means the suggestions were made from another catalogue.",
            columns: ["query", "objectID", "exact_nb_hits", "hits here", "difference"], rows: rows)
    }
}
