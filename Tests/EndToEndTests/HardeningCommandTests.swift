import Foundation
import Testing
import TypeaheadCLI
import TypeaheadTestSupport

/// What a careless user or a hostile data set met at the command line (issue 15), run as a program.
@Suite("typeahead hardening: options, terminal output, assets")
struct HardeningCommandTests {
    static let fixture = TestSupport.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/small/Content")
    static let templates = TestSupport.packageRoot.appendingPathComponent("Templates")

    @Test("An option given twice, or an empty value, is a usage error (exit 2), not a silent choice")
    func options() throws {
        let twice = try TestSupport.runTypeahead(
            ["query", "--content", Self.fixture.path, "--filter", "brand:Apple", "--filter", "brand:Samsung", "x"])
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("--filter is given more than once"))
        let empty = try TestSupport.runTypeahead(["build", "--content", Self.fixture.path, "--output", ""])
        #expect(empty.status == 2)
        #expect(empty.stderr.contains("--output needs a value, not an empty text"))
        #expect(try TestSupport.runTypeahead(["build", "--quiet", "--quiet", "--output", "x"]).status == 2)
    }

    @Test("Control characters from the data never reach the terminal")
    func terminal() throws {
        #expect(
            Console.printable("a\u{1B}[2Jb\u{07}c\r\nd\te\u{9B}f\u{7F}")
                == "a\u{FFFD}[2Jb\u{FFFD}c\u{FFFD}\nd\te\u{FFFD}f\u{FFFD}")
        // A suggestion left out is named in the build summary: with ESC and BEL in its query.
        let content = try TestSupport.copy(Self.fixture, label: "hostile")
        let url = content.appendingPathComponent("query_suggestions.json")
        var text = try String(contentsOf: url, encoding: .utf8)
        text = text.replacingOccurrences(
            of: #""objectID":"cooktop","query":"cooktop""#,
            with: #""objectID":"cook\u001b]0;pwned\u0007top","query":"cook\u001b]0;pwned\u0007top""#)
        try text.write(to: url, atomically: true, encoding: .utf8)
        let output = try TestSupport.temporaryDirectory("hostile").appendingPathComponent("site")
        let result = try TestSupport.runTypeahead(
            ["build", "--content", content.path, "--templates", Self.templates.path, "--output", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("cook\u{FFFD}]0;pwned\u{FFFD}top"), "\(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    @Test("Assets: hidden files and folders are not published; a link out of the templates folder is an error")
    func assets() throws {
        let templates = try TestSupport.copy(Self.templates, label: "assets")
        let assets = templates.appendingPathComponent("assets")
        try TestSupport.write("[core]", to: ".git/config", in: assets)
        try TestSupport.write("x", to: ".secret", in: assets)
        let output = try TestSupport.temporaryDirectory("assets").appendingPathComponent("site")
        let arguments = [
            "build", "--quiet", "--content", Self.fixture.path, "--templates", templates.path, "--output", output.path,
        ]
        #expect(try TestSupport.runTypeahead(arguments).status == 0)
        let published = try TestSupport.tree(output).map(\.0).filter { $0.hasPrefix("assets/") }
        #expect(!published.contains { $0.contains("/.") }, "\(published)")
        try FileManager.default.createSymbolicLink(
            atPath: assets.appendingPathComponent("passwd.txt").path, withDestinationPath: "/etc/passwd")
        let refused = try TestSupport.runTypeahead(arguments)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("passwd.txt: a symbolic link that leads out of the templates folder"))
        #expect(try !TestSupport.tree(output).map(\.0).contains("assets/passwd.txt"))
    }
}
