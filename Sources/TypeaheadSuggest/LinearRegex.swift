import Foundation

/// A regular expression that runs in time linear in the text: `exclude` patterns are the shop's
/// config, but a pattern such as `(a+)+$` makes a backtracking engine (NSRegularExpression's ICU)
/// take minutes on a 200-letter query. This one compiles the pattern to a Thompson NFA and runs all
/// its states side by side (a Pike VM without captures), so a search costs at most
/// `text length × program length` steps whatever the pattern.
///
/// The syntax is the common subset, searched case-insensitively anywhere in the text: literals and
/// `\`-escaped punctuation, `.`, classes `[a-z0-9_]` and `[^…]`, `\d \D \w \W \s \S`, anchors `^ $`
/// and word boundaries `\b \B`, groups `( )` and `(?: )`, alternation `|`, quantifiers `* + ?`
/// `{m}` `{m,}` `{m,n}` (lazy forms accepted: a search only asks whether there is a match). What
/// needs backtracking (backreferences, lookaround) and what changes the rules inline (flags,
/// possessive quantifiers) is refused with the reason, never approximated.
struct LinearRegex: Sendable {
    /// Why a pattern is refused: the problem and its place (a 0-based character offset).
    struct SyntaxError: Error, Equatable, CustomStringConvertible {
        var message: String
        var offset: Int
        var description: String { "\(message) at character \(offset + 1)" }
    }

    /// The largest count in `{m,n}`: each repeat is a copy of the atom in the program.
    static let maximumRepeat = 100
    /// The largest program: a pattern past it is refused (a search costs text × program).
    static let maximumProgram = 10_000

    fileprivate enum Atom: Sendable, Equatable {
        case scalar(Unicode.Scalar)
        case any
        case set(CharacterSet, negated: Bool)
    }

    fileprivate enum Assertion: Sendable, Equatable {
        case start, end, wordBoundary, notWordBoundary
    }

    fileprivate enum Instruction: Sendable, Equatable {
        case match(Atom)
        case assert(Assertion)
        case split(Int, Int)
        case jump(Int)
        case accept
    }

    private let program: [Instruction]

    init(_ pattern: String) throws(SyntaxError) {
        var parser = Parser(Array(pattern.unicodeScalars))
        let tree = try parser.parse()
        var compiler = Compiler()
        try compiler.emit(tree)
        compiler.program.append(.accept)
        guard compiler.program.count <= Self.maximumProgram else {
            throw SyntaxError(message: "pattern too large once its repeats are expanded", offset: 0)
        }
        program = compiler.program
    }

    /// Whether the pattern matches somewhere in `text` (case-insensitively).
    func matches(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var current = StateList(count: program.count)
        var next = StateList(count: program.count)
        for position in 0...scalars.count {
            // A match may start anywhere: the program's start joins at every position.
            if add(0, to: &current, at: position, scalars) { return true }
            guard position < scalars.count else { break }
            let scalar = scalars[position]
            next.clear()
            for pc in current.states {
                guard case .match(let atom) = program[pc], Self.accepts(atom, scalar) else { continue }
                if add(pc + 1, to: &next, at: position + 1, scalars) { return true }
            }
            swap(&current, &next)
        }
        return false
    }

    /// Adds state `pc` and every state its jumps, splits and assertions reach at `position`;
    /// true when one of them accepts.
    private func add(_ start: Int, to list: inout StateList, at position: Int, _ text: [Unicode.Scalar]) -> Bool {
        var stack = [start]
        while let pc = stack.popLast() {
            guard list.insert(pc) else { continue }
            switch program[pc] {
            case .accept: return true
            case .jump(let target): stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .assert(let assertion):
                if Self.holds(assertion, at: position, text) { stack.append(pc + 1) }
            case .match: list.states.append(pc)
            }
        }
        return false
    }

    /// Whether `scalar` is one `atom` matches, case-insensitively: the scalar or another case of
    /// it (`K` for `k`; a letter whose other case is several scalars, such as `ß`, has none) is in
    /// the atom, and a negated class holds none of them.
    private static func accepts(_ atom: Atom, _ scalar: Unicode.Scalar) -> Bool {
        var cases = [scalar]
        for variant in [String(scalar).lowercased(), String(scalar).uppercased()] {
            let scalars = variant.unicodeScalars
            if scalars.count == 1, let other = scalars.first, !cases.contains(other) { cases.append(other) }
        }
        switch atom {
        case .any: return scalar != "\n"
        case .scalar(let wanted): return cases.contains(wanted)
        case .set(let set, let negated): return cases.contains(where: set.contains) != negated
        }
    }

