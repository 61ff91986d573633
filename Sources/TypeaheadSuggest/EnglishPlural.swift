import TypeaheadModel

/// English singular forms, for merging "iphone case" and "iphone cases" (`languages: ["en"]`): the
/// table the engine's `ignorePlurals` uses too (`PluralTable.english`, docs/CONTRACT.md, "The
/// shop's language"). Two queries are one suggestion when their words' singular forms are equal.
public enum EnglishPlural {
    /// The singular form of one word.
    public static func singular(_ word: String) -> String {
        PluralTable.english.singular(word)
    }

    /// The key two queries share when they differ only in number: each word singular.
    public static func key(_ normalizedQuery: String) -> String {
        normalizedQuery.split(separator: " ").map { singular(String($0)) }.joined(separator: " ")
    }
}
