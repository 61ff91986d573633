import Testing

@testable import TypeaheadModel

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

    @Test("Text whose only characters outside ASCII are separators is cut from its bytes, as folded")
    func separatedASCIIShortcut() {
        let separators = [
            "®", "™", "–", "—", "“", "”", "’", "…", "•", "°", "©", "\u{00A0}", "\u{2028}", "📱", "👍🏽", "\u{200B}", "Ⓐ",
        ]
        let others = ["é", "e\u{301}", "ß", "ς", "½", "①", "ﬁ", "Ω", "\u{212A}", "İ", "\u{301}", "Ａ", "手"]
        for (k, inserted) in (separators + others).enumerated() {
            for text in [
                "Apple\(inserted)iPhone 6s", "\(inserted)", "x\(inserted)", "\(inserted)Y-12MP", "a \(inserted) b",
                "OtterBox\(inserted)\(inserted)Defender®", "",
            ] {
                let shortcut = TextNormalizer.separatedASCIIWords(text)
                // Taken for every separator, never for a letter, digit or mark.
                #expect((shortcut != nil) == (k < separators.count || !text.contains(inserted)), "\(text)")
                if let shortcut { #expect(shortcut == TextNormalizer.foldedWords(text), "\(text)") }
                #expect(TextNormalizer.words(text) == TextNormalizer.foldedWords(text), "\(text)")
            }
        }
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
