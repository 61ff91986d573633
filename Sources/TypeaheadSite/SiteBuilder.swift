import Foundation
import Synchronization
import TypeaheadEngine
import TypeaheadMarkdown
import TypeaheadModel
import TypeaheadMustache

/// Told how a long build is going, so a terminal can show progress.
public protocol BuildProgress: AnyObject {
    /// `done` of `total` items of `phase` are finished.
    func update(phase: String, done: Int, total: Int)
}

/// What a build produced.
public struct BuildSummary: Sendable {
    public var products: Int
    public var suggestions: Int
    public var files: Int
    public var bytes: Int
    /// Keys over all prefix maps, and shards.
    public var keys: Int = 0
    public var shards: Int = 0
    public var largestShardBytes: Int = 0
    public var resultPages: Int = 0
    /// Suggestions left out of the index: fewer product hits than `minHits`.
    public var leftOut: Int = 0
    public var clientIndexBytes: Int = 0
    /// Pictures resized by this build, and pictures taken unchanged from the site it replaced.
    public var picturesMade: Int = 0
    public var picturesReused: Int = 0
    /// Files whose bytes did not change since the previous build (kept, not rewritten).
    public var unchangedFiles: Int = 0
    /// Seconds spent in each phase, in order.
    public var phases: [(name: String, seconds: Double)] = []
    /// The build report as the site holds it (no timings).
    public var report: BuildReport?

    /// The report with this build's phase timings, for the terminal and `--format json`.
    public var timedReport: BuildReport? {
        guard var report else { return nil }
        report.phases = phases.map { BuildReport.Phase(name: $0.name, seconds: $0.seconds) }
        return report
    }
}

/// Turns validated content and templates into the site's files (relative path → bytes).
public struct SiteBuilder {
    public var content: Content
    public var templates: TemplateSet
    /// The content folder, whose `images/` and `image-cache/` hold the products' pictures; nil for
    /// content held in memory (every product then shows its placeholder or its link).
    public var contentDirectory: String?
    public weak var progress: (any BuildProgress)?

    public init(
        content: Content, templates: TemplateSet, contentDirectory: String? = nil, progress: (any BuildProgress)? = nil
    ) {
        var content = content
        // Whatever order the records came in, the site is the same.
        content.products.sort { utf8Less($0.objectID, $1.objectID) }
        content.suggestions.sort { utf8Less($0.objectID, $1.objectID) }
        self.content = content
        self.templates = templates
        self.contentDirectory = contentDirectory
        self.progress = progress
    }

    /// Every file of the site, and what was built.
    public func buildWithSummary() throws -> (files: [String: [UInt8]], summary: BuildSummary) {
        let sink = MemorySink()
        let summary = try build(into: sink)
        return (sink.files, summary)
    }

