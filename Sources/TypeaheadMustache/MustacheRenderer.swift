import TypeaheadModel

/// Renders Mustache templates (the spec's core modules and `~inheritance`) from a set of named
/// templates that serve as partials and parents. Parsed templates are cached, so rendering the same
/// page template thousands of times parses it once.
public final class MustacheRenderer {
    private let templates: [String: [UInt8]]
    private var cache: [CacheKey: [TemplateNode]] = [:]

    /// Named templates (partials, parents, pages) as indented where they are included, parsed:
    /// found by name, so a page's twenty cards neither indent nor hash the card's source again.
    private var named: [NamedKey: [TemplateNode]] = [:]
    /// Dotted names cut at their dots, once each (a card's `placeholder.kind` is looked up on every card).
    private var dottedParts: [String: [String]] = [:]

    private struct CacheKey: Hashable {
        var source: [UInt8]
        var delimiters: Delimiters

        /// The source hashed as one buffer: byte by byte, hashing was a seventh of rendering a
        /// result page.
        func hash(into hasher: inout Hasher) {
            source.withUnsafeBytes { hasher.combine(bytes: $0) }
            hasher.combine(delimiters)
        }
    }

    private struct NamedKey: Hashable {
        var name: String
        var indentation: [UInt8]?
    }

    private struct Argument {
        var text: [UInt8]
        var delimiters: Delimiters
    }

    /// A renderer whose partials and parents are `templates`, by name.
    public init(templates: [String: String]) {
        self.templates = templates.mapValues { Array($0.utf8) }
    }

    /// How deep partials, parents and blocks may include one another (a chain longer than this is
    /// a template that includes itself without end), and sections nest within one template.
    public static let maximumDepth = 64

    /// Checks that every template parses, naming the template and line of the first problem. With
    /// `strict`, a partial or parent that names no template is an error too (the spec renders it
    /// as nothing, which for a site means a page silently without its layout), as is a name
    /// that could reach outside the templates (`..`, `/`).
    public func validate(strict: Bool = false) throws {
        for name in templates.keys.sorted() {
            let tree = try parsed(templates[name]!, delimiters: .standard, name: name)
            if strict { try checkReferences(tree, in: name) }
        }
    }

    private func checkReferences(_ nodes: [TemplateNode], in template: String) throws {
        for node in nodes {
            switch node {
            case .section(_, let children, _):
                try checkReferences(children, in: template)
            case .partial(let name, _):
                try checkName(name, kind: "partial", in: template)
            case .parent(let name, let arguments, _):
                try checkName(name, kind: "parent", in: template)
                for block in arguments {
                    try checkReferences(
                        try parsed(block.text, delimiters: block.delimiters, name: template), in: template)
                }
            case .block(let definition):
                try checkReferences(
                    try parsed(definition.text, delimiters: definition.delimiters, name: template), in: template)
            case .text, .variable:
                break
            }
        }
    }

    private func checkName(_ name: String, kind: String, in template: String) throws {
        if templates[name] == nil {
            let hint =
                name.contains("/") || name.contains("..")
                ? " (a name is a template's own, never a path)" : ""
            throw MustacheSyntaxError(
                template: template, line: 0, message: "the \(kind) '\(name)' is not a template of this set\(hint)")
        }
    }

    /// Renders the template called `name` against `data`.
    public func render(name: String, data: MustacheValue) throws -> String {
        String(decoding: try renderBytes(name: name, data: data), as: UTF8.self)
    }

    /// Renders the template called `name` against `data`, as UTF-8 (what a file holds: no String
    /// made and read back).
    public func renderBytes(name: String, data: MustacheValue) throws -> [UInt8] {
        guard let tree = try template(name, indentation: nil) else {
            throw MustacheSyntaxError(template: name, line: 0, message: "no such template")
        }
        var output: [UInt8] = []
        output.reserveCapacity(templates[name]!.count * 2)
        try render(tree, context: [data], arguments: [:], chain: [name], into: &output)
        return output
    }

    /// Renders template source text against `data`.
    public func render(template: String, data: MustacheValue) throws -> String {
        try render(source: Array(template.utf8), name: "template", data: data)
    }

    private func render(source: [UInt8], name: String, data: MustacheValue) throws -> String {
        var output: [UInt8] = []
        output.reserveCapacity(source.count * 2)
        let tree = try parsed(source, delimiters: .standard, name: name)
        try render(tree, context: [data], arguments: [:], chain: [name], into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// The template called `name`, indented by `indentation`, parsed (once); nil when there is none.
    private func template(_ name: String, indentation: [UInt8]?) throws -> [TemplateNode]? {
        let key = NamedKey(name: name, indentation: indentation)
        if let tree = named[key] { return tree }
        guard var source = templates[name] else { return nil }
        if let indentation { source = Indentation.indent(source, with: indentation) }
        let tree = try parsed(source, delimiters: .standard, name: name)
        named[key] = tree
        return tree
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

    /// `chain`: the templates (and blocks) being rendered, outermost first, for the depth bound.
    private func render(
        _ nodes: [TemplateNode], context: [MustacheValue], arguments: [String: Argument], chain: [String],
        into output: inout [UInt8]
    ) throws {
        func include(_ name: String) throws -> [String] {
            guard chain.count < Self.maximumDepth else {
                let shown = chain.count > 6 ? chain.prefix(3) + ["…"] + chain.suffix(3) : chain[...]
                throw MustacheSyntaxError(
                    template: chain[0], line: 0,
                    message:
                        "partials, parents and blocks include one another more than \(Self.maximumDepth) deep: \((shown + [name]).joined(separator: " → ")) (a template that includes itself without end?)"
                )
            }
            return chain + [name]
        }
        for node in nodes {
            switch node {
            case .text(let bytes):
                output += bytes
            case .variable(let name, let escaped):
                let text = lookup(name, in: context)?.interpolated ?? ""
                if escaped { HTML.appendEscaped(text.utf8, to: &output) } else { output += text.utf8 }
            case .section(let name, let children, let inverted):
                let value = lookup(name, in: context) ?? .null
                if inverted {
                    if value.isFalsey {
                        try render(children, context: context, arguments: arguments, chain: chain, into: &output)
                    }
                } else if case .array(let items) = value {
                    for item in items {
                        try render(
                            children, context: context + [item], arguments: arguments, chain: chain, into: &output)
                    }
                } else if !value.isFalsey {
                    try render(children, context: context + [value], arguments: arguments, chain: chain, into: &output)
                }
            case .partial(let name, let indentation):
                guard let tree = try template(name, indentation: indentation) else { continue }
                try render(tree, context: context, arguments: arguments, chain: try include(name), into: &output)
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
                try render(
                    tree, context: context, arguments: arguments, chain: try include("$" + definition.name),
                    into: &output)
            case .parent(let name, let blocks, let indentation):
                var inner = arguments
                for block in blocks where inner[block.name] == nil {
                    inner[block.name] = Argument(text: block.text, delimiters: block.delimiters)
                }
                guard let tree = try template(name, indentation: indentation) else { continue }
                try render(tree, context: context, arguments: inner, chain: try include(name), into: &output)
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
        let parts: [String]
        if let known = dottedParts[name] {
            parts = known
        } else {
            parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            dottedParts[name] = parts
        }
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
