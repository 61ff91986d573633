import Foundation
import TypeaheadEngine
import TypeaheadModel

/// What a build found in its data and produced, for a person to read (`report/index.html`), to paste
/// (`typeahead report --format markdown`) or for a program (`report/report.json`).
///
/// Everything in it is derived from the content and the site's bytes, sorted, and free of timings,
/// so it is as byte-identical as the rest of the site. Phase timings exist only when a report is made
/// by a build that is running (`phases`), and are never written into the site.
public struct BuildReport: Codable, Sendable, Equatable {
    /// Where a build writes the report in the site.
    public static let htmlPath = "report/index.html"
    public static let jsonPath = "report/report.json"

    public var version = 1
    /// The site's title.
    public var site: String
    public var counts: [Count]
    /// Bytes and files by kind of file (the report's own files are not counted).
    public var bytes: Table
    /// Data findings, each with the list of its records.
    public var findings: [Table]
    /// The largest shards and pages.
    public var largest: [Table]
    public var histograms: [Histogram]
    /// Seconds by build phase; only in a report made by a running build, never in the site.
    public var phases: [Phase]?

    public struct Count: Codable, Sendable, Equatable {
        public var label: String
        public var value: Int
    }

    /// A titled list of records. Cells are text; numbers are written plainly (no separators).
    public struct Table: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        /// One or two sentences: what the list means and what to do about it.
        public var note: String
        public var columns: [String]
        public var rows: [[String]]
    }

    public struct Histogram: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        public var note: String
        /// What a bar counts, e.g. "keys".
        public var unit: String
        public var buckets: [Bucket]

        public struct Bucket: Codable, Sendable, Equatable {
            public var label: String
            public var count: Int
        }
    }

    public struct Phase: Codable, Sendable, Equatable {
        public var name: String
        public var seconds: Double
    }

    /// The report as `report/report.json` holds it: sorted keys, one value a line.
    public func json() -> [UInt8] { reviewJSON(self) }

    /// Reads a report written by `json()`.
    public static func decode(_ bytes: [UInt8]) throws -> BuildReport {
        try JSONDecoder().decode(BuildReport.self, from: Data(bytes))
    }
}

/// JSON for review: sorted keys (deterministic), one value a line (diffs well), a final newline.
/// Encoding plain structs of strings and numbers cannot fail.
func reviewJSON(_ value: some Encodable) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    var bytes = [UInt8]((try? encoder.encode(value)) ?? Data())
    bytes.append(UInt8(ascii: "\n"))
    return bytes
}

/// Computes a build's report from the content, the engine and the files made so far.
extension BuildReport {
    /// The id of the finding that lists the suggestions left out of the index (fewer than `minHits`).
    public static let leftOutID = "left-out"

    /// `no hit` for `minHits` 1, `fewer than 5 hits` for 5.
    public static func tooFewHits(_ minHits: Int) -> String {
        minHits == 1 ? "no hit" : "fewer than \(minHits) hits"
    }
}

struct ReportMaker {
    var content: Content
    var engine: SearchEngine
    /// The maps as written, the unscoped one first.
    var layouts: [PrefixMapLayout]
    /// Which suggestions lead somewhere, unscoped and in each configured scope (in config order).
    var vetting: SuggestionVetting
    var scopeVettings: [SuggestionVetting]
    var resultPages: Int
    /// Every file of the site, the report's own excepted.
    var sizes: [String: Int]
    /// The products' pictures, for the products that show a placeholder.
    var images: SiteImages

    /// How many records a "largest" list shows.
    static let largestCount = 10

    /// Each suggestion's product hits here (unscoped), by index into the sorted suggestions.
    var hits: [Int] { vetting.hits.map { $0 ?? 0 } }

