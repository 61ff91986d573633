import TypeaheadModel

/// Suggestions whose query finds fewer products than `minHits`: in no map, list or page.
struct LeftOut: Finding {
    let id = FindingID.leftOut

    func table(_ input: FindingInput) -> BuildReport.Table {
        let vetting = input.vetting
        let rows = input.byPopularity(vetting.leftOut.map(\.suggestion)).map { i in
            let s = input.content.suggestions[i]
            return [s.query, s.objectID.text, plainNumber(s.popularity), String(vetting.hits[i] ?? 0)]
        }
        return .init(
            id, title: "Suggestions left out: \(BuildReport.tooFewHits(vetting.minHits))",
            note:
                "Their query finds fewer products here than minHits (\(vetting.minHits)), so they would lead nowhere: they are in no prefix map, list or page. Remove them from the suggestions, add the products, or lower minHits in site.json.",
            columns: ["query", "objectID", "popularity", "hits"], rows: rows)
    }
}
