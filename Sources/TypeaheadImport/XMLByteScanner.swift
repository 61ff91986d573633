/// Reads an XML feed's bytes on their way to libxml2, a step ahead of it, to do what the streaming
/// reader cannot:
///
/// - **Refuse a DOCTYPE before libxml2 sees it.** A feed has no use for one, and its entities are
///   how XML reads local files (`<!ENTITY x SYSTEM "file:///etc/passwd">`) or expands a few bytes
///   into gigabytes (billion laughs). The bytes stop at `<!DOCTYPE`, so no declaration is ever
///   parsed (libxml2 runs without entity substitution, DTD loading or network anyway). For that to
///   hold, libxml2 must see the bytes as this scanner does: the file must start with `<` (after
///   white space or UTF-8's byte-order mark) and declare no encoding but UTF-8, ASCII, ISO-8859-n
///   or windows-125n; UTF-7, EBCDIC and UTF-16 are refused.
/// - **Bound every run of bytes** between two pieces of markup (text, CDATA, a tag with its
///   attributes, a comment) to `limit`, so a 1 GB line stops after `limit` bytes, with the field
///   named, instead of growing libxml2's buffers.
/// - **Give each element its line.** libxml2 parses ahead of the node it reports and keeps lines in
///   16 bits, so the line of each start tag's `<` is queued here and taken by the reader in order.
///
/// It follows the lexical structure only (tags, quoted attribute values, comments, CDATA, processing
/// instructions); whether the XML is well formed is libxml2's to say. Bytes are read as ASCII, so a
/// feed must be in an ASCII-compatible encoding (UTF-8 or a declared 8-bit one; UTF-16 is refused).
struct XMLByteScanner {
    /// Why the bytes stopped: where, the field when inside one, and what.
    struct Problem {
        var record: String
        var field: String?
        var message: String
    }

    private enum State: Equatable {
        case text, open, startName, tag, endTag, bang, comment, cdata, processing
        /// Inside an attribute value, quoted by the byte.
        case attribute(UInt8)
    }

    let limit: Int
    /// Whether a DOCTYPE stops the feed. Only tests turn it off, to prove that libxml2's own options
    /// keep entities unexpanded and unloaded; the scanner then stops scanning at the DOCTYPE.
    var refusesDoctype = true
    private var passing = false
    private(set) var line = 1
    private var state = State.text
    private var run = 0
    /// Elements open.
    private var depth = 0
    /// The depth of a feed's items (2 for RSS's `rss/channel/item`, 1 for Atom's `feed/entry`) and
    /// their local name; deeper than any file until the root element says which.
    private var itemDepth = 1 << 30
    private var itemName: [UInt8] = []
    private(set) var items = 0
    private var name: [UInt8] = []
    private var tagLine = 1
    private var slashLast = false
    private var declaration: [UInt8] = []
    /// Whether the first `<` was seen.
    private var begun = false
    /// The start of a processing instruction (`<?xml version="1.0" encoding="…"?>`).
    private var instruction: [UInt8] = []

    /// Encodings whose bytes below 0x80 are ASCII, as this scanner reads them: any other (UTF-7,
    /// EBCDIC) would let libxml2 see markup, a DOCTYPE among it, that the scanner does not.
    static let asciiCompatible = Set(["UTF-8", "UTF8", "US-ASCII", "ASCII", "LATIN1", "LATIN-1"])
        .union((1...16).map { "ISO-8859-\($0)" }).union((1250...1258).map { "WINDOWS-\($0)" })
        .union((1250...1258).map { "CP\($0)" })

    /// The XML declaration's encoding, when it names one this scanner cannot read safely: a problem.
    private func checkEncoding() -> Problem? {
        let text = String(decoding: instruction, as: UTF8.self)
        guard text.hasPrefix("xml"), let at = text.range(of: "encoding") else { return nil }
        let rest = text[at.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let value = rest.dropFirst().prefix { $0 != quote }
        guard !Self.asciiCompatible.contains(value.uppercased()) else { return nil }
        return Problem(
            record: "line \(line)", field: nil,
            message:
                "the encoding \"\(value)\" is not read; save the feed as UTF-8 (or ISO-8859-1 or windows-1252)")
    }
    private var previous: (UInt8, UInt8) = (0, 0)
    private var startLines: [Int] = []
    private var startHead = 0
    /// The field being read (an item's child element): its name and line.
    private var field: (name: String, line: Int)?
    /// The latest items' first lines, to place libxml2's own errors.
    private var recentItems: [(line: Int, number: Int)] = []

    init(limit: Int) {
        self.limit = limit
    }

    /// The line of the next start tag libxml2 will report.
    mutating func nextStartLine() -> Int? {
        guard startHead < startLines.count else { return nil }
        let line = startLines[startHead]
        startHead += 1
        if startHead > 4096 {
            startLines.removeFirst(startHead)
            startHead = 0
        }
        return line
    }

    /// `line 12 (item 3)` for a line inside the latest items, `line 12` elsewhere.
    func place(line: Int) -> String {
        guard let item = recentItems.last(where: { $0.line <= line }) else { return "line \(line)" }
        return "line \(line) (item \(item.number))"
    }

    /// Scans `bytes`; a problem stops the feed there.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) -> Problem? {
        for byte in bytes where !passing {
            if let problem = scan(byte) { return problem }
        }
        return nil
    }

