import Foundation
import TypeaheadModel

/// `suggestions.config.json`: Algolia's Query Suggestions configuration, the part that applies
/// offline (`docs/SUGGESTIONS.md`). Every field but `sourceIndices` is optional.
public struct SuggestionsConfig: Sendable, Equatable {
    /// One facet attribute whose top values among a suggestion's exact hits are written.
    public struct Facet: Sendable, Equatable {
        public var attribute: String
        public var amount: Int
    }

    /// The name of the per-index block of each record (site.json `sourceIndex`).
    public var indexName: String
    /// A suggestion needs at least this many hits of the exact search. Default 5.
    public var minHits = 5
    /// A suggestion needs at least this many letters and digits. Default 4.
    public var minLetters = 4
    public var facets: [Facet] = []
    /// Facet-value combinations that become suggestions of popularity 0.
    public var generate: [[String]] = []
    /// Query-log files, relative to the configuration's folder.
    public var external: [String] = []
    /// Whether singular and plural forms (English) are one suggestion.
    public var mergePlurals = false
    /// Words, phrases or regular expressions; a suggestion matching one is dropped.
    public var exclude: [String] = []
    public var allowSpecialCharacters = false

    public init(indexName: String) { self.indexName = indexName }

    static let keys = ["allowSpecialCharacters", "exclude", "indexName", "languages", "sourceIndices"]
    static let sourceKeys = ["external", "facets", "generate", "indexName", "minHits", "minLetters"]

    /// Reads and validates the file at `path`; every problem is reported, naming the field.
    public static func read(path: String) throws(ContentError) -> SuggestionsConfig {
        var problems = Problems(file: path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ContentError(ContentIssue(file: path, message: "cannot read the file"))
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse([UInt8](data))
        } catch {
            throw ContentError(
                ContentIssue(
                    file: path, record: "line \(error.line), column \(error.column)",
                    message: "malformed JSON: \(error.message)"))
        }
        let config = read(value, &problems)
        try problems.throwIfAny()
        return config!
    }

    private static func read(_ value: JSONValue, _ problems: inout Problems) -> SuggestionsConfig? {
        guard case .object(let members) = value else {
            problems.add(nil, "expected a JSON object, found \(value.typeName)")
            return nil
        }
        for key in members.keys.sorted(by: utf8Less) where !keys.contains(key) {
            problems.add(key, "unknown field; known fields are \(keys.joined(separator: ", "))")
        }
        guard case .array(let sources)? = members["sourceIndices"] else {
            problems.add("sourceIndices", "required: a list of one source index, {\"indexName\": …}")
            return nil
        }
        guard sources.count == 1, case .object(let source) = sources[0] else {
            problems.add("sourceIndices", "expected exactly one source index (an object), found \(sources.count)")
            return nil
        }
        for key in source.keys.sorted(by: utf8Less) where !sourceKeys.contains(key) {
            problems.add(
                "sourceIndices[0].\(key)", "unknown field; known fields are \(sourceKeys.joined(separator: ", "))")
        }
        let at = "sourceIndices[0]."
        guard let indexName = problems.string(source["indexName"], at + "indexName") else { return nil }
        var config = SuggestionsConfig(indexName: indexName)
        if let minHits = problems.integer(source["minHits"], at + "minHits", 0...1_000_000) { config.minHits = minHits }
        if let minLetters = problems.integer(source["minLetters"], at + "minLetters", 0...1000) {
            config.minLetters = minLetters
        }
        config.facets = readFacets(source["facets"], at + "facets", &problems)
        for (i, combination) in problems.array(source["generate"], at + "generate").enumerated() {
            let field = "\(at)generate[\(i)]"
            let attributes = problems.array(combination, field).enumerated().compactMap {
                problems.string($0.element, "\(field)[\($0.offset)]")
            }
            if attributes.isEmpty { problems.add(field, "expected a non-empty list of attribute names") }
            config.generate.append(attributes)
        }
        for (i, file) in problems.array(source["external"], at + "external").enumerated() {
            guard let name = problems.string(file, "\(at)external[\(i)]") else { continue }
            guard QueryLog.Format(fileName: name) != nil else {
                problems.add(
                    "\(at)external[\(i)]", "expected a .csv, .tsv, .json, .ndjson or .jsonl file, found \"\(name)\"")
                continue
            }
            config.external.append(name)
        }
        config.mergePlurals = readLanguages(members["languages"], &problems)
        // Every query is searched by every pattern: their programs together are bounded, so a
        // query costs at most its length × `LinearRegex.maximumProgram` steps in all.
        var program = 0
        for (i, entry) in problems.array(members["exclude"], "exclude").enumerated() {
            guard let text = problems.string(entry, "exclude[\(i)]") else { continue }
            if let problem = ExcludeRule.problem(text) {
                problems.add("exclude[\(i)]", problem)
                continue
            }
            program += ExcludeRule.programSize(text)
            if program > LinearRegex.maximumProgram {
                problems.add(
                    "exclude[\(i)]",
                    "the exclude patterns together are too large (over \(LinearRegex.maximumProgram) steps of a program)"
                )
                break
            }
            config.exclude.append(text)
        }
        switch members["allowSpecialCharacters"] {
        case nil, .null?: break
        case .bool(let flag)?: config.allowSpecialCharacters = flag
        case let other?: problems.add("allowSpecialCharacters", "expected true or false, found \(other.typeName)")
        }
        return config
    }

