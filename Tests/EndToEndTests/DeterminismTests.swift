import Foundation
import Testing
import TypeaheadModel
import TypeaheadTestSupport

@Suite("Builds are byte-identical whatever the machine's settings")
struct DeterminismTests {
    static let fixture = TestSupport.packageRoot.appendingPathComponent("Tests/EndToEndTests/Fixtures/small/Content")
    static let templates = TestSupport.packageRoot.appendingPathComponent("Templates")

    /// The fixture's content with its records in reverse order and its JSON keys reordered.
    static func shuffledContent(in folder: URL) throws -> URL {
        let content = folder.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        for name in ["products.json", "query_suggestions.json", "synonyms.json"] {
            let records = try JSONParser.parseArrayWithLines(
                [UInt8](Data(contentsOf: Self.fixture.appendingPathComponent(name))))
            // Reversed records; JSONWriter sorts keys, which reorders them against the original.
            let text = "[\n" + records.reversed().map { JSONWriter.string($0.value) }.joined(separator: ",\n") + "\n]\n"
            try Data(text.utf8).write(to: content.appendingPathComponent(name))
        }
        try FileManager.default.copyItem(
            at: Self.fixture.appendingPathComponent("site.json"), to: content.appendingPathComponent("site.json"))
        return content
    }

    @Test("Another TZ, LANG/LC_ALL, working directory and record order give the same tree")
    func settings() throws {
        let first = try TestSupport.temporaryDirectory("det-a")
        let second = try TestSupport.temporaryDirectory("det-b")
        let a = try TestSupport.runTypeahead(
            [
                "build", "--quiet", "--content", Self.fixture.path, "--templates", Self.templates.path, "--output",
                "site",
            ],
            in: first, environment: ["TZ": "UTC", "LANG": "C", "LC_ALL": "C"])
        #expect(a.status == 0, "\(a.stderr)")
        let content = try Self.shuffledContent(in: second)
        let nested = second.appendingPathComponent("deep/er")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        let b = try TestSupport.runTypeahead(
            [
                "build", "--quiet", "--content", content.path, "--templates", Self.templates.path, "--output",
                "../../out",
            ],
            in: nested, environment: ["TZ": "Pacific/Chatham", "LANG": "tr_TR.UTF-8", "LC_ALL": "tr_TR.UTF-8"])
        #expect(b.status == 0, "\(b.stderr)")
        let treeA = try TestSupport.tree(first.appendingPathComponent("site"))
        let treeB = try TestSupport.tree(second.appendingPathComponent("out"))
        #expect(treeA.map(\.0) == treeB.map(\.0))
        let different = zip(treeA, treeB).filter { $0.1 != $1.1 }.map(\.0.0)
        #expect(different.isEmpty, "\(different)")
        #expect(treeA.count > 10)
    }
}
