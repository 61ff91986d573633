import Foundation
import TypeaheadImport
import TypeaheadModel

extension TypeaheadCommand {
    static let importCommand = CommandSpec(
        name: "import", positionals: "FEED",
        about: """
            Makes products.json, in the Algolia record shape the build reads, from a Google Merchant
            Center feed (RSS 2.0 or Atom XML in the g: namespace, or a tab-separated file) or a
            Shopify products CSV export. Variants are folded into one product (item_group_id, or a
            Shopify Handle's rows). Every problem is reported with its line and field, and then
            nothing is written; otherwise the file is written atomically. Details: docs/IMPORT.md.
            """,
        options: [
            OptionSpec(
                "--format", "NAME",
                "merchant-xml, merchant-tsv or shopify-csv (default: told from its first line)"),
            OptionSpec("--content", "DIR", "The content folder products.json goes to", default: "Content"),
            OptionSpec("--output", "FILE", "Where the products go (default: DIR/products.json)"),
            OptionSpec(
                "--currency", "CODE",
                "The prices' ISO 4217 currency: Shopify's export carries none; a Merchant\nfeed's prices must all be in it"
            ),
        ])

    func importFeed(_ arguments: [String]) throws(UsageError) -> Int32 {
        let options = try Self.importCommand.parse(arguments)
        guard let feed = options.positionals.first else { throw UsageError(message: "name the feed to import") }
        if let extra = options.positionals.dropFirst().first {
            throw UsageError(message: "unexpected argument \"\(extra)\"")
        }
        var format: FeedFormat?
        if let name = options.values["--format"] {
            guard let given = FeedFormat(rawValue: name) else {
                throw UsageError(
                    message: "--format expects merchant-xml, merchant-tsv or shopify-csv, not \"\(name)\"")
            }
            format = given
        }
        let currency = options.values["--currency"]?.uppercased()
        if let currency, !FeedImporter.isCurrency(currency) {
            throw UsageError(message: "--currency expects an active ISO 4217 code like USD or EUR, not \"\(currency)\"")
        }
        let directory = options.value("--content")
        let output = options.values["--output"] ?? (directory as NSString).appendingPathComponent("products.json")
        do {
            try Self.checkNoOtherCatalogue(beside: output)
            let result = try FeedImporter(path: feed, format: format, currency: currency).run()
            try result.file.write(to: output)
            console.err(Self.summary(result, feed: feed, output: output))
            // Into a content folder: what suggest and build need next, when it is not there yet.
            if options.values["--output"] == nil {
                console.err(ImportStarter.complete(directory, currency: result.currency))
            } else {
                console.err(
                    "Hint: descriptions are HTML; set \"descriptionFormat\": \"html\" in site.json so the build shows them as HTML.\n"
                )
            }
            return 0
        } catch {
            console.err("\(Self.describe(error))\n")
            return 1
        }
    }

    /// `products.json` beside a `products.ndjson` or `.jsonl` would be refused by the build.
    static func checkNoOtherCatalogue(beside output: String) throws(ContentError) {
        let name = (output as NSString).lastPathComponent
        guard ["products.json", "products.ndjson", "products.jsonl"].contains(name) else { return }
        let folder = (output as NSString).deletingLastPathComponent
        for other in ["products.json", "products.ndjson", "products.jsonl"] where other != name {
            let path = (folder as NSString).appendingPathComponent(other)
            if FileManager.default.fileExists(atPath: path) {
                throw ContentError(
                    ContentIssue(
                        file: path,
                        message:
                            "is there already; the build reads one catalogue, so remove it before importing into \(name)"
                    ))
            }
        }
    }

    static func summary(_ result: FeedImporter.Result, feed: String, output: String) -> String {
        let unit = result.format == .shopifyCSV ? "rows" : "items"
        var parts = [
            "\(result.read) \(unit) read", "\(result.products) products written",
            "\(result.folded) variants folded",
        ]
        if result.leftOut > 0 { parts.append("\(result.leftOut) unpublished left out") }
        parts.append(
            result.currency.map { "currency \($0)" }
                ?? (result.format == .shopifyCSV ? "currency not given (--currency)" : "no prices"))
        return "Imported \(feed) (\(result.format.title)) into \(output): \(parts.joined(separator: ", ")).\n"
    }
}
