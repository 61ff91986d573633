import Foundation
import Testing
import TypeaheadModel
import TypeaheadTestSupport

@testable import TypeaheadImport

/// A line, field or text many times the bound is refused once the bound is passed, having read
/// about the bound and a chunk of the file, never the whole line (the bound is injected small, so
/// a line 4,096 times it stays a fast test).
struct BoundedReadingTests {
    static let limits = ImportLimits(fieldBytes: 4096, rowBytes: 16384, chunkBytes: 1024)
    static let huge = 16 << 20

    /// Imports `bytes` with the small limits: the message and how much was read.
    static func refused(_ name: String, _ bytes: [UInt8], format: FeedFormat? = nil) throws -> (String, ReadMeter) {
        let (path, _) = try ImportTestSupport.feed(name, bytes: bytes)
        let meter = ReadMeter()
        do {
            _ = try FeedImporter(path: path, format: format, limits: limits, meter: meter).run()
            Issue.record("\(name) was imported")
            return ("", meter)
        } catch {
            #expect(error.issues.count == 1 && error.total == 1)
            let message = error.issues.first?.description ?? ""
            return (String(message.dropFirst(path.count + 2)), meter)
        }
    }

    @Test("TSV: a 16 MiB line stops at the field bound, read a chunk past it")
    func tsvLine() throws {
        let bytes = Array("id\ttitle\tdescription\nA\tT\t".utf8) + [UInt8](repeating: 0x78, count: Self.huge) + [0x0A]
        let (message, meter) = try Self.refused("feed.tsv", bytes)
        #expect(message == #"line 2, field "description": longer than 4096 bytes; reading stopped there"#)
        #expect(meter.bytesRead <= 4096 + 2 * 1024 + 64)
        #expect(meter.largestField <= 4097)
    }

    @Test("TSV: a row of many short fields stops at the row bound")
    func tsvRow() throws {
        let bytes = Array(("id\ttitle\nA\tT" + String(repeating: "\tshort", count: Self.huge / 6)).utf8)
        let (message, meter) = try Self.refused("feed.tsv", bytes)
        #expect(message == "line 2: a row longer than 16384 bytes; reading stopped there")
        #expect(meter.bytesRead <= 16384 + 2 * 1024 + 64)
    }

    @Test("CSV: a 16 MiB quoted field (an unclosed quote over a huge file alike) stops at the bound")
    func csvField() throws {
        let bytes = Array("Handle,Title,Body (HTML)\na,A,\"<p>".utf8) + [UInt8](repeating: 0x0A, count: Self.huge)
        let (message, meter) = try Self.refused("products.csv", bytes)
        #expect(message == #"line 2, field "Body (HTML)": longer than 4096 bytes; reading stopped there"#)
        #expect(meter.bytesRead <= 4096 + 2 * 1024 + 64)
    }

    static let rss = #"<?xml version="1.0"?>\#n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>\#n"#

    @Test("XML: a 16 MiB text stops at the bound before libxml2 holds it, the field named")
    func xmlText() throws {
        let bytes =
            Array((Self.rss + "<item>\n<g:id>A</g:id>\n<g:description>").utf8)
            + [UInt8](repeating: 0x78, count: Self.huge) + Array("</g:description></item></channel></rss>\n".utf8)
        let (message, meter) = try Self.refused("feed.xml", bytes)
        #expect(
            message == #"line 5 (item 1), field "g:description": text longer than 4096 bytes; reading stopped there"#)
        #expect(meter.bytesRead <= 4096 + 2 * 1024 + 256)
    }

    @Test("XML: a 16 MiB attribute is a tag over the bound")
    func xmlTag() throws {
        let bytes =
            Array((Self.rss + "<item>\n<g:id x=\"").utf8) + [UInt8](repeating: 0x78, count: Self.huge)
            + Array("\">A</g:id></item></channel></rss>\n".utf8)
        let (message, meter) = try Self.refused("feed.xml", bytes)
        #expect(message == "line 4 (item 1): a tag longer than 4096 bytes; reading stopped there")
        #expect(meter.bytesRead <= 4096 + 2 * 1024 + 256)
    }

    @Test("XML: a field of many CDATA sections, each under the bound, stops at the field's bound")
    func xmlPieces() throws {
        let piece = "<![CDATA[" + String(repeating: "y", count: 3000) + "]]>"
        let text = Self.rss + "<item>\n<g:id>A</g:id>\n<g:description>" + String(repeating: piece, count: 50)
        let (message, _) = try Self.refused(
            "feed.xml", Array((text + "</g:description></item></channel></rss>\n").utf8))
        #expect(
            message == #"line 5 (item 1), field "g:description": text longer than 4096 bytes; reading stopped there"#)
    }

    @Test("XML: an item of many fields, each under the bound, stops at the item's bound")
    func xmlItem() throws {
        let field = "<g:title>" + String(repeating: "t", count: 3000) + "</g:title>\n"
        let text = Self.rss + "<item>\n" + String(repeating: field, count: 50) + "</item></channel></rss>\n"
        let (message, _) = try Self.refused("feed.xml", Array(text.utf8))
        #expect(message == "line 3 (item 1): an item longer than 16384 bytes; reading stopped there")
    }
}
