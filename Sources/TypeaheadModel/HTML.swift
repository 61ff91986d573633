import TypeaheadMarkup

/// Escaping for text placed in HTML: the one copy, shared by the templates, the highlighter and
/// the report.
public enum HTML {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities: safe in element text and in
    /// quoted attribute values.
    public static func escape(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        appendEscaped(text.utf8, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Undoes `escape`: its five entities (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`) decoded, each
    /// once, in one pass over the bytes; any other `&` kept. (Foundation's `replacingOccurrences`,
    /// used before, searches by grapheme: it left an entity followed by a combining mark as text.)
    public static func unescape(_ text: some StringProtocol) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return String(text) }
        let entities: [(name: [UInt8], byte: UInt8)] = [
            (Array("quot;".utf8), UInt8(ascii: "\"")), (Array("#39;".utf8), UInt8(ascii: "'")),
            (Array("lt;".utf8), UInt8(ascii: "<")), (Array("gt;".utf8), UInt8(ascii: ">")),
            (Array("amp;".utf8), UInt8(ascii: "&")),
        ]
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var i = 0
        next: while i < bytes.count {
            if bytes[i] == UInt8(ascii: "&") {
                for entity in entities where bytes[(i + 1)...].starts(with: entity.name) {
                    output.append(entity.byte)
                    i += 1 + entity.name.count
                    continue next
                }
            }
            output.append(bytes[i])
            i += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends UTF-8 `bytes` to `output`, escaped as `escape` does.
    @inlinable
    public static func appendEscaped<Bytes: Sequence<UInt8>>(_ bytes: Bytes, to output: inout [UInt8]) {
        HTMLEscaping.appendEscaped(bytes, to: &output)
    }
}
