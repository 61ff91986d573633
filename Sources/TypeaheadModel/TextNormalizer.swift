import Foundation

/// The text normalisation of docs/CONTRACT.md (Normalisation), applied to records and queries alike (and mirrored in the
/// page's JavaScript): NFKD, combining marks dropped, locale-free lower-casing, final sigma folded,
/// words = maximal runs of letters and digits.
public enum TextNormalizer {
    /// Steps 1 and 2: compatibility decomposition, marks dropped, lower-cased, `ς` → `σ`.
    ///
    /// Decision (docs/CONTRACT.md, Normalisation): a character that is neither a letter, a digit nor a
    /// mark is a separator before decomposition, so `iPhone™` is `iphone` (not `iphonetm`) and
    /// `Ⓐ` separates, as in SQLite's unicode61 tokenizer.
    public static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII needs no decomposition: lower-case A-Z only.
            return String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
        var separated = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            separated.append(scalar.isASCII || isWordScalar(scalar) || isMark(scalar) ? scalar : " ")
        }
        var result = String.UnicodeScalarView()
        for scalar in String(separated).decomposedStringWithCompatibilityMapping.unicodeScalars {
            if isMark(scalar) { continue }
            if scalar.isASCII {
                let value = scalar.value
                result.append(value >= 0x41 && value <= 0x5A ? Unicode.Scalar(value + 0x20)! : scalar)
                continue
            }
            for lower in scalar.properties.lowercaseMapping.unicodeScalars where !isMark(lower) {
                result.append(lower == "\u{03C2}" ? "\u{03C3}" : lower)
            }
        }
        return String(result)
    }

    /// The normalised words of a text (step 3).
    public static func words(_ text: String) -> [String] {
        separatedASCIIWords(text) ?? foldedWords(text)
    }

    /// The words of the folded text: the rule itself (`separatedASCIIWords` is a shortcut).
    static func foldedWords(_ text: String) -> [String] {
        var folded = fold(text)
        // ASCII, the common text: its words are the runs of letters and digits, cut from its bytes
        // (appended scalar by scalar, they were a third of the time to index a catalogue).
        let ascii = folded.withUTF8 { bytes -> [String]? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            var words: [String] = []
            var start = -1
            for i in 0...bytes.count {
                if i < bytes.count, isWordScalar(Unicode.Scalar(bytes[i])) {
                    if start < 0 { start = i }
                } else if start >= 0 {
                    words.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self))
                    start = -1
                }
            }
            return words
        }
        if let ascii { return ascii }
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in folded.unicodeScalars {
            if isWordScalar(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// The words of a text whose every character outside ASCII separates words (as `®`, `™`, `–`
    /// or curly quotes do): its ASCII letters and digits, lower-cased, cut from its bytes. Such a
    /// character becomes a space before decomposition (`fold`), and decomposing ASCII and spaces
    /// changes nothing, so these are `fold`'s words, without building the folded text. nil when a
    /// character outside ASCII is a letter, a digit or a mark: that text is folded.
    static func separatedASCIIWords(_ text: String) -> [String]? {
        for scalar in text.unicodeScalars where !scalar.isASCII {
            if isWordScalar(scalar) || isMark(scalar) { return nil }
        }
        var words: [String] = []
        var word: [UInt8] = []
        for byte in text.utf8 {
            if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) {
                word.append(byte)
            } else if byte >= 0x41 && byte <= 0x5A {
                word.append(byte + 0x20)
            } else if !word.isEmpty {
                words.append(String(decoding: word, as: UTF8.self))
                word.removeAll(keepingCapacity: true)
            }
        }
        if !word.isEmpty { words.append(String(decoding: word, as: UTF8.self)) }
        return words
    }

    /// The normalised query: its words joined by one space (step 4).
    public static func normalize(_ text: String) -> String {
        words(text).joined(separator: " ")
    }

    /// Whether a scalar belongs to a word: a letter (L*) or a digit/number (N*).
    public static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let v = scalar.value
            return (v >= 0x30 && v <= 0x39) || (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}