    func make() -> BuildReport {
        let hits = self.hits
        let suggestionsWithPages = hits.indices.filter { vetting.offered[$0] && hits[$0] > 0 }.count
        let productPages = sizes.keys.filter { $0.hasPrefix("products/") }.count
        var counts: [BuildReport.Count] = [
            .init(label: "products", value: content.products.count),
            .init(label: "suggestions", value: content.suggestions.count),
            .init(label: "suggestions offered (minHits \(vetting.minHits))", value: vetting.offeredCount),
            .init(label: "suggestions with result pages", value: suggestionsWithPages),
            .init(label: "prefix maps", value: layouts.count),
            .init(label: "keys", value: layouts.reduce(0) { $0 + $1.keyCount + 1 }),
            .init(label: "shards", value: layouts.reduce(0) { $0 + $1.manifest.count }),
            .init(label: "result pages", value: resultPages),
            .init(label: "product pages", value: productPages),
            .init(
                label: "products with a picture",
                value: content.products.count - findings().first { $0.id == "no-image" }!.rows.count),
        ]
        counts.append(.init(label: "files (the report excepted)", value: sizes.count))
        counts.append(.init(label: "bytes (the report excepted)", value: sizes.values.reduce(0, +)))
        return BuildReport(
            site: content.config.title, counts: counts, bytes: bytesByKind(), findings: findings(),
            largest: largest(), histograms: histograms(), phases: nil)
    }

    // MARK: - Bytes

    static func kind(of path: String) -> String {
        if path == "index.html" { return "front page" }
        if path.hasPrefix("search/") || path.hasPrefix("scopes/") { return "result pages" }
        if path.hasPrefix("products/") { return "product pages" }
        if path.hasPrefix("shards/") { return "prefix-map shards" }
        if path.hasPrefix("data/products/") { return "client index" }
        if path.hasPrefix("data/suggestions/") { return "suggestions index" }
        if path.hasPrefix("assets/") { return "assets" }
        if path.hasPrefix(SiteImages.folder + "/") { return "pictures" }
        return "other"
    }

    func bytesByKind() -> BuildReport.Table {
        var byKind: [String: (files: Int, bytes: Int)] = [:]
        for (path, size) in sizes {
            let kind = Self.kind(of: path)
            byKind[kind, default: (0, 0)].files += 1
            byKind[kind, default: (0, 0)].bytes += size
        }
        let rows = byKind.sorted { a, b in
            a.value.bytes != b.value.bytes ? a.value.bytes > b.value.bytes : utf8Less(a.key, b.key)
        }.map { [$0.key, String($0.value.files), String($0.value.bytes)] }
        return .init(
            id: "bytes", title: "Bytes by kind",
            note: "What the site is made of, largest first (the report's own files are not counted).",
            columns: ["kind", "files", "bytes"], rows: rows)
    }

    // MARK: - Largest files

