import TypeaheadMarkup

/// `Content/site.json`: the site's settings. Every key is optional; the defaults are documented in
/// the README and are Algolia's where Algolia has one.
public struct SiteConfig: Sendable, Equatable {
    /// The site's title, shown in every page's header. Default `Typeahead`.
    public var title: String = "Typeahead"
    /// A sentence under the title on the front page. Default none.
    public var tagline: String? = nil
    /// Product attributes searched, most important first. Default `name`, `brand`, `categories`,
    /// `description`.
    public var searchableAttributes: [String] = ["name", "brand", "categories", "description"]
    /// Product tie-breakers after the textual criteria, as `desc(attr)` / `asc(attr)`.
    /// Default `desc(popularity)`.
    /// Parsed once, when site.json is read (`desc(popularity)` by default).
    public var customRanking: [CustomRankingCriterion] = [
        CustomRankingCriterion(attribute: "popularity", descending: true)
    ]

    /// The custom ranking, ready to order records.
    public var ranking: CustomRanking { CustomRanking(criteria: customRanking) }
    /// Products per result page. Default 20.
    public var hitsPerPage: Int = 20
    /// Static result pages written per suggestion (and scope), from the first; later pages come
    /// from the page's script. Default 1; at most 1000 (the pages `paginationLimitedTo` reaches).
    public var resultPages: Int = 1
    /// Postings bytes above which the page's answer to a text of several words on the way to a
    /// suggestion (a key of the unscoped prefix map) is precomputed instead of computed in the page
    /// (0: every such text). One word of more than three letters on the way always is.
    public var answersAbove: Int = 96 * 1024
    /// Suggestions per prefix-map key (shown while typing). Default 8.
    public var suggestionsPerKey: Int = 8
    /// How many suggestions a key of `scope`'s prefix map holds (nil: the unscoped map). The build,
    /// `check`, the report and the page (through `data/site.js`) all ask here, so an option that
    /// changes the count per key changes this function and its reading only.
    public func suggestionsPerKey(in scope: Scope?) -> Int { suggestionsPerKey }
    /// A suggestion is offered only when its query has at least this many product hits (within the
    /// scope's filter, for a scope): docs/CONTRACT.md, "Suggestions that lead somewhere". Default 1.
    public var minHits: Int = 1
    /// Scopes offered as tokens, as `attribute:value`. Default none.
    public var scopes: [Scope] = []
    /// No scope (nil) first, then each of `scopes`: every index a prefix map, a vetting or a result
    /// page is made for.
    public var everyScope: [Scope?] { [nil] + scopes.map(Optional.some) }
    /// The index name under which the Query Suggestions export keeps per-index data
    /// (`exact_nb_hits`, `facets.exact_matches`). Default `instant_search`.
    public var sourceIndex: String = "instant_search"
    /// The currency symbol shown before prices. Default `$`.
    public var currency: String = "$"
    /// How descriptions are written: `markdown` (default), `html` or `text` (docs/CONTRACT.md,
    /// "Descriptions").
    public var descriptionFormat: DescriptionFormat = .markdown
    /// What a remote `image` that is not in the image cache shows: `placeholder` (default) or `link`.
    public var remoteImages: RemoteImages = .placeholder

    /// Algolia's `attributesToSnippet` for the products index: the attributes whose few words around
    /// the first match a hit carries (`description:10`), and the cards show for a product whose name
    /// does not match every word (docs/CONTRACT.md, Snippets). Default none.
    public var attributesToSnippet: [SnippetAttribute] = []

    /// Algolia's `attributesForFaceting` for the products index: the attributes whose values a
    /// search counts (`facets`) and the page offers as refinements. Default none.
    public var attributesForFaceting: [FacetAttribute] = []
    /// Sort orders: standard replicas of the products index, each named, sorted by one numeric
    /// attribute, then ranked as the products index. Default none.
    public var replicas: [Replica] = []

    /// The products index's language settings (docs/CONTRACT.md, "The shop's language"): the
    /// top-level keys `ignorePlurals`, `queryLanguages`, `alternativesAsExact`,
    /// `removeWordsIfNoResults`, `optionalWords`.
    public var language = LanguageSettings()
    /// The suggestions index's: the same keys in the object `suggestionsIndex`.
    public var suggestionsLanguage = LanguageSettings()

