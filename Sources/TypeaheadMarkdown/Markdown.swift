import CCmark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Renders Markdown to HTML with libcmark. This is the only module that touches the C library.
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
}