    private mutating func scan(_ byte: UInt8) -> Problem? {
        if byte == 0x0A { line += 1 }
        // Before the first markup: white space or UTF-8's byte-order mark, then `<` as ASCII has
        // it. Anything else (UTF-16, EBCDIC) is an encoding libxml2 would read and this scanner not.
        if !begun {
            if byte == 0x3C {
                begun = true
            } else if !isSpace(byte), ![0xEF, 0xBB, 0xBF].contains(byte) {
                return Problem(
                    record: "line \(line)", field: nil,
                    message: "does not start with \"<\" in UTF-8 or an 8-bit encoding; save the feed as UTF-8")
            }
        }
        run += 1
        switch state {
        case .text:
            if byte == 0x3C {
                state = .open
                tagLine = line
                run = 1
            }
        case .open:
            switch byte {
            case 0x2F: state = .endTag
            case 0x21:
                state = .bang
                declaration = []
            case 0x3F:
                state = .processing
                previous = (0, 0)
                instruction = []
            default:
                state = .startName
                name = [byte]
            }
        case .startName:
            if byte == 0x3E || byte == 0x2F || isSpace(byte) {
                startTag()
                if byte == 0x3E {
                    openElement()
                } else {
                    slashLast = byte == 0x2F
                    state = .tag
                }
            } else if name.count < 256 {
                name.append(byte)
            }
        case .tag:
            if byte == 0x22 || byte == 0x27 {
                state = .attribute(byte)
            } else if byte == 0x3E {
                if slashLast { endEmptyElement() } else { openElement() }
            } else if !isSpace(byte) {
                slashLast = byte == 0x2F
            }
        case .attribute(let quote):
            if byte == quote {
                state = .tag
                slashLast = false
            }
        case .endTag:
            if byte == 0x3E {
                depth -= 1
                if depth <= itemDepth + 1 { field = nil }
                toText()
            }
        case .bang:
            return readDeclaration(byte)
        case .comment, .cdata, .processing:
            let ends: Bool
            switch state {
            case .comment: ends = byte == 0x3E && previous == (0x2D, 0x2D)
            case .cdata: ends = byte == 0x3E && previous == (0x5D, 0x5D)
            default: ends = byte == 0x3E && previous.1 == 0x3F
            }
            previous = (previous.1, byte)
            if state == .processing, instruction.count < 512 { instruction.append(byte) }
            if ends {
                if state == .processing, let problem = checkEncoding() { return problem }
                toText()
            }
        }
        return run > limit ? tooLong() : nil
    }

    private static let comment = Array("--".utf8)
    private static let cdata = Array("[CDATA[".utf8)
    private static let doctype = Array("DOCTYPE".utf8)

    private mutating func readDeclaration(_ byte: UInt8) -> Problem? {
        declaration.append(byte)
        if declaration == Self.comment {
            state = .comment
            previous = (0, 0)
        } else if declaration == Self.cdata {
            state = .cdata
            previous = (0, 0)
        } else if declaration == Self.doctype {
            guard refusesDoctype else {
                passing = true
                return nil
            }
            return Problem(
                record: "line \(tagLine)", field: nil,
                message:
                    "a DOCTYPE is not allowed in a feed (its entities could read local files or expand without bound); remove it"
            )
        } else if ![Self.comment, Self.cdata, Self.doctype].contains(where: { $0.starts(with: declaration) }) {
            return Problem(
                record: at(tagLine), field: nil,
                message: "\"<!\(String(decoding: declaration, as: UTF8.self))\" is not allowed in a feed")
        }
        return nil
    }

    private mutating func startTag() {
        startLines.append(tagLine)
        if depth == 0 {
            switch localName(name) {
            case Array("rss".utf8): (itemDepth, itemName) = (2, Array("item".utf8))
            case Array("feed".utf8): (itemDepth, itemName) = (1, Array("entry".utf8))
            default: break
            }
        }
        if depth == itemDepth, localName(name) == itemName {
            items += 1
            recentItems.append((tagLine, items))
            if recentItems.count > 256 { recentItems.removeFirst(128) }
        } else if depth == itemDepth + 1 {
            field = (String(decoding: name, as: UTF8.self), tagLine)
        }
    }

    private mutating func openElement() {
        depth += 1
        toText()
    }

    private mutating func endEmptyElement() {
        if depth == itemDepth + 1 { field = nil }
        toText()
    }

    private mutating func toText() {
        state = .text
        run = 0
    }

    /// `line 12 (item 3)` inside an item, `line 12` elsewhere.
    private func at(_ line: Int) -> String {
        depth > itemDepth ? "line \(line) (item \(items))" : "line \(line)"
    }

    private func tooLong() -> Problem {
        switch state {
        case .text, .cdata:
            if depth > itemDepth + 1, let field {
                return Problem(
                    record: at(field.line), field: field.name,
                    message: "text longer than \(limit) bytes; reading stopped there")
            }
            return Problem(
                record: at(line), field: nil, message: "text longer than \(limit) bytes; reading stopped there")
        case .comment, .processing, .bang:
            return Problem(
                record: at(tagLine), field: nil,
                message: "a comment or declaration longer than \(limit) bytes; reading stopped there")
        default:
            return Problem(
                record: at(tagLine), field: nil, message: "a tag longer than \(limit) bytes; reading stopped there")
        }
    }

    private func localName(_ name: [UInt8]) -> [UInt8] {
        guard let colon = name.lastIndex(of: 0x3A) else { return name }
        return Array(name[(colon + 1)...])
    }

    private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }
}
