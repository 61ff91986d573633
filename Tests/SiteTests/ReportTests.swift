import Foundation
import Testing
import TypeaheadMarkup
import TypeaheadModel
import TypeaheadTestSupport

@testable import TypeaheadSite

@Suite("The build report and Markdown text")
struct ReportTests {
    /// How cmark writes text: the oracle for what escaped Markdown must render to.
    static func cmarkText(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "\n", with: " ")
    }

    static let hostile = [
        "*bold* and _it_", "**strong**", "`code`", "[a link](http://x.example)", "![image](x.png)",
        "<script>alert(1)</script>", "<img src=x onerror=alert(2)>", "&amp; &#38; &#x26; At&#38;t",
        "# heading", "## two", "- item", "+ item", "1. one", "12) two", "> quote", "    indented code", " # spaced",
        "\t# tabbed", "===", "---", "***", "___", "~~~", "```", "~~struck~~", "a | b | c", "back\\slash",
        "line\nbreak", "<!-- comment -->", "x\\", "{{mustache}}", "[ref]: http://x", "é and e\u{301}", "9 case x",
        "449.99", "-3", "1,234",
    ]

    @Test("Escaped text renders through cmark as exactly the text, in a paragraph, a list item and a heading")
    func markdownEscape() {
        for text in Self.hostile {
            let escaped = MarkdownText.escape(text)
            let want = Self.cmarkText(text)
            #expect(Markdown.html(from: escaped) == "<p>\(want)</p>\n", "\(text)")
            #expect(Markdown.html(from: "- " + escaped) == "<ul>\n<li>\(want)</li>\n</ul>\n", "\(text)")
            #expect(Markdown.html(from: "### " + escaped) == "<h3>\(want)</h3>\n", "\(text)")
            #expect(Markdown.html(from: "x " + escaped) == "<p>x \(want)</p>\n", "\(text)")
        }
        // Plain text and numbers stay readable.
        #expect(MarkdownText.escape("iphone case") == "iphone case")
        #expect(MarkdownText.escape("449.99") == "449.99")
        #expect(MarkdownText.escape("a | b") == "a \\| b")
    }

    @Test("Entities and tags in plain text are found; ordinary ampersands and comparisons are not")
    func markup() {
        #expect(MarkupInText.markup(in: "At&#38;t") == "&#38;")
        #expect(MarkupInText.markup(in: "Tom &amp; Jerry") == "&amp;")
        #expect(MarkupInText.markup(in: "R&#x26;D") == "&#x26;")
        #expect(MarkupInText.markup(in: "a <b>bold</b>") == "<b>")
        #expect(MarkupInText.markup(in: "x</i>") == "</i>")
        #expect(MarkupInText.markup(in: "<!-- c -->") == "<!-- c -->")
        for plain in ["AT&T GoPhone", "R&D; lab", "a < b > c", "5 <3", "&", "&#;", "&#x;", "Q&A;", "x<"] {
            #expect(MarkupInText.markup(in: plain) == nil, "\(plain)")
        }
    }

    static var content: Content {
        var config = SiteConfig()
        config.title = "Report <Shop>"
        config.suggestionsPerKey = 1
        var products = [
            Product(objectID: "tv1", name: "Sony TV", categories: ["TV"], price: 500, image: "a.jpg", popularity: 5),
            Product(objectID: "tv2", name: "sony tv!", categories: ["TV"], price: 0, image: "b.jpg", popularity: 4),
            Product(objectID: "tv3", name: "LG TV", categories: ["TV"], price: 450.125, popularity: 3),
            Product(objectID: "tv4", name: "At&#38;t TV", categories: ["TV"], price: 20_000, popularity: 2),
            Product(objectID: "tv5", name: "Cheap <b>TV</b>", categories: ["TV"], price: 10, popularity: 1),
            Product(objectID: "tv6", name: "Plain TV", categories: ["TV"], description: "Fine.", price: 520),
        ]
        products[0].description = "A television."
        products[0].render(.markdown)
        return Content(
            products: products,
            suggestions: [
                Suggestion(objectID: "TV", query: "TV", popularity: 10, exactNbHits: 6),
                Suggestion(objectID: "tv", query: "tv", popularity: 5, exactNbHits: 40),
                Suggestion(objectID: "radio", query: "radio", popularity: 7),
            ],
            config: config)
    }

    static func finding(_ report: BuildReport, _ id: String) -> [[String]] {
        report.findings.first { $0.id == id }?.rows ?? [["missing finding \(id)"]]
    }

    @Test("Every data finding lists its records")
    func findings() throws {
        let templates = try TemplateSet.load(from: TestSupport.packageRoot.appendingPathComponent("Templates").path)
        let (files, summary) = try SiteBuilder(content: Self.content, templates: templates).buildWithSummary()
        let report = try #require(summary.report)
        // "radio" finds nothing: left out with its hits, in no map (its keys are gone too).
        #expect(Self.finding(report, FindingID.leftOut.rawValue) == [["radio", "radio", "7", "0"]])
        #expect(Self.finding(report, "left-out-of-scopes").isEmpty)
        #expect(report.counts.first { $0.label == "suggestions offered (minHits 1)" }?.value == 2)
        // Two suggestions normalise to "tv" and one suggestion a key is shown: the less popular never is.
        #expect(Self.finding(report, "shadowed") == [["tv", "tv", "5", "TV"]])
        #expect(Self.finding(report, "exact-nb-hits") == [["tv", "tv", "40", "6", "-34"]])
        // tv1 and tv2 name local files, but content held in memory has no folder to read them from.
        #expect(Self.finding(report, "no-image").map { $0[0] } == ["tv1", "tv2", "tv3", "tv4", "tv5", "tv6"])
        #expect(Self.finding(report, "no-image").first?[2] == "local image not read")
        #expect(Self.finding(report, "no-image").last?[2] == "no image")
        #expect(Self.finding(report, "no-price").isEmpty)
        #expect(Self.finding(report, "no-description").map { $0[0] } == ["tv2", "tv3", "tv4", "tv5"])
        #expect(Self.finding(report, "duplicate-names") == [["Sony TV", "2", "tv1, tv2"]])
        #expect(
            Self.finding(report, "markup") == [
                ["product", "tv4", "name", "&#38;", "At&#38;t TV"],
                ["product", "tv5", "name", "<b>", "Cheap <b>TV</b>"],
            ])
        // Median of the five positive prices is 500.
        #expect(
            Self.finding(report, "prices") == [
                ["tv2", "sony tv!", "0", "not positive"], ["tv3", "LG TV", "450.125", "not a whole number of cents"],
                ["tv4", "At&#38;t TV", "20000", "over 20× the median 500 of TV"],
                ["tv5", "Cheap <b>TV</b>", "10", "under 1/20 of the median 500 of TV"],
            ])
        // The site holds the report as JSON (no timings) and as a page with pictures and no script.
        let json = try BuildReport.decode(try #require(files["report/report.json"]))
        #expect(json == report && json.phases == nil)
        let html = String(decoding: try #require(files["report/index.html"]), as: UTF8.self)
        #expect(html.contains("<title>Build report · Report &lt;Shop&gt;</title>"))
        #expect(html.components(separatedBy: "<svg ").count == 4)
        #expect(!html.contains("<script") && !html.contains("<b>"))
        #expect(html.contains("<td>Cheap &lt;b&gt;TV&lt;/b&gt;</td>"))
        #expect(summary.timedReport?.phases?.count == summary.phases.count)
    }

    @Test("The site's report lists a finding's first 1,000 records and says how many more there are")
    func capped() throws {
        let templates = try TemplateSet.load(from: TestSupport.packageRoot.appendingPathComponent("Templates").path)
        let count = BuildReport.siteRows + 5
        let products = (0..<count).map {
            Product(
                objectID: ObjectID(String(format: "p%05d", $0)), name: "Phone \($0)", categories: ["Phones"],
                description: "A phone.",
                price: 10)
        }
        var config = SiteConfig()
        config.title = "Many"
        let content = Content(
            products: products, suggestions: [Suggestion(objectID: "phone", query: "phone", popularity: 1)],
            config: config)
        let (files, summary) = try SiteBuilder(content: content, templates: templates).buildWithSummary()
        // The build's own report (the terminal's counts, `typeahead report --content`) keeps every record.
        let whole = try #require(summary.report)
        #expect(Self.finding(whole, "no-image").count == count)
        // The site's holds the first ones, in the same order, and the count.
        let site = try BuildReport.decode(try #require(files["report/report.json"]))
        let noImage = try #require(site.findings.first { $0.id == "no-image" })
        #expect(noImage.rows == Array(Self.finding(whole, "no-image").prefix(BuildReport.siteRows)))
        #expect(noImage.total == count && noImage.count == count)
        #expect(site == whole.capped(BuildReport.siteRows))
        // A finding under the cap is whole, and says nothing more.
        #expect(site.findings.filter { $0.total != nil }.map(\.id) == ["no-image"])
        let html = String(decoding: try #require(files["report/index.html"]), as: UTF8.self)
        #expect(html.contains("<strong class=\"warn\">1,005</strong>"))
        #expect(html.contains("<summary>The first 1,000 of 1,005 records</summary>"))
        #expect(
            html.contains("<p>… and 5 more: <code>typeahead report --content DIR --format json</code> lists them all"))
        #expect(html.components(separatedBy: "<td>p0").count == BuildReport.siteRows + 1)
        let markdown = site.markdown()
        #expect(markdown.contains("### Products without an image (1,005)"))
        #expect(markdown.contains("… and 985 more: `typeahead report --content DIR --format json` lists them all"))
        #expect(whole.markdown().contains("… and 985 more: report/index.html and `typeahead report --format json`"))
    }

    @Test("Histograms count keys by suggestions shown, shards by size, suggestions by hits")
    func histograms() throws {
        let templates = try TemplateSet.load(from: TestSupport.packageRoot.appendingPathComponent("Templates").path)
        let report = try #require(
            try SiteBuilder(content: Self.content, templates: templates).buildWithSummary().summary.report)
        let perKey = try #require(report.histograms.first { $0.id == "suggestions-per-key" })
        // Keys t, tv (one suggestion each); "radio" is left out (no hit), so r … radio are no keys.
        #expect(perKey.buckets.map(\.label) == ["1"] && perKey.buckets.map(\.count) == [2])
        let hits = try #require(report.histograms.first { $0.id == "hits-per-suggestion" })
        #expect(hits.buckets.first { $0.label == "0" }?.count == 1)
        #expect(hits.buckets.first { $0.label == "4–10" }?.count == 2)
        #expect(hits.buckets.reduce(0) { $0 + $1.count } == 3)
        let shards = try #require(report.histograms.first { $0.id == "shard-sizes" })
        #expect(shards.buckets.reduce(0) { $0 + $1.count } == report.counts.first { $0.label == "shards" }?.value)
    }

    @Test("Suggestions left out, unscoped and per scope, with their hits, most popular first")
    func leftOut() throws {
        var content = Self.content
        content.config.minHits = 2
        content.config.scopes = [Scope(attribute: "categories", value: "TV")]
        content.products[0].categories = ["TV", "Sony"]
        content.products[0].attributes["categories"] = .array([.string("TV"), .string("Sony")])
        content.suggestions = [
            Suggestion(objectID: "sony", query: "sony", popularity: 3, exactMatches: ["categories": ["TV", "Sony"]]),
            Suggestion(objectID: "lg", query: "lg", popularity: 9, exactMatches: ["categories": ["TV"]]),
            Suggestion(objectID: "plain tv", query: "plain tv", popularity: 2, exactMatches: ["categories": ["TV"]]),
            Suggestion(objectID: "tv", query: "tv", popularity: 1, exactMatches: ["categories": ["TV"]]),
        ]
        content.config.scopes.append(Scope(attribute: "categories", value: "Sony"))
        let templates = try TemplateSet.load(from: TestSupport.packageRoot.appendingPathComponent("Templates").path)
        let (files, summary) = try SiteBuilder(content: content, templates: templates).buildWithSummary()
        let report = try #require(summary.report)
        // lg: 1 hit, plain tv: 1 hit (minHits 2); sony 2 and tv 6 are offered.
        #expect(
            Self.finding(report, FindingID.leftOut.rawValue) == [
                ["lg", "lg", "9", "1"], ["plain tv", "plain tv", "2", "1"],
            ])
        // "sony" is offered, but within categories:Sony it finds one product only.
        #expect(Self.finding(report, "left-out-of-scopes") == [["sony", "sony", "categories:Sony", "1"]])
        #expect(summary.leftOut == 2)
        // No page for the suggestions left out; a scope's list has none.
        let pages = files.keys.filter { $0.hasSuffix(".html") && $0.contains("search/") }.sorted()
        #expect(pages == ["search/sony.html", "search/tv.html"])
        // The suggestions index holds the two offered, by popularity; the TV scope lists both.
        let records = String(decoding: try #require(files["data/suggestions/records/0.js"]), as: UTF8.self)
        #expect(
            records == """
                typeaheadIndex("data/suggestions/records/0", [
                ["sony","sony",3],
                ["tv","tv",1],
                ]);

                """)
        // The TV scope lists both; the Sony scope none ("sony" finds one product there).
        let scopes = files.filter { $0.key.hasPrefix("data/suggestions/scopes/") }
            .map {
                (
                    String($0.key.dropFirst("data/suggestions/scopes/categories-".count).prefix(2)),
                    String(decoding: $0.value, as: UTF8.self)
                )
            }
        #expect(scopes.count == 2)
        #expect(scopes.first { $0.0 == "tv" }?.1.hasSuffix(", [\n0,1\n]);\n") == true)
        #expect(scopes.first { $0.0 == "so" }?.1.hasSuffix(", [\n\n]);\n") == true)
    }
}
