import Foundation
import Testing
import TypeaheadTestSupport

@testable import TypeaheadImport

/// Feeds that are wrong or hostile: each is refused with exit code 1 and the exact message (file,
/// line, item in XML, field, what was expected), and the products.json there before is untouched.
struct HostileFeedTests {
    static let previous = "[\n{\"name\":\"kept\",\"objectID\":\"1\"}\n]\n"

    /// Imports `text` as `name` over an existing products.json; expects failure with `messages`.
    static func refuses(
        _ name: String, _ text: String, _ messages: [String], arguments: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try refuses(name, bytes: Array(text.utf8), messages, arguments: arguments, sourceLocation: sourceLocation)
    }

    static func refuses(
        _ name: String, bytes: [UInt8], _ messages: [String], arguments: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let (feed, folder) = try ImportTestSupport.feed(name, bytes: bytes)
        let output = try TestSupport.write(Self.previous, to: "products.json", in: folder)
        let run = ImportTestSupport.run(["import", feed, "--output", output.path] + arguments)
        #expect(run.status == 1, sourceLocation: sourceLocation)
        let expected =
            messages.map { "error: \(feed): \($0)\n" }.joined()
            + "\(messages.count) problem\(messages.count == 1 ? "" : "s") in the content; nothing was written.\n"
        #expect(run.err == expected, sourceLocation: sourceLocation)
        #expect(try String(contentsOf: output, encoding: .utf8) == Self.previous, sourceLocation: sourceLocation)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
                == [name, "products.json"].sorted(),
            "a temporary file was left", sourceLocation: sourceLocation)
    }

    static let rss = #"<?xml version="1.0"?>\#n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>\#n"#

    @Test("XXE: an external entity naming /etc/passwd is refused before libxml2 parses the DOCTYPE")
    func externalEntity() throws {
        let text = try String(contentsOfFile: ImportTestSupport.fixture("xxe.xml"), encoding: .utf8)
        try Self.refuses(
            "xxe.xml", text,
            [
                "line 2: a DOCTYPE is not allowed in a feed (its entities could read local files or expand without bound); remove it"
            ])
    }

    @Test("Billion laughs: refused at the DOCTYPE, at once and in little memory")
    func billionLaughs() throws {
        let text = try String(contentsOfFile: ImportTestSupport.fixture("billion-laughs.xml"), encoding: .utf8)
        let started = Date()
        try Self.refuses(
            "laughs.xml", text,
            [
                "line 2: a DOCTYPE is not allowed in a feed (its entities could read local files or expand without bound); remove it"
            ])
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test("Prices: a decimal comma, an unknown currency, a missing code; mixed currencies name the first odd one")
    func prices() throws {
        let item = { (id: String, price: String) in
            "<item>\n<g:id>\(id)</g:id><g:title>T</g:title>\n<g:price>\(price)</g:price>\n</item>\n"
        }
        try Self.refuses(
            "feed.xml",
            Self.rss + item("A", "15,00 EUR") + item("B", "15.00 XYZ") + item("C", "25") + item("D", "3.50 EUR")
                + item("E", "4.00 USD") + item("F", "5.00 GBP") + "</channel></rss>\n",
            [
                #"line 5 (item 1), field "g:price": "15,00 EUR" is not a price like "15.00 EUR" (a number with a dot before the decimals, a space and an ISO 4217 currency code)"#,
                #"line 9 (item 2), field "g:price": "15.00 XYZ": "XYZ" is not an active ISO 4217 currency code"#,
                #"line 13 (item 3), field "g:price": "25" is not a price like "15.00 USD" (a number with a dot before the decimals, a space and an ISO 4217 currency code)"#,
                #"line 21 (item 5), field "g:price": "4.00 USD" is in USD, not EUR (the currency of the first price, at line 17 (item 4)); a site shows one currency (and 1 more prices in other currencies)"#,
            ])
        try Self.refuses(
            "feed.xml", Self.rss + item("A", "1.00 EUR") + "</channel></rss>\n",
            [
                #"line 5 (item 1), field "g:price": "1.00 EUR" is in EUR, not USD (--currency USD); a site shows one currency"#
            ], arguments: ["--currency", "USD"])
    }

    @Test("Missing and duplicate ids, a missing title, bad values, an element inside a field: all in one report")
    func merchantItems() throws {
        let text =
            Self.rss + """
                <item>
                  <g:id>A1</g:id>
                  <g:title>First</g:title>
                </item>
                <item>
                  <g:title>No id</g:title>
                  <g:availability>maybe</g:availability>
                  <g:link>ftp://example.com/x</g:link>
                </item>
                <item>
                  <g:id>A1</g:id>
                  <g:description>Has <b>markup</b></g:description>
                </item>
                <item><g:id>G</g:id><g:title>In a group</g:title><g:item_group_id>A1</g:item_group_id></item>
                </channel></rss>

                """
        try Self.refuses(
            "feed.xml", text,
            [
                #"line 7 (item 2), field "g:id": missing; every item needs one"#,
                #"line 9 (item 2), field "g:availability": "maybe" is not in_stock, out_of_stock, preorder or backorder"#,
                #"line 10 (item 2), field "g:link": "ftp://example.com/x" is not an http(s) URL"#,
                #"line 12 (item 3), field "g:title": missing; every item needs one"#,
                #"line 13 (item 3), field "g:id": duplicate id "A1", already used by line 4 (item 1)"#,
                #"line 14 (item 3), field "g:description": expected text, found the element <b> (HTML in a field is escaped or in CDATA)"#,
                #"line 16 (item 4), field "g:item_group_id": "A1" is also the id of the item at line 4 (item 1), which is in no group; an objectID must be unique"#,
            ])
    }

    @Test("Malformed XML and invalid UTF-8 are libxml2's errors, placed at their line and item")
    func malformedXML() throws {
        try Self.refuses(
            "feed.xml", Self.rss + "<item>\n<g:id>A</g:id>\n<g:title>T</g:titel>\n</item></channel></rss>\n",
            [#"line 5 (item 1): malformed XML: Opening and ending tag mismatch: title line 5 and titel"#])
        try Self.refuses(
            "feed.xml",
            bytes: Array((Self.rss + "<item>\n<g:id>A</g:id>\n<g:title>caf").utf8) + [0xE9]
                + Array("</g:title>\n</item></channel></rss>\n".utf8),
            [
                #"line 5 (item 1): invalid UTF-8; the file must be UTF-8 or declare its encoding (<?xml version="1.0" encoding="…"?>)"#
            ])
        try Self.refuses(
            "feed.xml", "<?xml version=\"1.0\"?>\n<catalog><item/></catalog>\n",
            ["line 2: expected an RSS 2.0 <rss> or Atom 1.0 <feed> document, found <catalog>"])
        try Self.refuses(
            "feed.xml", Self.rss + "</channel></rss>\n",
            ["no items: expected <item> elements in <rss><channel>, or <entry> in <feed>"])
        try Self.refuses(
            "feed.xml", "", ["the file is empty; expected an RSS 2.0 or Atom 1.0 feed"],
            arguments: ["--format", "merchant-xml"])
        try Self.refuses(
            "feed.xml",
            "<?xml version=\"1.0\"?>\n<rss><channel>\n<item><g:id>A</g:id><g:title>T</g:title></item>\n</channel></rss>\n",
            [
                #"line 3 (item 1): malformed XML: Namespace prefix g on id is not defined"#,
                #"line 3 (item 1): malformed XML: Namespace prefix g on title is not defined"#,
                #"line 3 (item 1), field "g:id": missing; every item needs one"#,
                #"line 3 (item 1), field "g:title": missing; every item needs one"#,
            ])
    }

    @Test("TSV: the wrong number of columns, invalid UTF-8, a missing id column")
    func tsv() throws {
        try Self.refuses(
            "feed.tsv",
            bytes: Array("id\ttitle\tprice\nA\tOne\t1.00 USD\nB\tTwo\n\"C\"\t\"Thr".utf8) + [0xFF]
                + Array("ee\nand more\"\t3.00 USD\nD\t\t4.00 USD\n".utf8),
            [
                "line 3: 2 columns, but the header has 3 (a tab or line break inside a value needs quotes)",
                #"line 4, field "title": invalid UTF-8; the file must be UTF-8"#,
                #"line 6, field "title": missing; every item needs one"#,
            ])
        try Self.refuses(
            "feed.tsv", "sku\ttitle\nA\tOne\n", ["line 1: the header has no id column"],
            arguments: ["--format", "merchant-tsv"])
    }

    @Test("CSV: an unclosed quote, text after a closing quote, a second run of a Handle, a missing Title")
    func shopifyCSV() throws {
        let header = "Handle,Title,Body (HTML),Variant Price\n"
        try Self.refuses(
            "products.csv", header + "a,A,\"<p>open\n\nb,B,,2.00\n",
            [#"line 2, field "Body (HTML)": the quoted field opened on this line is not closed by the end of the file"#]
        )
        try Self.refuses(
            "products.csv", header + "a,\"A\"x,,1.00\n",
            [#"line 2, field "Title": "x" after the closing quote; a quote inside a quoted field is written """#])
        try Self.refuses(
            "products.csv", header + "a,A,,1.00\nb,,,2,50\nb,,,\na,A again,,3.00\n,,,\n",
            [
                "line 3: 5 columns, but the header has 4",
                #"line 4, field "Title": empty on the product's first row; every product needs one"#,
                #"line 5, field "Handle": "a" again, apart from its product's rows (from line 2); a product's rows follow one another"#,
                #"line 6, field "Handle": empty; every row names its product"#,
            ], arguments: ["--format", "shopify-csv"])
        try Self.refuses(
            "products.csv", header + "a,A,,24\u{2C}99\n".replacingOccurrences(of: "24,99", with: "\"24,99\""),
            [
                #"line 2, field "Variant Price": "24,99" is not a price like "24.99" (a number with a dot before the decimals)"#
            ])
    }

    @Test("Past 50 problems, the rest are counted")
    func issueLimit() throws {
        let rows = (1...60).map { "I\($0)\t\t1.00 USD\n" }.joined()
        let (feed, folder) = try ImportTestSupport.feed("feed.tsv", "id\ttitle\tprice\n" + rows)
        let run = ImportTestSupport.run(["import", feed, "--content", folder.path])
        #expect(run.status == 1)
        let lines = run.err.split(separator: "\n")
        #expect(lines.count == 52)
        #expect(lines[0] == "error: \(feed): line 2, field \"title\": missing; every item needs one")
        #expect(lines[49] == "error: \(feed): line 51, field \"title\": missing; every item needs one")
        #expect(lines[50] == "… and 10 more problems")
        #expect(lines[51] == "60 problems in the content; nothing was written.")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("products.json").path))
    }

    @Test("A file whose format cannot be told says so, and how to say it")
    func unknownFormat() throws {
        try Self.refuses(
            "feed.txt", "name,price\nA,1\n",
            [
                "cannot tell the format: not XML (<?xml, <rss or <feed), and the first line has neither Shopify's Handle and Title columns nor Merchant Center's tab-separated id and title; say it with --format"
            ])
    }
}
