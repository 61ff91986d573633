import TypeaheadMarkdown
import TypeaheadModel
import TypeaheadMustache

/// Told how a long build is going, so a terminal can show progress.
public protocol BuildProgress: AnyObject {
    /// `done` of `total` items of `phase` are finished.
    func update(phase: String, done: Int, total: Int)
}

/// What a build produced.
public struct BuildSummary: Sendable, Equatable {
    public var products: Int
    public var suggestions: Int
    public var files: Int
    public var bytes: Int
}

/// Turns validated content and templates into the site's files (relative path → bytes).
public struct SiteBuilder {
    public var content: Content
    public var templates: TemplateSet
    public weak var progress: (any BuildProgress)?

    public init(content: Content, templates: TemplateSet, progress: (any BuildProgress)? = nil) {
        self.content = content
        self.templates = templates
        self.progress = progress
    }

    /// Every file of the site. Deterministic: the same content gives the same bytes.
    public func build() throws -> [String: [UInt8]] {
        let renderer = MustacheRenderer(templates: templates.templates)
        let config = content.config
        let slugs = Slug.assign(content.products.map(\.objectID))
        var files: [String: [UInt8]] = [:]

        for (path, bytes) in templates.assets {
            files["assets/" + path] = bytes
        }

        let ranked = CustomRanking(config.customRanking).sorted(content.products)
        let firstPage = ranked.prefix(config.hitsPerPage).map {
            PageData.card($0, slug: slugs[ByteKey($0.objectID)]!, root: "", config: config)
        }
        let index = PageData.page(
            config: config, root: "", title: config.title,
            extra: [
                "results": .array(firstPage),
                "resultCount": .int(content.products.count),
            ])
        files["index.html"] = Array(try renderer.render(name: "index", data: index).utf8)

        let total = content.products.count
        for (done, product) in content.products.enumerated() {
            let slug = slugs[ByteKey(product.objectID)]!
            let root = "../../"
            let data = PageData.page(
                config: config, root: root, title: product.name,
                extra: ["product": PageData.product(product, slug: slug, root: root, config: config)])
            files["products/\(slug)/index.html"] = Array(try renderer.render(name: "product", data: data).utf8)
            if done % 256 == 0 || done + 1 == total {
                progress?.update(phase: "Rendering product pages", done: done + 1, total: total)
            }
        }
        return files
    }

    /// Builds and writes the site atomically to `output`.
    public func write(to output: String) throws -> BuildSummary {
        let writer = SiteWriter(output: output)
        try writer.checkTarget()
        let files = try build()
        progress?.update(phase: "Writing \(files.count) files", done: 0, total: 1)
        try writer.write(files)
        return BuildSummary(
            products: content.products.count, suggestions: content.suggestions.count,
            files: files.count + 1,
            bytes: files.values.reduce(SiteWriter.markerContents.utf8.count) { $0 + $1.count })
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

    static func card(_ product: Product, slug: String, root: String, config: SiteConfig) -> MustacheValue {
        [
            "objectID": .string(product.objectID),
            "name": .string(product.name),
            "brand": product.brand.map(MustacheValue.string) ?? .null,
            "price": product.price.map { .string(formatPrice($0, currency: config.currency)) } ?? .null,
            "image": safeURL(product.image).map(MustacheValue.string) ?? .null,
            "href": .string("\(root)products/\(slug)/index.html"),
        ]
    }

    static func product(_ product: Product, slug: String, root: String, config: SiteConfig) -> MustacheValue {
        guard case .object(var members) = card(product, slug: slug, root: root, config: config) else {
            return .null
        }
        members["categories"] = .array(product.categories.map { ["name": .string($0)] })
        members["url"] = safeURL(product.url).map(MustacheValue.string) ?? .null
        if let description = product.description, !description.isEmpty {
            members["descriptionHTML"] = .string(Markdown.html(from: description))
        }
        return .object(members)
    }

    /// A URL safe to put in `href`/`src`: `http(s)://…` or `//…` only; anything else (`javascript:`,
    /// `data:`, relative paths that could point into the site) is dropped.
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
        let whole = String(cents / 100)
        var grouped = ""
        for (i, character) in whole.enumerated() {
            if i > 0, (whole.count - i) % 3 == 0 { grouped.append(",") }
            grouped.append(character)
        }
        let fraction = cents % 100
        return "\(currency)\(grouped).\(fraction < 10 ? "0" : "")\(fraction)"
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
