import Foundation
import Testing
import TypeaheadModel
import TypeaheadTestSupport

/// `ContentLoader.recordRanges`: where each record of a products file lies, as the loader reads
/// them, so an incremental build can compare two files record by record.
@Suite("Records by their bytes")
struct RecordRangesTests {
    static func records(_ text: String, lines: Bool = false) -> [String]? {
        let bytes = Array(text.utf8)
        return ContentLoader.recordRanges(bytes, lines: lines)?.map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    @Test("A JSON array's elements, whatever their strings hold")
    func arrayElements() {
        #expect(Self.records("[]") == [])
        #expect(Self.records(" \n[ ]\n") == [])
        #expect(Self.records("[{\"a\":1}]") == ["{\"a\":1}"])
        #expect(
            Self.records("[\n  {\"a\": \"x, ] } {\"},\n  {\"b\": [1, {\"c\": \"\\\"]\"}]} ,{}\r\n]\n")
                == ["{\"a\": \"x, ] } {\"}", "{\"b\": [1, {\"c\": \"\\\"]\"}]}", "{}"])
        // A string ending in an escaped backslash ends there.
        #expect(Self.records("[{\"a\":\"\\\\\"},{\"b\":2}]") == ["{\"a\":\"\\\\\"}", "{\"b\":2}"])
        // Scalars are elements too (the loader names them as records that are not objects).
        #expect(Self.records("[1, true ,\"é\"]") == ["1", "true", "\"é\""])
    }

    @Test("A file the scan cannot follow has no ranges (the loader's parse says what is wrong)")
    func notAnArray() {
        for text in [
            "", "{}", "[", "[{}", "[{},]", "[,{}]", "[{}] x", "[{\"a\":\"open}]", "[{}}]", "\u{FEFF}[{}]",
        ] {
            #expect(Self.records(text) == nil, "\(text.debugDescription)")
        }
    }

    @Test("An NDJSON file's lines that are not blank, as the loader reads them")
    func lines() {
        #expect(Self.records("", lines: true) == [])
        #expect(
            Self.records("{\"a\":1}\n\n  \t\r\n{\"b\":2}\r\n{\"c\":3}", lines: true)
                == ["{\"a\":1}", "{\"b\":2}\r", "{\"c\":3}"])
    }

    @Test("Records read by their bytes are the loader's products, descriptions rendered")
    func readProducts() throws {
        let config = SiteConfig()
        let text =
            "[{\"objectID\":\"b\",\"name\":\"B\",\"description\":\"**Bold** text\",\"price\":2},\n"
            + "{\"objectID\":\"a\",\"name\":\"A\"}]"
        let bytes = Array(text.utf8)
        let ranges = try #require(ContentLoader.recordRanges(bytes, lines: false))
        let read = try #require(ContentLoader.readProducts(ranges.map { bytes[$0] }, config: config, file: "p.json"))
        let folder = try TestSupport.temporaryDirectory("records")
        _ = try TestSupport.write(text, to: "products.json", in: folder)
        _ = try TestSupport.write("[]", to: "query_suggestions.json", in: folder)
        let loaded = try ContentLoader(directory: folder.path).load().products
        #expect(read.sorted { $0.objectID < $1.objectID } == loaded)
        // A record that is not a valid product reads as nil, not as a product less.
        let bad = Array("{\"objectID\":\"c\"}".utf8)
        #expect(ContentLoader.readProducts([bad[...]], config: config, file: "p.json") == nil)
        #expect(ContentLoader.readProducts([Array("{".utf8)[...]], config: config, file: "p.json") == nil)
    }
}
