import Foundation
import Testing
import TypeaheadTestSupport

/// How `typeahead import` is called: usage mistakes (exit 2), where it writes, what it refuses.
struct ImportCommandTests {
    @Test(
        "Usage mistakes exit 2 with the command's help",
        arguments: [
            (["import"], "error: name the feed to import"),
            (["import", "a.xml", "b.xml"], "error: unexpected argument \"b.xml\""),
            (
                ["import", "a.xml", "--format", "xml"],
                "error: --format expects merchant-xml, merchant-tsv or shopify-csv, not \"xml\""
            ),
            (
                ["import", "a.csv", "--currency", "DOLLAR"],
                "error: --currency expects an active ISO 4217 code like USD or EUR, not \"DOLLAR\""
            ),
            (
                ["import", "a.csv", "--currency", "HRK"],
                "error: --currency expects an active ISO 4217 code like USD or EUR, not \"HRK\""
            ),
        ])
    func usage(arguments: [String], message: String) {
        let run = ImportTestSupport.run(arguments)
        #expect(run.status == 2)
        #expect(run.err.hasPrefix(message + "\n\nUsage: typeahead import [--format NAME] [--content DIR]"))
    }

    @Test func helpNamesTheFormatsAndTheOptions() {
        let run = ImportTestSupport.run(["import", "--help"])
        #expect(run.status == 0)
        for text in [
            "merchant-xml, merchant-tsv or shopify-csv", "--content DIR", "(default: Content)", "--output FILE",
            "--currency CODE", "FEED",
        ] {
            #expect(run.out.contains(text), "\(text)")
        }
    }

    @Test("A missing feed, and a products.ndjson the build would read beside products.json, exit 1")
    func refusals() throws {
        let content = try TestSupport.temporaryDirectory("content")
        let missing = ImportTestSupport.run(["import", content.appendingPathComponent("none.xml").path])
        #expect(missing.status == 1)
        #expect(missing.err.hasSuffix("none.xml: no such file\n1 problem in the content; nothing was written.\n"))
        try TestSupport.write("{}\n", to: "products.ndjson", in: content)
        let beside = ImportTestSupport.run([
            "import", ImportTestSupport.fixture("merchant-rss.xml"), "--content", content.path,
        ])
        #expect(beside.status == 1)
        #expect(
            beside.err.contains(
                "products.ndjson: is there already; the build reads one catalogue, so remove it before importing into products.json"
            ))
        #expect(!FileManager.default.fileExists(atPath: content.appendingPathComponent("products.json").path))
    }

    @Test("--format overrides detection; --content makes its folder; the feed's own format must fit")
    func formatAndFolder() throws {
        let content = try TestSupport.temporaryDirectory("content").appendingPathComponent("new/Content")
        let run = ImportTestSupport.run([
            "import", ImportTestSupport.fixture("merchant.tsv"), "--format", "merchant-tsv", "--content", content.path,
        ])
        #expect(run.status == 0, "\(run.err)")
        #expect(FileManager.default.fileExists(atPath: content.appendingPathComponent("products.json").path))
        let wrong = ImportTestSupport.run([
            "import", ImportTestSupport.fixture("merchant.tsv"), "--format", "shopify-csv", "--output",
            content.appendingPathComponent("other.json").path,
        ])
        #expect(wrong.status == 1)
        #expect(wrong.err.contains("line 1: the header has no Handle column"))
    }
}
