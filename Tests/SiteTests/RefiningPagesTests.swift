import Foundation
import Testing
import TypeaheadEngine
import TypeaheadModel
import TypeaheadTestSupport

@testable import TypeaheadSite

/// The static side of refining (docs/CONTRACT.md, Refining and sorting): each result page's facet
/// summary, the category pages, and breadcrumbs that link to them, from hostile values too.
@Suite struct RefiningPagesTests {
    static let evil = #"<img src=x onerror=alert(1)>"#

    static func product(_ id: String, _ name: String, brand: String, path: [String], price: Double?) -> Product {
        var attributes: [String: JSONValue] = [
            "objectID": .string(id), "name": .string(name), "brand": .string(brand), "popularity": .number(1),
            "categories": .array(path.map(JSONValue.string)),
            "hierarchicalCategories": .object(
                Dictionary(
                    uniqueKeysWithValues: path.indices.map {
                        ("lvl\($0)", JSONValue.string(path[...$0].joined(separator: " > ")))
                    })),
        ]
        if let price { attributes["price"] = .number(price) }
        return Product(
            objectID: ObjectID(id), name: name, brand: brand, categories: path, price: price, popularity: 1,
            attributes: attributes)
    }

    static var content: Content {
        var config = SiteConfig()
        config.attributesForFaceting = [
            "searchable(brand)", "hierarchicalCategories.lvl0", "hierarchicalCategories.lvl1", "price",
        ]
        .compactMap(FacetAttribute.init)
        let products = [
            product("a", "Phone case red", brand: "Acme", path: ["Phones", "Cases"], price: 12),
            product("b", "Phone case blue", brand: "Acme", path: ["Phones", "Cases"], price: 30),
            product("c", "Phone case " + evil, brand: evil, path: ["Phones", "Cases " + evil, "Thin"], price: 2500),
            product("d", "Phone charger", brand: "Bolt", path: ["Phones", "Chargers"], price: nil),
            product("e", "Laptop case", brand: "Bolt", path: ["Computers", "Cases"], price: 45),
        ]
        return Content(
            products: products, suggestions: [Suggestion(objectID: "case", query: "case", popularity: 1)],
            config: config)
    }

    /// The byte scan `check` reads pages with: values after non-ASCII text keep their place, a
    /// value without data-value is its text, a category page's values need no facet, a facet after
    /// the last value names nothing, nothing outside the two sections counts.
    @Test func facetEntriesReadAsWritten() {
        let page = """
            <ol><li><a href="x">Home</a></li></ol><p>Téléphones — “quoted”</p><section class="facet-summary"><div data-facet="brand">\
            <li>Café &amp; Co <small>(1,012)</small></li><li>Ünïcode <small>(3)</small></div><div data-facet="price">\
            <li data-value="0">Under $25 <small>(1)</small><div data-facet="rating"></section><li>Late <small>(9)</small></li>
            """
        let shown = SiteReader.facetEntries(in: page)
        #expect(shown.map(\.attribute) == ["brand", "price"])
        #expect(shown[0].values.map(\.value) == ["Café & Co", "Ünïcode"] && shown[0].values.map(\.count) == [1012, 3])
        #expect(shown[1].values.map(\.value) == ["0"] && shown[1].values.map(\.count) == [1])
        let category = SiteReader.facetEntries(
            in:
                #"<section class="subcategories"><ul><li data-value="Cases"><a href="x">Cases</a> <small>(4)</small></ul>"#
        )
        #expect(category.map(\.attribute) == [""] && category[0].values.map(\.count) == [4])
        #expect(SiteReader.facetEntries(in: "").isEmpty)
        #expect(SiteReader.facetEntries(in: #"<li data-value="x">x <small>(1)</small>"#).isEmpty)
        #expect(
            SiteReader.facetEntries(in: #"<section class="facet-summary"><li data-value="x">x <small>(many)</small>"#)
                .isEmpty)
    }

