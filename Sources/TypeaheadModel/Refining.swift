/// One entry of site.json `attributesForFaceting`, as Algolia writes it: `brand`,
/// `searchable(brand)` (its values can be searched, `searchForFacetValues`) or `filterOnly(brand)`
/// (filters only: no counts). A dotted name reaches a nested attribute (`hierarchicalCategories.lvl0`).
public struct FacetAttribute: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case plain
        case searchable
        case filterOnly
    }

    public var name: String
    public var kind: Kind

    public init(name: String, kind: Kind = .plain) {
        self.name = name
        self.kind = kind
    }

    /// Parses `attr`, `searchable(attr)` or `filterOnly(attr)`.
    public init?(_ text: String) {
        for kind in [Kind.searchable, .filterOnly] where text.hasPrefix("\(kind.rawValue)(") && text.hasSuffix(")") {
            let name = String(text.dropFirst(kind.rawValue.count + 1).dropLast())
            guard Self.isName(name) else { return nil }
            self.init(name: name, kind: kind)
            return
        }
        guard Self.isName(text) else { return nil }
        self.init(name: text)
    }

    private static func isName(_ text: String) -> Bool {
        !text.isEmpty && !text.contains { "():\"".contains($0) || $0.isWhitespace }
            && !text.hasPrefix(".") && !text.hasSuffix(".") && !text.contains("..")
    }

    /// As site.json writes it.
    public var description: String { kind == .plain ? name : "\(kind.rawValue)(\(name))" }

    /// Whether searches return counts for it (`filterOnly` attributes only filter).
    public var counted: Bool { kind != .filterOnly }
}

/// One sort order of site.json `replicas`: a standard replica of the products index, named, whose
/// ranking is its sort criterion followed by the default criteria.
public struct Replica: Sendable, Equatable {
    public var name: String
    public var sort: CustomRankingCriterion

    public init(name: String, sort: CustomRankingCriterion) {
        self.name = name
        self.sort = sort
    }

    /// Algolia's default ranking criteria, which may follow the sort criterion in `ranking` (with
    /// or without `geo` and `filters`, which change nothing here).
    static let defaultCriteria = ["typo", "geo", "words", "filters", "proximity", "attribute", "exact", "custom"]

    /// The replica's `ranking` as the settings endpoint says it.
    public var ranking: [String] { [sort.description] + Self.defaultCriteria }

    /// Reads one element of `replicas`: `{"name": …, "ranking": ["asc(price)", …]}`; nil with an
    /// issue when it does not fit.
    static func read(
        _ value: JSONValue, file: String, field: String, _ issues: inout IssueCollector
    ) -> Replica? {
        func fail(_ message: String) -> Replica? {
            issues.add(ContentIssue(file: file, field: field, message: message))
            return nil
        }
        guard case .object(let members) = value else {
            return fail(
                "expected an object {\"name\": …, \"ranking\": [\"asc(attribute)\", …]}, found \(value.typeName)")
        }
        for key in members.keys.sorted(by: utf8Less) where key != "name" && key != "ranking" {
            return fail("unknown member \"\(key)\"; a replica has \"name\" and \"ranking\"")
        }
        guard let name = members["name"]?.stringValue, !name.isEmpty else {
            return fail("expected a non-empty \"name\"")
        }
        guard case .array(let items)? = members["ranking"], let first = items.first?.stringValue,
            let criterion = CustomRankingCriterion(first)
        else {
            return fail("replica \"\(name)\": \"ranking\" must start with \"asc(attribute)\" or \"desc(attribute)\"")
        }
        let rest = items.dropFirst().map { $0.stringValue ?? "" }
        let known = rest.filter { !["geo", "filters"].contains($0) }
        let expected = defaultCriteria.filter { !["geo", "filters"].contains($0) }
        guard rest.isEmpty || known == expected else {
            return fail(
                "replica \"\(name)\": after its sort criterion, \"ranking\" may only list the default criteria "
                    + defaultCriteria.joined(separator: ", ") + " in that order")
        }
        return Replica(name: name, sort: criterion)
    }
}

extension JSONValue {
    /// The value at a dotted path (`hierarchicalCategories.lvl0`): a member of that exact name
    /// first, else the path's parts, one object inside the next.
    public func member(path: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        if let value = members[path] { return value }
        guard let dot = path.firstIndex(of: ".") else { return nil }
        return members[String(path[..<dot])]?.member(path: String(path[path.index(after: dot)...]))
    }

    /// The facet values a record's attribute holds, as Algolia counts them: a string itself, a
    /// number in JSON's shortest form (`4`, `9.99`), a boolean `true` or `false`; an array gives each
    /// of its elements' values, once each; null, objects and nested arrays give none.
    public var facetValues: [String] {
        switch self {
        case .string(let text): return [text]
        case .number(let number): return [JSONWriter.format(number)]
        case .bool(let flag): return [flag ? "true" : "false"]
        case .array(let items):
            var seen: [String] = []
            var known = Set<[UInt8]>()
            for item in items {
                let value: String
                switch item {
                case .string(let text): value = text
                case .number(let number): value = JSONWriter.format(number)
                case .bool(let flag): value = flag ? "true" : "false"
                default: continue
                }
                if known.insert(Array(value.utf8)).inserted { seen.append(value) }
            }
            return seen
        default: return []
        }
    }

    /// The numbers a record's attribute holds (a number, or the numbers of an array).
    public var numericValues: [Double] {
        switch self {
        case .number(let number): return [number]
        case .array(let items): return items.compactMap(\.numberValue)
        default: return []
        }
    }
}
