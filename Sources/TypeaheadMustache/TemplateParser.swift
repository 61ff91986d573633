// MARK: - Syntax tree

/// The open and close delimiters in force at a point of a template.
struct Delimiters: Hashable {
    var open: [UInt8]
    var close: [UInt8]
    static let standard = Delimiters(open: Array("{{".utf8), close: Array("}}".utf8))
}

/// A `{{$name}}…{{/name}}` block: a parameter of the template that holds it, or an argument of the
/// parent tag that encloses it. Kept as source text, since an argument is re-indented where it lands.
struct BlockDefinition {
    var name: String
    /// The default (or argument) text, dedented when the block is standalone.
    var text: [UInt8]
    var delimiters: Delimiters
    var isStandalone: Bool
    /// The indentation the block's content had at its definition (standalone blocks only).
    var indentation: [UInt8]
    /// The whitespace before the opening tag on its line.
    var before: [UInt8]
}

indirect enum TemplateNode {
    case text([UInt8])
    case variable(name: String, escaped: Bool)
    case section(name: String, children: [TemplateNode], inverted: Bool)
    case partial(name: String, indentation: [UInt8]?)
    case block(BlockDefinition)
    case parent(name: String, arguments: [BlockDefinition], indentation: [UInt8]?)
}

// MARK: - Tokens

private enum TagKind: Equatable {
    case variable, unescaped, section, inverted, close, comment, partial, delimiters, block, parent

    /// Tags that vanish with their line when they stand alone on it.
    var canStandAlone: Bool { self != .variable && self != .unescaped }
}

private struct Token {
    var kind: TagKind
    var name: String
    var tagStart: Int
    var tagEnd: Int
    var delimiters: Delimiters
    // Filled by the standalone pass.
    var lineStart = 0
    var lineEnd = 0  // after the newline
    var newline = 0  // index of the newline (or the end)
    var beforeIsBlank = false
    var afterIsBlank = false
    var isStandalone = false
    var actualStart = 0
    var actualEnd = 0
}

/// A template that cannot be parsed, with the line where the problem is.
public struct MustacheSyntaxError: Error, CustomStringConvertible, Sendable {
    public var template: String
    public var line: Int
    public var message: String
    public var description: String { line > 0 ? "\(template):\(line): \(message)" : "\(template): \(message)" }
}

// MARK: - Parser

/// Turns template source into a tree, applying the spec's standalone-line rules.
struct TemplateParser {
    let source: [UInt8]
    let templateName: String

    func parse(delimiters initial: Delimiters) throws -> [TemplateNode] {
        var tokens = try tokenize(initial)
        markStandalone(&tokens)
        var index = 0
        var position = 0
        let nodes = try buildNodes(tokens, &index, &position, closing: nil)
        if position < source.count { return nodes + [.text(Array(source[position...]))] }
        return nodes
    }

    private func line(of offset: Int) -> Int {
        var line = 1
        for byte in source[..<min(offset, source.count)] where byte == 0x0A { line += 1 }
        return line
    }

