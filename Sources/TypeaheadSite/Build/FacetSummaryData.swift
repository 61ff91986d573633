import TypeaheadEngine
import TypeaheadModel
import TypeaheadMustache

/// How a facet summary reads on a static page: a label per attribute and, per value, what a
/// person reads (the last part of a category path, a price range in the shop's currency).
enum FacetSummaryData {
    /// `brand` → "Brand", `free_shipping` → "Free shipping", `hierarchicalCategories.lvl0` →
    /// "Category", `.lvl1` → "Subcategory", `.lvlN` → "Category, level N + 1".
    static func label(_ attribute: String) -> String {
        if attribute.hasPrefix("hierarchicalCategories.lvl"), let level = Int(attribute.dropFirst(26)) {
            return level == 0 ? "Category" : level == 1 ? "Subcategory" : "Category, level \(level + 1)"
        }
        let last = attribute.split(separator: ".").last.map(String.init) ?? attribute
        var words = ""
        for character in last {
            if character == "_" || character == "-" {
                words += " "
            } else if character.isUppercase, !words.isEmpty, words.last != " " {
                words += " " + character.lowercased()
            } else {
                words.append(character)
            }
        }
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    /// What a value reads as: a price range's words, or a category path's last part.
    static func text(_ value: String, attribute: String, currency: String) -> String {
        if FacetSummary.isPrice(attribute), let i = Int(value) {
            let (lower, upper) = FacetSummary.priceRangeBounds(i)
            let money = { (x: Double) in "\(currency)\(TypeaheadSite.grouped(Int(x)))" }
            switch (lower, upper) {
            case (nil, let upper?): return "Under \(money(upper))"
            case (let lower?, nil): return "\(money(lower)) and up"
            case (let lower?, let upper?): return "\(money(lower)) to \(money(upper))"
            default: return value
            }
        }
        if value == "true" || value == "false", !FacetSummary.isPrice(attribute) {
            return value == "true" ? "Yes" : "No"
        }
        if attribute.hasPrefix("hierarchicalCategories."), let range = value.range(of: " > ", options: .backwards) {
            return String(value[range.upperBound...])
        }
        return value
    }

    /// The template's `summary`: `{entries: [{attribute, label, values: [{value, text, valueIsText,
    /// count, countText}]}]}`, without the attributes no hit holds; null when none is left. A value is
    /// text, not a link: the search page that would refine by it needs script, and where script
    /// runs the panel takes the summary's place (docs/CONTRACT.md, Static summaries).
    static func value(_ summary: FacetSummary?, config: SiteConfig) -> MustacheValue {
        guard let summary else { return .null }
        let entries = summary.entries.filter { !$0.values.isEmpty }
        if entries.isEmpty { return .null }
        return [
            "entries": .array(
                entries.map { entry in
                    [
                        "attribute": .string(entry.attribute), "label": .string(label(entry.attribute)),
                        "values": .array(
                            entry.values.map {
                                let shown = text($0.value, attribute: entry.attribute, currency: config.currency)
                                return [
                                    "value": .string($0.value), "text": .string(shown),
                                    // The value reads as it is (a brand): the text says it once.
                                    "valueIsText": .bool(shown == $0.value),
                                    "count": .int($0.count), "countText": .string(grouped($0.count)),
                                ]
                            }),
                    ]
                })
        ]
    }

    /// The search page's refinement panel data (site.json `attributesForFaceting`, `replicas`):
    /// null without facets.
    static func refining(_ config: SiteConfig) -> MustacheValue {
        guard !config.attributesForFaceting.isEmpty else { return .null }
        return [
            "replicas": .array(
                config.replicas.map {
                    [
                        "name": .string($0.name),
                        "label": .string(
                            label($0.sort.attribute) + ($0.sort.descending ? ", high to low" : ", low to high")),
                    ]
                })
        ]
    }

    /// A result page's panel data: null without facets; `search`, the search page's address for
    /// its query, where a refinement chosen in the panel goes on (the page's script draws the
    /// panel's frame and sort orders: `TypeaheadPanel.frame`).
    static func refining(_ config: SiteConfig, search: String) -> MustacheValue {
        config.attributesForFaceting.isEmpty ? .null : ["search": .string(search)]
    }
}
