import Foundation
import Testing
import TypeaheadEngine
import TypeaheadModel
import TypeaheadTestSupport

@testable import TypeaheadSite

@Suite("Prefix maps")
struct PrefixMapTests {
    /// The first 400 real suggestions of the sample and the first 50 products, with `minHits` 0 so
    /// every suggestion is offered whatever its hits.
    static let content: Content = {
        var content = try! ContentLoader(directory: TestSupport.packageRoot.appendingPathComponent("Content").path)
            .load()
        content.suggestions = Array(content.suggestions.prefix(400))
        content.products = Array(content.products.prefix(50))
        content.config.minHits = 0
        return content
    }()

    /// The same suggestions against the whole sample catalogue, vetted with `minHits` 1 and 5.
    static func vetted(_ minHits: Int) -> Content {
        var content = try! ContentLoader(directory: TestSupport.packageRoot.appendingPathComponent("Content").path)
            .load()
        content.suggestions = Array(content.suggestions.prefix(400))
        content.config.minHits = minHits
        return content
    }

    @Test(
        "The incremental builder gives exactly the direct engine answer for every key, scoped or not",
        arguments: [0, 1, 5])
    func builderEqualsEngine(minHits: Int) {
        let content = minHits == 0 ? Self.content : Self.vetted(minHits)
        let engine = SearchEngine(content: content)
        let builder = PrefixMapBuilder(engine: engine, perKey: 8)
        for scope in content.config.everyScope {
            let allowed: [Bool]? = engine.offeredSuggestions(scope)
            var keys: [String] = []
            var mismatches: [String] = []
            builder.build(scope: scope) { entry in
                keys.append(entry.key)
                let direct = engine.searchIndex(.suggestions).search(entry.key, allowed: allowed).ranked.prefix(8).map {
                    Int32($0.record)
                }
                if direct != entry.suggestions { mismatches.append(entry.key) }
            }
            #expect(mismatches.isEmpty, "\(scope?.filter ?? "all"): \(mismatches.prefix(5))")
            let queries = content.suggestions.indices.filter { allowed?[$0] ?? true }.map {
                content.suggestions[$0].query
            }
            #expect(keys == SiteChecker.keys(queries), "\(scope?.filter ?? "all")")
        }
    }

    /// Contract version 3 settings the walks are proven under (docs/CONTRACT.md, What stays true).
    static let languages: [String: @Sendable (inout LanguageSettings) -> Void] = [
        "plurals, lastWords": {
            $0.ignorePlurals = ["en"]
            $0.removeWordsIfNoResults = .lastWords
        },
        "allOptional": { $0.removeWordsIfNoResults = .allOptional },
        "firstWords, plurals not exact": {
            $0.removeWordsIfNoResults = .firstWords
            $0.ignorePlurals = []
            $0.alternativesAsExact = []
        },
        "optional words": { $0.optionalWords = ["case", "for"] },
    ]