    /// Builds the site into `sink`: pages as they are rendered (on all cores), the rest at the end.
    /// `previousSite`, the site this build replaces, lends its unchanged pictures.
    func build(into sink: some SiteSink, previousSite: String? = nil) throws -> BuildSummary {
        var clock = PhaseClock()
        let renderer = MustacheRenderer(templates: templates.templates)
        let config = content.config
        let slugs = Slug.assign(content.products.map(\.objectID))
        let suggestionSlugs = Slug.assign(content.suggestions.map(\.objectID))
        var files: [String: [UInt8]] = [:]
        var summary = BuildSummary(
            products: content.products.count, suggestions: content.suggestions.count, files: 0, bytes: 0)

        for (path, bytes) in templates.assets {
            files["assets/" + path] = bytes
        }

        // The products' pictures, resized, streamed into the site first.
        var images = SiteImages.none
        if let contentDirectory {
            let progress = self.progress
            images = try SiteImages.prepare(
                content: content, contentDirectory: contentDirectory, previousSite: previousSite
            ) { done, total in
                progress?.update(phase: "Images", done: done, total: total)
            }
            summary.picturesMade = images.made
            summary.picturesReused = images.reused
        }
        var imageSizes: [String: Int] = [:]
        for path in images.files.keys.sorted(by: utf8Less) {
            try sink.put(path, images.files[path]!)
            imageSizes[path] = images.files[path]!.count
        }
        let pictures = images.dropFiles()
        clock.lap("images", &summary)

        let engine = SearchEngine(content: content)
        clock.lap("engine", &summary)

        // Every suggestion's products query, once: counted in each scope (which suggestions lead
        // somewhere) and its best hits kept for its result pages.
        let vettings = engine.rankedVettings(
            best: min(SearchEngine.paginationLimit, config.resultPages * config.hitsPerPage))
        let vetting = vettings[0]
        let scopeVettings = Array(vettings.dropFirst())
        summary.leftOut = content.suggestions.count - vetting.offeredCount
        clock.lap("vetting", &summary)

        // Prefix maps: all suggestions, then each scope.
        let builder = PrefixMapBuilder(engine: engine, perKey: config.suggestionsPerKey)
        let mapFiles = PrefixMapFiles(content: content)
        var layouts: [PrefixMapLayout] = []
        for (i, scope) in config.everyScope.enumerated() {
            progress?.update(phase: "Prefix maps", done: i, total: config.scopes.count + 1)
            let id = ResultPaths.mapID(scope)
            layouts.append(mapFiles.write(id: id, scope: scope, builder: builder, into: &files))
        }
        summary.keys = layouts.reduce(0) { $0 + $1.keyCount + 1 }
        summary.shards = layouts.reduce(0) { $0 + $1.manifest.count }
        summary.largestShardBytes = layouts.map(\.largestShardBytes).max() ?? 0
        clock.lap("prefix maps", &summary)

        // Static result pages, on all cores, streamed into the sink as they are made: only the
        // suggestions that lead somewhere get pages (per scope, those vetted in it).
        var withPages: [ByteKey: Bool] = [:]
        var sizes = imageSizes
        let templateSources = templates.templates
        let suggestions = content.suggestions
        let resultBatches = try Self.inBatches(count: suggestions.count) { range in
            let pages = ResultPages(
                engine: engine, renderer: MustacheRenderer(templates: templateSources), productSlugs: slugs,
                suggestionSlugs: suggestionSlugs, images: pictures)
            var made = RenderedBatch()
            for s in range {
                // Its pages in each scope it is offered in, from the hits its vetting kept.
                let lists = vettings.filter { $0.offered[s] }.map {
                    (scope: $0.scope, best: $0.best[s], hits: $0.hits[s]!)
                }
                if lists.isEmpty { continue }
                for (list, rendered) in zip(lists, try pages.render(suggestions[s], lists: lists)) {
                    guard let rendered else { continue }
                    made.pages += rendered.pages
                    if list.scope == nil { made.withPages.append(s) }
                    try made.put(rendered.files, into: sink)
                }
            }
            return made
        } progress: { done in
            progress?.update(phase: "Result pages", done: done, total: suggestions.count)
        }
        for batch in resultBatches {
            summary.resultPages += batch.pages
            for s in batch.withPages { withPages[ByteKey(suggestions[s].objectID)] = true }
            for (path, size) in batch.sizes { sizes[path] = size }
        }
        clock.lap("result pages", &summary)

        let productsIndex = ShardedIndex.products(
            engine: engine, productSlugs: slugs, images: pictures)
        let suggestionsIndex = ShardedIndex.suggestions(
            engine: engine, offered: vetting.offered,
            scopes: zip(config.scopes, scopeVettings.map(\.offered)).map { ($0, $1) })
        for (path, bytes) in productsIndex.files + suggestionsIndex.files { files[path] = bytes }
        summary.clientIndexBytes = productsIndex.bytes + suggestionsIndex.bytes
        clock.lap("client index", &summary)

        // The front page: search box data, popular suggestions (links without JavaScript), and the
        // first page of the empty query.
        // The empty query's first page, as the engine answers it (custom ranking, then objectID).
        let firstPage = engine.search(SearchRequest(index: .products, query: "", attributesToHighlight: [])).hits.map {
            let product = content.products[$0.record]
            return PageData.card(
                product, slug: slugs[ByteKey(product.objectID)]!, root: "", config: config, images: pictures)
        }
        let byID = Dictionary(
            content.suggestions.map { (ByteKey($0.objectID), $0) }, uniquingKeysWith: { first, _ in first })
        let popular = (layouts.first?.empty ?? []).map { id -> MustacheValue in
            let suggestion = byID[ByteKey(id)]!
            let hasPage = withPages[ByteKey(id)] ?? false
            return [
                "query": .string(suggestion.query),
                "href": hasPage
                    ? .string(ResultPaths.file(suggestionSlug: suggestionSlugs[ByteKey(id)]!, scopeSlug: nil, page: 1))
                    : .null,
            ]
        }
        let index = PageData.page(
            config: config, root: "", title: config.title,
            extra: [
                "results": .array(firstPage),
                "resultCount": .int(content.products.count),
                "resultCountText": .string(grouped(content.products.count)),
                // The card partial, rendered empty: the page's script fills copies of it, so the
                // cards it draws are the build's own (one with a picture, one with the placeholder).
                "cardTemplates": [
                    "picture": PageData.emptyCard(picture: true),
                    "placeholder": PageData.emptyCard(picture: false),
                ],
                "popular": .array(popular),
                "scopes": .array(
                    config.scopes.map { ["attribute": .string($0.attribute), "value": .string($0.value)] }),
            ])
        files[SiteData.path] = Array(
            (SiteData.prefix
                + SiteData.json(
                    layouts: layouts, content: content, suggestionSlugs: suggestionSlugs, withPages: withPages,
                    products: productsIndex.manifest, suggestions: suggestionsIndex.manifest) + SiteData.suffix).utf8)
        files["index.html"] = Array(try renderer.render(name: "index", data: index).utf8)

        let products = content.products
        let productBatches = try Self.inBatches(count: products.count) { range in
            let renderer = MustacheRenderer(templates: templateSources)
            var made = RenderedBatch()
            for product in products[range] {
                let slug = slugs[ByteKey(product.objectID)]!
                let root = "../"
                let data = PageData.page(
                    config: config, root: root, title: product.name,
                    extra: [
                        "product": PageData.product(product, slug: slug, root: root, config: config, images: pictures)
                    ])
                try made.put(
                    [(ResultPaths.product(slug: slug), Array(try renderer.render(name: "product", data: data).utf8))],
                    into: sink)
            }
            return made
        } progress: { done in
            progress?.update(phase: "Rendering product pages", done: done, total: products.count)
        }
        for batch in productBatches {
            for (path, size) in batch.sizes { sizes[path] = size }
        }
        clock.lap("product pages", &summary)

        for (path, bytes) in files { sizes[path] = bytes.count }
        let report = ReportMaker(
            content: content, engine: engine, layouts: layouts, vetting: vetting, scopeVettings: scopeVettings,
            resultPages: summary.resultPages, sizes: sizes, images: pictures
        ).make()
        files[BuildReport.htmlPath] = Array(report.html().utf8)
        files[BuildReport.jsonPath] = report.json()
        summary.report = report
        clock.lap("report", &summary)
        // The small files last, in path order.
        for path in files.keys.sorted(by: utf8Less) {
            try sink.put(path, files[path]!)
            sizes[path] = files[path]!.count
        }
        // And the marker, which the writer adds.
        summary.files = sizes.count + 1
        summary.bytes = sizes.values.reduce(SiteWriter.markerContents.utf8.count, +)
        return summary
    }

