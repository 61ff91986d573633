import Testing
import TypeaheadModel

@Suite("Normalisation rules")
struct NormalizationTests {
    @Test("NFKD then marks dropped: é and e + U+0301 are the same word")
    func accents() {
        #expect(TextNormalizer.words("Café") == ["cafe"])
        #expect(TextNormalizer.words("Cafe\u{301}") == ["cafe"])
        #expect(TextNormalizer.words("crème brûlée") == ["creme", "brulee"])
    }

    @Test("Compatibility characters: ligatures and full-width letters")
    func compatibility() {
        #expect(TextNormalizer.words("ﬁle") == ["file"])
        #expect(TextNormalizer.words("ＡＢＣ１２") == ["abc12"])
        #expect(TextNormalizer.words("Ⅻ") == ["xii"])
    }

    @Test("Locale-free lower-casing: İ, ß, Turkish dotless ı")
    func lowerCasing() {
        #expect(TextNormalizer.words("İstanbul") == ["istanbul"])
        #expect(TextNormalizer.words("STRASSE straße") == ["strasse", "straße"])
        #expect(TextNormalizer.words("ıI") == ["ıi"])
    }

    @Test("Greek final sigma folds to σ")
    func finalSigma() {
        #expect(TextNormalizer.words("ΟΔΥΣΣΕΥΣ") == ["οδυσσευσ"])
        #expect(TextNormalizer.words("οδυσσευς") == ["οδυσσευσ"])
    }

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

    @Test("Punctuation separates: men's, usb-c, a.b")
    func punctuation() {
        #expect(TextNormalizer.words("men's") == ["men", "s"])
        #expect(TextNormalizer.words("USB-C") == ["usb", "c"])
        #expect(TextNormalizer.words("  iPhone  ") == ["iphone"])
        #expect(TextNormalizer.normalize("  iPhone  8 ") == "iphone 8")
    }
}
