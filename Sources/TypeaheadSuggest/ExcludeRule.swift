import Foundation
import TypeaheadModel

/// One `exclude` entry. An entry of letters, digits and spaces only is a word or phrase: it drops
/// a suggestion that holds those words, whole and in that order (`test` drops "test phone", not
/// "testing"). Any other entry is a regular expression, searched case-insensitively in the cleaned
/// query (`^free`, `\d{5,}`), by `LinearRegex`: its time is linear in the query whatever the
/// pattern (a backtracking `(a+)+$` took 133 s on one 201-letter query).
struct ExcludeRule {
    let text: String
    private let words: [String]?
    private let pattern: LinearRegex?

    init(_ text: String) {
        self.text = text
        if Self.isPhrase(text) {
            words = TextNormalizer.words(text)
            pattern = nil
        } else {
            words = nil
            pattern = try? LinearRegex(text)
        }
    }

    /// The steps of `text`'s program per character of a query (a phrase's words count as one each).
    static func programSize(_ text: String) -> Int {
        if isPhrase(text) { return TextNormalizer.words(text).count }
        return (try? LinearRegex(text))?.programSize ?? 0
    }

    static func isPhrase(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0 == " " || TextNormalizer.isWordScalar($0) }
            && !TextNormalizer.words(text).isEmpty
    }

    /// Why `text` cannot be an `exclude` entry, or nil when it can.
    static func problem(_ text: String) -> String? {
        if isPhrase(text) { return nil }
        do {
            _ = try LinearRegex(text)
            return nil
        } catch {
            return "not a valid regular expression: \"\(text)\": \(error)"
        }
    }

    /// Whether the cleaned query `query`, whose normalised words are `queryWords`, is excluded.
    func matches(_ query: String, queryWords: [String]) -> Bool {
        if let words {
            guard words.count <= queryWords.count else { return false }
            for start in 0...(queryWords.count - words.count)
            where Array(queryWords[start..<start + words.count]) == words {
                return true
            }
            return false
        }
        guard let pattern else { return false }
        return pattern.matches(query)
    }
}