    /// Builds and writes the site atomically to `output`, streaming pages into a temporary folder
    /// as they are made; the previous site stays as it was until the whole new one is there.
    public func write(to output: String) throws -> BuildSummary {
        let site = try StreamingSite(writer: SiteWriter(output: output))
        do {
            var summary = try build(into: site, previousSite: output)
            progress?.update(phase: "Writing", done: 0, total: 1)
            var clock = PhaseClock()
            summary.unchangedFiles = try site.finish()
            clock.lap("write", &summary)
            return summary
        } catch {
            site.abandon()
            throw error
        }
    }

    /// The pages of one batch of work: their sizes by path, and what the builder needs to know.
    struct RenderedBatch: Sendable {
        var pages = 0
        var withPages: [Int] = []
        var sizes: [(String, Int)] = []

        /// Streams `files` into the sink now, keeping only their sizes.
        mutating func put(_ files: [(String, [UInt8])], into sink: some SiteSink) throws {
            for (path, bytes) in files {
                try sink.put(path, bytes)
                sizes.append((path, bytes.count))
            }
        }
    }

    /// Runs `body` over `0..<count` cut into small ranges, on all cores, a window of ranges at a
    /// time (so progress can be told between windows); the results in range order. The first
    /// error thrown stops the work and is rethrown.
    static func inBatches<T: Sendable>(
        count: Int, _ body: @Sendable (Range<Int>) throws -> T, progress: (Int) -> Void
    ) throws -> [T] {
        let size = 32
        let ranges = stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
        let window = max(1, PrefixMapBuilder.System.coreCount * 8)
        var results: [T] = []
        results.reserveCapacity(ranges.count)
        var start = 0
        while start < ranges.count {
            let slice = Array(ranges[start..<min(start + window, ranges.count)])
            let made = Mutex<[Int: Result<T, any Error>]>([:])
            DispatchQueue.concurrentPerform(iterations: slice.count) { i in
                let result = Result { try body(slice[i]) }
                made.withLock { $0[i] = result }
            }
            let all = made.withLock { $0 }
            for i in slice.indices { results.append(try all[i]!.get()) }
            start += slice.count
            progress(slice.last!.upperBound)
        }
        return results
    }
}

