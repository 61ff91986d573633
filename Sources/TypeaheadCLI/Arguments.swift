/// A mistake in how a command was called: printed with the command's usage, exit code 2.
public struct UsageError: Error, Equatable {
    public var message: String
}

/// The options of one command call, parsed against what the command accepts.
struct ParsedArguments {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []
    /// The declared defaults (`CommandSpec.parse`), for `value(_:)`.
    var defaults: [String: String] = [:]

    /// Parses `--name value`, `--name=value`, flags, and positionals (`--` ends options).
    init(_ arguments: [String], valued: Set<String>, flags allowed: Set<String>) throws(UsageError) {
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            if valued.contains(name) {
                // Given twice, one would silently win: say so instead.
                if values[name] != nil { throw UsageError(message: "\(name) is given more than once") }
                if let inline {
                    values[name] = inline
                } else {
                    guard i < arguments.count else { throw UsageError(message: "\(name) needs a value") }
                    values[name] = arguments[i]
                    i += 1
                }
                // `--output ""` (an unset shell variable) names no folder: not the current one.
                if values[name]!.isEmpty { throw UsageError(message: "\(name) needs a value, not an empty text") }
            } else if allowed.contains(name), inline == nil {
                if flags.contains(name) { throw UsageError(message: "\(name) is given more than once") }
                flags.insert(name)
            } else {
                throw UsageError(message: "unknown option \(name)")
            }
        }
    }

    func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = values[name] ?? defaults[name] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                message:
                    "\(name) expects a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"")
        }
        return value
    }
}

/// One option of a command, declared once: how it parses (with a value or as a flag), its
/// default, and its line of help all come from here.
struct OptionSpec: Sendable {
    /// `--content`.
    var name: String
    /// What its value is called in the help (`DIR`); nil for a flag.
    var value: String?
    /// Its help: one line, or several separated by newlines.
    var help: String
    /// The value when it is not given, said in the help as `(default: …)`.
    var defaultValue: String?

    init(_ name: String, _ value: String? = nil, _ help: String, default defaultValue: String? = nil) {
        self.name = name
        self.value = value
        self.help = help
        self.defaultValue = defaultValue
    }

    /// `--content DIR`.
    var label: String { value.map { "\(name) \($0)" } ?? name }
}

/// A command's declaration: its usage, what it does, and its options, from which the help is made
/// and its arguments are parsed (as swift-argument-parser does, by hand).
struct CommandSpec: Sendable {
    /// `build`, `images fetch`.
    var name: String
    /// What follows the options in the usage line (`QUERY`, `OLD_SITE NEW_SITE`).
    var positionals = ""
    /// Other forms of the usage line, after the one made from `options` (`--content DIR …`).
    var otherUsages: [String] = []
    /// What it does: paragraphs, already wrapped.
    var about: String
    var options: [OptionSpec]
    /// Options shown in a section of their own, after a paragraph (`check --engine`'s).
    var section: (about: String, options: [OptionSpec])? = nil

    var allOptions: [OptionSpec] { options + (section?.options ?? []) }

    /// The help, made from the declarations.
    var help: String {
        let words = options.map { "[\($0.label)]" } + (positionals.isEmpty ? [] : [positionals])
        var lines = Self.wrap(words, first: "Usage: typeahead \(name) ")
        for usage in otherUsages {
            lines += Self.wrap(usage.split(separator: " ").map(String.init), first: "       typeahead \(name) ")
        }
        var text = lines.joined(separator: "\n") + "\n\n" + about + "\n\nOptions:\n"
        let width = max(16, allOptions.map(\.label.count).max() ?? 0) + 2
        let padding = String(repeating: " ", count: width + 2)
        func describe(_ option: OptionSpec) -> String {
            var helpLines = option.help.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if let value = option.defaultValue {
                let said = "(default: \(value))"
                if width + 2 + helpLines[helpLines.count - 1].count + 1 + said.count <= 100 {
                    helpLines[helpLines.count - 1] += " " + said
                } else {
                    helpLines.append(said)
                }
            }
            return "  " + option.label.padding(toLength: width, withPad: " ", startingAt: 0) + helpLines[0] + "\n"
                + helpLines.dropFirst().map { padding + $0 + "\n" }.joined()
        }
        text += options.map(describe).joined()
        text += "  " + "-h, --help".padding(toLength: width, withPad: " ", startingAt: 0) + "Show this help\n"
        if let section {
            text += "\n" + section.about + "\n\n" + section.options.map(describe).joined()
        }
        return text + "\n"
    }

    /// Words on lines of at most 100 columns, the first after `first`, the others aligned under it.
    static func wrap(_ words: [String], first: String) -> [String] {
        let indent = String(repeating: " ", count: first.count)
        var lines: [String] = []
        var line = first
        for word in words {
            if line.count + word.count > 100, line != first, line != indent {
                lines.append(String(line.dropLast()))
                line = indent
            }
            line += word + " "
        }
        lines.append(String(line.dropLast()))
        return lines
    }

    /// Parses a call's arguments against the declared options.
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = try ParsedArguments(
            arguments, valued: Set(allOptions.filter { $0.value != nil }.map(\.name)),
            flags: Set(allOptions.filter { $0.value == nil }.map(\.name)))
        parsed.defaults = Dictionary(
            uniqueKeysWithValues: allOptions.compactMap { o in o.defaultValue.map { (o.name, $0) } })
        return parsed
    }
}

extension ParsedArguments {
    /// The option's value, or its declared default (an option without one: see `values`).
    func value(_ name: String) -> String {
        guard let value = values[name] ?? defaults[name] else { preconditionFailure("\(name) declares no default") }
        return value
    }
}
