import Foundation
import Testing
import TypeaheadModel
import TypeaheadTestSupport

@testable import TypeaheadSite

/// Products whose every field is hostile markup.
enum Hostile {
    static let payload = #"</script><img src=x onerror=alert(1)>"><svg onload=alert(2)>'{{x}}"#

    static func product(_ id: String = "evil\"><script>alert(3)</script>") -> Product {
        Product(
            objectID: ObjectID(id), name: "N" + payload, brand: "B" + payload, categories: ["C" + payload],
            description: "D" + payload + "\n\n[link](javascript:alert(4)) <script>alert(5)</script>",
            price: 9.5, image: "javascript:alert(6)", url: "https://shop.example/?q=\"><script>alert(7)</script>",
            popularity: 1)
    }

    static var content: Content {
        var config = SiteConfig()
        config.title = "T" + payload
        config.tagline = "G" + payload
        let suggestion = Suggestion(objectID: ObjectID("s" + payload), query: "N" + payload, popularity: 1)
        return Content(
            products: [product(), Product(objectID: "ok", name: "Fine")], suggestions: [suggestion], config: config)
    }
}

@Suite("Building the site")
struct SiteBuilderTests {
    static var templates: TemplateSet {
        get throws {
            try TemplateSet.load(from: TestSupport.packageRoot.appendingPathComponent("Templates").path)
        }
    }

    @Test("Every field in every template is escaped: no markup from the data survives")
    func escaping() throws {
        let files = try SiteBuilder(content: Hostile.content, templates: Self.templates).build()
        let pages = files.filter { $0.key.hasSuffix(".html") }
        #expect(pages.count == 5, "\(pages.keys.sorted())")  // index, two products, a result page, the report
        for (path, bytes) in pages {
            let html = String(decoding: bytes, as: UTF8.self)
            // The only script elements are the site's own: its data and its script files, on every
            // page of the layout (the report is a page of its own, with none).
            let scripts = html.components(separatedBy: "<script").dropFirst()
            let root = SiteLayout.root(of: path)
            let own = scripts.filter {
                $0.hasPrefix(" src=\"\(root)data/site.js\"></script>") || $0.hasPrefix(" src=\"\(root)assets/js/")
            }
            #expect(scripts.count == own.count, "\(path)")
            #expect(own.count == (path.hasPrefix("report/") ? 0 : 2), "\(path)")
            let clean =
                !html.contains("<img src=x") && !html.contains("<svg onload") && !html.contains("javascript:")
                && !html.contains("\"><svg")
            #expect(clean, "\(path)")
            // Result pages highlight the name word by word; the others show the payload escaped whole.
            let escaped =
                path.hasPrefix("search/")
                ? html.contains("<em>N</em>&lt;/<em>script</em>&gt;&lt;<em>img</em> <em>src</em>=<em>x</em>")
                : html.contains(
                    "&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&quot;&gt;&lt;svg onload=alert(2)&gt;&#39;{{x}}")
            #expect(escaped, "\(path)")
        }
        // Generated scripts hold no raw <, > or &: nothing can close a script element, were one
        // inlined (assets/ holds the site's own code, copied from Templates).
        let siteData = String(decoding: files["data/site.js"]!, as: UTF8.self)
        #expect(siteData.contains("\\u003c/script\\u003e"))
        for (path, bytes) in files where path.hasSuffix(".js") && !path.hasPrefix("assets/") {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(!text.contains("<") && !text.contains(">"), "\(path)")
        }
        let product = try #require(pages.first { $0.key.hasPrefix("products/evil-script-alert-3-script-") })
        let html = String(decoding: product.value, as: UTF8.self)
        for field in ["N", "B", "C", "T"] {
            #expect(html.contains(field + "&lt;/script&gt;"), "field \(field)")
        }
        // The description is Markdown: cmark drops its raw HTML instead of escaping it.
        #expect(html.contains("<p>D<!-- raw HTML omitted -->"))
        #expect(html.contains("<!-- raw HTML omitted -->"))
        #expect(html.contains("href=\"https://shop.example/?q=&quot;&gt;&lt;script&gt;alert(7)&lt;/script&gt;\""))
    }