    private func error(_ message: String, at offset: Int) -> MustacheSyntaxError {
        MustacheSyntaxError(template: templateName, line: line(of: offset), message: message)
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, source.count >= needle.count else { return nil }
        var i = start
        let last = source.count - needle.count
        while i <= last {
            if source[i] == needle[0] {
                var j = 1
                while j < needle.count, source[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    private func tokenize(_ initial: Delimiters) throws -> [Token] {
        var tokens: [Token] = []
        var delimiters = initial
        var cursor = 0
        while let open = find(delimiters.open, from: cursor) {
            var contentStart = open + delimiters.open.count
            var closer = delimiters.close
            var kind = TagKind.variable
            if contentStart < source.count, source[contentStart] == UInt8(ascii: "{") {
                kind = .unescaped
                contentStart += 1
                closer = [UInt8(ascii: "}")] + delimiters.close
            }
            guard let close = find(closer, from: contentStart) else {
                throw error("unclosed tag", at: open)
            }
            var content = Array(source[contentStart..<close])
            let tagEnd = close + closer.count
            if kind == .variable, let sigil = content.first {
                switch sigil {
                case UInt8(ascii: "#"): kind = .section
                case UInt8(ascii: "^"): kind = .inverted
                case UInt8(ascii: "/"): kind = .close
                case UInt8(ascii: "!"): kind = .comment
                case UInt8(ascii: ">"): kind = .partial
                case UInt8(ascii: "="): kind = .delimiters
                case UInt8(ascii: "&"): kind = .unescaped
                case UInt8(ascii: "<"): kind = .parent
                case UInt8(ascii: "$"): kind = .block
                default: break
                }
                if kind != .variable { content.removeFirst() }
            }
            let token = Token(
                kind: kind, name: Self.trimmed(content), tagStart: open, tagEnd: tagEnd,
                delimiters: delimiters)
            if kind == .delimiters {
                guard content.last == UInt8(ascii: "=") else {
                    throw error("a delimiter tag must end with '='", at: open)
                }
                content.removeLast()
                let parts = content.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 })
                guard parts.count == 2 else {
                    throw error("a delimiter tag needs two delimiters", at: open)
                }
                delimiters = Delimiters(open: Array(parts[0]), close: Array(parts[1]))
            } else if kind != .comment, token.name.isEmpty {
                throw error("empty tag", at: open)
            }
            tokens.append(token)
            cursor = tagEnd
        }
        return tokens
    }

    private static func trimmed(_ bytes: [UInt8]) -> String {
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = bytes.firstIndex(where: { !blank($0) }),
            let last = bytes.lastIndex(where: { !blank($0) })
        else { return "" }
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    // MARK: Standalone lines

    /// Linear in the source and the tokens, however many tags share a line: line bounds move
    /// forward only, and blankness is a difference of running counts.
    private func markStandalone(_ tokens: inout [Token]) {
        // nonBlank[i]: bytes before i other than space, tab and CR (a newline counts, but the
        // ranges asked about lie within one line).
        var nonBlank = [Int32](repeating: 0, count: source.count + 1)
        for (i, byte) in source.enumerated() {
            nonBlank[i + 1] = nonBlank[i] + (byte == 0x20 || byte == 0x09 || byte == 0x0D ? 0 : 1)
        }
        func blank(_ range: Range<Int>) -> Bool { nonBlank[range.upperBound] == nonBlank[range.lowerBound] }
        var lineStart = 0  // start of the line holding the current tag
        var scanned = 0  // lineStart is right for every offset below `scanned`
        var newline = -1  // the first newline at or after the previous tag's end
        for i in tokens.indices {
            var token = tokens[i]
            while scanned < token.tagStart {
                if source[scanned] == 0x0A { lineStart = scanned + 1 }
                scanned += 1
            }
            if newline < token.tagEnd {
                newline = token.tagEnd
                while newline < source.count, source[newline] != 0x0A { newline += 1 }
            }
            let start = lineStart
            token.lineStart = start
            token.newline = newline
            token.lineEnd = newline < source.count ? newline + 1 : newline
            token.beforeIsBlank = blank(start..<token.tagStart)
            token.afterIsBlank = blank(token.tagEnd..<newline)
            token.isStandalone = token.kind.canStandAlone && token.beforeIsBlank && token.afterIsBlank
            token.actualStart = token.isStandalone ? token.lineStart : token.tagStart
            token.actualEnd = token.isStandalone ? token.lineEnd : token.tagEnd
            tokens[i] = token
        }
        markPairs(&tokens)
    }

    /// Blocks and parents also stand alone in pairs on one line: `{{$a}}{{/a}}`, `{{<p}}{{/p}}`,
    /// `{{<p}}{{$a}}` and `{{/a}}{{/p}}`.
    private func markPairs(_ tokens: inout [Token]) {
        func paired(_ a: Token, _ b: Token) -> Bool {
            a.beforeIsBlank && b.afterIsBlank && a.tagEnd == b.tagStart
        }
        var stack: [Int] = []
        for i in tokens.indices {
            switch tokens[i].kind {
            case .section, .inverted, .block, .parent: stack.append(i)
            case .close:
                guard let open = stack.popLast() else { continue }
                if tokens[open].kind == .block, paired(tokens[open], tokens[i]) {
                    // An empty standalone block keeps the newline after it.
                    tokens[open].isStandalone = true
                    tokens[open].actualStart = tokens[open].lineStart
                    tokens[i].actualEnd = tokens[i].newline
                } else if tokens[open].kind == .parent {
                    if paired(tokens[open], tokens[i]) {
                        tokens[open].isStandalone = true
                        tokens[open].actualStart = tokens[open].lineStart
                        tokens[i].actualEnd = tokens[i].lineEnd
                    }
                    let first = open + 1
                    if first < i, tokens[first].kind == .block, paired(tokens[open], tokens[first]) {
                        tokens[open].isStandalone = true
                        tokens[first].isStandalone = true
                        tokens[open].actualStart = tokens[open].lineStart
                        tokens[first].actualEnd = tokens[first].lineEnd
                    }
                    let last = i - 1
                    if last > open, tokens[last].kind == .close, paired(tokens[last], tokens[i]) {
                        tokens[last].actualStart = tokens[last].lineStart
                        tokens[i].actualEnd = tokens[i].lineEnd
                    }
                }
            default: break
            }
        }
    }

    // MARK: Tree

    private func buildNodes(
        _ tokens: [Token], _ index: inout Int, _ position: inout Int, closing: Token?, depth: Int = 0
    ) throws -> [TemplateNode] {
        if depth > MustacheRenderer.maximumDepth, let opener = closing {
            throw error(
                "sections, blocks and parents nest more than \(MustacheRenderer.maximumDepth) deep here",
                at: opener.tagStart)
        }
        var nodes: [TemplateNode] = []
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if token.actualStart > position {
                nodes.append(.text(Array(source[position..<token.actualStart])))
            }
            position = max(position, token.actualEnd)
            switch token.kind {
            case .comment, .delimiters:
                continue
            case .variable, .unescaped:
                nodes.append(.variable(name: token.name, escaped: token.kind == .variable))
            case .partial:
                nodes.append(
                    .partial(
                        name: token.name,
                        indentation: token.isStandalone
                            ? Array(source[token.lineStart..<token.tagStart]) : nil))
            case .close:
                guard let opener = closing else {
                    throw error("'\(token.name)' is closed but was never opened", at: token.tagStart)
                }
                guard opener.name == token.name else {
                    throw error(
                        "'\(opener.name)' is closed by '\(token.name)'", at: token.tagStart)
                }
                return nodes
            case .section, .inverted:
                let children = try buildNodes(tokens, &index, &position, closing: token, depth: depth + 1)
                nodes.append(
                    .section(name: token.name, children: children, inverted: token.kind == .inverted))
            case .block:
                _ = try buildNodes(tokens, &index, &position, closing: token, depth: depth + 1)
                let closer = tokens[index - 1]
                nodes.append(.block(blockDefinition(token, closer)))
            case .parent:
                let children = try buildNodes(tokens, &index, &position, closing: token, depth: depth + 1)
                var arguments: [BlockDefinition] = []
                for child in children {
                    if case .block(let definition) = child { arguments.append(definition) }
                }
                nodes.append(
                    .parent(
                        name: token.name, arguments: arguments,
                        indentation: token.isStandalone
                            ? Array(source[token.lineStart..<token.tagStart]) : nil))
            }
        }
        if let opener = closing {
            throw error("'\(opener.name)' is never closed", at: opener.tagStart)
        }
        return nodes
    }

    private func blockDefinition(_ open: Token, _ close: Token) -> BlockDefinition {
        let inner =
            open.actualEnd <= close.actualStart
            ? Array(source[open.actualEnd..<close.actualStart]) : []
        let before = Array(source[open.lineStart..<open.tagStart])
        guard open.isStandalone else {
            return BlockDefinition(
                name: open.name, text: inner, delimiters: open.delimiters, isStandalone: false,
                indentation: [], before: before)
        }
        let (dedented, indentation) = Indentation.dedent(inner)
        return BlockDefinition(
            name: open.name, text: dedented, delimiters: open.delimiters, isStandalone: true,
            indentation: indentation, before: before)
    }
}
