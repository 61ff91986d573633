import Foundation
import Testing
import TypeaheadModel
import TypeaheadTestSupport

@Suite("typeahead diff, run as a program")
struct DiffCommandTests {
    static let fixtures = TestSupport.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures")
    static let templates = TestSupport.packageRoot.appendingPathComponent("Templates")

    /// The small fixture before and after a day's edits (Fixtures/small-edited/README.md), built.
    static func sites() throws -> (old: URL, new: URL) {
        let work = try TestSupport.temporaryDirectory("diff")
        var built: [URL] = []
        for name in ["small", "small-edited"] {
            let site = work.appendingPathComponent(name)
            let result = try TestSupport.runTypeahead([
                "build", "--quiet", "--content", fixtures.appendingPathComponent("\(name)/Content").path,
                "--templates", templates.path, "--output", site.path,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            built.append(site)
        }
        return (built[0], built[1])
    }

    @Test("The Markdown of the fixture's edits equals the golden Markdown, and exits 0")
    func markdownGolden() throws {
        let (old, new) = try Self.sites()
        // Relative paths, so the golden file does not depend on where the test runs.
        let result = try TestSupport.runTypeahead(
            ["diff", "small", "small-edited"], in: old.deletingLastPathComponent())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        try Golden.endToEnd.compare(text: result.stdout, with: "small-diff.md")
        #expect(
            try TestSupport.runTypeahead(["diff", old.path, new.path, "--format", "markdown"]).stdout == result.stdout)
    }

    @Test("--format json lists every change")
    func json() throws {
        let (old, new) = try Self.sites()
        let result = try TestSupport.runTypeahead(["diff", old.path, new.path, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let value = try JSONParser.parse(Array(result.stdout.utf8))
        guard case .array(let groups)? = value["keys"], case .array(let products)? = value["products"],
            case .array(let suggestions)? = value["suggestions"], case .array(let results)? = value["results"]
        else {
            Issue.record("missing keys, products, suggestions or results")
            return
        }
        // Adding "ipad" changes the keys on its way and the empty key; groups are keys that changed the
        // same way ("ipad" alone, or with the other new suggestion), the most used key's group first.
        let withIPad = groups.filter { group in
            if case .array(let entered)? = group["entered"] { return entered.contains(.string("ipad")) }
            return false
        }
        let ipadKeys = withIPad.flatMap { group -> [String] in
            guard case .array(let keys)? = group["keys"] else { return [] }
            return keys.compactMap { $0["key"]?.stringValue }
        }
        #expect(ipadKeys.sorted() == ["", "i", "ip", "ipa", "ipad"])
        guard case .array(let firstKeys)? = groups.first?["keys"] else {
            Issue.record("no groups")
            return
        }
        #expect(firstKeys.first?["key"] == .string(""))
        let productChanges = products.map { "\($0["change"]!.stringValue!) \($0["objectID"]!.stringValue!)" }
        #expect(productChanges == ["added ipad-1", "removed nodesc", "changed 4984700", "changed Case/42 ü"])
        let caseChange = products.first { $0["objectID"] == .string("Case/42 ü") }
        #expect(caseChange?["fields"] == .array([.string("desc(popularity)")]))
        let descriptionChange = products.first { $0["objectID"] == .string("4984700") }
        // The description is not in the client index's rows: the product page tells it changed.
        #expect(descriptionChange?["fields"] == .array([.string("page")]))
        #expect(suggestions.compactMap { $0["objectID"]?.stringValue } == ["evil-query", "ipad"])
        #expect(results.contains { $0["objectID"] == .string("ipad") && $0["change"] == .string("added") })
        #expect(value["headline"]?.stringValue?.hasPrefix("166 keys show other suggestions (3 changes)") == true)
    }

    @Test("Identical sites: a one-line 'no change' headline, exit 0")
    func identical() throws {
        let (old, _) = try Self.sites()
        let result = try TestSupport.runTypeahead(["diff", old.path, old.path])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("**Typeahead diff:** No change: the two sites are identical ("))
        #expect(result.stdout.split(separator: "\n").count == 1)
    }

    @Test("A site that cannot be read: exit 1 naming it; usage mistakes exit 2")
    func errors() throws {
        let (old, _) = try Self.sites()
        let missing = try TestSupport.runTypeahead(["diff", old.path, "/nonexistent/site"])
        #expect(missing.status == 1 && missing.stderr.contains("/nonexistent/site: no such folder"))
        let notSite = try TestSupport.temporaryDirectory("not-a-site")
        let unreadable = try TestSupport.runTypeahead(["diff", notSite.path, old.path])
        #expect(unreadable.status == 1 && unreadable.stderr.contains("index.html: no such file"))
        // A shard cut short names its file.
        let broken = try TestSupport.temporaryDirectory("broken").appendingPathComponent("site")
        try FileManager.default.copyItem(at: old, to: broken)
        let shard = broken.appendingPathComponent("shards/all/c.js")
        try Data("typeaheadShard(\"all/c\", {}, [\n[\"c\",\n".utf8).write(to: shard)
        let cut = try TestSupport.runTypeahead(["diff", old.path, broken.path])
        #expect(cut.status == 1 && cut.stderr.contains("shard shards/all/c.js line 2 is malformed"), "\(cut.stderr)")
        #expect(try TestSupport.runTypeahead(["diff", old.path]).status == 2)
        #expect(try TestSupport.runTypeahead(["diff", old.path, old.path, "--format", "html"]).status == 2)
    }
}
