/// One attribute of Algolia's `attributesToSnippet`: `name` (10 words) or `name:words`.
public struct SnippetAttribute: Sendable, Equatable {
    public var attribute: String
    public var words: Int

    /// Algolia's default snippet length, in words, when the attribute names none.
    public static let defaultWords = 10

    public init(attribute: String, words: Int = SnippetAttribute.defaultWords) {
        self.attribute = attribute
        self.words = words
    }

    /// `name` or `name:words`; nil when the name is empty or the words are not a whole number from
    /// 1 to 100.
    public init?(_ text: String) {
        guard let colon = text.lastIndex(of: ":") else {
            guard !text.isEmpty else { return nil }
            self.init(attribute: text)
            return
        }
        let name = String(text[..<colon])
        guard !name.isEmpty, let words = Int(text[text.index(after: colon)...]), (1...100).contains(words) else {
            return nil
        }
        self.init(attribute: name, words: words)
    }

    /// As Algolia writes it in `params`: `name:words`.
    public var text: String { "\(attribute):\(words)" }
}
