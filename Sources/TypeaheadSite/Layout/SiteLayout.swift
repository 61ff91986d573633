import TypeaheadEngine
import TypeaheadModel

/// Where everything lives in a built site: every path, every prefix map's id and name, and the kind
/// of each file. The one place to change a path; the builder, the reader, `check`, `diff` and the
/// report all ask here.
///
/// Result pages are `search/<slug>.html` for page 1 and `search/<slug>.<n>.html` for page n ≥ 2 (a
/// slug has no dot, so no two pages share a name); a scope's list has none. Files,
/// not a folder each: a folder costs an inode more, and creating inodes is most of what writing a
/// large site costs.
public enum SiteLayout {
    /// The front page, which holds the search box.
    public static let frontPage = "index.html"
    /// The site's data, which every page loads before its script (`SiteData`).
    public static let siteData = "data/site.js"
    /// The build report, as a page and as JSON.
    public static let reportHTML = "report/index.html"
    public static let reportJSON = "report/report.json"
    /// The templates' `assets/` folder, copied as it is but for the page's script parts.
    public static let assetsFolder = "assets"
    /// The page's one script: the parts of `scriptParts` found in the templates' `assets/js/`,
    /// joined in that order (each needs those before it). One file, not seven: seven script
    /// elements on each of a site's pages were 3 % of its bytes, and a page made seven requests.
    public static let pageScript = "js/typeahead.js"
    /// The page's script parts, in the order they are joined. Each is a module of its own in
    /// `Templates/assets/js/` (node's tests require them one by one); a site has only the whole.
    public static let scriptParts = [
        "typeahead-core.js", "typeahead-maps.js", "typeahead-index.js", "typeahead-combobox.js",
        "typeahead-refine.js", "typeahead-panel.js", "typeahead-page.js",
    ].map { "js/" + $0 }
    /// The products' resized pictures, and the index of what each was made from.
    public static let picturesFolder = "images"
    public static let pictureIndex = picturesFolder + "/index.json"

    // MARK: - Pages

    /// The file of 1-based result page `page` of a suggestion's list.
    public static func resultPage(suggestionSlug: String, page: Int) -> String {
        "search/\(suggestionSlug)" + (page <= 1 ? "" : ".\(page)") + ".html"
    }

    /// A product's page: `products/<slug>.html`.
    public static func product(slug: String) -> String { productsFolder + slug + ".html" }
    /// A category's page (docs/CONTRACT.md, Category pages): `category/<slug of its path>.html`.
    public static func category(_ path: String) -> String { categoriesFolder + Slug.make(path) + ".html" }
    static let categoriesFolder = "category/"
    static let productsFolder = "products/"

    /// `../` repeated to climb from a file back to the site root.
    public static func root(of file: String) -> String {
        String(repeating: "../", count: file.split(separator: "/").count - 1)
    }

    /// How many static pages a list of `nbPages` pages gets: the first `resultPages`.
    public static func staticPages(nbPages: Int, resultPages: Int) -> Int {
        max(1, min(nbPages, resultPages))
    }

    /// The search page's state for a query (and scope) in its URL hash, `q=…&scope=…`, encoded as
    /// `URLSearchParams` reads it (spaces as `+`, everything but unreserved characters as `%XX`).
    public static func searchHash(query: String, scope: Scope?) -> String {
        let encode = { (text: String) in PercentEncoding.encode(text, keeping: "*-._", spaceAsPlus: true) }
        return "q=" + encode(query) + (scope.map { "&scope=" + encode($0.filter) } ?? "")
    }

    // MARK: - Prefix maps

    /// The slug of a scope's folder.
    public static func scopeSlug(_ scope: Scope) -> String { Slug.make(scope.filter) }

    /// The unscoped prefix map's id (its shards are `shards/all-….js`), and its name in a diff.
    public static let unscopedMap = "all"

    /// A prefix map's id: its scope's slug, or `all`.
    public static func mapID(_ scope: Scope?) -> String { scope.map(scopeSlug) ?? unscopedMap }

    /// A prefix map as `check` names it: its scope's filter, or `(all)`.
    public static func mapName(_ scope: Scope?) -> String { scope?.filter ?? "(\(unscopedMap))" }

    /// A prefix map's shard or page of its manifest, by its name.
    static func shard(_ name: String) -> String { shardsFolder + name + ".js" }
    static let shardsFolder = "shards/"

    // MARK: - What the page builds

    /// The paths the page's script makes, in `data/site.js` (`layout`), so that the page spells
    /// none of them: the front page, a product's page (`prefix + slug + suffix`), the folder of the
    /// prefix maps' shards (a shard's script names itself without it and `.js`) and the unscoped
    /// map's id.
    static var forPage: JSONValue {
        .object([
            "frontPage": .string(frontPage),
            "productPage": .array([.string(productsFolder), .string(".html")]),
            "shards": .string(shardsFolder),
            "unscopedMap": .string(unscopedMap),
        ])
    }

    // MARK: - Client indices

    /// The folder of a client index: `data/products/`, `data/suggestions/`.
    static func clientIndex(_ index: IndexName) -> String { "data/\(index.rawValue)/" }

    /// A client index's script of one kind (`records`, `answers`, …) and slug.
    static func clientIndexFile(_ index: IndexName, kind: String, slug: String) -> String {
        clientIndex(index) + "\(kind)/\(slug).js"
    }

    /// The products' precomputed answers (and, under `pages/`, their lists of shards).
    static let answersFolder = clientIndex(.products) + "answers/"

    // MARK: - Kinds

    /// What a file of the site is, for the report's bytes by kind and its largest files.
    enum FileKind: String, CaseIterable, Sendable {
        case frontPage = "front page"
        case resultPages = "result pages"
        case productPages = "product pages"
        case categoryPages = "category pages"
        case shards = "prefix-map shards"
        case clientIndex = "client index"
        case suggestionsIndex = "suggestions index"
        case assets
        case pictures
        case other
    }

    /// The kind of the file at `path`.
    static func kind(of path: String) -> FileKind {
        if path == frontPage { return .frontPage }
        if path.hasPrefix("search/") { return .resultPages }
        if path.hasPrefix("products/") { return .productPages }
        if path.hasPrefix(categoriesFolder) { return .categoryPages }
        if path.hasPrefix("shards/") { return .shards }
        if path.hasPrefix(clientIndex(.products)) { return .clientIndex }
        if path.hasPrefix(clientIndex(.suggestions)) { return .suggestionsIndex }
        if path.hasPrefix(assetsFolder + "/") { return .assets }
        if path.hasPrefix(picturesFolder + "/") { return .pictures }
        return .other
    }

    /// Whether a path read from site data stays inside the site.
    static func isInside(_ path: String) -> Bool {
        (try? SiteWriter.checkRelative(path)) != nil
    }
}
