import TypeaheadEngine
import TypeaheadMarkup
import TypeaheadModel

/// Computes a build's report from the content, what the build made of it and the files made so far.
struct ReportMaker {
    /// What the findings look at.
    var input: FindingInput
    var resultPages: Int
    /// Every file of the site, the report's own excepted.
    var sizes: [String: Int]

    /// How many records a "largest" list shows.
    static let largestCount = 10

    var content: Content { input.content }
    var layouts: [PrefixMapLayout] { input.layouts }

    func make() -> BuildReport {
        let (hits, vetting) = (input.hits, input.vetting)
        let findings = Findings.tables(input)
        let suggestionsWithPages = hits.indices.filter { vetting.offered[$0] && hits[$0] > 0 }.count
        let productPages = sizes.keys.filter { SiteLayout.kind(of: $0) == .productPages }.count
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
                value: content.products.count - findings.first { $0.id == FindingID.noImage.rawValue }!.rows.count),
        ]
        let held = input.descriptionContents.compactMap { $0 }
        for kind in DescriptionContent.allCases {
            counts.append(
                .init(
                    label:
                        "descriptions holding \(DescriptionFormats.holds(kind)) (descriptionFormat \(content.config.descriptionFormat.rawValue))",
                    value: held.filter { $0 == kind }.count))
        }
        counts.append(.init(label: "files (the report excepted)", value: sizes.count))
        counts.append(.init(label: "bytes (the report excepted)", value: sizes.values.reduce(0, +)))
        return BuildReport(
            site: content.config.title, counts: counts, bytes: bytesByKind(), findings: findings,
            largest: largest(), histograms: histograms(), phases: nil)
    }

    // MARK: - Bytes

    func bytesByKind() -> BuildReport.Table {
        var byKind: [String: (files: Int, bytes: Int)] = [:]
        for (path, size) in sizes {
            let kind = SiteLayout.kind(of: path).rawValue
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
        // The largest of each kind in one pass over every file (312,000 at 100,000 products),
        // each kept list sorted: larger first, then by path.
        let kinds: [SiteLayout.FileKind] = [.shards, .resultPages, .productPages]
        var best = [[(path: String, bytes: Int)]](repeating: [], count: kinds.count)
        let precedes = { (a: (path: String, bytes: Int), b: (path: String, bytes: Int)) in
            a.bytes != b.bytes ? a.bytes > b.bytes : utf8Less(a.path, b.path)
        }
        for (path, bytes) in sizes {
            guard let k = kinds.firstIndex(of: SiteLayout.kind(of: path)) else { continue }
            let row = (path: path, bytes: bytes)
            if best[k].count == Self.largestCount, !precedes(row, best[k][best[k].count - 1]) { continue }
            best[k].insert(row, at: best[k].firstIndex { precedes(row, $0) } ?? best[k].count)
            if best[k].count > Self.largestCount { best[k].removeLast() }
        }
        func table(_ k: Int, _ id: String, _ title: String, _ note: String) -> BuildReport.Table {
            .init(
                id: id, title: title, note: note, columns: ["file", "bytes"],
                rows: best[k].map { [$0.path, String($0.bytes)] })
        }
        return [
            table(
                0, "largest-shards", "Largest shards",
                "A shard is loaded when a key in its range is typed; its size is what one keystroke may cost."),
            table(
                1, "largest-result-pages", "Largest result pages", "Static result pages, one per suggestion and page."),
            table(2, "largest-product-pages", "Largest product pages", "Usually the longest descriptions."),
        ]
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
                        "Over every key of the unscoped prefix map (at most \(content.config.suggestionsPerKey(in: nil))). Many keys with few suggestions mean a thin suggestion set.",
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
        for count in input.hits {
            hitBuckets[limits.firstIndex { count <= $0 } ?? limits.count].count += 1
        }
        result.append(
            .init(
                id: "hits-per-suggestion", title: "How many products a suggestion finds",
                note: "Unscoped hits of each suggestion's query in this catalogue.", unit: "suggestions",
                buckets: hitBuckets))
        return result
    }
}
