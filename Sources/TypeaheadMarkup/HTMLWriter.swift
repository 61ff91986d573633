import CGumbo
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a gumbo tree back through the allowlist (`ElementRule`) and collects its text, in one
/// walk with a stack of its own (a description may nest thousands of tags).
struct HTMLWriter {
    var html: [UInt8] = []
    var text = TextCollector()

    /// An element being written: the child to visit next, what to write when it is left.
    private struct Frame {
        var node: UnsafeMutablePointer<GumboNode>
        var next: Int
        var close: String
        /// Whether leaving it is a block boundary of the text.
        var block: Bool
        /// Whether its content is phrasing content, where no `<p>` may open.
        var phrasing: Bool
        /// Where the content of a `<p>` the writer opened itself starts: left empty, it is taken out.
        var madeParagraph: Int? = nil
    }

    /// The rule of each tag gumbo knows, by its number; unknown tags are unwrapped.
    private static let rules: [ElementRule] = (0..<GUMBO_TAG_UNKNOWN.rawValue).map { raw in
        let name = String(cString: gumbo_normalized_tagname(GumboTag(rawValue: raw)))
        return ElementRule.byName[name] ?? .unwrap(block: false)
    }

    private static func rule(_ element: GumboElement) -> ElementRule {
        let raw = Int(element.tag.rawValue)
        return raw < rules.count ? rules[raw] : .unwrap(block: false)
    }

    /// Writes the content of `root`, not `root` itself.
    mutating func write(children root: UnsafeMutablePointer<GumboNode>) {
        var stack = [Frame(node: root, next: 0, close: "", block: false, phrasing: false)]
        while let top = stack.last {
            let children = top.node.pointee.v.element.children
            guard top.next < Int(children.length) else {
                stack.removeLast()
                if let start = top.madeParagraph, html.count == start {
                    html.removeLast(3)
                } else {
                    html += top.close.utf8
                }
                if top.block { text.breakLine() }
                continue
            }
            stack[stack.count - 1].next += 1
            guard let raw = children.data[top.next] else { continue }
            let child = raw.assumingMemoryBound(to: GumboNode.self)
            // What libgumbo made up for an `<isindex>` (a form, a prompt, a field): nobody wrote it.
            if child.pointee.parse_flags.rawValue & GUMBO_INSERTION_FROM_ISINDEX.rawValue != 0 { continue }
            switch child.pointee.type {
            case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE:
                guard let chars = child.pointee.v.text.text else { continue }
                let length = strlen(chars)
                chars.withMemoryRebound(to: UInt8.self, capacity: length) {
                    let bytes = UnsafeBufferPointer(start: $0, count: length)
                    HTMLEscaping.appendEscaped(bytes, to: &html)
                    text.append(bytes)
                }
            case GUMBO_NODE_ELEMENT:
                let element = child.pointee.v.element
                // SVG and MathML (foreign content) are removed whole.
                guard element.tag_namespace == GUMBO_NAMESPACE_HTML else { continue }
                if let frame = open(child, Self.rule(element), in: top) { stack.append(frame) }
            default:
                // Comments, CDATA, templates: removed.
                continue
            }
        }
    }

