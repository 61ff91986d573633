import Testing
import TypeaheadModel

@Suite("Normalisation rule 1: NFKD, combining marks dropped")
struct NormalizationDecompositionTests {
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
}
