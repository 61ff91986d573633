import Testing
import TypeaheadModel

@Suite("Normalisation rule 4: the normalised query")
struct NormalizationQueryTests {
    @Test("Punctuation separates: men's, usb-c, a.b")
    func punctuation() {
        #expect(TextNormalizer.words("men's") == ["men", "s"])
        #expect(TextNormalizer.words("USB-C") == ["usb", "c"])
        #expect(TextNormalizer.words("  iPhone  ") == ["iphone"])
        #expect(TextNormalizer.normalize("  iPhone  8 ") == "iphone 8")
    }
}
