import Foundation
import Testing
import TypeaheadSite
import TypeaheadTestSupport

@Suite("typeahead report, run as a program")
struct ReportCommandTests {
    static let content = TestSupport.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/small/Content")
    static let templates = TestSupport.packageRoot.appendingPathComponent("Templates")

    func builtSite() throws -> URL {
        let site = try TestSupport.temporaryDirectory("report").appendingPathComponent("site")
        let result = try TestSupport.runTypeahead([
            "build", "--content", Self.content.path, "--templates", Self.templates.path, "--output", site.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        // The build names the report and its findings on the terminal.
        #expect(
            result.stderr.contains("report: \(site.path)/report/index.html; data findings: left-out 1, exact-nb-hits 5")
        )
        return site
    }

    @Test("--format markdown of the small fixture equals the golden Markdown")
    func markdownGolden() throws {
        let site = try builtSite()
        let result = try TestSupport.runTypeahead(["report", "--site", site.path, "--format", "markdown"])
        #expect(result.status == 0, "\(result.stderr)")
        try Golden.endToEnd.compare(text: result.stdout, with: "small-report.md")
        // Markdown is the default format.
        #expect(try TestSupport.runTypeahead(["report", "--site", site.path]).stdout == result.stdout)
    }

    @Test("--format html and json print what the build wrote into the site, which holds no timings")
    func sameAsSite() throws {
        let site = try builtSite()
        let html = try TestSupport.runTypeahead(["report", "--site", site.path, "--format", "html"])
        let json = try TestSupport.runTypeahead(["report", "--site", site.path, "--format", "json"])
        #expect(html.status == 0 && json.status == 0)
        let writtenHTML = try String(contentsOf: site.appendingPathComponent("report/index.html"), encoding: .utf8)
        let writtenJSON = try String(contentsOf: site.appendingPathComponent("report/report.json"), encoding: .utf8)
        #expect(html.stdout == writtenHTML)
        #expect(json.stdout == writtenJSON)
        #expect(!writtenJSON.contains("phases") && !writtenHTML.contains("Build phases"))
        // The report is linked from every page's footer.
        let index = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(index.contains(#"<a href="report/index.html">Build report</a>"#))
        let product = try String(contentsOf: site.appendingPathComponent("products/evil.html"), encoding: .utf8)
        #expect(product.contains(#"<a href="../report/index.html">Build report</a>"#))
    }

    @Test("--content builds in memory, writes nothing, and adds the phase timings")
    func fromContent() throws {
        let work = try TestSupport.temporaryDirectory("report-content")
        let result = try TestSupport.runTypeahead(
            ["report", "--content", Self.content.path, "--templates", Self.templates.path, "--format", "json"],
            in: work)
        #expect(result.status == 0, "\(result.stderr)")
        let report = try BuildReport.decode(Array(result.stdout.utf8))
        #expect(
            report.phases?.map(\.name) == [
                "assets", "images", "engine", "vetting", "prefix maps", "result pages", "client index", "front page",
                "product pages", "category pages", "report",
            ])
        #expect(report.counts.first { $0.label == "products" }?.value == 5)
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).isEmpty)
    }

    @Test("Mistakes: usage errors exit 2, a site without a report exits 1 naming the file")
    func mistakes() throws {
        let bad = try TestSupport.runTypeahead(["report", "--format", "pdf"])
        #expect(bad.status == 2 && bad.stderr.contains("--format expects html, markdown or json, not \"pdf\""))
        let both = try TestSupport.runTypeahead(["report", "--site", "a", "--content", "b"])
        #expect(both.status == 2 && both.stderr.contains("not both"))
        let empty = try TestSupport.temporaryDirectory("no-report")
        let missing = try TestSupport.runTypeahead(["report", "--site", empty.path])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("\(empty.path)/report/report.json: no such file"))
        _ = try TestSupport.write("{", to: "report/report.json", in: empty)
        let broken = try TestSupport.runTypeahead(["report", "--site", empty.path])
        #expect(broken.status == 1 && broken.stderr.contains("not a build report"))
    }
}
