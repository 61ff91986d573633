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
                if let inline {
                    values[name] = inline
                } else {
                    guard i < arguments.count else { throw UsageError(message: "\(name) needs a value") }
                    values[name] = arguments[i]
                    i += 1
                }
            } else if allowed.contains(name), inline == nil {
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
