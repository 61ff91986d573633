import TypeaheadEngine
import TypeaheadModel

// What the static pages say of facets, read back for `check`.
extension SiteReader {
    /// The facet summary of a result page (`<div data-facet>` with its `<li data-value data-count>`),
    /// or of a category page's subcategories (one entry, attribute ""), unescaped, in page order.
    static func facetEntries(in html: String) -> [FacetSummary.Entry] {
        var html = html
        return html.withUTF8 { facetEntries(in: $0) }
    }

    /// The same, on the page's bytes: a byte scan, since `String.range(of:)` on a long page took
    /// most of `check`'s time (it converts every offset to UTF-16).
    static func facetEntries(in bytes: UnsafeBufferPointer<UInt8>) -> [FacetSummary.Entry] {
        let facetMark = Array(#"<div data-facet=""#.utf8)
        let valueMark = Array(#"<li data-value=""#.utf8)
        let countMark = Array(#"data-count=""#.utf8)
        let quote = UInt8(ascii: "\"")
        let text = { (range: Range<Int>) in
            unescape(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
        }
        var entries: [FacetSummary.Entry] = []
        var at = 0
        var facetAt = find(facetMark, in: bytes, from: 0)
        while let value = find(valueMark, in: bytes, from: at) {
            if let facet = facetAt, facet < at { facetAt = find(facetMark, in: bytes, from: at) }
            // A facet's name before its first value starts its entry (one after the last value names nothing).
            if let facet = facetAt, facet < value {
                let start = facet + facetMark.count
                guard let close = find([quote], in: bytes, from: start) else { break }
                entries.append(FacetSummary.Entry(attribute: text(start..<close), values: []))
                at = close
                continue
            }
            let start = value + valueMark.count
            guard let close = find([quote], in: bytes, from: start),
                let countAt = find(countMark, in: bytes, from: close),
                let countEnd = find([quote], in: bytes, from: countAt + countMark.count),
                let count = Int(text(countAt + countMark.count..<countEnd))
            else { break }
            if entries.isEmpty { entries.append(FacetSummary.Entry(attribute: "", values: [])) }
            entries[entries.count - 1].values.append((text(start..<close), count))
            at = countEnd
        }
        return entries
    }

    /// Where `mark` first occurs in `bytes` at or after `from`.
    private static func find(_ mark: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let first = mark.first, mark.count <= bytes.count else { return nil }
        var i = from
        let last = bytes.count - mark.count
        while i <= last {
            if bytes[i] == first {
                var j = 1
                while j < mark.count, bytes[i + j] == mark[j] { j += 1 }
                if j == mark.count { return i }
            }
            i += 1
        }
        return nil
    }
}
