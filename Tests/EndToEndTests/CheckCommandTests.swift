import Foundation
import Testing
import TypeaheadTestSupport

@Suite("typeahead check, run as a program")
struct CheckCommandTests {
    static let content = TestSupport.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/small/Content")
        .path
    static let templates = TestSupport.packageRoot.appendingPathComponent("Templates").path

    @Test("Exit 0 on a fresh build, 1 with a readable report on a corrupted one")
    func exitCodes() throws {
        let site = try TestSupport.temporaryDirectory("check").appendingPathComponent("site").path
        #expect(
            try TestSupport.runTypeahead([
                "build", "--quiet", "--content", Self.content, "--templates", Self.templates, "--output", site,
            ]).status == 0)
        let clean = try TestSupport.runTypeahead(["check", "--content", Self.content, "--site", site])
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(clean.stdout.contains("Checked "))
        #expect(clean.stdout.contains("Every precomputed answer equals the live engine's."))
        #expect(clean.stdout.contains("The proof: proof kept in "))
        #expect(clean.stdout.contains("A full check: no proof of an earlier check beside "))
        // The next check starts from the proof: nothing changed, every file is the proven one.
        let again = try TestSupport.runTypeahead(["check", "--content", Self.content, "--site", site])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.hasPrefix("Checked every byte of "), "\(again.stdout)")
        #expect(again.stdout.contains(" since the last proof in "), "\(again.stdout)")
        #expect(again.stdout.contains(": 0 made again by an incremental build from the proven site"))
        try FileManager.default.removeItem(atPath: site + "/search/iphone.html")
        let broken = try TestSupport.runTypeahead(["check", "--full", "--content", Self.content, "--site", site])
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("2 differences from the live engine and a fresh build:"))
        #expect(broken.stdout.contains("- result page search/iphone.html (\"iphone\", page 1 of 1) is missing"))
        #expect(broken.stdout.contains("- search/iphone.html: missing"))
        // From the proof, the same file is missing.
        let since = try TestSupport.runTypeahead(["check", "--content", Self.content, "--site", site])
        #expect(since.status == 1)
        #expect(
            since.stdout.contains(
                "1 difference from the proven site and the build from it:\n- search/iphone.html: missing\n"),
            "\(since.stdout)")
    }

    @Test(
        "check proves every byte: a changed price, an injected script, a shard's text, a renamed registration, a stray page, an asset, the report",
        arguments: [
            ("products/4984700.html", "$49.99", "$19.99"),
            ("index.html", "</body>", "<script>alert(1)</script></body>"),
            ("search/iphone.html", "href=\"", "href=\"javascript:alert(1)//"),
            ("data/site.js", "samsung galaxy\"}", "samsung galaxy</script><script>alert(1)//\"}"),
            ("shards/all/c.js", "typeaheadShard(", "typeaheadShardX("),
            ("assets/style.css", "}", "} body{display:none}"),
            ("report/index.html", "<h1", "<h1 onclick=alert(1)"),
            ("search/zzz.html", "", "<p>stray</p>"),
        ])
    func everyByte(path: String, find: String, replace: String) throws {
        let site = try TestSupport.temporaryDirectory("check").appendingPathComponent("site").path
        #expect(
            try TestSupport.runTypeahead([
                "build", "--quiet", "--content", Self.content, "--templates", Self.templates, "--output", site,
            ]).status == 0)
        let file = site + "/" + path
        if FileManager.default.fileExists(atPath: file) {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(text.contains(find), "\(path) has no \(find)")
            try text.replacingOccurrences(of: find, with: replace).write(
                toFile: file, atomically: false, encoding: .utf8)
        } else {
            try replace.write(toFile: file, atomically: false, encoding: .utf8)
        }
        let result = try TestSupport.runTypeahead([
            "check", "--content", Self.content, "--templates", Self.templates, "--site", site,
        ])
        #expect(result.status == 1, "\(path): \(result.stdout)")
        #expect(result.stdout.contains(path), "\(result.stdout)")
    }

    /// The byte proof's build takes the answers `check` asked of the engine (`AskedAnswers`), but
    /// which texts are answered is its own: a line removed (every other line still the engine's
    /// answer), or one added for a text the build does not answer, makes the shard differ.
    @Test(
        "check names an answers shard with a line removed or one the build would not write, though every line left is the engine's answer",
        arguments: [
            ("[\"char\",1,[4],[0]],\n", ""),
            ("[\"char\",1,[4],[0]],\n", "[\"char\",1,[4],[0]],\n[\"charge \",1,[4],[0]],\n"),
        ])
    func answerLines(find: String, replace: String) throws {
        let site = try TestSupport.temporaryDirectory("check-answers").appendingPathComponent("site").path
        #expect(
            try TestSupport.runTypeahead([
                "build", "--quiet", "--content", Self.content, "--templates", Self.templates, "--output", site,
            ]).status == 0)
        let path = "data/products/answers/case.js"
        let text = try String(contentsOfFile: site + "/" + path, encoding: .utf8)
        #expect(text.contains(find), "\(text)")
        try text.replacingOccurrences(of: find, with: replace).write(
            toFile: site + "/" + path, atomically: false, encoding: .utf8)
        let result = try TestSupport.runTypeahead([
            "check", "--content", Self.content, "--templates", Self.templates, "--site", site,
        ])
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("- \(path): line "), "\(result.stdout)")
    }

    @Test("A product page replaced by a link to an identical file outside the site, and an empty folder, are named")
    func linksAndEmptyFolders() throws {
        let work = try TestSupport.temporaryDirectory("check-links")
        let site = work.appendingPathComponent("site").path
        #expect(
            try TestSupport.runTypeahead([
                "build", "--quiet", "--content", Self.content, "--templates", Self.templates, "--output", site,
            ]).status == 0)
        let page = site + "/products/4984700.html"
        let outside = work.appendingPathComponent("outside.html").path
        try FileManager.default.copyItem(atPath: page, toPath: outside)
        try FileManager.default.removeItem(atPath: page)
        try FileManager.default.createSymbolicLink(atPath: page, withDestinationPath: outside)
        try FileManager.default.createDirectory(atPath: site + "/search/nothing", withIntermediateDirectories: false)
        for extra in [[], ["--templates", Self.templates]] {
            let result = try TestSupport.runTypeahead(["check", "--content", Self.content, "--site", site] + extra)
            #expect(result.status == 1, "\(result.stdout)")
            #expect(
                result.stdout.contains(
                    "products/4984700.html: a link or special file, not a regular file (a site holds files only)"),
                "\(result.stdout)")
            #expect(
                result.stdout.contains("search/nothing/: an empty folder the build does not make"), "\(result.stdout)")
        }
    }

    @Test("A folder that is not a site: exit 1 with the reason")
    func notASite() throws {
        let empty = try TestSupport.temporaryDirectory("empty").path
        let result = try TestSupport.runTypeahead(["check", "--content", Self.content, "--site", empty])
        #expect(result.status == 1)
        #expect(result.stderr.contains("index.html: no such file"))
    }
}