    @Test(
        "Under every language setting, the walks give the engine's answer for every key: suggestions and products",
        arguments: ["plurals, lastWords", "allOptional", "firstWords, plurals not exact", "optional words"])
    func languageWalksEqualEngine(_ name: String) {
        var content = Self.vetted(1)
        content.suggestions = Array(content.suggestions.prefix(120))
        Self.languages[name]!(&content.config.language)
        Self.languages[name]!(&content.config.suggestionsLanguage)
        let engine = SearchEngine(content: content)
        var mismatches: [String] = []
        let allowed: [Bool]? = engine.offeredSuggestions(nil)
        PrefixMapBuilder(engine: engine, perKey: 8).build(scope: nil) { entry in
            let direct = engine.searchIndex(.suggestions).search(entry.key, allowed: allowed, best: 8).ranked.map {
                Int32($0.record)
            }
            if direct != entry.suggestions { mismatches.append("suggestions: \(entry.key)") }
        }
        var keys = 0
        PrefixMapBuilder(engine: engine, perKey: content.config.hitsPerPage, ranking: .products).build(scope: nil) {
            entry in
            guard !entry.keyBytes.isEmpty else { return }
            keys += 1
            let direct = engine.placedFirstPage(entry.key)
            if direct.nbHits != entry.nbHits || direct.records != entry.suggestions || direct.placed != entry.placed
                || direct.optionalWords != entry.optionalWords
            {
                mismatches.append("products: \(entry.key)")
            }
        }
        #expect(keys > 500)
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.prefix(5))")
    }

    @Test(
        "Over the products, the walk gives every key's direct products answer: first page, hit count, placed typos; a key left out by `wanted` is skipped, the rest unchanged"
    )
    func productsWalkEqualsEngine() {
        var content = Self.vetted(1)
        content.suggestions = Array(content.suggestions.prefix(150))
        let engine = SearchEngine(content: content)
        let builder = PrefixMapBuilder(engine: engine, perKey: content.config.hitsPerPage, ranking: .products)
        var all: [String: PrefixMapEntry] = [:]
        var mismatches: [String] = []
        var typos = 0
        builder.build(scope: nil) { entry in
            all[entry.key] = entry
            guard !entry.keyBytes.isEmpty else { return }
            let direct = engine.placedFirstPage(entry.key)
            if direct.nbHits != entry.nbHits || direct.records != entry.suggestions || direct.placed != entry.placed {
                mismatches.append(entry.key)
            }
            typos += entry.placed.filter { $0.contains { $0 > 0 } }.count
        }
        #expect(all.count > 1000)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(typos > 0, "no hit with a typo: the placed typos are untested")
        // Only every other key ranked (by key length): its children still start right.
        var visited: [String] = []
        builder.build(
            scope: nil, wanted: { key, _ in key.count % 2 == 0 },
            visit: { entry in
                visited.append(entry.key)
                #expect(entry == all[entry.key], "\(entry.key)")
            })
        #expect(visited == all.keys.filter { $0.utf8.count % 2 == 0 }.sorted(by: utf8Less))
    }

    @Test("Keys: every prefix of every word-suffix, cut at a character, a trailing space dropped")
    func keys() {
        #expect(
            SiteChecker.keys(["iPhone 8 Case"]) == [
                "", "8", "8 c", "8 ca", "8 cas", "8 case", "c", "ca", "cas", "case", "i", "ip", "iph", "ipho", "iphon",
                "iphone", "iphone 8", "iphone 8 c", "iphone 8 ca", "iphone 8 cas", "iphone 8 case",
            ])
        #expect(SiteChecker.keys(["café"]).contains("caf"))
    }

    /// The shard lines of a site, by key.
    static func lines(_ files: [String: [UInt8]]) -> [String: String] {
        var result: [String: String] = [:]
        for (path, bytes) in files where path.hasPrefix("shards/") {
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n").dropFirst()
            where line.hasPrefix("[") {
                let key = String(line.dropFirst(2).prefix { $0 != "\"" })
                result[path + " " + key] = String(line)
            }
        }
        return result
    }

    @Test("Adding one suggestion changes only the lines of keys whose answer changed (and their = children)")
    func diffLocality() throws {
        var content = Self.content
        content.config.scopes = []
        let before = SiteBuilderHarness.maps(content)
        content.suggestions.append(
            Suggestion(objectID: "iphone 7 plus case", query: "iphone 7 plus case", popularity: 500))
        let after = SiteBuilderHarness.maps(content)
        let a = Self.lines(before.files)
        let b = Self.lines(after.files)
        let changed = Set(a.keys).symmetricDifference(b.keys).union(a.keys.filter { b[$0] != nil && a[$0] != b[$0] })
        let changedKeys = Set(changed.map { String($0.split(separator: " ", maxSplits: 1)[1]) })
        // Keys whose value changed: every changed line must be one of them or a child of one.
        let valueChanged = Set(after.values.keys.filter { before.values[$0] != after.values[$0] })
        for key in changedKeys {
            let parent = String(decoding: PrefixMapShape.parent(of: Array(key.utf8)), as: UTF8.self)
            #expect(valueChanged.contains(key) || valueChanged.contains(parent), "\(key)")
        }
        #expect(!valueChanged.isEmpty)
        #expect(changed.count <= 2 * valueChanged.count)
        let changedFiles = Set(before.files.keys).union(after.files.keys).filter {
            before.files[$0] != after.files[$0] && $0.hasPrefix("shards/")
        }
        #expect(changedFiles.count <= valueChanged.count, "\(changedFiles.sorted())")
        print(
            "diff locality: +1 suggestion → \(valueChanged.count) keys changed value, \(changed.count) shard lines, \(changedFiles.count) shard files"
        )
    }

    @Test("Shards stay under the size bound and name suggestions by objectID")
    func bounds() {
        let result = SiteBuilderHarness.maps(Self.content)
        for (path, bytes) in result.files where path.hasPrefix("shards/") && !path.contains("/pages/") {
            #expect(bytes.count <= PrefixMapFiles.maximumBytes + 512, "\(path)")
            #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("typeaheadShard("))
        }
        // Manifest pages: at most `pageMaximum` shards each, and every shard in one of them.
        let pages = result.files.filter { $0.key.contains("/pages/") }
        #expect(!pages.isEmpty)
        var listed = 0
        for (path, bytes) in pages {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.hasPrefix("typeaheadManifest("), "\(path)")
            let lines = text.split(separator: "\n").count - 2
            #expect(lines >= 1 && lines <= PageLevels().maximum, "\(path)")
            listed += lines
        }
        #expect(listed == result.files.keys.filter { $0.hasPrefix("shards/") && !$0.contains("/pages/") }.count)
    }

    @Test("A folder of manifest pages is one that PageLevels names: pages, pages2, pages3…, nothing else")
    func pageFolders() {
        for depth in 1...12 { #expect(PageLevels.isFolder(PageLevels.folder(depth))) }
        for name in ["pages1", "pages0", "pages02", "pagesx", "pages-2", "page", "shards"] {
            #expect(!PageLevels.isFolder(name), "\(name)")
        }
        #expect(SiteReader.isManifestPage("shards/all/pages2/case-7a.js"))
        // A shard whose key starts with "pages", or a folder named like one but not one.
        #expect(!SiteReader.isManifestPage("shards/all/pages-to-go-1f2e.js"))
        #expect(!SiteReader.isManifestPage("shards/all/pagesx/case-7a.js"))
    }

    @Test("A large map's manifest has pages of pages: the site data lists a few, every shard once in order")
    func manifestLevels() throws {
        // 600 shards in pages of 2 to 6, at most 4 at the top: levels as a map of millions of keys
        // has them in pages of 32 to 96.
        let levels = PageLevels(minimum: 2, maximum: 6, top: 4)
        let shards = (0..<600).map { n -> (firstKey: String, file: String) in
            let key = "k" + String(n + 100_000)
            return (key, SiteLayout.shard("all/\(Slug.make(key))"))
        }
        var layout = PrefixMapLayout(id: "all", scope: nil, empty: [], manifest: shards, keyCount: shards.count)
        var files: [String: [UInt8]] = [:]
        PrefixMapFiles(content: Self.content).writeManifestPages(of: &layout, into: &files, levels: levels)
        #expect(layout.pages.count <= levels.top && layout.pages.count > 1)
        // Down from the top: each page lists entries from its own first key, in order, and a page
        // of pages lists pages of the level below.
        func entries(_ file: String, first: String, depth: Int) throws -> [(String, String)] {
            let text = String(decoding: try #require(files[file]), as: UTF8.self)
            let lines = text.split(separator: "\n").dropFirst().dropLast()
            #expect(lines.count >= 1 && lines.count <= levels.maximum, "\(file)")
            let listed = try lines.map { line -> (String, String) in
                let pair = try JSONParser.parse(Array(line.dropLast().utf8))
                guard case .array(let cells) = pair, let key = cells[0].stringValue, let path = cells[1].stringValue
                else { throw CocoaError(.coderReadCorrupt) }
                return (key, path)
            }
            #expect(listed.first?.0 == first)
            #expect(SiteReader.isManifestPage(file))
            if depth == 1 { return listed }
            #expect(file.contains("/pages\(depth)/"))
            return try listed.flatMap { try entries($0.1, first: $0.0, depth: depth - 1) }
        }
        let depth = Int(layout.pages[0].file.split(separator: "/")[2].dropFirst("pages".count)) ?? 1
        #expect(depth >= 3)
        let read = try layout.pages.flatMap { try entries($0.file, first: $0.firstKey, depth: depth) }
        #expect(read.map(\.0) == shards.map(\.firstKey))
        #expect(read.map(\.1) == shards.map(\.file))
        #expect(!read.contains { SiteReader.isManifestPage($0.1) })
        #expect(files.count > shards.count / levels.maximum)
        // What `typeahead check` and `diff` read: every shard's keys, through the levels.
        let site = try TestSupport.temporaryDirectory("manifest-levels")
        defer { try? FileManager.default.removeItem(at: site) }
        for (path, bytes) in files { try TestSupport.write(String(decoding: bytes, as: UTF8.self), to: path, in: site) }
        for (key, file) in shards {
            try TestSupport.write("typeaheadShard(\"\", {}, [\n[\"\(key)\",[\"s\"]],\n]);\n", to: file, in: site)
        }
        var problems: [String] = []
        var count = 0
        let map: JSONValue = .object([
            "empty": .array([]),
            "pages": .array(layout.pages.map { .array([.string($0.firstKey), .string($0.file)]) }),
        ])
        let values = SiteReader(site: site.path).readMap(map, name: "all", shards: &count) { problems.append($0) }
        #expect(problems == [])
        #expect(count == shards.count)
        #expect(values.count == shards.count + 1)
        // Cut at content-defined boundaries (pages of 32 to 96): one shard fewer among 20,000 changes
        // a page or two of each level, not every page after it.
        let many = (0..<20_000).map { n -> (firstKey: String, file: String) in
            let key = "k" + String(n + 100_000)
            return (key, SiteLayout.shard("all/\(Slug.make(key))"))
        }
        func pages(_ manifest: [(firstKey: String, file: String)]) -> [String: [UInt8]] {
            var layout = PrefixMapLayout(id: "all", scope: nil, empty: [], manifest: manifest, keyCount: manifest.count)
            var files: [String: [UInt8]] = [:]
            PrefixMapFiles(content: Self.content).writeManifestPages(of: &layout, into: &files)
            #expect(layout.pages.count <= PageLevels().top)
            return files
        }
        let before = pages(many)
        let after = pages(many.filter { $0.firstKey != "k110000" })
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
        #expect(before.count > 20_000 / PageLevels().maximum)
        #expect(changed.count <= 4, "\(changed.sorted())")
    }
}

/// Runs only the prefix-map part of a build.
enum SiteBuilderHarness {
    static func maps(_ content: Content) -> (files: [String: [UInt8]], values: [String: [Int32]]) {
        let engine = SearchEngine(content: content)
        let builder = PrefixMapBuilder(engine: engine, perKey: content.config.suggestionsPerKey)
        var files: [String: [UInt8]] = [:]
        _ = PrefixMapFiles(content: content).write(id: "all", scope: nil, builder: builder, into: &files)
        var values: [String: [Int32]] = [:]
        builder.build(scope: nil) {
            values[$0.key] = $0.suggestions.map { Int32(content.suggestions[Int($0)].objectID.hashValue & 0x7fff_ffff) }
        }
        return (files, values)
    }
}
