import TypeaheadEngine
import TypeaheadModel

// What the static pages say of facets, read back for `check`.
extension SiteReader {
    /// The facet summary of a result page (`<div data-facet>` with its `<li data-value data-count>`),
    /// or of a category page's subcategories (one entry, attribute ""), unescaped, in page order.
    static func facetEntries(in html: String) -> [FacetSummary.Entry] {
        var entries: [FacetSummary.Entry] = []
        var rest = Substring(html)
        let facetMark = #"<div data-facet=""#
        let valueMark = #"<li data-value=""#
        while let next = rest.range(of: valueMark) {
            if let facet = rest.range(of: facetMark), facet.lowerBound < next.lowerBound {
                let start = facet.upperBound
                guard let close = rest[start...].firstIndex(of: "\"") else { break }
                entries.append(FacetSummary.Entry(attribute: unescape(String(rest[start..<close])), values: []))
                rest = rest[close...]
                continue
            }
            let start = next.upperBound
            guard let close = rest[start...].firstIndex(of: "\""),
                let countMark = rest[close...].range(of: #"data-count=""#),
                let countEnd = rest[countMark.upperBound...].firstIndex(of: "\""),
                let count = Int(rest[countMark.upperBound..<countEnd])
            else { break }
            if entries.isEmpty { entries.append(FacetSummary.Entry(attribute: "", values: [])) }
            entries[entries.count - 1].values.append((unescape(String(rest[start..<close])), count))
            rest = rest[countEnd...]
        }
        return entries
    }
}
