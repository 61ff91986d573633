import Foundation
import Testing
import TypeaheadSite
import TypeaheadTestSupport

extension Golden {
    /// The end-to-end tests' golden files: whole sites, a report, a diff.
    static let endToEnd = Golden(folder: TestSupport.packageRoot.appendingPathComponent("Tests/EndToEndTests/Golden"))
}

@Suite("typeahead build, run as a program")
struct BuildCommandTests {
    static let fixture = TestSupport.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/small")
    static let templates = TestSupport.packageRoot.appendingPathComponent("Templates")

    func build(content: URL, output: URL, extra: [String] = []) throws -> TestSupport.RunResult {
        try TestSupport.runTypeahead(
            ["build", "--content", content.path, "--templates", Self.templates.path, "--output", output.path] + extra)
    }

    @Test("The small fixture builds into exactly the golden tree")
    func golden() throws {
        let output = try TestSupport.temporaryDirectory("e2e").appendingPathComponent("site")
        let result = try build(content: Self.fixture.appendingPathComponent("Content"), output: output)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Built \(output.path): 5 products, 5 suggestions"))
        #expect(
            result.stderr.contains(
                #"1 of 5 suggestions left out (no hit here, so in no map, list or page): "cooktop" (0)"#))
        #expect(result.stdout.isEmpty)
        // The assets are the templates' own files, compared with them (no golden copy to keep), but
        // for the script parts, which are joined into the page's one script (its bytes:
        // SiteBuilderTests.thePageScriptIsItsPartsJoined).
        try Golden.endToEnd.compare(tree: output, with: "small-site", skipping: [SiteLayout.assetsFolder])
        let assets = try TestSupport.tree(output.appendingPathComponent(SiteLayout.assetsFolder))
        let templates = try TestSupport.tree(Self.templates.appendingPathComponent("assets"))
        let expected = templates.filter { !SiteLayout.scriptParts.contains($0.0) }
        let copied = assets.filter { $0.0 != SiteLayout.pageScript }
        #expect(copied.map(\.0) == expected.map(\.0) && assets.count == copied.count + 1)
        #expect(copied.map(\.1) == expected.map(\.1), "the site's assets are the templates' assets, byte for byte")
    }

    @Test("Building twice gives byte-identical trees, and defaults are Content, Templates, _site")
    func twice() throws {
        let work = try TestSupport.temporaryDirectory("e2e")
        try FileManager.default.copyItem(
            at: Self.fixture.appendingPathComponent("Content"), to: work.appendingPathComponent("Content"))
        try FileManager.default.copyItem(at: Self.templates, to: work.appendingPathComponent("Templates"))
        let first = try TestSupport.runTypeahead(["build", "--quiet"], in: work)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.isEmpty)
        let a = try TestSupport.tree(work.appendingPathComponent("_site"))
        #expect(try TestSupport.runTypeahead(["build", "--quiet"], in: work).status == 0)
        let b = try TestSupport.tree(work.appendingPathComponent("_site"))
        #expect(a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1))
        #expect(a.contains { $0.0 == "index.html" })
    }

    @Test("Bad content: exit 1, every problem on stderr, the previous site untouched")
    func badContent() throws {
        let output = try TestSupport.temporaryDirectory("e2e").appendingPathComponent("site")
        #expect(try build(content: Self.fixture.appendingPathComponent("Content"), output: output).status == 0)
        let before = try TestSupport.tree(output)
        let bad = try TestSupport.temporaryDirectory("bad")
        try TestSupport.write(#"[{"objectID":"a","name":1},{"objectID":"a","name":"x"}]"#, to: "products.json", in: bad)
        try TestSupport.write("[{]", to: "query_suggestions.json", in: bad)
        let result = try build(content: bad, output: output)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                "products.json: record [0] (line 1) objectID \"a\", field \"name\": expected a non-empty string, found a number"
            ))
        #expect(result.stderr.contains("query_suggestions.json: line 1, column 3: malformed JSON"))
        #expect(result.stderr.contains("nothing was written"))
        let after = try TestSupport.tree(output)
        #expect(before.map(\.0) == after.map(\.0) && before.map(\.1) == after.map(\.1))
    }

    @Test("Bad synonyms or a bad language setting: exit 1, file, record and field named, the previous site untouched")
    func badLanguage() throws {
        let output = try TestSupport.temporaryDirectory("e2e").appendingPathComponent("site")
        #expect(try build(content: Self.fixture.appendingPathComponent("Content"), output: output).status == 0)
        let before = try TestSupport.tree(output)
        let bad = try TestSupport.copy(Self.fixture.appendingPathComponent("Content"), label: "bad-language")
        try TestSupport.write(
            #"[{"objectID":"p","type":"placeholder","placeholder":"<size>","replacements":["6 ft"]}]"#,
            to: "synonyms.json", in: bad)
        try TestSupport.write(#"{"removeWordsIfNoResults": "most"}"#, to: "site.json", in: bad)
        let result = try build(content: bad, output: output)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains(
                #"synonyms.json: record [0] (line 1) objectID "p", field "type": placeholder synonyms are not supported"#
            ),
            "\(result.stderr)")
        #expect(
            result.stderr.contains(
                #"site.json, field "removeWordsIfNoResults": expected one of "none", "lastWords", "firstWords", "allOptional""#
            ), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was written"))
        let after = try TestSupport.tree(output)
        #expect(before.map(\.0) == after.map(\.0) && before.map(\.1) == after.map(\.1))
    }

    @Test("--output pointing at a folder of other files is refused with exit 1")
    func refuseToClobber() throws {
        let home = try TestSupport.temporaryDirectory("home")
        try TestSupport.write("keep me", to: "thesis.tex", in: home)
        let result = try build(content: Self.fixture.appendingPathComponent("Content"), output: home)
        #expect(result.status == 1)
        #expect(result.stderr.contains("is not empty and is not a Typeahead site"))
        #expect(try TestSupport.tree(home).map(\.0) == ["thesis.tex"])
    }
}

@Suite("Command-line conventions")
struct CommandLineTests {
    @Test("--help and --version print to stdout and exit 0")
    func help() throws {
        let help = try TestSupport.runTypeahead(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Usage: typeahead <command> [options]"))
        let buildHelp = try TestSupport.runTypeahead(["build", "--help"])
        #expect(buildHelp.status == 0)
        #expect(buildHelp.stdout.contains("--content DIR"))
        let version = try TestSupport.runTypeahead(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("typeahead "))
    }

    @Test(
        "Unknown commands and options, and missing values, give usage and exit 2",
        arguments: [
            ["frobnicate"], ["build", "--colour"], ["build", "--output"], ["build", "extra"], [],
        ])
    func usage(_ arguments: [String]) throws {
        let result = try TestSupport.runTypeahead(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains("Usage: typeahead"))
        #expect(result.stdout.isEmpty)
    }
}
