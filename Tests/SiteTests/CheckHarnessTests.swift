import Foundation
import Testing
import TypeaheadModel
import TypeaheadTestSupport

@testable import TypeaheadSite

/// Builds the small fixture site once per test into a fresh folder, to be corrupted.
struct FixtureSite {
    static let contentFolder = TestSupport.packageRoot.appendingPathComponent(
        "Tests/EndToEndTests/Fixtures/small/Content")
    let content: Content
    let site: URL

    init() throws {
        content = try ContentLoader(directory: Self.contentFolder.path).load()
        let templates = try TemplateSet.load(from: TestSupport.packageRoot.appendingPathComponent("Templates").path)
        site = try TestSupport.temporaryDirectory("check").appendingPathComponent("site")
        _ = try SiteBuilder(content: content, templates: templates).write(to: site.path)
    }

    func check() throws -> SiteChecker.Report {
        try SiteChecker(content: content, site: site.path).run()
    }

    func edit(_ file: String, _ change: (String) -> String) throws {
        let url = site.appendingPathComponent(file)
        let text = try String(contentsOf: url, encoding: .utf8)
        let changed = change(text)
        #expect(changed != text, "the corruption of \(file) changed nothing")
        try Data(changed.utf8).write(to: url)
    }

    /// The difference lines of a check, joined, for matching.
    func differences() throws -> String {
        let report = try check()
        #expect(report.differenceCount > 0, "the corruption was not caught")
        return report.differences.joined(separator: "\n")
    }
}

@Suite("typeahead check catches every kind of corruption")
struct CheckHarnessTests {
    /// The byte proof's build takes every answer and the vetting this check asked of the engine
    /// (`AskedAnswers`, `AskedVettings`) rather than asking them again, and still proves every byte.
    @Test("The byte proof takes the answers and the vetting check asked, and a fresh site still checks clean")
    func byteProofTakesWhatCheckAsked() throws {
        let site = try FixtureSite()
        let templates = try TemplateSet.load(from: TestSupport.packageRoot.appendingPathComponent("Templates").path)
        let report = try SiteChecker(content: site.content, site: site.site.path, templates: templates).run()
        #expect(report.differenceCount == 0, "\(report.differences)")
        #expect(report.files > 0)
        #expect(report.answers > 0)
        #expect(report.answersTaken == report.answers)
        #expect(report.vettingsTaken)
        #expect(report.engineTaken)
    }

    /// A content not in objectID order: the builder sorts its own, and the checker's engine (in
    /// the order given) is not taken, since its record numbers would name other products.
    @Test("The byte proof of a content given out of order builds its own engine, and checks clean")
    func unsortedContent() throws {
        let site = try FixtureSite()
        let templates = try TemplateSet.load(from: TestSupport.packageRoot.appendingPathComponent("Templates").path)
        var content = site.content
        content.products.reverse()
        content.suggestions.reverse()
        let report = try SiteChecker(content: content, site: site.site.path, templates: templates).run()
        #expect(report.differenceCount == 0, "\(report.differences)")
        #expect(!report.engineTaken)
        #expect(report.files > 0)
    }

    @Test("A freshly built site checks clean, key by key and page by page")
    func clean() throws {
        let site = try FixtureSite()
        let report = try site.check()
        #expect(report.differenceCount == 0, "\(report.differences)")
        #expect(report.maps == 2)
        #expect(report.keys > 50)
        // Four, unscoped: a scope's list has no static pages.
        #expect(report.resultPages == 4)
        #expect(report.description.contains("Every precomputed answer equals the live engine's."))
    }

