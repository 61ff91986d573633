/// Suggestions offered unscoped whose query, within a scope that lists them, finds too few products.
struct LeftOutOfScopes: Finding {
    let id = FindingID.leftOutOfScopes

    func table(_ input: FindingInput) -> BuildReport.Table {
        var rows: [[String]] = []
        for scoped in input.scopeVettings {
            let left = Set(scoped.leftOut.map(\.suggestion)).filter { input.vetting.offered[$0] }
            for i in input.byPopularity(Array(left)) {
                let s = input.content.suggestions[i]
                rows.append([s.query, s.objectID.text, scoped.scope?.filter ?? "", String(scoped.hits[i] ?? 0)])
            }
        }
        return .init(
            id, title: "Suggestions left out of a scope: \(BuildReport.tooFewHits(input.vetting.minHits)) in it",
            note:
                "Their facets list the scope's value, but within the scope's filter their query finds fewer products than minHits, so the scope's map and list leave them out (they are still offered unscoped).",
            columns: ["query", "objectID", "scope", "hits in the scope"], rows: rows)
    }
}