    func largest() -> [BuildReport.Table] {
        func top(_ id: String, _ title: String, _ note: String, _ include: (String) -> Bool) -> BuildReport.Table {
            let rows = sizes.filter { include($0.key) }.map { ($0.key, $0.value) }
                .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : utf8Less($0.0, $1.0) }
                .prefix(Self.largestCount).map { [$0.0, String($0.1)] }
            return .init(id: id, title: title, note: note, columns: ["file", "bytes"], rows: Array(rows))
        }
        return [
            top(
                "largest-shards", "Largest shards",
                "A shard is loaded when a key in its range is typed; its size is what one keystroke may cost.",
                { $0.hasPrefix("shards/") }),
            top(
                "largest-result-pages", "Largest result pages", "Static result pages, one per suggestion and page.",
                { $0.hasPrefix("search/") || $0.hasPrefix("scopes/") }),
            top(
                "largest-product-pages", "Largest product pages", "Usually the longest descriptions.",
                { $0.hasPrefix("products/") }),
        ]
    }

    // MARK: - Findings

    func findings() -> [BuildReport.Table] {
        [
            leftOut(), leftOutOfScopes(), shadowed(), exactNbHits(), placeholders(),
            missing("price", { $0.price.map { String($0) } }),
            missing("description", { $0.description?.trimmingCharacters(in: .whitespacesAndNewlines) }),
            duplicateNames(), markupInText(), suspiciousPrices(),
        ]
    }

    /// Suggestions sorted most popular first, then by objectID.
    private func byPopularity(_ indices: [Int]) -> [Int] {
        let suggestions = content.suggestions
        return indices.sorted { a, b in
            suggestions[a].popularity != suggestions[b].popularity
                ? suggestions[a].popularity > suggestions[b].popularity
                : utf8Less(suggestions[a].objectID, suggestions[b].objectID)
        }
    }

    /// The finding id of the suggestions left out of the index.
    static let leftOutID = BuildReport.leftOutID

    func leftOut() -> BuildReport.Table {
        let rows = byPopularity(vetting.leftOut.map(\.suggestion)).map { i in
            let s = content.suggestions[i]
            return [s.query, s.objectID, Self.number(s.popularity), String(vetting.hits[i] ?? 0)]
        }
        return .init(
            id: Self.leftOutID, title: "Suggestions left out: \(BuildReport.tooFewHits(vetting.minHits))",
            note:
                "Their query finds fewer products here than minHits (\(vetting.minHits)), so they would lead nowhere: they are in no prefix map, list or page. Remove them from the suggestions, add the products, or lower minHits in site.json.",
            columns: ["query", "objectID", "popularity", "hits"], rows: rows)
    }

    func leftOutOfScopes() -> BuildReport.Table {
        // Offered unscoped, but within a scope that lists them they find too few products.
        var rows: [[String]] = []
        for scoped in scopeVettings {
            let left = Set(scoped.leftOut.map(\.suggestion)).filter { vetting.offered[$0] }
            for i in byPopularity(Array(left)) {
                let s = content.suggestions[i]
                rows.append([s.query, s.objectID, scoped.scope?.filter ?? "", String(scoped.hits[i] ?? 0)])
            }
        }
        return .init(
            id: "left-out-of-scopes",
            title: "Suggestions left out of a scope: \(BuildReport.tooFewHits(vetting.minHits)) in it",
            note:
                "Their facets list the scope's value, but within the scope's filter their query finds fewer products than minHits, so the scope's map and pages leave them out (they are still offered unscoped).",
            columns: ["query", "objectID", "scope", "hits in the scope"], rows: rows)
    }

    func shadowed() -> BuildReport.Table {
        let shown = layouts.first?.shown ?? []
        let perKey = content.config.suggestionsPerKey
        let scratch = SearchScratch(vocabularySize: engine.suggestions.vocabularySize)
        let indices = content.suggestions.indices.filter { vetting.offered[$0] && !shown.contains(Int32($0)) }
        let rows = byPopularity(indices).map { i -> [String] in
            let s = content.suggestions[i]
            let own = engine.suggestions.search(
                TextNormalizer.normalize(s.query), allowed: vetting.offered, scratch: scratch)
            let instead = own.ranked.prefix(perKey).map { content.suggestions[$0.record].query }
            return [s.query, s.objectID, Self.number(s.popularity), instead.joined(separator: " · ")]
        }
        return .init(
            id: "shadowed", title: "Suggestions never shown",
            note:
                "No key of the prefix map shows these in its first \(perKey) suggestions, not even their own full text: other suggestions always rank before them.",
            columns: ["query", "objectID", "popularity", "its own text shows instead"], rows: rows)
    }

    func exactNbHits() -> BuildReport.Table {
        let suggestions = content.suggestions
        let hits = self.hits
        let indices = suggestions.indices.filter { i in suggestions[i].exactNbHits.map { $0 != hits[i] } ?? false }
        let sorted = indices.sorted { a, b in
            let da = abs(suggestions[a].exactNbHits! - hits[a])
            let db = abs(suggestions[b].exactNbHits! - hits[b])
            return da != db ? da > db : utf8Less(suggestions[a].objectID, suggestions[b].objectID)
        }
        let rows = sorted.map { i in
            [
                suggestions[i].query, suggestions[i].objectID, String(suggestions[i].exactNbHits!), String(hits[i]),
                String(hits[i] - suggestions[i].exactNbHits!),
            ]
        }
        let known = suggestions.filter { $0.exactNbHits != nil }.count
        return .init(
            id: "exact-nb-hits", title: "Algolia's exact_nb_hits against the hits here",
            note:
                "\(rows.count) of the \(known) suggestions that carry exact_nb_hits find a different number of products in this catalogue, largest difference first. A large gap means the suggestions were made from another catalogue.",
            columns: ["query", "objectID", "exact_nb_hits", "hits here", "difference"], rows: rows)
    }

    /// Products whose cards and page show the placeholder, and why.
    func placeholders() -> BuildReport.Table {
        let rows = content.products.compactMap { product in
            images.placeholderReason(product).map { [product.objectID, product.name, $0] }
        }
        return .init(
            id: "no-image", title: "Products without an image",
            note:
                "Their cards and pages show the site's placeholder (the brand's initial). A remote image is shown once `typeahead images fetch` has cached it.",
            columns: ["objectID", "name", "why"], rows: rows)
    }

    func missing(_ field: String, _ value: (Product) -> String?) -> BuildReport.Table {
        let rows = content.products.filter { (value($0) ?? "").isEmpty }.map { [$0.objectID, $0.name] }
        return .init(
            id: "no-\(field)", title: "Products without \(field == "image" ? "an image" : "a " + field)",
            note: "Their cards and pages show no \(field).", columns: ["objectID", "name"], rows: rows)
    }

    func duplicateNames() -> BuildReport.Table {
        var groups: [String: [Product]] = [:]
        for product in content.products {
            groups[TextNormalizer.normalize(product.name), default: []].append(product)
        }
        let rows = groups.values.filter { $0.count > 1 }.map { group -> [String] in
            [group[0].name, String(group.count), group.map(\.objectID).joined(separator: ", ")]
        }.sorted { a, b in
            a[1] != b[1] ? Int(a[1])! > Int(b[1])! : utf8Less(a[2], b[2])
        }
        return .init(
            id: "duplicate-names", title: "Duplicate names",
            note:
                "Products whose names are the same once normalised (case, accents, punctuation): a shopper cannot tell them apart in the suggestions or results.",
            columns: ["name", "products", "objectIDs"], rows: rows)
    }

    func markupInText() -> BuildReport.Table {
        var rows: [[String]] = []
        for product in content.products {
            let fields: [(String, String?)] =
                [("name", product.name), ("brand", product.brand)]
                + product.categories.enumerated().map { ("categories[\($0.offset)]", $0.element) }
            for (field, text) in fields {
                if let text, let found = Self.markup(in: text) {
                    rows.append(["product", product.objectID, field, found, text])
                }
            }
        }
        for suggestion in content.suggestions {
            if let found = Self.markup(in: suggestion.query) {
                rows.append(["suggestion", suggestion.objectID, "query", found, suggestion.query])
            }
        }
        return .init(
            id: "markup", title: "HTML entities or markup in plain-text fields",
            note:
                "These fields are text and are shown as they are, so At&#38;t appears with the code, not as At&t. Decode them in the source data.",
            columns: ["record", "objectID", "field", "found", "text"], rows: rows)
    }

    /// The first HTML entity (`&amp;`, `&#38;`, `&#x26;`) or tag (`<b>`, `</i>`, `<!--`) in a text.
    static func markup(in text: String) -> String? {
        let bytes = Array(text.utf8)
        func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        func isHex(_ b: UInt8) -> Bool { isDigit(b) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66) }
        for i in bytes.indices {
            if bytes[i] == UInt8(ascii: "&") {
                var j = i + 1
                var ok = false
                if j < bytes.count, bytes[j] == UInt8(ascii: "#") {
                    j += 1
                    if j < bytes.count, bytes[j] | 0x20 == UInt8(ascii: "x") {
                        j += 1
                        let start = j
                        while j < bytes.count, isHex(bytes[j]), j - start < 6 { j += 1 }
                        ok = j > start
                    } else {
                        let start = j
                        while j < bytes.count, isDigit(bytes[j]), j - start < 7 { j += 1 }
                        ok = j > start
                    }
                } else {
                    let start = j
                    while j < bytes.count, isAlpha(bytes[j]) || (j > start && isDigit(bytes[j])), j - start < 32 {
                        j += 1
                    }
                    ok = j - start >= 2
                }
                if ok, j < bytes.count, bytes[j] == UInt8(ascii: ";") {
                    return String(decoding: bytes[i...j], as: UTF8.self)
                }
            } else if bytes[i] == UInt8(ascii: "<"), i + 1 < bytes.count {
                let next = bytes[i + 1]
                if isAlpha(next) || next == UInt8(ascii: "/") || next == UInt8(ascii: "!") {
                    let end = bytes[(i + 1)...].firstIndex(of: UInt8(ascii: ">"))
                    guard let end else { continue }
                    return String(decoding: bytes[i...end].prefix(40), as: UTF8.self)
                }
            }
        }
        return nil
    }

    /// Prices that are not positive, are not whole cents, or are far (20×) from the median price of
    /// the product's first category (when at least 5 products there have a price).
    func suspiciousPrices() -> BuildReport.Table {
        var byCategory: [String: [Double]] = [:]
        for product in content.products {
            if let price = product.price, price > 0, let category = product.categories.first {
                byCategory[category, default: []].append(price)
            }
        }
        let medians = byCategory.filter { $0.value.count >= 5 }.mapValues { prices -> Double in
            let sorted = prices.sorted()
            return sorted.count % 2 == 1
                ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
        var rows: [[String]] = []
        for product in content.products {
            guard let price = product.price else { continue }
            var reason: String?
            if !(price > 0) {
                reason = "not positive"
            } else if abs(price * 100 - (price * 100).rounded()) > 1e-6 {
                reason = "not a whole number of cents"
            } else if let category = product.categories.first, let median = medians[category] {
                if price > median * 20 {
                    reason = "over 20× the median \(Self.number(median)) of \(category)"
                } else if price < median / 20 {
                    reason = "under 1/20 of the median \(Self.number(median)) of \(category)"
                }
            }
            if let reason { rows.append([product.objectID, product.name, Self.number(price), reason]) }
        }
        return .init(
            id: "prices", title: "Suspicious prices",
            note:
                "Prices that are zero or negative, not whole cents, or over 20× (or under 1/20 of) the median price of the product's first category.",
            columns: ["objectID", "name", "price", "why"], rows: rows)
    }

    // MARK: - Histograms

    func histograms() -> [BuildReport.Histogram] {
        var result: [BuildReport.Histogram] = []
        if let all = layouts.first {
            // A key with no suggestion exists only in scoped maps: the bar for 0 is left out when empty.
            let buckets = all.valueSizes.enumerated().map {
                BuildReport.Histogram.Bucket(label: String($0.offset), count: $0.element)
            }.drop { $0.label == "0" && $0.count == 0 }
            result.append(
                .init(
                    id: "suggestions-per-key", title: "How many suggestions a key shows",
                    note:
                        "Over every key of the unscoped prefix map (at most \(content.config.suggestionsPerKey)). Many keys with few suggestions mean a thin suggestion set.",
                    unit: "keys", buckets: Array(buckets)))
        }
        let shardSizes = layouts.flatMap { $0.shardSizes.map(\.bytes) }
        let top = (shardSizes.max() ?? 0) / 1024
        var shardBuckets = (0...top).map { BuildReport.Histogram.Bucket(label: "\($0)–\($0 + 1) KB", count: 0) }
        for size in shardSizes { shardBuckets[size / 1024].count += 1 }
        result.append(
            .init(
                id: "shard-sizes", title: "Shard sizes",
                note:
                    "Every shard of every map. Shards end at a content-defined point once they hold 2 KB, and never pass 12 KB.",
                unit: "shards", buckets: shardBuckets))
        let limits = [0, 1, 3, 10, 30, 100, 300, 1000]
        var hitBuckets = limits.enumerated().map { i, limit -> BuildReport.Histogram.Bucket in
            let low = i == 0 ? 0 : limits[i - 1] + 1
            return .init(label: low == limit ? String(limit) : "\(low)–\(limit)", count: 0)
        }
        hitBuckets.append(.init(label: "over 1000", count: 0))
        for count in hits {
            hitBuckets[limits.firstIndex { count <= $0 } ?? limits.count].count += 1
        }
        result.append(
            .init(
                id: "hits-per-suggestion", title: "How many products a suggestion finds",
                note: "Unscoped hits of each suggestion's query in this catalogue.", unit: "suggestions",
                buckets: hitBuckets))
        return result
    }

    /// A number as a person writes it: no exponent, no trailing `.0`.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