    /// A precomputed answer whose text is a suggestion's query takes its hits from the result
    /// page just asked (`PageAnswers`); one whose words were made optional is asked afresh. Both
    /// still catch a changed line.
    @Test("A suggestion's own answer, taken from its result page, still catches a changed count; a relaxed one too")
    func answersFromPages() throws {
        // With the templates, the answers are read from the site (without, from the files the
        // check makes, which it compares byte for byte with the site's).
        let templates = try TemplateSet.load(from: TestSupport.packageRoot.appendingPathComponent("Templates").path)
        func check(_ site: FixtureSite) throws -> SiteChecker.Report {
            try SiteChecker(content: site.content, site: site.site.path, templates: templates).run()
        }
        let clean = try check(FixtureSite())
        #expect(clean.differenceCount == 0, "\(clean.differences)")
        // "iphone", "iphone case", "samsung galaxy"; not "cheap charger" (its words made optional).
        #expect(clean.answersFromPages == 3)
        #expect(clean.answers > clean.answersFromPages)

        let site = try FixtureSite()
        try site.edit("data/products/answers/case.js") {
            $0.replacingOccurrences(of: #"["iphone case",1,[2],[0]]"#, with: #"["iphone case",2,[2],[0]]"#)
                .replacingOccurrences(of: #"["iphone",2,[1,2],[0,0]]"#, with: #"["iphone",2,[1,2],[0,1]]"#)
                .replacingOccurrences(of: #"["cheap charger",1,[4],[3],3]"#, with: #"["cheap charger",1,[4],[3],1]"#)
        }
        let differences = try check(site).differences.joined(separator: "\n")
        for text in ["iphone case", "iphone", "cheap charger"] {
            #expect(differences.contains("precomputed answer \"\(text)\": found"), "\(text): \(differences)")
        }
    }

    @Test("Two suggestions of a key in the wrong order")
    func valueOrder() throws {
        let site = try FixtureSite()
        try site.edit("shards/all/c.js") {
            $0.replacingOccurrences(of: #"["i",["iphone","iphone case"]]"#, with: #"["i",["iphone case","iphone"]]"#)
        }
        let differences = try site.differences()
        #expect(
            differences.contains(
                #"map (all), key "i": expected ["iphone", "iphone case"], found ["iphone case", "iphone"]"#))
    }

    @Test("Keys out of order in a shard")
    func keyOrder() throws {
        let site = try FixtureSite()
        try site.edit("shards/all/c.js") {
            $0.replacingOccurrences(
                of: "[\"c\",[\"cheap charger\",\"iphone case\"]],\n[\"ca\",[\"iphone case\"]],",
                with: "[\"ca\",[\"iphone case\"]],\n[\"c\",[\"cheap charger\",\"iphone case\"]],")
        }
        #expect(try site.differences().contains(#"key "c" is out of order (after "ca")"#))
    }

    @Test("A missing key")
    func missingKey() throws {
        let site = try FixtureSite()
        try site.edit("shards/all/c.js") { $0.replacingOccurrences(of: "[\"samsung gala\",\"=\"],\n", with: "") }
        #expect(try site.differences().contains(#"map (all): key "samsung gala" is missing"#))
    }

    @Test("An extra key")
    func extraKey() throws {
        let site = try FixtureSite()
        try site.edit("shards/all/c.js") {
            $0.replacingOccurrences(of: "]);\n", with: "[\"zzz\",[\"iphone\"]],\n]);\n")
        }
        #expect(try site.differences().contains(#"map (all): unexpected key "zzz""#))
    }

    @Test("A missing shard")
    func missingShard() throws {
        let site = try FixtureSite()
        try FileManager.default.removeItem(at: site.site.appendingPathComponent("shards/all/c.js"))
        #expect(try site.differences().contains("map (all): shard shards/all/c.js is missing"))
    }

    @Test("The empty key in data/site.js changed")
    func emptyKey() throws {
        let site = try FixtureSite()
        try site.edit("data/site.js") {
            $0.replacingOccurrences(
                of: #""empty":["iphone","iphone case","samsung galaxy","cheap charger"]"#, with: #""empty":["iphone"]"#)
        }
        #expect(
            try site.differences().contains(
                #"map (all), key "": expected ["iphone", "iphone case", "samsung galaxy", "cheap charger"], found ["iphone"]"#
            ))
    }

    @Test("A result page's hits changed")
    func resultPageHits() throws {
        let site = try FixtureSite()
        try site.edit("search/iphone.html") {
            $0.replacingOccurrences(of: #"data-object-id="5005506""#, with: #"data-object-id="4984700""#)
        }
        #expect(
            try site.differences().contains(
                #"result page search/iphone.html: expected ["5005506", "Case/42 ü"], found ["4984700", "Case/42 ü"]"#
            ))
    }

    @Test("A result page missing, and one that should not exist")
    func pages() throws {
        let site = try FixtureSite()
        try FileManager.default.removeItem(
            at: site.site.appendingPathComponent("search/samsung-galaxy-209ca4a4.html"))
        try TestSupport.write("<html></html>", to: "search/iphone.2.html", in: site.site)
        let differences = try site.differences()
        #expect(
            differences.contains(
                #"result page search/samsung-galaxy-209ca4a4.html ("samsung galaxy", page 1 of 1) is missing"#))
        #expect(
            differences.contains(
                #"result page search/iphone.2.html should not exist ("iphone" has 1 pages)"#))
    }

    @Test("The report shows the first 10 differences and the count")
    func manyDifferences() throws {
        let site = try FixtureSite()
        try site.edit("shards/all/c.js") { $0.replacingOccurrences(of: "\"=\"", with: "[]") }
        let report = try site.check()
        #expect(report.differenceCount > 10)
        #expect(report.differences.count == 10)
        #expect(report.description.contains("differences from the live engine (the first 10):"))
    }

    @Test("The client indices are proven file by file: a suggestion offered or left out, a scope, a stray file")
    func clientIndices() throws {
        let site = try FixtureSite()
        // "cooktop" (the most popular, no hit) is left out; offering it is a difference.
        try site.edit("data/suggestions/records/0.js") {
            $0.replacingOccurrences(of: "\", [\n", with: "\", [\n[\"cooktop\",\"cooktop\",500],\n")
        }
        let scope = try #require(
            SiteReader.files(under: site.site.appendingPathComponent("data/suggestions/scopes").path).first)
        try FileManager.default.removeItem(at: site.site.appendingPathComponent("data/suggestions/scopes/\(scope)"))
        try TestSupport.write("typeaheadIndex(\"x\", []);\n", to: "data/products/postings/zzz.js", in: site.site)
        let differences = try site.differences()
        #expect(
            differences.contains(
                #"data/suggestions/records/0.js: line 2 differs from the engine's index: found "["cooktop","cooktop",500],", expected "["iphone","iphone",300],""#
            ), "\(differences)")
        #expect(differences.contains("data/suggestions/scopes/\(scope): missing"))
        #expect(differences.contains("data/products/postings/zzz.js: not part of the index"))
    }

    @Test("A suggestion left out has no page and no key")
    func leftOut() throws {
        let site = try FixtureSite()
        try TestSupport.write("<html></html>", to: "search/cooktop.html", in: site.site)
        try site.edit("data/site.js") {
            $0.replacingOccurrences(of: #""empty":["iphone","#, with: #""empty":["cooktop","iphone","#)
        }
        let differences = try site.differences()
        #expect(
            differences.contains(
                #"result page search/cooktop.html should not exist ("cooktop" has 0 hits, minHits is 1)"#))
        #expect(
            differences.contains(
                #"map (all), key "": expected ["iphone", "iphone case", "samsung galaxy", "cheap charger"]"#))
    }
}
