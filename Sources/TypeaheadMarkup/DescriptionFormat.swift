import CGumbo

/// How a catalogue writes its descriptions (`site.json` `descriptionFormat`): the one switch that
/// says how a description becomes the page's HTML and the engine's text (docs/CONTRACT.md,
/// "Descriptions").
public enum DescriptionFormat: String, CaseIterable, Sendable {
    /// CommonMark, through libcmark in safe mode (raw HTML omitted). Plain text is valid Markdown.
    case markdown
    /// HTML, through libgumbo and the allowlist of `HTMLDescription`.
    case html
    /// Plain text: shown as it is, a blank line between paragraphs, a line break where it has one.
    case text

    /// The page's HTML (safe to place in an element as it is) and the text the engine searches.
    public func render(_ source: String) -> RenderedDescription {
        switch self {
        case .markdown:
            return RenderedDescription(html: Markdown.html(from: source), text: Markdown.text(from: source))
        case .html:
            let (html, text) = HTMLDescription.render(source)
            return RenderedDescription(html: html, text: text)
        case .text:
            return RenderedDescription(html: Self.paragraphs(source), text: text(source))
        }
    }

    /// `render(source).html` alone: the product page's, made when the page is.
    public func html(_ source: String) -> String {
        switch self {
        case .markdown: Markdown.html(from: source)
        case .html: HTMLDescription.render(source).html
        case .text: Self.paragraphs(source)
        }
    }

    /// `render(source).text` alone: the engine's, made when the catalogue is read.
    public func text(_ source: String) -> String {
        switch self {
        case .markdown: return Markdown.text(from: source)
        case .html: return HTMLDescription.render(source).text
        case .text:
            var text = TextCollector()
            text.append(source.utf8, newlines: true)
            return text.text
        }
    }

    /// Plain text as HTML: paragraphs at blank lines, `<br>` at other line breaks, all escaped.
    static func paragraphs(_ source: String) -> String {
        var html: [UInt8] = []
        let lines = source.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            $0.last == UInt8(ascii: "\r") ? $0.dropLast() : $0
        }
        var paragraph: [Substring.UTF8View.SubSequence] = []
        func flush() {
            guard !paragraph.isEmpty else { return }
            html += "<p>".utf8
            for (i, line) in paragraph.enumerated() {
                if i > 0 { html += "<br>\n".utf8 }
                HTMLEscaping.appendEscaped(line, to: &html)
            }
            html += "</p>\n".utf8
            paragraph = []
        }
        for line in lines {
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { flush() } else { paragraph.append(line) }
        }
        flush()
        return String(decoding: html, as: UTF8.self)
    }
}

/// A description as a page shows it and as the engine searches it.
public struct RenderedDescription: Sendable, Equatable {
    /// Safe HTML: every tag and attribute in it was written by Typeahead, every text escaped.
    public var html: String
    /// The text a reader sees: words separated by spaces, blocks by line breaks, no markup.
    public var text: String

    public init(html: String, text: String) {
        self.html = html
        self.text = text
    }
}

/// What a description's source looks like, whatever the catalogue declares: the report's check
/// that `descriptionFormat` fits the data.
public enum DescriptionContent: String, Sendable, CaseIterable {
    /// An HTML tag gumbo knows (`<p>`, `</strong>`, `<br />`): shown as nothing or as code unless
    /// the format is `html`.
    case html
    /// Markdown's marks (`**bold**`, `# Heading`, `[text](url)`, list lines): shown as they are by
    /// `html` and `text`.
    case markdown
    /// Neither: reads the same in every format.
    case text

    /// What `source` holds: HTML if it has a known tag, else Markdown if it has its marks, else text.
    public static func of(_ source: String) -> DescriptionContent {
        let bytes = Array(source.utf8)
        if holdsTag(bytes) { return .html }
        if holdsMarkdown(source) { return .markdown }
        return .text
    }

    /// Whether a format declared `format` shows a description holding this as its author meant.
    public func fits(_ format: DescriptionFormat) -> Bool {
        switch (self, format) {
        case (.text, _), (.html, .html), (.markdown, .markdown): true
        default: false
        }
    }

