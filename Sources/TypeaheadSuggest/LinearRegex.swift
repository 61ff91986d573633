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
    /// The longest pattern, in characters, and the deepest nesting of groups: parsing and
    /// compiling recurse on them.
    static let maximumPatternLength = 1_000
    static let maximumDepth = 64

    enum Atom: Sendable, Equatable {
        case scalar(Unicode.Scalar)
        case any
        case set(CharacterSet, negated: Bool)
    }

    enum Assertion: Sendable, Equatable {
        case start, end, wordBoundary, notWordBoundary
    }

    enum Instruction: Sendable, Equatable {
        case match(Atom)
        case assert(Assertion)
        case split(Int, Int)
        case jump(Int)
        case accept
    }

    private let program: [Instruction]
    /// The program's length: what one character of a searched text costs at most.
    var programSize: Int { program.count }

    init(_ pattern: String) throws(SyntaxError) {
        guard pattern.unicodeScalars.count <= Self.maximumPatternLength else {
            throw SyntaxError(message: "longer than \(Self.maximumPatternLength) characters", offset: 0)
        }
        var parser = LinearRegexParser(Array(pattern.unicodeScalars))
        let tree = try parser.parse()
        var compiler = LinearRegexCompiler()
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
            // The character's cases, once for every state that reads it.
            let cases = Self.cases(of: scalars[position])
            next.clear()
            for pc in current.states {
                guard case .match(let atom) = program[pc], Self.accepts(atom, cases) else { continue }
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

    /// A scalar and its other cases (`K` for `k`; a letter whose other case is several scalars,
    /// such as `ß`, has none), the scalar first.
    private static func cases(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        var cases = [scalar]
        for variant in [String(scalar).lowercased(), String(scalar).uppercased()] {
            let scalars = variant.unicodeScalars
            if scalars.count == 1, let other = scalars.first, !cases.contains(other) { cases.append(other) }
        }
        return cases
    }

    /// Whether `atom` matches a character of `cases` (`cases(of:)`), case-insensitively: one of its
    /// cases is in the atom, and a negated class holds none of them.
    private static func accepts(_ atom: Atom, _ cases: [Unicode.Scalar]) -> Bool {
        switch atom {
        case .any: return cases[0] != "\n"
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

    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
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