    @Test("A page loads one script: the parts joined in their order, each named, none copied alone")
    func thePageScriptIsItsPartsJoined() throws {
        let templates = try Self.templates
        let files = try SiteBuilder(content: Hostile.content, templates: templates).build()
        let script = String(decoding: try #require(files["assets/" + SiteLayout.pageScript]), as: UTF8.self)
        var expected = ""
        for part in SiteLayout.scriptParts {
            let bytes = try #require(templates.assets[part], "\(part)")
            expected += "// \(part.dropFirst(3))\n" + String(decoding: bytes, as: UTF8.self)
        }
        #expect(script == expected)
        #expect(!files.keys.contains { $0.hasPrefix("assets/js/") && $0 != "assets/" + SiteLayout.pageScript })
        // Each part ends its own statement, so none is read as a call of the one before it.
        for part in SiteLayout.scriptParts {
            let text = String(decoding: templates.assets[part]!, as: UTF8.self)
            #expect(text.hasSuffix(");\n"), "\(part)")
        }
        // Another script of the templates is copied as it is; a set without the parts has no whole.
        var custom = TemplateSet(templates: templates.templates, assets: ["js/extra.js": Array("x();\n".utf8)])
        let plain = try SiteBuilder(content: Hostile.content, templates: custom).build()
        #expect(plain["assets/js/extra.js"] == Array("x();\n".utf8) && plain["assets/" + SiteLayout.pageScript] == nil)
        custom.assets[SiteLayout.scriptParts[0]] = Array("a();".utf8)
        let one = try SiteBuilder(content: Hostile.content, templates: custom).build()
        #expect(one["assets/" + SiteLayout.pageScript] == Array("// typeahead-core.js\na();\n".utf8))
    }

    @Test("The front page lists the empty query's first page, most popular first, linking files")
    func frontPage() throws {
        var config = SiteConfig()
        config.hitsPerPage = 2
        let products = [
            Product(objectID: "a", name: "Low", popularity: 1),
            Product(objectID: "b", name: "High", popularity: 9),
            Product(objectID: "c", name: "Mid", popularity: 5),
        ]
        let files = try SiteBuilder(
            content: Content(products: products, suggestions: [], config: config), templates: Self.templates
        ).build()
        let html = String(decoding: files["index.html"]!, as: UTF8.self)
        let high = try #require(html.range(of: "High"))
        let mid = try #require(html.range(of: "Mid"))
        #expect(high.lowerBound < mid.lowerBound)
        #expect(!html.contains(">Low<"))
        #expect(html.contains("href=\"products/b.html\""))
        let page = String(decoding: files["products/b.html"]!, as: UTF8.self)
        #expect(page.contains("href=\"../assets/style.css\""))
        #expect(page.contains("href=\"../index.html\""))
    }

    @Test("The same records in another order give identical files")
    func deterministic() throws {
        let content = try ContentLoader(
            directory: TestSupport.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/small/Content").path
        ).load()
        var shuffled = content
        var generator = SplitMix(seed: 42)
        shuffled.products.shuffle(using: &generator)
        shuffled.suggestions.shuffle(using: &generator)
        let a = try SiteBuilder(content: content, templates: Self.templates).build()
        let b = try SiteBuilder(content: shuffled, templates: Self.templates).build()
        #expect(a == b)
    }

    /// The table `Tests/JavaScript/core.test.js` checks `TypeaheadCore.formatPrice` against: the
    /// static pages and the page's script write a price alike.
    static let prices = TestSupport.packageRoot.appendingPathComponent("Tests/JavaScript/fixtures/prices.json")

    @Test("Prices are formatted without the locale, as the shared table says (the JavaScript test reads it too)")
    func prices() throws {
        guard case .array(let cases) = try JSONParser.parse([UInt8](try Data(contentsOf: Self.prices))) else {
            Issue.record("prices.json is not an array")
            return
        }
        #expect(cases.count > 10)
        for row in cases {
            let text = PageData.formatPrice(row["price"]!.numberValue!, currency: row["currency"]!.stringValue!)
            #expect(text == row["text"]!.stringValue!, "\(row)")
        }
    }

    @Test("Only http(s) URLs reach href and src")
    func urls() {
        #expect(PageData.safeURL("https://a.example/x.jpg") == "https://a.example/x.jpg")
        #expect(PageData.safeURL(" JavaScript:alert(1)") == nil)
        #expect(PageData.safeURL("data:text/html,<script>") == nil)
        #expect(PageData.safeURL("../../.typeahead-site") == nil)
        #expect(PageData.safeURL("https://a.example/\u{0}") == nil)
        // White space around a URL is trimmed as every text of the data is (Unicode White_Space);
        // inside, a space or a line separator is not a URL.
        #expect(PageData.safeURL("\u{A0}\u{2003} https://a.example/x\n\u{2028}") == "https://a.example/x")
        #expect(PageData.safeURL("https://a.example/a b") == nil)
        #expect(PageData.safeURL("https://a.example/a\u{2028}b") == nil)
    }

    @Test("Template problems name the file and line")
    func templateErrors() throws {
        let folder = try TestSupport.temporaryDirectory("templates")
        try TestSupport.write("{{<layout}}{{$main}}{{#x}}{{/main}}{{/layout}}", to: "index.mustache", in: folder)
        try TestSupport.write("{{$main}}{{/main}}", to: "layout.mustache", in: folder)
        do {
            _ = try TemplateSet.load(from: folder.path)
            Issue.record("should fail")
        } catch {
            #expect(error.description.contains("product.mustache: missing; the site needs it"))
            #expect(error.description.contains("index.mustache:1: 'x' is closed by 'main'"))
            // The harness finds a result page's hits by the card's first bytes: no card, an error.
            #expect(
                error.description.contains(
                    #"no template draws a result as <li class="hit" data-object-id="{{objectID}}">"#))
        }
    }
}

/// A small deterministic random generator for shuffles.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SiteBuilderTests {
    /// 25 phones, and the suggestions "phone" (25 hits), "phone case" and "phone & case" (hostile).
    static func listContent(resultPages: Int?) -> Content {
        var config = SiteConfig()
        config.hitsPerPage = 10
        if let resultPages { config.resultPages = resultPages }
        let products = (1...25).map {
            Product(objectID: ObjectID(String(format: "p%02d", $0)), name: "Phone \($0)", popularity: Double($0))
        }
        let suggestions = [
            Suggestion(objectID: "phone", query: "phone", popularity: 3),
            Suggestion(objectID: "phone 7", query: "phone 7", popularity: 2),
            Suggestion(objectID: "odd", query: "phone <&> \"7\"", popularity: 1),
        ]
        return Content(products: products, suggestions: suggestions, config: config)
    }

    @Test("resultPages: only the first page is static by default; it says how many more and links to the search page")
    func firstPageOnly() throws {
        let files = try SiteBuilder(content: Self.listContent(resultPages: nil), templates: Self.templates).build()
        let pages = files.keys.filter { $0.hasPrefix("search/") }.sorted()
        #expect(pages == ["search/odd.html", "search/phone-7-da1ab7a4.html", "search/phone.html"])
        let html = String(decoding: files["search/phone.html"]!, as: UTF8.self)
        #expect(html.contains("25 results · the first 10 here"))
        #expect(!html.contains("rel=\"next\""))
        #expect(
            html.contains(
                #"<p class="more-results">15 more results are not in these pages: <a href="../index.html#q=phone&amp;from=11">see them all on the search page</a>"#
            ))
        // A list that fits in its page says nothing more; the hash is encoded as URLSearchParams reads it.
        let odd = String(decoding: files["search/odd.html"]!, as: UTF8.self)
        #expect(!odd.contains("more-results"))
        #expect(
            SiteLayout.searchHash(query: "phone <&> \"7\"", scope: Scope(attribute: "brand", value: "A&B é"))
                == "q=phone+%3C%26%3E+%227%22&scope=brand%3AA%26B+%C3%A9")
    }

    @Test("resultPages 2: two static pages linked, the rest from the script; 5 stays within the list's 3")
    func twoPages() throws {
        let files = try SiteBuilder(content: Self.listContent(resultPages: 2), templates: Self.templates).build()
        #expect(files["search/phone.2.html"] != nil)
        #expect(files["search/phone.3.html"] == nil)
        let first = String(decoding: files["search/phone.html"]!, as: UTF8.self)
        #expect(first.contains(#"<a rel="next" href="../search/phone.2.html">"#))
        #expect(!first.contains("more-results"))
        let second = String(decoding: files["search/phone.2.html"]!, as: UTF8.self)
        #expect(second.contains("page 2 of 2") && second.contains("5 more results are not in these pages"))
        let all = try SiteBuilder(content: Self.listContent(resultPages: 5), templates: Self.templates).build()
        #expect(all["search/phone.3.html"] != nil && all["search/phone.4.html"] == nil)
        #expect(!String(decoding: all["search/phone.3.html"]!, as: UTF8.self).contains("more-results"))
    }
}

@Suite("Streaming a build into the site")
struct StreamingBuildTests {
    @Test("Pages rendered on all cores and streamed to disk give exactly the files of an in-memory build")
    func streamedEqualsMemory() throws {
        let content = SiteBuilderTests.listContent(resultPages: 2)
        let templates = try SiteBuilderTests.templates
        let memory = try SiteBuilder(content: content, templates: templates).build()
        let output = try TestSupport.temporaryDirectory("stream").appendingPathComponent("site")
        let summary = try SiteBuilder(content: content, templates: templates).write(to: output.path)
        let tree = try TestSupport.tree(output)
        #expect(tree.map(\.0) == ([SiteWriter.markerName] + memory.keys).sorted())
        for (path, data) in tree where path != SiteWriter.markerName {
            #expect([UInt8](data) == memory[path], "\(path)")
        }
        #expect(summary.files == tree.count)
        #expect(summary.bytes == tree.reduce(0) { $0 + $1.1.count })
        // Nothing changed: the site is left as it is.
        let again = try SiteBuilder(content: content, templates: templates).write(to: output.path)
        #expect(again.unchangedFiles == tree.count)
    }
}
