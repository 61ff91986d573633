import CCmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Markdown through libcmark: the page's HTML and the searched text. The only file that touches
/// that C library.
public enum Markdown {
    /// The HTML for a Markdown text, in cmark's safe mode: raw HTML is replaced by a comment and
    /// `javascript:`, `vbscript:`, `file:` and most `data:` links lose their destination.
    public static func html(from markdown: String) -> String {
        var source = markdown
        return source.withUTF8 { buffer -> String in
            let options = CMARK_OPT_DEFAULT | CMARK_OPT_SAFE
            guard
                let rendered = buffer.withMemoryRebound(
                    to: CChar.self,
                    { chars in
                        cmark_markdown_to_html(chars.baseAddress, chars.count, options)
                    })
            else { return "" }
            defer { free(rendered) }
            return String(cString: rendered)
        }
    }

    /// The text a reader sees of a Markdown text, as `TextCollector` joins it: the literal text of
    /// its inlines and code, a line break between blocks. Raw HTML is left out, as `html(from:)`
    /// omits it; a link or an image gives its text, never its destination.
    public static func text(from markdown: String) -> String {
        var source = markdown
        var collector = TextCollector()
        source.withUTF8 { buffer in
            let parsed = buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_parse_document(chars.baseAddress, chars.count, CMARK_OPT_DEFAULT)
            }
            guard let document = parsed else { return }
            defer { cmark_node_free(document) }
            guard let iterator = cmark_iter_new(document) else { return }
            defer { cmark_iter_free(iterator) }
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                guard let node = cmark_iter_get_node(iterator) else { continue }
                let type = cmark_node_get_type(node)
                if event == CMARK_EVENT_ENTER {
                    switch type {
                    case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                        if let literal = cmark_node_get_literal(node) { collector.append(cString: literal) }
                    case CMARK_NODE_CODE_BLOCK:
                        if let literal = cmark_node_get_literal(node) { collector.append(cString: literal) }
                        collector.breakLine()
                    case CMARK_NODE_SOFTBREAK, CMARK_NODE_HTML_INLINE:
                        // Omitted raw HTML between two words still separates them.
                        collector.space()
                    case CMARK_NODE_HTML_BLOCK: collector.breakLine()
                    case CMARK_NODE_LINEBREAK, CMARK_NODE_THEMATIC_BREAK: collector.breakLine()
                    default: break
                    }
                } else if event == CMARK_EVENT_EXIT, type.rawValue < CMARK_NODE_FIRST_INLINE.rawValue {
                    // Leaving a block: the next text starts a new line.
                    collector.breakLine()
                }
            }
        }
        return collector.text
    }
}
