import Foundation
import Testing
import TypeaheadModel
import TypeaheadTestSupport

/// Hand-written feeds, one per format, imported by the command and compared byte for byte with
/// their products.json (re-recorded by Scripts/record-goldens; read the diff before committing it).
struct ImportGoldenTests {
    static let cases: [(feed: String, arguments: [String], golden: String, summary: String)] = [
        (
            "merchant-rss.xml", [], "merchant-rss.products.json",
            "(Merchant Center XML) into OUT: 6 items read, 4 products written, 2 variants folded, currency USD.\n"
        ),
        (
            "merchant-atom.xml", [], "merchant-atom.products.json",
            "(Merchant Center XML) into OUT: 2 items read, 2 products written, 0 variants folded, currency EUR.\n"
        ),
        (
            "merchant.tsv", [], "merchant-tsv.products.json",
            "(Merchant Center TSV) into OUT: 4 items read, 2 products written, 2 variants folded, currency GBP.\n"
        ),
        (
            "shopify.csv", ["--currency", "usd"], "shopify.products.json",
            "(Shopify CSV) into OUT: 8 rows read, 3 products written, 3 variants folded, 1 unpublished left out, currency USD.\n"
        ),
    ]

    @Test(arguments: cases)
    func importsAsTheGoldenFileSays(
        feed: String, arguments: [String], golden: String, summary: String
    ) throws {
        let folder = try TestSupport.temporaryDirectory("golden")
        let output = folder.appendingPathComponent("products.json").path
        let run = ImportTestSupport.run(["import", ImportTestSupport.fixture(feed), "--output", output] + arguments)
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.isEmpty)
        #expect(run.err.contains(summary.replacingOccurrences(of: "OUT", with: output)), "\(run.err)")
        #expect(run.err.contains("Hint: descriptions are HTML; set \"descriptionFormat\": \"html\" in site.json"))
        try ImportTestSupport.golden.compare(
            text: String(decoding: try Data(contentsOf: URL(fileURLWithPath: output)), as: UTF8.self), with: golden)
    }

    @Test("The same feed gives the same bytes, and an unchanged products.json is not written again")
    func deterministicAndUntouchedWhenUnchanged() throws {
        let folder = try TestSupport.temporaryDirectory("again")
        let output = folder.appendingPathComponent("products.json")
        let feed = ImportTestSupport.fixture("merchant-rss.xml")
        #expect(ImportTestSupport.run(["import", feed, "--output", output.path]).status == 0)
        let first = try Data(contentsOf: output)
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: output.path)
        #expect(ImportTestSupport.run(["import", feed, "--output", output.path]).status == 0)
        #expect(try Data(contentsOf: output) == first)
        let modified = try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date
        #expect(modified == old)
    }

    @Test("The imported catalogue loads with ContentLoader, as build reads it, into --content")
    func theBuildReadsWhatImportWrites() throws {
        for (feed, arguments, _, _) in Self.cases {
            let content = try TestSupport.temporaryDirectory("content")
            let run = ImportTestSupport.run(
                ["import", ImportTestSupport.fixture(feed), "--content", content.path] + arguments)
            #expect(run.status == 0, "\(run.err)")
            let catalogue = try ContentLoader(directory: content.path).loadCatalogue()
            #expect(!catalogue.products.isEmpty)
            if feed == "merchant-rss.xml" {
                let skillet = try #require(catalogue.products.first { $0.objectID == "PAN-CI" })
                #expect(skillet.price == 42)
                #expect(skillet.categories == ["Home & Garden", "Kitchen", "Cookware"])
                #expect(skillet.attributes["hierarchicalCategories"]?["lvl1"] == .string("Home & Garden > Kitchen"))
                #expect(skillet.attributes["color"] == .array([.string("Black"), .string("Red")]))
                #expect(skillet.image == "https://cdn.forge-table.example/img/skillet-black.jpg")
            }
        }
    }
}
