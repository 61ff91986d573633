import Foundation
import Testing
import TypeaheadModel
import TypeaheadTestSupport

@testable import TypeaheadImport

/// The pieces: telling the format, prices and currencies, availability, category paths, and the
/// delimited reader's quoting and line ends.
struct FeedValueTests {
    @Test(
        "The format is told from the first bytes",
        arguments: [
            ("<?xml version=\"1.0\"?><rss>", FeedFormat.merchantXML),
            ("\u{FEFF}\n  <rss version=\"2.0\">", .merchantXML),
            ("<feed xmlns=\"http://www.w3.org/2005/Atom\">", .merchantXML),
            ("Handle,Title,Body (HTML)\n", .shopifyCSV),
            ("\u{FEFF}\"Handle\",\"Title\"\r\n", .shopifyCSV),
            ("g:id\tg:title\tg:price\n", .merchantTSV),
            ("ID\t Title \r\nA\tB\r\n", .merchantTSV),
        ])
    func detects(text: String, format: FeedFormat) {
        guard case .success(let found) = FeedFormat.detect(prefix: Array(text.utf8)) else {
            Issue.record("not told: \(text)")
            return
        }
        #expect(found == format)
    }

    @Test func aFileThatIsNoneOfThemIsNotGuessed() {
        for text in ["id,title\n", "{\"objectID\": 1}", "", "id title\n"] {
            guard case .failure(let problem) = FeedFormat.detect(prefix: Array(text.utf8)) else {
                Issue.record("told: \(text)")
                continue
            }
            #expect(problem.message.hasPrefix("cannot tell the format"))
        }
        guard case .failure(let utf16) = FeedFormat.detect(prefix: [0xFF, 0xFE, 0x3C, 0x00]) else { return }
        #expect(utf16.message == "the file is UTF-16; save it as UTF-8")
    }

    @Test func merchantPrices() throws {
        #expect(try Money.parseMerchant("15.00 USD").get() == Money(amount: 15, currency: "USD", text: "15.00 USD"))
        #expect(try Money.parseMerchant(" 1299.5  eur ").get().amount == 1299.5)
        #expect(try Money.parseMerchant("0 JPY").get().currency == "JPY")
        for text in ["15,00 EUR", "USD 15.00", "15.00", "1,299.00 USD", "15. USD", "-3.00 USD", "1e3 USD", "15.00 US"] {
            #expect(throws: ValueProblem.self, "\(text)") { try Money.parseMerchant(text).get() }
        }
        #expect(throws: ValueProblem.self) { try Money.parseMerchant("10.00 HRK").get() }
        #expect(throws: ValueProblem.self) { try Money.parseMerchant("2000000000000 USD").get() }
        #expect(try Money.parseBare("24.99").get().amount == 24.99)
        #expect(throws: ValueProblem.self) { try Money.parseBare("$24.99").get() }
    }

    @Test("The currency table: active codes only (no funds, metals, test or withdrawn codes)")
    func currencies() {
        for code in ["USD", "EUR", "GBP", "JPY", "CHF", "XOF", "XCG", "ZWG", "VES", "SLE", "MRU", "STN"] {
            #expect(Currencies.isActive(code), "\(code)")
        }
        for code in ["HRK", "BGN", "ANG", "CUC", "ZWL", "SLL", "XAU", "XTS", "XXX", "USN", "CHE", "BOV", "usd", "EURO"]
        {
            #expect(!Currencies.isActive(code), "\(code)")
        }
        #expect(Currencies.codes.allSatisfy { $0.count == 3 && $0 == $0.uppercased() })
    }

