import Testing
import TypeaheadModel

/// The one FNV-1a, against the published test vectors (the site's slugs, shard cuts and
/// placeholder tones depend on it; the golden sites prove it unchanged).
struct FNV1aTests {
    @Test func publishedVectors() {
        #expect(FNV1a.hash64([]) == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a.hash64("a".utf8) == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a.hash64("foobar".utf8) == 0x8594_4171_f739_67e8)
        #expect(FNV1a.hash32([]) == 0x811c_9dc5)
        #expect(FNV1a.hash32("a".utf8) == 0xe40c_292c)
        #expect(FNV1a.hash32("foobar".utf8) == 0xbf9c_f968)
    }
}