    /// What `check` reads back from a page's text (`HTML.unescape`, also `serve`'s highlight tags) is the value the writer escaped (`HTML.escape`),
    /// hostile ones too: an entity followed by a combining mark included, which the five Foundation
    /// replacements it took the place of left as it was (their search is by grapheme). On text
    /// without combining marks it decodes as those did, each entity once, any other `&` kept.
    @Test func unescapeReadsWhatTheWriterEscaped() {
        let values = [
            "", "plain", "&", "a & b", "&amp;", "<script>alert(\"x\")</script>", "it's", "Café & Co", "AT&T",
            "<\u{301}", "&\u{300}x", "\"\u{301}'\u{302}", "e\u{301} < é", "&lt;", "&#39;",
        ]
        for value in values {
            #expect(HTML.unescape(HTML.escape(value)) == value, "\(value.debugDescription)")
        }
        let texts = [
            "", "plain", "&", "&&", "a & b", "&amp;", "&amp;amp;", "&amp;lt;", "&lt;&gt;&quot;&#39;", "&#39",
            "&quot", "Café &amp; Co", "AT&amp;T &lt;script&gt;", "&nbsp;&copy;", "&&amp;;", "x&amp", "é&lt;ü",
        ]
        for text in texts {
            let replaced = text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(
                of: "&#39;", with: "'"
            )
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
            #expect(HTML.unescape(text) == replaced, "\(text)")
        }
    }

