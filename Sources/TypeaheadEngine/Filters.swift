import TypeaheadModel

/// A comparison of `numericFilters` and `filters`.
public enum NumericOperator: String, Sendable, CaseIterable {
    case less = "<"
    case lessOrEqual = "<="
    case equal = "="
    case notEqual = "!="
    case greaterOrEqual = ">="
    case greater = ">"

    func holds(_ x: Double, _ y: Double) -> Bool {
        switch self {
        case .less: return x < y
        case .lessOrEqual: return x <= y
        case .equal: return x == y
        case .notEqual: return x != y
        case .greaterOrEqual: return x >= y
        case .greater: return x > y
        }
    }
}

/// One condition on a product's attribute (docs/CONTRACT.md, Refining and sorting).
public enum FilterCondition: Sendable, Equatable {
    /// The attribute holds this facet value (compared byte for byte).
    case facet(attribute: String, value: String)
    /// The attribute holds a number that compares so with `value`.
    case numeric(attribute: String, op: NumericOperator, value: Double)
    /// The attribute holds a number from `lower` to `upper`, both included.
    case range(attribute: String, lower: Double, upper: Double)

    public var attribute: String {
        switch self {
        case .facet(let attribute, _), .numeric(let attribute, _, _), .range(let attribute, _, _): return attribute
        }
    }
}

/// A condition, or its negation (`NOT`, or `-` in `facetFilters`).
public struct FilterTerm: Sendable, Equatable {
    public var condition: FilterCondition
    public var negated: Bool

    public init(_ condition: FilterCondition, negated: Bool = false) {
        self.condition = condition
        self.negated = negated
    }
}

/// A filter as Algolia's three parameters can say it: an AND of clauses, each an OR of terms.
public struct FilterSet: Sendable, Equatable {
    public var clauses: [[FilterTerm]]

    public init(_ clauses: [[FilterTerm]] = []) {
        self.clauses = clauses
    }

    public var isEmpty: Bool { clauses.isEmpty }

    /// Both filters at once.
    public static func + (a: FilterSet, b: FilterSet) -> FilterSet { FilterSet(a.clauses + b.clauses) }

}

/// A filter that is malformed or outside the subset this engine answers, in a message naming it.
public struct FilterError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

// MARK: - facetFilters and numericFilters

extension FilterSet {
    /// `facetFilters`: an array whose elements are AND-ed, each `"attribute:value"`,
    /// `"-attribute:value"` (not), or an array of those, OR-ed; a string holding that array as
    /// JSON (as `params` carries it), or a single `"attribute:value"`.
    public static func facetFilters(_ value: JSONValue) throws(FilterError) -> FilterSet {
        try elements("facetFilters", value) { text throws(FilterError) in
            var text = Substring(text)
            let negated = text.hasPrefix("-")
            if negated { text = text.dropFirst() }
            // An attribute may not hold a colon; the value may.
            guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else {
                throw FilterError(message: "facetFilters: expected \"attribute:value\", found \"\(text)\"")
            }
            return FilterTerm(
                .facet(attribute: String(text[..<colon]), value: String(text[text.index(after: colon)...])),
                negated: negated)
        }
    }

    /// `numericFilters`: an array whose elements are AND-ed, each `"attribute op number"`
    /// (`<`, `<=`, `=`, `!=`, `>=`, `>`) or `"attribute:lower TO upper"`, or an array of those,
    /// OR-ed; or a string holding that array as JSON, or a single comparison.
    public static func numericFilters(_ value: JSONValue) throws(FilterError) -> FilterSet {
        try elements("numericFilters", value) { text throws(FilterError) in
            var lexer = FilterLexer(text, parameter: "numericFilters")
            let term = try lexer.term()
            guard lexer.atEnd, case .numeric = term.condition, !term.negated else {
                if lexer.atEnd, case .range = term.condition, !term.negated { return term }
                throw FilterError(
                    message:
                        "numericFilters: expected \"attribute op number\" or \"attribute:lower TO upper\", found \"\(text)\""
                )
            }
            return term
        }
    }

    private static func elements(
        _ name: String, _ value: JSONValue, _ parse: (String) throws(FilterError) -> FilterTerm
    ) throws(FilterError) -> FilterSet {
        var value = value
        if case .string(let text) = value {
            let trimmed = text.drop(while: \.isWhitespace)
            if trimmed.isEmpty { return FilterSet() }
            if trimmed.hasPrefix("[") {
                guard let parsed = try? JSONParser.parse(Array(text.utf8)) else {
                    throw FilterError(message: "\(name): expected a JSON array, found \"\(text)\"")
                }
                value = parsed
            } else {
                return FilterSet([[try parse(text)]])
            }
        }
        guard case .array(let items) = value else {
            throw FilterError(message: "\(name): expected an array, found \(value.typeName)")
        }
        var clauses: [[FilterTerm]] = []
        for item in items {
            switch item {
            case .string(let text): clauses.append([try parse(text)])
            case .array(let alternatives):
                var clause: [FilterTerm] = []
                for alternative in alternatives {
                    guard let text = alternative.stringValue else {
                        throw FilterError(
                            message: "\(name): an OR group holds strings only, found \(alternative.typeName)")
                    }
                    clause.append(try parse(text))
                }
                if !clause.isEmpty { clauses.append(clause) }
            default:
                throw FilterError(message: "\(name): expected strings or arrays of strings, found \(item.typeName)")
            }
        }
        return FilterSet(clauses)
    }
}

// MARK: - filters, Algolia's string syntax

extension FilterSet {
    /// `filters` in Algolia's syntax, for the subset of docs/CONTRACT.md: conditions
    /// `attribute:value`, `attribute:"value"`, `attribute op number`, `attribute:lower TO upper`,
    /// each maybe after `NOT`; joined by `AND`, or by `OR` inside parentheses (or alone). An AND
    /// inside an OR, a NOT before parentheses, or AND and OR mixed without parentheses is refused.
    public static func filters(_ text: String) throws(FilterError) -> FilterSet {
        var lexer = FilterLexer(text, parameter: "filters")
        if lexer.atEnd { return FilterSet() }
        let clauses = try lexer.expression(nested: false)
        guard lexer.atEnd else { throw lexer.error("unexpected \(lexer.peekDescription)") }
        return FilterSet(clauses)
    }
}
