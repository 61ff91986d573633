/// The settings of "The shop's language" (docs/CONTRACT.md) for one index, with Algolia's names and
/// defaults: site.json sets them per index, and a search request may override them.
public struct LanguageSettings: Sendable, Equatable {
    /// Algolia's `removeWordsIfNoResults`.
    public enum RemoveWords: String, Sendable, CaseIterable {
        case none
        case lastWords
        case firstWords
        case allOptional
    }

    /// The kinds of alternative `alternativesAsExact` may name.
    public enum ExactAlternative: String, Sendable, CaseIterable {
        case ignorePlurals
        case singleWordSynonym
        case multiWordsSynonym
    }

    /// `ignorePlurals` as set: nil for `false`, `[]` for `true` (the languages are then
    /// `queryLanguages`), else the languages listed.
    public var ignorePlurals: [String]? = nil {
        didSet { updateTables() }
    }
    public var queryLanguages: [String] = ["en"] {
        didSet { updateTables() }
    }

    private mutating func updateTables() {
        pluralTables = Self.tables(ignorePlurals, queryLanguages)
        pluralKey = pluralTables.map(\.language).joined(separator: ",")
    }
    public var alternativesAsExact: [ExactAlternative] = [.ignorePlurals, .singleWordSynonym]
    public var removeWordsIfNoResults: RemoveWords = .none
    /// Words always optional, normalised.
    public var optionalWords: [String] = []

    public init() {}

    /// The plural tables in force, in language order (none when `ignorePlurals` is false): kept
    /// up to date as the two settings change, since every query word reads it.
    public private(set) var pluralTables: [PluralTable] = []

    private static func tables(_ ignorePlurals: [String]?, _ queryLanguages: [String]) -> [PluralTable] {
        guard let listed = ignorePlurals else { return [] }
        return (listed.isEmpty ? queryLanguages : listed).compactMap { PluralTable.languages[$0] }
    }

    /// The plural tables' languages joined, a key for what they make of a word.
    public private(set) var pluralKey = ""

    public func exact(_ kind: ExactAlternative) -> Bool { alternativesAsExact.contains(kind) }

    /// The site.json / API keys these settings are read from.
    public static let keys = [
        "alternativesAsExact", "ignorePlurals", "optionalWords", "queryLanguages", "removeWordsIfNoResults",
    ]

    /// A search parameter's value as `apply` takes it: JSON as given, or the text of a query string
    /// (`true`, `lastWords`, `en,fr`, `["case"]`); nil for a key that is not one of `keys`, or the
    /// message saying what was expected.
    public static func parameter(_ key: String, _ value: JSONValue) -> Result<JSONValue, LanguageSettingError>? {
        guard keys.contains(key) else { return nil }
        var converted = value
        if case .string(let text) = value {
            if text.hasPrefix("["), let parsed = try? JSONParser.parse(Array(text.utf8)) {
                converted = parsed
            } else if key == "ignorePlurals", text == "true" || text == "false" {
                converted = .bool(text == "true")
            } else if key != "removeWordsIfNoResults" {
                converted = .array(
                    text.split(separator: ",").map { .string(String(String($0).trimmingWhitespace)) }.filter {
                        $0.stringValue?.isEmpty == false
                    })
            }
        }
        var check = LanguageSettings()
        if let message = check.apply(key, converted) {
            return .failure(LanguageSettingError(message: "\(key): \(message)"))
        }
        return .success(converted)
    }

    /// Sets one of `keys` from a search request's value; nil, or what was expected.
    public mutating func apply(_ key: String, _ value: JSONValue) -> String? {
        var issues = IssueCollector(limit: 1)
        read(key, value, file: "", field: key, &issues)
        return issues.issues.first?.message
    }

    /// Reads one of `keys` from a JSON value (site.json or a search request) into the settings; an
    /// issue names `file`, `field` and what was expected.
    mutating func read(
        _ key: String, _ value: JSONValue, file: String, field: String, record: String? = nil,
        _ issues: inout IssueCollector
    ) {
        func problem(_ message: String) {
            issues.add(ContentIssue(file: file, record: record, field: field, message: message))
        }
        func languages(_ value: JSONValue) -> [String]? {
            guard case .array(let items) = value else { return nil }
            var result: [String] = []
            for item in items {
                guard let code = item.stringValue else { return nil }
                result.append(code)
            }
            return result
        }
        func checkLanguages(_ codes: [String]) -> Bool {
            for code in codes where PluralTable.languages[code] == nil {
                let known = PluralTable.languages.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                problem("no plural table for language \"\(code)\"; known: \(known)")
                return false
            }
            return true
        }
        switch key {
        case "ignorePlurals":
            if case .bool(let on) = value {
                ignorePlurals = on ? [] : nil
            } else if let codes = languages(value) {
                if checkLanguages(codes) { ignorePlurals = codes.isEmpty ? nil : codes }
            } else {
                problem("expected true, false or a list of language codes such as [\"en\"]")
            }
        case "queryLanguages":
            guard let codes = languages(value) else {
                return problem("expected a list of language codes such as [\"en\"]")
            }
            if checkLanguages(codes) { queryLanguages = codes }
        case "alternativesAsExact":
            let kinds = ExactAlternative.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            guard case .array(let items) = value else { return problem("expected a list of \(kinds)") }
            var result: [ExactAlternative] = []
            for item in items {
                guard let text = item.stringValue, let kind = ExactAlternative(rawValue: text) else {
                    return problem("expected a list of \(kinds)")
                }
                if !result.contains(kind) { result.append(kind) }
            }
            alternativesAsExact = result
        case "removeWordsIfNoResults":
            let modes = RemoveWords.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            guard let text = value.stringValue, let mode = RemoveWords(rawValue: text) else {
                return problem("expected one of \(modes)")
            }
            removeWordsIfNoResults = mode
        case "optionalWords":
            guard let texts = languages(value) else { return problem("expected a list of words") }
            var words: [String] = []
            for text in texts {
                for word in TextNormalizer.words(text) where !words.contains(word) { words.append(word) }
            }
            optionalWords = words.sorted(by: utf8Less)
        default:
            problem("unknown setting")
        }
    }
}

/// A search parameter of the shop's language that does not fit.
public struct LanguageSettingError: Error, Sendable {
    public var message: String
}
