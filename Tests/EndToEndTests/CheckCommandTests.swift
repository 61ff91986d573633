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
        try FileManager.default.removeItem(atPath: site + "/search/iphone.html")
        let broken = try TestSupport.runTypeahead(["check", "--content", Self.content, "--site", site])
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("1 difference from the live engine:"))
        #expect(broken.stdout.contains("- result page search/iphone.html (\"iphone\", page 1 of 1) is missing"))
    }

    @Test("A folder that is not a site: exit 1 with the reason")
    func notASite() throws {
        let empty = try TestSupport.temporaryDirectory("empty").path
        let result = try TestSupport.runTypeahead(["check", "--content", Self.content, "--site", empty])
        #expect(result.status == 1)
        #expect(result.stderr.contains("index.html: no such file"))
    }
}