    /// `facets`: `[{"attribute": …, "amount": …}]`, `amount` 10 when absent.
    private static func readFacets(_ value: JSONValue?, _ at: String, _ problems: inout Problems) -> [Facet] {
        var facets: [Facet] = []
        for (i, facet) in problems.array(value, at).enumerated() {
            let field = "\(at)[\(i)]"
            guard case .object(let object) = facet else {
                problems.add(field, "expected {\"attribute\": …, \"amount\": …}, found \(facet.typeName)")
                continue
            }
            for key in object.keys.sorted(by: utf8Less) where key != "attribute" && key != "amount" {
                problems.add("\(field).\(key)", "unknown field; known fields are amount, attribute")
            }
            guard let attribute = problems.string(object["attribute"], field + ".attribute") else {
                continue
            }
            let amount = problems.integer(object["amount"], field + ".amount", 1...1000) ?? 10
            facets.append(Facet(attribute: attribute, amount: amount))
        }
        return facets
    }

    /// `languages`: true, false or a list of language codes; whether plurals merge (English only).
    private static func readLanguages(_ value: JSONValue?, _ problems: inout Problems) -> Bool {
        var mergePlurals = false
        switch value {
        case nil, .null?, .bool(false)?: break
        case .bool(true)?: mergePlurals = true
        case .array(let languages)?:
            for (i, language) in languages.enumerated() {
                guard let code = problems.string(language, "languages[\(i)]") else { continue }
                if code == "en" {
                    mergePlurals = true
                } else {
                    problems.add("languages[\(i)]", "only \"en\" plurals are supported, found \"\(code)\"")
                }
            }
        case let other?:
            problems.add("languages", "expected true, false or a list such as [\"en\"], found \(other.typeName)")
        }
        return mergePlurals
    }

    /// Checks the attributes the configuration names against the catalogue: a facet or `generate`
    /// attribute that no product has is a mistake (a typo, or another catalogue's field).
    public func validate(against products: [Product], file: String) throws(ContentError) {
        var problems = Problems(file: file)
        var present = Set<String>()
        for product in products {
            for (key, value) in product.attributes where !present.contains(key) {
                switch value {
                case .string, .array, .number, .bool: present.insert(key)
                default: break
                }
            }
        }
        let at = "sourceIndices[0]."
        for (i, facet) in facets.enumerated() where !present.contains(facet.attribute) {
            problems.add("\(at)facets[\(i)].attribute", "no product has the attribute \"\(facet.attribute)\"")
        }
        for (i, combination) in generate.enumerated() {
            for (j, attribute) in combination.enumerated() where !present.contains(attribute) {
                problems.add("\(at)generate[\(i)][\(j)]", "no product has the attribute \"\(attribute)\"")
            }
        }
        try problems.throwIfAny()
    }
}

/// Collects configuration problems, each naming its field.
struct Problems {
    var file: String
    var issues: [ContentIssue] = []

    mutating func add(_ field: String?, _ message: String) {
        issues.append(ContentIssue(file: file, field: field, message: message))
    }

    func throwIfAny() throws(ContentError) {
        if !issues.isEmpty { throw ContentError(issues: Array(issues.prefix(50)), total: issues.count) }
    }

    /// A required non-empty string; a problem is added when it is missing or of another type.
    mutating func string(_ value: JSONValue?, _ field: String) -> String? {
        switch value {
        case .string(let text)? where !text.isEmpty: return text
        case nil, .null?:
            add(field, "required: a non-empty string")
            return nil
        case let other?:
            add(field, "expected a non-empty string, found \(other.typeName)")
            return nil
        }
    }

    mutating func integer(_ value: JSONValue?, _ field: String, _ range: ClosedRange<Int>) -> Int? {
        switch value {
        case nil, .null?: return nil
        case .number(let number)?
        where number.rounded() == number && number >= Double(range.lowerBound) && number <= Double(range.upperBound):
            return Int(number)
        case let other?:
            add(
                field,
                "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(JSONWriter.string(other))"
            )
            return nil
        }
    }

    mutating func array(_ value: JSONValue?, _ field: String) -> [JSONValue] {
        switch value {
        case nil, .null?: return []
        case .array(let elements)?: return elements
        case let other?:
            add(field, "expected a list, found \(other.typeName)")
            return []
        }
    }
}
