import TypeaheadModel

/// Reads Algolia's filter syntax, one token at a time.
struct FilterLexer {
    enum Token: Equatable {
        case open, close, colon
        case comparison(NumericOperator)
        case word(String)
        case quoted(String)
    }

    let text: String
    let parameter: String
    private var tokens: [Token] = []
    private var position = 0

    init(_ text: String, parameter: String) {
        self.text = text
        self.parameter = parameter
        tokens = Self.tokens(text)
    }

    var atEnd: Bool { position == tokens.count }

    func error(_ message: String) -> FilterError {
        FilterError(message: "\(parameter): \(message) in \"\(text)\"")
    }

    var peekDescription: String {
        guard position < tokens.count else { return "end" }
        switch tokens[position] {
        case .open: return "\"(\""
        case .close: return "\")\""
        case .colon: return "\":\""
        case .comparison(let op): return "\"\(op.rawValue)\""
        case .word(let word): return "\"\(word)\""
        case .quoted(let text): return "\"\\\"\(text)\\\"\""
        }
    }

    private static func tokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
        let scalars = Array(text.unicodeScalars)
        var i = 0
        let special: Set<Unicode.Scalar> = ["(", ")", ":", "\"", "<", ">", "=", "!"]
        while i < scalars.count {
            let c = scalars[i]
            if c.properties.isWhitespace {
                i += 1
            } else if c == "(" || c == ")" || c == ":" {
                tokens.append(c == "(" ? .open : c == ")" ? .close : .colon)
                i += 1
            } else if c == "<" || c == ">" || c == "=" || c == "!" {
                let two = i + 1 < scalars.count && scalars[i + 1] == "=" && c != "="
                let op = String(String.UnicodeScalarView(scalars[i..<(two ? i + 2 : i + 1)]))
                guard let parsed = NumericOperator(rawValue: op) else {
                    tokens.append(.word(op))  // a lone "!": refused by the parser, named
                    i += 1
                    continue
                }
                tokens.append(.comparison(parsed))
                i += two ? 2 : 1
            } else if c == "\"" {
                var value = String.UnicodeScalarView()
                i += 1
                var closed = false
                while i < scalars.count {
                    if scalars[i] == "\\", i + 1 < scalars.count {
                        value.append(scalars[i + 1])
                        i += 2
                    } else if scalars[i] == "\"" {
                        closed = true
                        i += 1
                        break
                    } else {
                        value.append(scalars[i])
                        i += 1
                    }
                }
                // An unclosed quote: a word the parser cannot place, so the filter is refused.
                tokens.append(closed ? .quoted(String(value)) : .word("\"" + String(value)))
            } else {
                var word = String.UnicodeScalarView()
                while i < scalars.count, !scalars[i].properties.isWhitespace, !special.contains(scalars[i]) {
                    word.append(scalars[i])
                    i += 1
                }
                tokens.append(.word(String(word)))
            }
        }
        return tokens
    }

    private mutating func next() -> Token? {
        guard position < tokens.count else { return nil }
        position += 1
        return tokens[position - 1]
    }

    private func peek() -> Token? { position < tokens.count ? tokens[position] : nil }

    private mutating func take(_ keyword: String) -> Bool {
        if peek() == .word(keyword) {
            position += 1
            return true
        }
        return false
    }

    /// Clauses joined by AND, or one clause of terms joined by OR; inside parentheses when `nested`.
    mutating func expression(nested: Bool) throws(FilterError) -> [[FilterTerm]] {
        var groups: [[[FilterTerm]]] = [try group(nested: nested)]
        var joiner: String?
        while let token = peek(), token != .close {
            guard case .word(let word) = token, word == "AND" || word == "OR" else {
                throw error("expected AND, OR or the end, found \(peekDescription)")
            }
            if let joiner, joiner != word {
                throw error("AND and OR mixed without parentheses (write A AND (B OR C))")
            }
            joiner = word
            position += 1
            groups.append(try group(nested: nested))
        }
        if joiner == "OR" {
            var clause: [FilterTerm] = []
            for group in groups {
                guard group.count == 1 else {
                    throw error("an AND inside an OR is not supported (filters are ANDs of ORs)")
                }
                clause += group[0]
            }
            return [clause]
        }
        return groups.flatMap { $0 }
    }

    private mutating func group(nested: Bool) throws(FilterError) -> [[FilterTerm]] {
        if peek() == .open {
            guard !nested else { throw error("parentheses inside parentheses are not supported") }
            position += 1
            let inner = try expression(nested: true)
            guard next() == .close else { throw error("a \"(\" is not closed") }
            return inner
        }
        return [[try term()]]
    }

    /// One condition, maybe after NOT.
    mutating func term() throws(FilterError) -> FilterTerm {
        let negated = take("NOT")
        if negated, peek() == .open { throw error("NOT before parentheses is not supported") }
        let attribute: String
        var found = peekDescription
        switch next() {
        case .word(let word) where !["AND", "OR", "NOT", "TO"].contains(word) && !word.hasPrefix("\""):
            attribute = word
        case .quoted(let name) where !name.isEmpty: attribute = name
        default:
            throw error("expected an attribute, found \(found)")
        }
        found = peekDescription
        switch next() {
        case .colon:
            let value: String
            found = peekDescription
            switch next() {
            case .word(let word) where !["AND", "OR", "NOT", "TO"].contains(word) && !word.hasPrefix("\""):
                value = word
            case .quoted(let text): value = text
            default:
                throw error("expected a value after \"\(attribute):\", found \(found)")
            }
            guard take("TO") else { return FilterTerm(.facet(attribute: attribute, value: value), negated: negated) }
            guard let lower = Self.number(value), case .word(let upperText)? = next(),
                let upper = Self.number(upperText)
            else { throw error("expected \"\(attribute):lower TO upper\" with two numbers") }
            return FilterTerm(.range(attribute: attribute, lower: lower, upper: upper), negated: negated)
        case .comparison(let op):
            guard case .word(let text)? = next(), let number = Self.number(text) else {
                throw error("expected a number after \"\(attribute) \(op.rawValue)\"")
            }
            return FilterTerm(.numeric(attribute: attribute, op: op, value: number), negated: negated)
        default:
            throw error("expected \":\" or a comparison after \"\(attribute)\", found \(found)")
        }
    }

    static func number(_ text: String) -> Double? {
        guard let number = Double(text), number.isFinite,
            text.unicodeScalars.allSatisfy({ "0123456789.-+eE".unicodeScalars.contains($0) })
        else { return nil }
        return number
    }
}