    @Test func resultPagesSummariseEveryHit() throws {
        let files = try SiteBuilder(content: Self.content, templates: SiteBuilderTests.templates).build()
        let page = try #require(files.first { $0.key.hasPrefix("search/case") }).value
        let html = String(decoding: page, as: UTF8.self)
        let shown = SiteReader.facetEntries(in: html)
        #expect(
            shown.map(\.attribute) == ["brand", "hierarchicalCategories.lvl0", "hierarchicalCategories.lvl1", "price"])
        #expect(
            shown[0].values.map(\.value) == ["Acme", Self.evil, "Bolt"] && shown[0].values.map(\.count) == [2, 1, 1])
        #expect(shown[1].values.map(\.value) == ["Phones", "Computers"] && shown[1].values.map(\.count) == [3, 1])
        // Ranges in their order: under $25, $25 to $50, $2,000 and up.
        #expect(shown[3].values.map(\.value) == ["0", "1", "7"] && shown[3].values.map(\.count) == [1, 2, 1])
        // Each value is text: what it opens on the search page needs script, and where script
        // runs the panel takes the summary's place.
        #expect(html.contains("<li data-value=\"0\">Under $25 <small>(1)</small></li>"))
        #expect(html.contains("<li data-value=\"7\">$2,000 and up <small>(1)</small></li>"))
        // A value that reads as it is says so once.
        #expect(html.contains("<li>Acme <small>(2)</small></li>"))
        #expect(!html.contains("price=%3A25"))
        #expect(html.contains("<dt>Subcategory</dt>"))
        // The engine's summary of the same query, asked afresh, is the page's.
        var request = SearchRequest(index: .products, query: "case")
        request.summarize = true
        let engine = SearchEngine(content: Self.content)
        #expect(engine.search(request).summary?.shownEntries == shown)
        #expect(!html.contains(Self.evil) && html.contains("&lt;img src=x onerror=alert(1)&gt;"))
    }

    /// Counts are written one way on every page: with digit groups, as the search page writes them.
    @Test func countsAreWrittenWithDigitGroupsEverywhere() throws {
        let content = Content(
            products: (0..<1234).map {
                Self.product("w\($0)", "Widget \($0)", brand: "Acme", path: ["Tools", "Widgets"], price: 10)
            },
            suggestions: [Suggestion(objectID: "widget", query: "widget", popularity: 1)], config: Self.content.config)
        let files = try SiteBuilder(content: content, templates: SiteBuilderTests.templates).build()
        let text = { (name: String) in String(decoding: files[name] ?? [], as: UTF8.self) }
        let result = text(try #require(files.keys.first { $0.hasPrefix("search/widget") }))
        #expect(result.contains("1,234 results"))
        #expect(
            result.contains("<small>(1,234)</small>")
                && SiteReader.facetEntries(in: result).first?.values.first?.count == 1234)
        #expect(result.contains("1,214 more results"))
        let category = text(
            try #require(files.keys.first { $0.hasPrefix("category/tools") && !$0.contains("widgets") }))
        #expect(category.contains("1,234 products") && category.contains("(1,234)"))
        #expect(text("index.html").contains("Most popular of 1,234 products"))
        for (name, bytes) in files where name.hasSuffix(".html") {
            #expect(!String(decoding: bytes, as: UTF8.self).contains("1234 "), "\(name)")
        }
    }

    @Test func categoryPagesListTheirProductsAndSubcategories() throws {
        let files = try SiteBuilder(content: Self.content, templates: SiteBuilderTests.templates).build()
        let categories = files.keys.filter { $0.hasPrefix("category/") }.sorted()
        // Two levels: Phones, Computers, and their four subcategories; none for "Thin" (level 3).
        #expect(categories.count == 6, "\(categories)")
        let phones = String(decoding: files[SiteLayout.category("Phones")]!, as: UTF8.self)
        #expect(SiteReader.objectIDs(inResultPage: phones).sorted() == ["a", "b", "c", "d"])
        let children = SiteReader.facetEntries(in: phones)
        #expect(
            children.first?.values.map(\.value) == [
                "Phones > Cases", "Phones > Cases " + Self.evil, "Phones > Chargers",
            ])
        #expect(children.first?.values.map(\.count) == [2, 1, 1])
        #expect(phones.contains(#"<a href="../category/\#(Slug.make("Phones > Chargers")).html">Chargers</a>"#))
        let cases = String(decoding: files[SiteLayout.category("Phones > Cases " + Self.evil)]!, as: UTF8.self)
        #expect(cases.contains(#"<li><a href="../category/\#(Slug.make("Phones")).html">Phones</a></li>"#))
        #expect(!cases.contains(Self.evil))
        // Its subcategory "Thin" is level 3: listed, not linked.
        #expect(
            cases.contains(
                "<li data-value=\"Phones &gt; Cases &lt;img src=x onerror=alert(1)&gt; &gt; Thin\">Thin <small>(1)</small>"
            ))
    }

    @Test func breadcrumbsLinkTheLevelsThatHavePages() throws {
        let files = try SiteBuilder(content: Self.content, templates: SiteBuilderTests.templates).build()
        let product = String(
            decoding: try #require(files.first { $0.key.hasPrefix("products/c") }).value, as: UTF8.self)
        #expect(product.contains(#"<li><a href="../category/\#(Slug.make("Phones")).html">Phones</a></li>"#))
        #expect(product.contains(#"<li>Thin</li>"#))
        #expect(!product.contains(Self.evil))
    }

    @Test func theCheckProvesThemAndCatchesAnEditedCount() throws {
        let folder = try TestSupport.temporaryDirectory("refining-site")
        let files = try SiteBuilder(content: Self.content, templates: SiteBuilderTests.templates).build()
        for (path, bytes) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        let clean = try SiteChecker(content: Self.content, site: folder.path).run()
        #expect(clean.differenceCount == 0, "\(clean.differences)")
        #expect(clean.categoryPages == 6)
        let phones = folder.appendingPathComponent(SiteLayout.category("Phones"))
        var html = try String(contentsOf: phones, encoding: .utf8)
        html = html.replacingOccurrences(
            of: #"Chargers</a> <small>(1)</small>"#, with: #"Chargers</a> <small>(9)</small>"#)
        try html.write(to: phones, atomically: true, encoding: .utf8)
        let edited = try SiteChecker(content: Self.content, site: folder.path).run()
        #expect(edited.differences.contains { $0.contains("category page") && $0.contains("Phones > Chargers 9") })
    }
}