    /// The language settings of an index by name (`products` or `suggestions`).
    public func language(ofSuggestions suggestions: Bool) -> LanguageSettings {
        suggestions ? suggestionsLanguage : language
    }

    /// The largest `minHits`: the hits a query can show (`paginationLimitedTo`).
    public static let maximumMinHits = 1000

    public init() {}

    /// Every key `site.json` may hold (`options`' keys).
    public static var keys: [String] { options.map(\.key) }
}

// MARK: - Reading site.json

extension SiteConfig {
    /// One setting of `site.json`: its key, and how its value is read into a configuration (an
    /// issue naming the file and the field when it does not fit).
    struct Option {
        let key: String
        let read:
            (_ fields: FieldReader, _ key: String, _ config: inout SiteConfig, _ issues: inout IssueCollector) -> Void

        init(
            _ key: String,
            _ read: @escaping (FieldReader, String, inout SiteConfig, inout IssueCollector) -> Void
        ) {
            self.key = key
            self.read = read
        }

        /// A text setting.
        static func text(_ key: String, _ path: WritableKeyPath<SiteConfig, String>) -> Option {
            Option(key) { fields, key, config, issues in
                if let value = fields.optionalString(key, &issues) { config[keyPath: path] = value }
            }
        }

        /// A whole-number setting within `range`.
        static func integer(
            _ key: String, _ range: ClosedRange<Int>, _ path: WritableKeyPath<SiteConfig, Int>
        ) -> Option {
            Option(key) { fields, key, config, issues in
                if let value = fields.optionalInteger(key, range: range, &issues) { config[keyPath: path] = value }
            }
        }

        /// One of an enumeration's raw values.
        static func choice<T: RawRepresentable & CaseIterable>(
            _ key: String, _ path: WritableKeyPath<SiteConfig, T>
        ) -> Option where T.RawValue == String {
            Option(key) { fields, key, config, issues in
                guard let text = fields.optionalString(key, &issues) else { return }
                guard let value = T(rawValue: text) else {
                    let values = T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                    issues.add(
                        ContentIssue(
                            file: fields.file, field: key, message: "expected one of \(values), found \"\(text)\""))
                    return
                }
                config[keyPath: path] = value
            }
        }

        /// A list of texts, each parsed by `parse` (`expected` says what a text must look like).
        static func list<T>(
            _ key: String, expected: String, _ path: WritableKeyPath<SiteConfig, [T]>, _ parse: @escaping (String) -> T?
        ) -> Option {
            Option(key) { fields, key, config, issues in
                guard let texts = fields.optionalStrings(key, &issues) else { return }
                config[keyPath: path] = texts.enumerated().compactMap { i, text in
                    guard let value = parse(text) else {
                        issues.add(
                            ContentIssue(
                                file: fields.file, field: "\(key)[\(i)]",
                                message: "expected \(expected), found \"\(text)\""))
                        return nil
                    }
                    return value
                }
            }
        }
    }

