/// Renders Mustache templates (the spec's core modules and `~inheritance`) from a set of named
/// templates that serve as partials and parents. Parsed templates are cached, so rendering the same
/// page template thousands of times parses it once.
public final class MustacheRenderer {
    private let templates: [String: [UInt8]]
    private var cache: [CacheKey: [TemplateNode]] = [:]

    private struct CacheKey: Hashable {
        var source: [UInt8]
        var delimiters: Delimiters
    }

    private struct Argument {
        var text: [UInt8]
        var delimiters: Delimiters
    }

    /// A renderer whose partials and parents are `templates`, by name.
    public init(templates: [String: String]) {
        self.templates = templates.mapValues { Array($0.utf8) }
    }

    /// Checks that every template parses, naming the template and line of the first problem.
    public func validate() throws {
        for name in templates.keys.sorted() {
            _ = try parsed(templates[name]!, delimiters: .standard, name: name)
        }
    }

    /// Renders the template called `name` against `data`.
    public func render(name: String, data: MustacheValue) throws -> String {
        guard let source = templates[name] else {
            throw MustacheSyntaxError(template: name, line: 0, message: "no such template")
        }
        return try render(source: source, name: name, data: data)
    }

    /// Renders template source text against `data`.
    public func render(template: String, data: MustacheValue) throws -> String {
        try render(source: Array(template.utf8), name: "template", data: data)
    }

    private func render(source: [UInt8], name: String, data: MustacheValue) throws -> String {
        var output: [UInt8] = []
        output.reserveCapacity(source.count * 2)
        let tree = try parsed(source, delimiters: .standard, name: name)
        try render(tree, context: [data], arguments: [:], into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    private func parsed(_ source: [UInt8], delimiters: Delimiters, name: String) throws
        -> [TemplateNode]
    {
        let key = CacheKey(source: source, delimiters: delimiters)
        if let cached = cache[key] { return cached }
        let parsed = try TemplateParser(source: source, templateName: name).parse(
            delimiters: delimiters)
        cache[key] = parsed
        return parsed
    }

    // MARK: - Rendering

    private func render(
        _ nodes: [TemplateNode], context: [MustacheValue], arguments: [String: Argument],
        into output: inout [UInt8]
    ) throws {
        for node in nodes {
            switch node {
            case .text(let bytes):
                output += bytes
            case .variable(let name, let escaped):
                let text = lookup(name, in: context)?.interpolated ?? ""
                if escaped { HTML.appendEscaped(text, to: &output) } else { output += text.utf8 }
            case .section(let name, let children, let inverted):
                let value = lookup(name, in: context) ?? .null
                if inverted {
                    if value.isFalsey {
                        try render(children, context: context, arguments: arguments, into: &output)
                    }
                } else if case .array(let items) = value {
                    for item in items {
                        try render(
                            children, context: context + [item], arguments: arguments, into: &output)
                    }
                } else if !value.isFalsey {
                    try render(children, context: context + [value], arguments: arguments, into: &output)
                }
            case .partial(let name, let indentation):
                guard var source = templates[name] else { continue }
                if let indentation { source = Indentation.indent(source, with: indentation) }
                let tree = try parsed(source, delimiters: .standard, name: name)
                try render(tree, context: context, arguments: arguments, into: &output)
            case .block(let definition):
                let argument = arguments[definition.name]
                var text = argument?.text ?? definition.text
                if definition.isStandalone {
                    let prefix = definition.indentation.isEmpty ? definition.before : definition.indentation
                    text = Indentation.indent(text, with: prefix)
                }
                let tree = try parsed(
                    text, delimiters: argument?.delimiters ?? definition.delimiters,
                    name: definition.name)
                try render(tree, context: context, arguments: arguments, into: &output)
            case .parent(let name, let blocks, let indentation):
                var inner = arguments
                for block in blocks where inner[block.name] == nil {
                    inner[block.name] = Argument(text: block.text, delimiters: block.delimiters)
                }
                guard var source = templates[name] else { continue }
                if let indentation { source = Indentation.indent(source, with: indentation) }
                let tree = try parsed(source, delimiters: .standard, name: name)
                try render(tree, context: context, arguments: inner, into: &output)
            }
        }
    }

    private func lookup(_ name: String, in context: [MustacheValue]) -> MustacheValue? {
        if name == "." { return context.last }
        if !name.utf8.contains(UInt8(ascii: ".")) {
            // Most names have no dot: no splitting (it was a tenth of rendering a result page).
            for frame in context.reversed() {
                if let value = frame[name] { return value }
            }
            return nil
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var found: MustacheValue?
        for frame in context.reversed() {
            if let value = frame[parts[0]] {
                found = value
                break
            }
        }
        guard var value = found else { return nil }
        for part in parts.dropFirst() {
            guard let next = value[part] else { return nil }
            value = next
        }
        return value
    }
}

/// Escaping for text placed in HTML, shared by templates and the site generator.
public enum HTML {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities: safe in element text and in
    /// quoted attribute values.
    public static func escape(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        appendEscaped(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        for byte in text.utf8 {
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
