import TypeaheadEngine
import TypeaheadModel

/// The rules that keep a suggestion readable as a shopper reads it (docs/SUGGESTIONS.md, "What a
/// shopper reads"): a word said twice is said once, a generated brand and category read as "that
/// kind of thing, by that brand", and a suggestion names products rather than quoting their
/// descriptions.
extension SuggestionsBuilder {
    /// The query with every word that repeats an earlier one left out: `apple apple apple` →
    /// `apple`, `samsung samsung galaxy` → `samsung galaxy`, `verizon prepaid prepaid phones` →
    /// `verizon prepaid phones`. Words are compared as the engine normalises them (case, accents,
    /// width), on a cleaned query (single spaces).
    static func folded(_ query: String) -> String {
        let words = query.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count > 1 else { return query }
        // Most logged queries are lower-case ASCII letters and digits without a repeated word:
        // said so without normalising (their words are already as the engine reads them).
        if query.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x20 }) {
            let repeats = words.indices.contains { i in words[..<i].contains(words[i]) }
            if !repeats { return query }
        }
        var seen = Set<ByteKey>()
        var kept: [Substring] = []
        for word in words where seen.insert(ByteKey(TextNormalizer.normalize(String(word)))).inserted {
            kept.append(word)
        }
        return kept.count == words.count ? query : kept.joined(separator: " ")
    }

    /// The values of `attribute` a generated combination may use, for one product. A list is read
    /// as a path from the top of a category tree down (Best Buy's categories, a Shopify product
    /// type): when the attribute follows another in the combination (`brand`, then `categories`),
    /// a value is left out when a later value of the same list names accessories (`Cell Phones`,
    /// then `Cell Phone Accessories`: an OtterBox case is an accessory of a cell phone, and
    /// "otterbox cell phones" would read as phones made by OtterBox). A leading "All " is the
    /// shop's navigation, not the shopper's words: `All Unlocked Cell Phones` is generated as
    /// `Unlocked Cell Phones`.
    static func generatedValues(of product: Product, _ attribute: String, following: Bool) -> [String] {
        var values = FacetCounter.values(of: product, attribute)
        if following {
            let accessories = values.indices.filter { isAccessories(values[$0]) }
            if let last = accessories.last {
                values = values.indices.filter { $0 >= last || accessories.contains($0) }.map { values[$0] }
            }
        }
        return values.map { value in
            let lower = value.lowercased()
            return lower.hasPrefix("all ") && value.count > 4 ? String(value.dropFirst(4)) : value
        }
    }

    /// A category whose last word is "accessories" (or "accessory").
    static func isAccessories(_ value: String) -> Bool {
        guard let last = TextNormalizer.words(value).last else { return false }
        return last == "accessories" || last == "accessory"
    }

    /// The engine that vets a suggestion's naming: the catalogue's searchable attributes without
    /// `description`, so that a query found only in descriptions (`tested`, `amount`, `this is`)
    /// is not suggested. Nil when the shop does not search descriptions.
    static func namingEngine(for content: Content) -> SearchEngine? {
        var config = content.config
        let attributes = config.searchableAttributes.filter { $0 != "description" }
        guard attributes.count < config.searchableAttributes.count, !attributes.isEmpty else { return nil }
        config.searchableAttributes = attributes
        return SearchEngine(content: Content(products: content.products, suggestions: [], config: config))
    }

    /// How many products an exact search of `query` finds in `index` (whole words, no typo, no
    /// prefix).
    static func exactHits(_ query: String, in index: SearchIndex, scratch: SearchScratch) -> Int {
        var hits = 0
        index.forEachMatch(
            query, allowed: nil, typoTolerance: false, prefixLast: false, language: .plain, scratch: scratch
        ) { _ in hits += 1 }
        return hits
    }

    /// The key two suggestions share when they are one for a shopper: their normalised words (each
    /// singular with `plurals`), sorted. `apple iphone` and `iphone apple` are one suggestion.
    static func equivalenceKey(_ query: String, plurals: Bool) -> String {
        TextNormalizer.normalize(query).split(separator: " ").map {
            plurals ? EnglishPlural.singular(String($0)) : String($0)
        }
        .sorted().joined(separator: " ")
    }
}
