import Testing
import TypeaheadModel

@Suite("Normalisation rule 3: words are runs of letters and digits")
struct NormalizationWordTests {
    @Test("Emoji and symbols separate words")
    func emoji() {
        #expect(TextNormalizer.words("phone📱case") == ["phone", "case"])
        #expect(TextNormalizer.words("Apple® iPhone™") == ["apple", "iphone"])
        #expect(TextNormalizer.words("👍🏽") == [])
        // Decision: symbols separate before decomposition (™ is not "tm").
        #expect(TextNormalizer.words("Insignia™ Ⓐx") == ["insignia", "x"])
    }

    @Test("CJK text is letters: one run is one word")
    func cjk() {
        #expect(TextNormalizer.words("手机 壳") == ["手机", "壳"])
        #expect(TextNormalizer.words("ｶﾞ") == ["カ"])
    }

    @Test("Digits belong to words: 4g, iphone8, 12mp")
    func digits() {
        #expect(TextNormalizer.words("4G-LTE") == ["4g", "lte"])
        #expect(TextNormalizer.words("iPhone8 12MP") == ["iphone8", "12mp"])
        #expect(TextNormalizer.words("½") == ["1", "2"])
    }
}
