import Foundation
import Testing
import TypeaheadModel
import TypeaheadTestSupport

@testable import TypeaheadImport

/// The second line of defence: with the DOCTYPE let through to libxml2 (which `import` never does),
/// its options alone (no XML_PARSE_NOENT, no DTD loading, no network, no XML_PARSE_HUGE) keep an
/// external entity unread and a billion laughs unexpanded.
struct LibXMLDefenceTests {
    static func read(_ fixture: String) throws -> (items: [MerchantItem], issues: [String], meter: ReadMeter) {
        let meter = ReadMeter()
        let path = ImportTestSupport.fixture(fixture)
        var reader = MerchantXMLReader(
            file: try ChunkedFile(path: path, chunkBytes: 4096, meter: meter), limits: ImportLimits())
        reader.refusesDoctype = false
        var issues = IssueList(file: path, limit: 50)
        var items: [MerchantItem] = []
        reader.read(&issues) { item, _ in items.append(item) }
        return (items, issues.issues.map(\.description), meter)
    }

    @Test("XXE: the entity stays a reference, which stops the feed; /etc/passwd is never read into it")
    func externalEntityIsNotLoaded() throws {
        let (items, issues, _) = try Self.read("xxe.xml")
        let passwd = (try? String(contentsOfFile: "/etc/passwd", encoding: .utf8)) ?? "root:x:0:0"
        let firstLine = String(passwd.prefix { $0 != "\n" })
        // A third line: the reader stops at a DOCTYPE node or an entity reference libxml2 reports.
        #expect(items.isEmpty)
        #expect(issues.contains { $0.hasSuffix("an entity or a DOCTYPE is not allowed in a feed") }, "\(issues)")
        for text in issues + items.flatMap({ $0.values.values.map(\.text) }) {
            #expect(!text.contains(firstLine))
        }
    }

    @Test("Billion laughs: not expanded; libxml2 stops at once, the text small")
    func billionLaughsIsNotExpanded() throws {
        let started = Date()
        let (items, laughIssues, meter) = try Self.read("billion-laughs.xml")
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(meter.largestField < 1024)
        #expect((items.first?.values[.title]?.text.utf8.count ?? 0) < 1024)
        // libxml2's own guard against amplification stops it.
        #expect(laughIssues.last?.hasSuffix("malformed XML: Detected an entity reference loop") == true)
    }
}