/// Measures phases with the monotonic clock (for the terminal and benchmarks, never the site).
struct PhaseClock {
    private var last = DispatchTime.now().uptimeNanoseconds

    mutating func lap(_ name: String, _ summary: inout BuildSummary) {
        let now = DispatchTime.now().uptimeNanoseconds
        summary.phases.append((name, Double(now - last) / 1e9))
        last = now
    }
}

/// `data/site.js`, which every page loads before its script (so the search box works on every page,
/// from one copy): `window.TypeaheadSiteData = {…};` with the maps' empty keys and manifests, the
/// texts of the suggestions they name, where result pages are, and the client indices' manifests.
/// The JSON is script-safe (`<`, `>`, `&`, U+2028/9 escaped), as it once sat inside `<script>`.
enum SiteData {
    static let path = "data/site.js"
    static let prefix = "window.TypeaheadSiteData = "
    static let suffix = ";\n"

    static func json(
        layouts: [PrefixMapLayout], content: Content, suggestionSlugs: [ByteKey: String], withPages: [ByteKey: Bool],
        products: JSONValue, suggestions: JSONValue
    ) -> String {
        let byID = Dictionary(
            content.suggestions.map { (ByteKey($0.objectID), $0) }, uniquingKeysWith: { first, _ in first })
        var queries: [String: JSONValue] = [:]
        let maps: [JSONValue] = layouts.map { layout in
            for id in layout.empty { queries[id] = .string(byID[ByteKey(id)]!.query) }
            return .object([
                "id": .string(layout.id),
                "scope": layout.scope.map { .object(["attribute": .string($0.attribute), "value": .string($0.value)]) }
                    ?? .null,
                "empty": .array(layout.empty.map(JSONValue.string)),
                "pages": .array(layout.pages.map { .array([.string($0.firstKey), .string($0.file)]) }),
            ])
        }
        let config = content.config
        let data: JSONValue = .object([
            "version": .number(1),
            "title": .string(config.title),
            "suggestionsPerKey": .number(Double(config.suggestionsPerKey)),
            "hitsPerPage": .number(Double(config.hitsPerPage)),
            "maps": .array(maps),
            "queries": .object(queries),
            "products": products,
            "suggestions": suggestions,
            "currency": .string(config.currency),
        ])
        return JSONWriter.string(data, scriptSafe: true)
    }
}

