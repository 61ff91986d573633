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

    /// Appends UTF-8 `bytes` to `output`, escaped as `escape` does.
    @inlinable
    public static func appendEscaped<Bytes: Sequence<UInt8>>(_ bytes: Bytes, to output: inout [UInt8]) {
        HTMLEscaping.appendEscaped(bytes, to: &output)
    }
}
