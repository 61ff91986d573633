/// Entities (`&#38;`) and tags (`<b>`) in fields that are shown as plain text.
struct MarkupInText: Finding {
    let id = FindingID.markup

    func table(_ input: FindingInput) -> BuildReport.Table {
        var rows: [[String]] = []
        for product in input.content.products {
            let fields: [(String, String?)] =
                [("name", product.name), ("brand", product.brand)]
                + product.categories.enumerated().map { ("categories[\($0.offset)]", $0.element) }
            for (field, text) in fields {
                if let text, let found = Self.markup(in: text) {
                    rows.append(["product", product.objectID.text, field, found, text])
                }
            }
        }
        for suggestion in input.content.suggestions {
            if let found = Self.markup(in: suggestion.query) {
                rows.append(["suggestion", suggestion.objectID.text, "query", found, suggestion.query])
            }
        }
        return .init(
            id, title: "HTML entities or markup in plain-text fields",
            note:
                "These fields are text and are shown as they are, so At&#38;t appears with the code, not as At&t. Decode them in the source data.",
            columns: ["record", "objectID", "field", "found", "text"], rows: rows)
    }

    /// The first HTML entity (`&amp;`, `&#38;`, `&#x26;`) or tag (`<b>`, `</i>`, `<!--`) in a text.
    static func markup(in text: String) -> String? {
        let bytes = Array(text.utf8)
        func isAlpha(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        func isHex(_ b: UInt8) -> Bool { isDigit(b) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66) }
        for i in bytes.indices {
            if bytes[i] == UInt8(ascii: "&") {
                var j = i + 1
                var ok = false
                if j < bytes.count, bytes[j] == UInt8(ascii: "#") {
                    j += 1
                    if j < bytes.count, bytes[j] | 0x20 == UInt8(ascii: "x") {
                        j += 1
                        let start = j
                        while j < bytes.count, isHex(bytes[j]), j - start < 6 { j += 1 }
                        ok = j > start
                    } else {
                        let start = j
                        while j < bytes.count, isDigit(bytes[j]), j - start < 7 { j += 1 }
                        ok = j > start
                    }
                } else {
                    let start = j
                    while j < bytes.count, isAlpha(bytes[j]) || (j > start && isDigit(bytes[j])), j - start < 32 {
                        j += 1
                    }
                    ok = j - start >= 2
                }
                if ok, j < bytes.count, bytes[j] == UInt8(ascii: ";") {
                    return String(decoding: bytes[i...j], as: UTF8.self)
                }
            } else if bytes[i] == UInt8(ascii: "<"), i + 1 < bytes.count {
                let next = bytes[i + 1]
                if isAlpha(next) || next == UInt8(ascii: "/") || next == UInt8(ascii: "!") {
                    let end = bytes[(i + 1)...].firstIndex(of: UInt8(ascii: ">"))
                    guard let end else { continue }
                    return String(decoding: bytes[i...end].prefix(40), as: UTF8.self)
                }
            }
        }
        return nil
    }
}
