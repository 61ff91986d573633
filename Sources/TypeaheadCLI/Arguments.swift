/// A mistake in how a command was called: printed with the command's usage, exit code 2.
public struct UsageError: Error, Equatable {
    public var message: String
}

/// The options of one command call, parsed against what the command accepts.
struct ParsedArguments {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

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
        guard let text = values[name] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw UsageError(
                message:
                    "\(name) expects a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"")
        }
        return value
    }
}
