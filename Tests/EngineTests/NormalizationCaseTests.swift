import Testing
import TypeaheadModel

@Suite("Normalisation rule 2: locale-free lower-casing, final sigma")
struct NormalizationCaseTests {
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
}