    /// Writes the start of an element and returns its frame, or nil when nothing inside is visited.
    private mutating func open(
        _ node: UnsafeMutablePointer<GumboNode>, _ rule: ElementRule, in parent: Frame
    ) -> Frame? {
        func frame(_ close: String, phrasing: Bool) -> Frame {
            Frame(node: node, next: 0, close: close, block: rule.isBlock, phrasing: phrasing)
        }
        switch rule {
        case .remove:
            return nil
        case .lineBreak:
            html += "<br>".utf8
            text.breakLine()
            return nil
        case .keep(let name):
            html += "<\(name)>".utf8
            if rule.isBlock { text.breakLine() }
            return frame("</\(name)>", phrasing: parent.phrasing || ElementRule.phrasing.contains(name))
        case .link:
            guard let href = Self.safeHref(node.pointee.v.element) else { return frame("", phrasing: parent.phrasing) }
            html += "<a href=\"".utf8
            HTMLEscaping.appendEscaped(href.utf8, to: &html)
            html += "\" rel=\"noopener noreferrer nofollow\">".utf8
            return frame("</a>", phrasing: true)
        case .unwrap(block: false):
            return frame("", phrasing: parent.phrasing)
        case .unwrap(block: true):
            text.breakLine()
            let element = node.pointee.v.element
            if element.children.length == 0 { return nil }
            if parent.phrasing { return frame("<br>", phrasing: true) }
            if Self.holdsBlock(element) { return frame("", phrasing: false) }
            html += "<p>".utf8
            var paragraph = frame("</p>", phrasing: true)
            paragraph.madeParagraph = html.count
            return paragraph
        }
    }

    /// Whether a child of `element` is a block.
    private static func holdsBlock(_ element: GumboElement) -> Bool {
        for i in 0..<Int(element.children.length) {
            guard let raw = element.children.data[i] else { continue }
            let child = raw.assumingMemoryBound(to: GumboNode.self)
            if child.pointee.type == GUMBO_NODE_ELEMENT, child.pointee.v.element.tag_namespace == GUMBO_NAMESPACE_HTML,
                rule(child.pointee.v.element).isBlock
            {
                return true
            }
        }
        return false
    }

    /// A link's `href` when it is an `http://` or `https://` URL with a host, and no white space,
    /// control or invisible formatting character inside (ASCII's, C1's, Unicode's spaces, soft
    /// hyphen, zero-width and bidirectional marks; around it, ASCII white space is trimmed), at most
    /// 2,048 bytes; else nil.
    static func safeHref(_ element: GumboElement) -> String? {
        var attributes = element.attributes
        guard let attribute = gumbo_get_attribute(&attributes, "href"), let value = attribute.pointee.value else {
            return nil
        }
        let trimmed = String(cString: value).trimmingCharacters(in: .init(charactersIn: " \t\n\r\u{0C}"))
        guard !trimmed.isEmpty, trimmed.utf8.count <= 2048,
            !trimmed.unicodeScalars.contains(where: isUnsafeInURL)
        else { return nil }
        let lower = trimmed.lowercased()
        let scheme = lower.hasPrefix("https://") ? 8 : lower.hasPrefix("http://") ? 7 : 0
        guard scheme > 0, let first = trimmed.dropFirst(scheme).first, !"/?#\\".contains(first) else { return nil }
        return trimmed
    }

    /// White space, controls, invisible formatting characters and U+FFFD (what libgumbo puts for a
    /// C1 control): none belongs in a link's URL.
    static func isUnsafeInURL(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0...0x20, 0x7F...0xA0, 0xAD, 0x1680, 0x180E, 0x2000...0x200F, 0x2028...0x202F, 0x205F...0x206F,
            0x3000, 0xFEFF, 0xFFF9...0xFFFB, 0xFFFD:
            true
        default: false
        }
    }

}

/// Escaping for text placed in HTML, the project's one table (the model's `HTML` calls it).
public enum HTMLEscaping {
    /// Appends UTF-8 `bytes` with `&`, `<`, `>`, `"` and `'` as entities: safe in element text and
    /// in quoted attribute values.
    @inlinable
    public static func appendEscaped<Bytes: Sequence<UInt8>>(_ bytes: Bytes, to output: inout [UInt8]) {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): output += "&amp;".utf8
            case UInt8(ascii: "<"): output += "&lt;".utf8
            case UInt8(ascii: ">"): output += "&gt;".utf8
            case UInt8(ascii: "\""): output += "&quot;".utf8
            case UInt8(ascii: "'"): output += "&#39;".utf8
            default: output.append(byte)
            }
        }
    }
}
