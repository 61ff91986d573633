import Foundation

/// A parsed pattern.
indirect enum LinearRegexNode {
    case atom(LinearRegex.Atom)
    case assertion(LinearRegex.Assertion)
    case sequence([LinearRegexNode])
    case alternation([LinearRegexNode])
    case repeated(LinearRegexNode, min: Int, max: Int?)
}

/// `LinearRegex`'s pattern syntax, parsed into a tree (errors name their place).
struct LinearRegexParser {
    let pattern: [Unicode.Scalar]
    var i = 0
    /// How many groups are open at `i`.
    var depth = 0

    init(_ pattern: [Unicode.Scalar]) { self.pattern = pattern }

    private func error(_ message: String, at offset: Int? = nil) -> LinearRegex.SyntaxError {
        LinearRegex.SyntaxError(message: message, offset: offset ?? i)
    }

    mutating func parse() throws(LinearRegex.SyntaxError) -> LinearRegexNode {
        let node = try alternation()
        guard i == pattern.count else { throw error("unmatched )") }
        return node
    }

    private mutating func alternation() throws(LinearRegex.SyntaxError) -> LinearRegexNode {
        var branches = [try sequence()]
        while i < pattern.count, pattern[i] == "|" {
            i += 1
            branches.append(try sequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func sequence() throws(LinearRegex.SyntaxError) -> LinearRegexNode {
        var items: [LinearRegexNode] = []
        while i < pattern.count, pattern[i] != "|", pattern[i] != ")" {
            let start = i
            var item = try atom()
            while let (min, max) = try quantifier() {
                if case .assertion = item { throw error("a quantifier needs something to repeat", at: start) }
                item = .repeated(item, min: min, max: max)
            }
            items.append(item)
        }
        return .sequence(items)
    }

    /// `*`, `+`, `?`, `{m}`, `{m,}`, `{m,n}`, each maybe lazy; nil when none follows.
    private mutating func quantifier() throws(LinearRegex.SyntaxError) -> (Int, Int?)? {
        guard i < pattern.count else { return nil }
        let result: (Int, Int?)
        switch pattern[i] {
        case "*": result = (0, nil)
        case "+": result = (1, nil)
        case "?": result = (0, 1)
        case "{":
            guard let braces = try counts() else { return nil }
            result = braces
        default: return nil
        }
        i += 1
        if i < pattern.count, pattern[i] == "?" { i += 1 }  // lazy: the same matches exist
        if i < pattern.count, pattern[i] == "+" { throw error("possessive quantifiers are not supported") }
        return result
    }

    /// `{m}`, `{m,}` or `{m,n}` at `i`, leaving `i` on its `}`; nil (and `i` unmoved) when the
    /// brace is a literal.
    private mutating func counts() throws(LinearRegex.SyntaxError) -> (Int, Int?)? {
        var j = i + 1
        func number() -> Int? {
            var digits = ""
            while j < pattern.count, ("0"..."9").contains(pattern[j]) {
                digits.unicodeScalars.append(pattern[j])
                j += 1
            }
            return digits.isEmpty ? nil : Int(digits.prefix(6))
        }
        guard let min = number() else { return nil }
        var max: Int? = min
        if j < pattern.count, pattern[j] == "," {
            j += 1
            max = number()
        }
        guard j < pattern.count, pattern[j] == "}" else { return nil }
        if let max, max < min { throw error("{\(min),\(max)}: the maximum is below the minimum") }
        if (max ?? min) > LinearRegex.maximumRepeat {
            throw error("repeats are limited to \(LinearRegex.maximumRepeat)")
        }
        i = j
        return (min, max)
    }

    private mutating func atom() throws(LinearRegex.SyntaxError) -> LinearRegexNode {
        let c = pattern[i]
        let start = i
        i += 1
        switch c {
        case "(":
            depth += 1
            defer { depth -= 1 }
            guard depth <= LinearRegex.maximumDepth else {
                throw error("groups nested more than \(LinearRegex.maximumDepth) deep", at: start)
            }
            if i < pattern.count, pattern[i] == "?" {
                guard i + 1 < pattern.count, pattern[i + 1] == ":" else {
                    throw error("lookaround, named groups and inline flags are not supported", at: start)
                }
                i += 2
            }
            let inner = try alternation()
            guard i < pattern.count, pattern[i] == ")" else { throw error("unclosed (", at: start) }
            i += 1
            return inner
        case "*", "+", "?": throw error("a quantifier needs something to repeat", at: start)
        case ".": return .atom(.any)
        case "^": return .assertion(.start)
        case "$": return .assertion(.end)
        case "[": return .atom(try set(start))
        case "\\": return try escape(start)
        default: return .atom(.scalar(c))
        }
    }

    private mutating func escape(_ start: Int) throws(LinearRegex.SyntaxError) -> LinearRegexNode {
        guard i < pattern.count else { throw error("a pattern cannot end with \\", at: start) }
        let c = pattern[i]
        i += 1
        switch c {
        case "b": return .assertion(.wordBoundary)
        case "B": return .assertion(.notWordBoundary)
        case "1"..."9": throw error("backreferences are not supported", at: start)
        default: return .atom(try Self.classEscape(c, at: start))
        }
    }

    /// The atom of `\c` (inside or outside a class).
    static func classEscape(_ c: Unicode.Scalar, at start: Int) throws(LinearRegex.SyntaxError) -> LinearRegex.Atom {
        switch c {
        case "d": return .set(.decimalDigits, negated: false)
        case "D": return .set(.decimalDigits, negated: true)
        case "w": return .set(wordCharacters, negated: false)
        case "W": return .set(wordCharacters, negated: true)
        case "s": return .set(.whitespacesAndNewlines, negated: false)
        case "S": return .set(.whitespacesAndNewlines, negated: true)
        case "t": return .scalar("\t")
        case "n": return .scalar("\n")
        default:
            guard !CharacterSet.alphanumerics.contains(c) else {
                throw LinearRegex.SyntaxError(message: "unknown escape \\\(c)", offset: start)
            }
            return .scalar(c)
        }
    }

    static let wordCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "_"))

    /// `[…]`, `i` after its `[`.
    private mutating func set(_ start: Int) throws(LinearRegex.SyntaxError) -> LinearRegex.Atom {
        var negated = false
        if i < pattern.count, pattern[i] == "^" {
            negated = true
            i += 1
        }
        var set = CharacterSet()
        var first = true
        while true {
            guard i < pattern.count else { throw error("unclosed [", at: start) }
            var c = pattern[i]
            if c == "]" && !first { break }
            first = false
            i += 1
            if c == "\\" {
                guard i < pattern.count else { throw error("unclosed [", at: start) }
                let escaped = try Self.classEscape(pattern[i], at: i - 1)
                i += 1
                switch escaped {
                case .set(let inner, let innerNegated):
                    set.formUnion(innerNegated ? inner.inverted : inner)
                    continue
                case .scalar(let scalar): c = scalar
                case .any: continue
                }
            }
            if i + 1 < pattern.count, pattern[i] == "-", pattern[i + 1] != "]" {
                var upper = pattern[i + 1]
                i += 2
                if upper == "\\", i < pattern.count {
                    guard case .scalar(let scalar) = try Self.classEscape(pattern[i], at: i - 1) else {
                        throw error("a range cannot end with a class", at: i - 1)
                    }
                    upper = scalar
                    i += 1
                }
                guard c.value <= upper.value else { throw error("a range out of order", at: start) }
                set.insert(charactersIn: c...upper)
            } else {
                set.insert(c)
            }
        }
        i += 1
        return .set(set, negated: negated)
    }
}
