import CGumbo
import Foundation

/// An HTML description, parsed by libgumbo (the WHATWG HTML5 parsing algorithm, as a browser
/// parses it, in a `<div>`) and written back through an allowlist; its text taken from the same
/// tree. The only file that touches libgumbo.
///
/// What is kept (docs/CONTRACT.md, "Descriptions"): paragraphs, line breaks, lists, emphasis
/// (`em`, `strong`, `b`, `i`), headings `h3`–`h6` (`h1` and `h2` become `h3`: the page has its own),
/// simple tables, and links whose URL is `http(s)`, with `rel="noopener noreferrer nofollow"`.
/// Not one attribute is kept but a link's `href`. Scripts, styles, embedded documents, forms,
/// media, SVG and MathML are removed with their content; comments and CDATA are removed; every
/// other element is unwrapped (its content kept), a block one (`div`, `section`…) still
/// separating what it held from what follows.
public enum HTMLDescription {
    /// The safe HTML and the text of `source`, from one parse.
    public static func render(_ source: String) -> (html: String, text: String) {
        // libgumbo frees its tree recursively: a description nested thousands of tags deep needs a
        // deeper stack than a worker thread has. Such a description has that many `<`.
        if source.utf8.count > 4096, source.utf8.lazy.filter({ $0 == UInt8(ascii: "<") }).count > 1000 {
            return onDeepStack { parse(source) }
        }
        return parse(source)
    }

    private static func parse(_ source: String) -> (html: String, text: String) {
        var source = source
        return source.withUTF8 { buffer in
            var options = kGumboDefaultOptions
            options.fragment_context = GUMBO_TAG_DIV
            options.max_errors = 0
            let output = buffer.withMemoryRebound(to: CChar.self) {
                gumbo_parse_with_options(&options, $0.baseAddress, $0.count)
            }
            guard let output else { return ("", "") }
            defer { gumbo_destroy_output(&options, output) }
            var writer = HTMLWriter()
            writer.write(children: output.pointee.root)
            return (String(decoding: writer.html, as: UTF8.self), writer.text.text)
        }
    }

    /// Runs `body` on a thread with a 256 MB stack (reserved, not touched) and waits for it.
    private static func onDeepStack(
        _ body: @escaping @Sendable () -> (html: String, text: String)
    ) -> (html: String, text: String) {
        final class Box: @unchecked Sendable { var value: (html: String, text: String)? }
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = 256 << 20
        thread.start()
        done.wait()
        return box.value!
    }
}

/// What the allowlist does with an element.
enum ElementRule {
    /// Written as it is, without attributes.
    case keep(String)
    /// `br`: written, empty.
    case lineBreak
    /// `a`: written with its `href` when that is an http(s) URL, else unwrapped.
    case link
    /// Left out with everything inside.
    case remove
    /// Left out, its content kept; a block one separates its content from what surrounds it.
    case unwrap(block: Bool)

    static let byName: [String: ElementRule] = {
        var rules: [String: ElementRule] = [:]
        for name in [
            "p", "ul", "ol", "li", "em", "strong", "b", "i", "h3", "h4", "h5", "h6", "table", "caption", "thead",
            "tbody", "tfoot", "tr", "th", "td",
        ] {
            rules[name] = .keep(name)
        }
        rules["h1"] = .keep("h3")
        rules["h2"] = .keep("h3")
        rules["br"] = .lineBreak
        rules["a"] = .link
        for name in [
            "script", "style", "template", "noscript", "iframe", "object", "embed", "applet", "frame", "frameset",
            "noframes", "noembed", "svg", "math", "head", "title", "meta", "link", "base", "textarea", "select",
            "option", "optgroup", "datalist", "button", "input", "canvas", "audio", "video", "picture", "source",
            "track", "img", "image", "map", "area", "param", "xmp", "plaintext", "col", "colgroup", "dialog", "slot",
            "isindex", "keygen", "menuitem",
        ] {
            rules[name] = .remove
        }
        for name in [
            "div", "section", "article", "aside", "header", "footer", "main", "nav", "address", "center",
            "blockquote", "figure", "figcaption", "pre", "dl", "dt", "dd", "details", "summary", "fieldset", "legend",
            "form", "hgroup", "hr", "listing", "menu", "body", "html",
        ] {
            rules[name] = .unwrap(block: true)
        }
        return rules
    }()

    /// Whether the element's content is phrasing (inline) content only, where a `<p>` cannot open.
    static let phrasing: Set<String> = ["p", "h3", "h4", "h5", "h6", "em", "strong", "b", "i", "a", "caption"]

    var isBlock: Bool {
        switch self {
        case .keep(let name): !["em", "strong", "b", "i"].contains(name)
        case .lineBreak: true
        case .link, .remove: false
        case .unwrap(let block): block
        }
    }
}