    @Test func availability() throws {
        let cases: [(String, Availability)] = [
            ("in_stock", .inStock), ("in stock", .inStock), ("In Stock", .inStock), ("out of stock", .outOfStock),
            ("preorder", .preorder), ("pre-order", .preorder), ("backorder", .backorder),
            ("available for order", .inStock),
        ]
        for (text, value) in cases { #expect(try Availability.parse(text).get() == value, "\(text)") }
        #expect(throws: ValueProblem.self) { try Availability.parse("limited availability").get() }
    }

    @Test("Category paths: parts trimmed, empty ones dropped; levels in Algolia's shape")
    func categories() {
        #expect(categoryPath(" Home & Garden >Kitchen>  > Knives ") == ["Home & Garden", "Kitchen", "Knives"])
        #expect(
            ProductRecord.hierarchy([["A", "B"], ["A", "C", "D"]])
                == .object([
                    "lvl0": .string("A"), "lvl1": .array([.string("A > B"), .string("A > C")]),
                    "lvl2": .string("A > C > D"),
                ]))
        #expect(
            MerchantTSVReader.repeatedValues(#"Home > Kitchen, "Gifts, Small > Mugs" ,,Toys"#)
                == ["Home > Kitchen", "Gifts, Small > Mugs", "Toys"])
    }

    @Test("A URL is accepted exactly when the build reads it as a remote image")
    func urls() {
        let cases = [
            "https://cdn.example/a.jpg", "HTTP://EXAMPLE.COM", "http://x", "https://", "https:///a", "http:/x",
            "ftp://example.com/a", "https://example.com/a b", "https://example.com/\u{7}", "images/a.jpg",
            "https://exämple.com/ü?q=1", "https://?", "mailto:x@example.com", "//example.com/a",
        ]
        for url in cases {
            let accepted = (try? webURL(url).get()) != nil
            let remote: Bool
            if case .success(.remote) = ImageReference.parse(url) { remote = true } else { remote = false }
            #expect(accepted == remote, "\(url)")
        }
    }

    @Test("products.json: sorted by objectID bytes, its size known before writing, rewritten only when it differs")
    func productsFile() throws {
        let records = ["b", "a", "é", "Z"].map { RenderedRecord(ProductRecord(objectID: $0, name: "N")) }
        for count in [0, 1, 4] {
            let file = ProductsFile(Array(records.prefix(count)))
            #expect(file.count == file.bytes.count)
        }
        let file = ProductsFile(records)
        #expect(file.records.map(\.objectID) == ["Z", "a", "b", "é"])
        let folder = try TestSupport.temporaryDirectory("file")
        let path = folder.appendingPathComponent("products.json").path
        var other = file.bytes
        other[other.count - 5] = UInt8(ascii: "X")
        try Data(other).write(to: URL(fileURLWithPath: path))
        try file.write(to: path)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(file.bytes))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["products.json"])
    }

    @Test("A sale price is written only when below the price")
    func salePrice() {
        var record = ProductRecord(objectID: "a", name: "A")
        record.price = 10
        record.salePrice = 10
        #expect(record.json["sale_price"] == nil)
        record.salePrice = 8
        #expect(record.json["sale_price"] == .number(8))
        record.price = nil
        #expect(record.json["sale_price"] == .number(8))
    }

    /// The rows of `text` read with a chunk of `chunk` bytes: each row's fields and first line.
    static func rows(_ text: String, delimiter: UInt8 = 0x2C, chunk: Int = 3) throws -> [([String?], Int)] {
        let (path, _) = try ImportTestSupport.feed("rows.txt", text)
        let reader = DelimitedReader(
            file: try ChunkedFile(path: path, chunkBytes: chunk, meter: nil), delimiter: delimiter,
            limits: ImportLimits())
        var rows: [([String?], Int)] = []
        while let row = try reader.next() { rows.append((row.fields.map(\.text), row.line)) }
        return rows
    }

    @Test("RFC 4180: quotes, doubled quotes, line breaks in quotes, CRLF, CR, blank lines, a BOM")
    func delimited() throws {
        let rows = try Self.rows(
            "\u{FEFF}a,\"b, \"\"c\"\"\",\"d\r\ne\"\r\n\r\n\"\",x\"y,\rlast,\n\n,\n")
        #expect(rows.map(\.0) == [["a", "b, \"c\"", "d\r\ne"], ["", "x\"y", ""], ["last", ""], ["", ""]])
        #expect(rows.map(\.1) == [1, 4, 5, 7])
        let tabs = try Self.rows("id\ttitle\n\"1\t2\"\t\"say \"\"hi\"\"\"\n", delimiter: 0x09, chunk: 1)
        #expect(tabs.map(\.0) == [["id", "title"], ["1\t2", "say \"hi\""]])
    }
}