    /// Every setting, in key order: the one place a setting is declared, read and named (a new
    /// option is a property above and a line here).
    static var options: [Option] {
        LanguageSettings.keys.map { name in
            Option(name) { fields, key, config, issues in
                guard let value = fields.members[key], value != .null else { return }
                config.language.read(key, value, file: fields.file, field: key, &issues)
            }
        } + [
            Option("suggestionsIndex") { fields, key, config, issues in
                guard let value = fields.members[key], value != .null else { return }
                guard case .object(let members) = value else {
                    issues.add(
                        ContentIssue(
                            file: fields.file, field: key, message: "expected an object, found \(value.typeName)"))
                    return
                }
                for name in members.keys.sorted(by: utf8Less) {
                    guard LanguageSettings.keys.contains(name) else {
                        issues.add(
                            ContentIssue(
                                file: fields.file, field: "\(key).\(name)",
                                message:
                                    "unknown setting; known settings are \(LanguageSettings.keys.joined(separator: ", "))"
                            ))
                        continue
                    }
                    config.suggestionsLanguage.read(
                        name, members[name]!, file: fields.file, field: "\(key).\(name)", &issues)
                }
            },

            .integer("answersAbove", 0...(1 << 30), \.answersAbove),
            .list(
                "attributesForFaceting",
                expected: "\"attribute\", \"searchable(attribute)\" or \"filterOnly(attribute)\"",
                \.attributesForFaceting, FacetAttribute.init),
            .list(
                "attributesToSnippet", expected: "\"attribute\" or \"attribute:words\" (words from 1 to 100)",
                \.attributesToSnippet, SnippetAttribute.init),
            .text("currency", \.currency),
            .list(
                "customRanking", expected: "\"desc(attribute)\" or \"asc(attribute)\"", \.customRanking,
                CustomRankingCriterion.init),
            .choice("descriptionFormat", \.descriptionFormat),
            .integer("hitsPerPage", 1...1000, \.hitsPerPage),
            .integer("minHits", 0...maximumMinHits, \.minHits),
            .choice("remoteImages", \.remoteImages),
            Option("replicas") { fields, key, config, issues in
                guard let value = fields.members[key], value != .null else { return }
                guard case .array(let items) = value else {
                    issues.add(
                        ContentIssue(
                            file: fields.file, field: key, message: "expected an array, found \(value.typeName)"))
                    return
                }
                config.replicas = items.enumerated().compactMap { i, item in
                    Replica.read(item, file: fields.file, field: "\(key)[\(i)]", &issues)
                }
            },
            .integer("resultPages", 1...1000, \.resultPages),
            .list("scopes", expected: "\"attribute:value\"", \.scopes, Scope.init(filter:)),
            Option("searchableAttributes") { fields, key, config, issues in
                guard let attributes = fields.optionalStrings(key, &issues) else { return }
                guard !attributes.isEmpty, !attributes.contains(where: \.isEmpty) else {
                    issues.add(
                        ContentIssue(
                            file: fields.file, field: key, message: "expected a non-empty list of attribute names"))
                    return
                }
                config.searchableAttributes = attributes
            },
            .text("sourceIndex", \.sourceIndex),
            .integer("suggestionsPerKey", 1...100, \.suggestionsPerKey),
            Option("tagline") { fields, key, config, issues in
                if let tagline = fields.optionalString(key, &issues) { config.tagline = tagline }
            },
            .text("title", \.title),
        ]
    }

    /// `site.json`'s settings (`file` names it in issues): every unknown key and every value that
    /// does not fit is an issue; what is not set keeps its default.
    init(reading value: JSONValue, file: String, _ issues: inout IssueCollector) {
        self.init()
        guard case .object(let members) = value else {
            issues.add(ContentIssue(file: file, message: "expected an object, found \(value.typeName)"))
            return
        }
        let options = Self.options
        let known = options.map(\.key)
        for key in members.keys.sorted(by: utf8Less) where !known.contains(key) {
            issues.add(
                ContentIssue(
                    file: file, field: key,
                    message: "unknown setting; known settings are \(known.joined(separator: ", "))"))
        }
        let fields = FieldReader(file: file, record: nil, members: members)
        for option in options { option.read(fields, option.key, &self, &issues) }
    }
}

/// One ranking tie-breaker of `customRanking`.
public struct CustomRankingCriterion: Sendable, Equatable, CustomStringConvertible {
    public var attribute: String
    public var descending: Bool

    public init(attribute: String, descending: Bool) {
        self.attribute = attribute
        self.descending = descending
    }

    /// As site.json writes it: `desc(popularity)`, `asc(price)`.
    public var description: String { "\(descending ? "desc" : "asc")(\(attribute))" }

    /// Parses `desc(attr)` or `asc(attr)`.
    public init?(_ text: String) {
        let descending: Bool
        let rest: Substring
        if text.hasPrefix("desc("), text.hasSuffix(")") {
            descending = true
            rest = text.dropFirst(5).dropLast()
        } else if text.hasPrefix("asc("), text.hasSuffix(")") {
            descending = false
            rest = text.dropFirst(4).dropLast()
        } else {
            return nil
        }
        guard !rest.isEmpty else { return nil }
        self.attribute = String(rest)
        self.descending = descending
    }
}
