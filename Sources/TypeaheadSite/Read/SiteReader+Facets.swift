import TypeaheadEngine
import TypeaheadModel

// What the static pages say of facets, read back for `check`.
extension SiteReader {
    /// The facet summary of a result page (`<section class="facet-summary">`: a `<div data-facet>`
    /// a facet, a `<li>` a value), or of a category page's subcategories (`<section
    /// class="subcategories">`: one entry, attribute ""), unescaped, in page order. A value is its
    /// `data-value`, or, without one, its text (it reads as it is); its count follows in
    /// `<small>(…)</small>`, written with digit groups. A page with neither section has none.
    static func facetEntries(in html: String) -> [FacetSummary.Entry] {
        var html = html
        return html.withUTF8 { facetEntries(in: $0) }
    }

    /// The same, on the page's bytes: a byte scan, since `String.range(of:)` on a long page took
    /// most of `check`'s time (it converts every offset to UTF-16).
    static func facetEntries(in bytes: UnsafeBufferPointer<UInt8>) -> [FacetSummary.Entry] {
        let facetMark = Array(#"<div data-facet=""#.utf8)
        let itemMark = Array("<li".utf8)
        let valueMark = Array(#" data-value=""#.utf8)
        let countMark = Array("<small>(".utf8)
        let quote = UInt8(ascii: "\"")
        let text = { (range: Range<Int>) in
            HTML.unescape(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
        }
        guard
            let section = find(Array(#"<section class="facet-summary""#.utf8), in: bytes, from: 0)
                ?? find(Array(#"<section class="subcategories""#.utf8), in: bytes, from: 0)
        else { return [] }
        let end = find(Array("</section>".utf8), in: bytes, from: section) ?? bytes.count
        var entries: [FacetSummary.Entry] = []
        var at = section
        var facetAt = find(facetMark, in: bytes, from: at)
        while let item = find(itemMark, in: bytes, from: at), item < end {
            if let facet = facetAt, facet < at { facetAt = find(facetMark, in: bytes, from: at) }
            // A facet's name before its first value starts its entry (one after the last value names nothing).
            if let facet = facetAt, facet < item {
                let start = facet + facetMark.count
                guard let close = find([quote], in: bytes, from: start) else { break }
                entries.append(FacetSummary.Entry(attribute: text(start..<close), values: []))
                at = close
                continue
            }
            let after = item + itemMark.count
            let value: String
            let countAt: Int
            if after < end, bytes[after] == UInt8(ascii: ">") {
                // No data-value: the text, up to the space before its count.
                guard let count = find(countMark, in: bytes, from: after), count < end, count > after + 1 else { break }
                value = text(after + 1..<count - 1)
                countAt = count
            } else if let mark = find(valueMark, in: bytes, from: after), mark == after {
                let start = after + valueMark.count
                guard let close = find([quote], in: bytes, from: start),
                    let count = find(countMark, in: bytes, from: close), count < end
                else { break }
                value = text(start..<close)
                countAt = count
            } else {
                at = after
                continue
            }
            guard let countEnd = find([UInt8(ascii: ")")], in: bytes, from: countAt + countMark.count),
                let count = Int(text(countAt + countMark.count..<countEnd).filter { $0 != "," })
            else { break }
            if entries.isEmpty { entries.append(FacetSummary.Entry(attribute: "", values: [])) }
            entries[entries.count - 1].values.append((value, count))
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