/// The data templates see. Every text is passed as it is and escaped by the template, except
/// `descriptionHTML`, which is cmark's safe-mode output.
enum PageData {
    static func page(
        config: SiteConfig, root: String, title: String, extra: [String: MustacheValue]
    ) -> MustacheValue {
        var members: [String: MustacheValue] = [
            "root": .string(root),
            "pageTitle": .string(title),
            "site": [
                "title": .string(config.title),
                "tagline": config.tagline.map(MustacheValue.string) ?? .null,
            ],
        ]
        members.merge(extra) { _, new in new }
        return .object(members)
    }

    static func card(
        _ product: Product, slug: String, root: String, config: SiteConfig, images: SiteImages
    ) -> MustacheValue {
        [
            "objectID": .string(product.objectID),
            "name": .string(product.name),
            "brand": product.brand.map(MustacheValue.string) ?? .null,
            "price": product.price.map { .string(formatPrice($0, currency: config.currency)) } ?? .null,
            "image": picture(images.picture(product), large: false, root: root),
            "placeholder": ["initial": .string(Placeholder.initial(product)), "tone": .int(Placeholder.tone(product))],
            "href": .string(root + ResultPaths.product(slug: slug)),
        ]
    }

    static func product(
        _ product: Product, slug: String, root: String, config: SiteConfig, images: SiteImages
    ) -> MustacheValue {
        guard case .object(var members) = card(product, slug: slug, root: root, config: config, images: images) else {
            return .null
        }
        members["image"] = picture(images.picture(product), large: true, root: root)
        members["categories"] = .array(product.categories.map { ["name": .string($0)] })
        members["url"] = safeURL(product.url).map(MustacheValue.string) ?? .null
        if let description = product.description, !description.isEmpty {
            members["descriptionHTML"] = .string(Markdown.html(from: description))
        }
        return .object(members)
    }

    /// A card with every part present and empty, for the `<template>` the page's script fills.
    static func emptyCard(picture: Bool) -> MustacheValue {
        [
            "objectID": "", "name": "", "brand": " ", "price": " ", "href": "",
            "image": picture ? ["src": "", "width": 0, "height": 0] : .null,
            "placeholder": ["initial": "", "tone": 0],
        ]
    }

    /// `{src, width, height}` of a picture's size (width and height null for a link), or null.
    static func picture(_ picture: ProductPicture?, large: Bool, root: String) -> MustacheValue {
        switch picture {
        case nil: return .null
        case .link(let url):
            return safeURL(url).map { ["src": .string($0), "width": .null, "height": .null] } ?? .null
        case .local(let thumb, let big):
            let file = large ? big : thumb
            return ["src": .string(root + file.path), "width": .int(file.width), "height": .int(file.height)]
        }
    }

    /// A URL safe to put in `href`/`src`: `http://…` or `https://…` with no space or control
    /// character; anything else (`javascript:`, `data:`, `//host`, relative paths that could point
    /// into the site) is dropped.
    static func safeURL(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: " \t\n\r"), !text.isEmpty else { return nil }
        let lower = text.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return nil }
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == " " || $0 == "\u{7F}" })
        else { return nil }
        return text
    }

    /// `$1,299.99`: two decimals, comma thousands, whatever the machine's locale.
    static func formatPrice(_ price: Double, currency: String) -> String {
        let cents = Int((price * 100).rounded())
        let fraction = cents % 100
        return "\(currency)\(TypeaheadSite.grouped(cents / 100)).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let scalars = Set(set.unicodeScalars)
        var view = Substring(self)
        while let first = view.unicodeScalars.first, scalars.contains(first) {
            view = Substring(view.unicodeScalars.dropFirst())
        }
        while let last = view.unicodeScalars.last, scalars.contains(last) {
            view = Substring(view.unicodeScalars.dropLast())
        }
        return String(view)
    }
}