    private static func holds(_ assertion: Assertion, at position: Int, _ text: [Unicode.Scalar]) -> Bool {
        switch assertion {
        case .start: return position == 0
        case .end: return position == text.count
        case .wordBoundary, .notWordBoundary:
            let before = position > 0 && isWord(text[position - 1])
            let after = position < text.count && isWord(text[position])
            return (before != after) == (assertion == .wordBoundary)
        }
    }

    fileprivate static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || CharacterSet.alphanumerics.contains(scalar)
    }

    /// The states of one step, each once, in the order they were added.
    private struct StateList {
        var states: [Int] = []
        private var seen: [Bool]
        private var marked: [Int] = []

        init(count: Int) { seen = [Bool](repeating: false, count: count) }

        /// Marks `pc`; false when it was already there.
        mutating func insert(_ pc: Int) -> Bool {
            if seen[pc] { return false }
            seen[pc] = true
            marked.append(pc)
            return true
        }

        mutating func clear() {
            for pc in marked { seen[pc] = false }
            marked.removeAll(keepingCapacity: true)
            states.removeAll(keepingCapacity: true)
        }
    }
}

// MARK: - Parsing

private indirect enum Node {
    case atom(LinearRegex.Atom)
    case assertion(LinearRegex.Assertion)
    case sequence([Node])
    case alternation([Node])
    case repeated(Node, min: Int, max: Int?)
}

private struct Parser {
    let pattern: [Unicode.Scalar]
    var i = 0

    init(_ pattern: [Unicode.Scalar]) { self.pattern = pattern }

    private func error(_ message: String, at offset: Int? = nil) -> LinearRegex.SyntaxError {
        LinearRegex.SyntaxError(message: message, offset: offset ?? i)
    }

    mutating func parse() throws(LinearRegex.SyntaxError) -> Node {
        let node = try alternation()
        guard i == pattern.count else { throw error("unmatched )") }
        return node
    }

    private mutating func alternation() throws(LinearRegex.SyntaxError) -> Node {
        var branches = [try sequence()]
        while i < pattern.count, pattern[i] == "|" {
            i += 1
            branches.append(try sequence())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func sequence() throws(LinearRegex.SyntaxError) -> Node {
        var items: [Node] = []
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

    private mutating func atom() throws(LinearRegex.SyntaxError) -> Node {
        let c = pattern[i]
        let start = i
        i += 1
        switch c {
        case "(":
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

    private mutating func escape(_ start: Int) throws(LinearRegex.SyntaxError) -> Node {
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

// MARK: - Compiling

private struct Compiler {
    var program: [LinearRegex.Instruction] = []

    mutating func emit(_ node: Node) throws(LinearRegex.SyntaxError) {
        guard program.count <= LinearRegex.maximumProgram else {
            throw LinearRegex.SyntaxError(message: "pattern too large once its repeats are expanded", offset: 0)
        }
        switch node {
        case .atom(let atom): program.append(.match(atom))
        case .assertion(let assertion): program.append(.assert(assertion))
        case .sequence(let items): for item in items { try emit(item) }
        case .alternation(let branches):
            // split L1, next; L1: branch; jump end; next: split L2, … ; last branch
            var jumps: [Int] = []
            for (n, branch) in branches.enumerated() {
                if n < branches.count - 1 {
                    let split = program.count
                    program.append(.split(split + 1, -1))
                    try emit(branch)
                    jumps.append(program.count)
                    program.append(.jump(-1))
                    program[split] = .split(split + 1, program.count)
                } else {
                    try emit(branch)
                }
            }
            for jump in jumps { program[jump] = .jump(program.count) }
        case .repeated(let inner, let min, let max):
            for _ in 0..<min { try emit(inner) }
            if let max {
                // Each optional copy: split into it or past all that follow.
                var splits: [Int] = []
                for _ in min..<max {
                    splits.append(program.count)
                    program.append(.split(program.count + 1, -1))
                    try emit(inner)
                }
                for split in splits { program[split] = .split(split + 1, program.count) }
            } else {
                // L: split body, end; body; jump L
                let loop = program.count
                program.append(.split(loop + 1, -1))
                try emit(inner)
                program.append(.jump(loop))
                program[loop] = .split(loop + 1, program.count)
            }
        }
    }
}