    /// A tag: `<` or `</`, a name libgumbo knows as an HTML element, then white space, `/` or `>`.
    static func holdsTag(_ bytes: [UInt8]) -> Bool {
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
        var i = 0
        while i < bytes.count {
            defer { i += 1 }
            guard bytes[i] == UInt8(ascii: "<") else { continue }
            var j = i + 1
            if j < bytes.count, bytes[j] == UInt8(ascii: "/") { j += 1 }
            let start = j
            while j < bytes.count, j - start <= 10,
                isLetter(bytes[j]) || (j > start && bytes[j] >= 0x30 && bytes[j] <= 0x39)
            {
                j += 1
            }
            guard j > start, j < bytes.count else { continue }
            let end = bytes[j]
            guard end == UInt8(ascii: ">") || end == UInt8(ascii: "/") || end == 0x20 || end == 0x0A || end == 0x09
            else { continue }
            let name = String(decoding: bytes[start..<j], as: UTF8.self).lowercased()
            if gumbo_tag_enum(name) != GUMBO_TAG_UNKNOWN { return true }
        }
        return false
    }

    /// Markdown's marks at the start of a line (`# `, `> `, two or more list items) or inline
    /// (`**strong**`, `__strong__`, `[text](url)`, `` `code` ``). One pass over the bytes, linear
    /// whatever the text (a report reads every description).
    static func holdsMarkdown(_ source: String) -> Bool {
        let bytes = Array(source.utf8)
        var listLines = 0
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
            let line = bytes[lineStart..<lineEnd]
            if let mark = lineMark(line) {
                if mark == .heading { return true }
                listLines += 1
                if listLines >= 2 { return true }
            }
            if holdsInlineMarks(line) { return true }
            lineStart = lineEnd + 1
        }
        return false
    }

    private enum LineMark { case heading, listItem }

    /// `# Heading` (one to six marks and a space), or a list item (`- `, `* `, `+ `, `1. `).
    private static func lineMark(_ line: ArraySlice<UInt8>) -> LineMark? {
        let text = line.drop { $0 == 0x20 }
        guard let first = text.first else { return nil }
        if first == UInt8(ascii: "#") {
            let marks = text.prefix { $0 == UInt8(ascii: "#") }.count
            return marks <= 6 && text.dropFirst(marks).first == 0x20 ? .heading : nil
        }
        if [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(first) {
            return text.dropFirst().first == 0x20 ? .listItem : nil
        }
        let digits = text.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
        guard digits > 0, digits < 10 else { return nil }
        let rest = text.dropFirst(digits)
        return rest.first == UInt8(ascii: ".") && rest.dropFirst().first == 0x20 ? .listItem : nil
    }

    /// `**x…**` or `__x…__` (no space inside either end), `](` then `http`, `/` or `#`, or
    /// `` `code` ``, within one line. Each kind of mark is looked for ahead once: when no closing
    /// mark follows one opening, none follows a later one either.
    private static func holdsInlineMarks(_ line: ArraySlice<UInt8>) -> Bool {
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D }
        let star = UInt8(ascii: "*")
        let underscore = UInt8(ascii: "_")
        let tick = UInt8(ascii: "`")
        var exhausted: Set<UInt8> = []
        var i = line.startIndex
        while i < line.endIndex {
            let c = line[i]
            if c == star || c == underscore, !exhausted.contains(c), i + 2 < line.endIndex, line[i + 1] == c,
                !isSpace(line[i + 2]), line[i + 2] != c
            {
                var j = i + 3
                while j + 1 < line.endIndex {
                    if line[j] == c, line[j + 1] == c, !isSpace(line[j - 1]) { return true }
                    j += 1
                }
                exhausted.insert(c)
            } else if c == tick, !exhausted.contains(c) {
                if let close = line[(i + 1)...].firstIndex(of: tick) {
                    if close > i + 1 { return true }
                } else {
                    exhausted.insert(c)
                }
            } else if c == UInt8(ascii: "]"), i + 2 < line.endIndex, line[i + 1] == UInt8(ascii: "(") {
                let target = line[(i + 2)...]
                if target.starts(with: "http".utf8) || target.first == UInt8(ascii: "/")
                    || target.first == UInt8(ascii: "#")
                {
                    return true
                }
            }
            i += 1
        }
        return false
    }
}
