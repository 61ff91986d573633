import Foundation
import Testing
import TypeaheadModel

@testable import TypeaheadSite

@Suite("typeahead diff on snapshots")
struct DiffTests {
    static func snapshot(
        _ values: [String: [String]], suggestions: [(String, Double)], products: [String: [UInt8]] = [:]
    ) -> SiteSnapshot {
        var rows: [ObjectID: SiteSnapshot.SuggestionRow] = [:]
        for (query, popularity) in suggestions {
            rows[ObjectID(query)] = .init(
                objectID: ObjectID(query), query: query, popularity: popularity, line: "\(query) \(popularity)")
        }
        return SiteSnapshot(
            root: "site", maps: [.init(name: "all", scope: nil, values: values.mapValues { $0.map { ObjectID($0) } })],
            suggestions: rows, products: [:],
            results: [:], files: products.mapValues { .init(size: $0.count, hash: UInt64($0.first ?? 0)) })
    }

    @Test("A thousand changed keys stay one screen: grouped by what changed, the most used first, the rest counted")
    func thousandChanges() {
        // 1,200 keys, each gaining its own new suggestion: 1,200 changes, 1 key each.
        var old: [String: [String]] = [:]
        var new: [String: [String]] = [:]
        var suggestions: [(String, Double)] = [("base", 1)]
        for i in 0..<1200 {
            let key = "k\(1000 + i)"
            old[key] = ["base"]
            new[key] = ["base", "\(key) new"]
            suggestions.append(("\(key) new", Double(i)))
        }
        let diff = SiteDiff(
            old: Self.snapshot(old, suggestions: Array(suggestions.prefix(1))),
            new: Self.snapshot(new, suggestions: suggestions))
        #expect(diff.keys.count == 1200)
        let markdown = diff.markdown()
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count < 250, "\(lines.count) lines")
        #expect(
            markdown.contains("… and 1,175 more changes (1,175 keys); `typeahead diff --format json` lists every key."))
        // The most used first: k2199 leads to the most popular new suggestion.
        #expect(diff.keys[0].keys[0].key == "k2199")
        #expect(markdown.contains("### 1. “k2199 new” appears"))
        // One change that touches a thousand keys is one group, its keys listed 30 at a time.
        var many: [String: [String]] = [:]
        for i in 0..<1000 { many["m\(1000 + i)"] = ["x"] }
        let grouped = SiteDiff(
            old: Self.snapshot([:], suggestions: []), new: Self.snapshot(many, suggestions: [("x", 1)]))
        #expect(grouped.keys.count == 1 && grouped.keys[0].keys.count == 1000)
        #expect(grouped.markdown().contains(", and 967 more\n"))
        #expect(grouped.headline.hasPrefix("1,000 keys show other suggestions (1 change)"))
        // Tallied by suggestion: which suggestions gained or lost the most keys.
        #expect(grouped.bySuggestion.map { [$0.query, String($0.gained), String($0.lost)] } == [["x", "1000", "0"]])
        #expect(diff.bySuggestion.count == 1200 && diff.markdown().contains("… and 1,190 more suggestions."))
    }

    @Test("Order-only changes are told apart from suggestions appearing and disappearing")
    func kinds() {
        let suggestions: [(String, Double)] = [("a", 3), ("b", 2), ("c", 1)]
        let diff = SiteDiff(
            old: Self.snapshot(["x": ["a", "b"], "y": ["a", "c"]], suggestions: suggestions),
            new: Self.snapshot(["x": ["b", "a"], "y": ["a"]], suggestions: suggestions))
        let titles = diff.keys.map { diff.title(of: $0) }
        #expect(titles.sorted() == ["“b” moves up", "“c” disappears"])
        #expect(diff.markdown().contains("- `y`: a · ~~c~~ → a\n"))
        // Keys that come or go are said to.
        let keys = SiteDiff(
            old: Self.snapshot(["gone": ["a"]], suggestions: suggestions),
            new: Self.snapshot(["new": ["b"]], suggestions: suggestions)
        ).markdown()
        #expect(keys.contains("- `gone`: ~~a~~ → (key gone)\n") && keys.contains("- `new`: (new key) → **b**\n"))
    }

    @Test("Texts are compared byte for byte: é (NFC) becoming e + U+0301 is a change")
    func normalForms() {
        var old = Self.snapshot(["caf": ["id"]], suggestions: [])
        var new = old
        old.suggestions["id"] = .init(objectID: "id", query: "caf\u{e9}", popularity: 1, line: "caf\u{e9}")
        new.suggestions["id"] = .init(objectID: "id", query: "cafe\u{301}", popularity: 1, line: "cafe\u{301}")
        let diff = SiteDiff(old: old, new: new)
        #expect(diff.suggestions.map(\.change) == [.changed] && diff.suggestions.first?.fields == ["query"])
    }
}
