/// What one record may cost: a field longer than its limit is an error naming the record, so
/// one runaway record (a 50 MB name, a suggestion of 801 words) cannot blow up a build whose cost
/// otherwise grows with the data set (README, "Limits").
public enum RecordLimits {
    /// objectID, in UTF-8 bytes.
    public static let objectIDBytes = 512
    /// One line of text: a name, a brand, a category, a suggestion's query, in UTF-8 bytes.
    public static let lineBytes = 1024
    /// A description or another searchable attribute's text, in UTF-8 bytes.
    public static let textBytes = 100_000
    /// A URL or an image path, in UTF-8 bytes.
    public static let urlBytes = 2048
    /// Words in a suggestion's query (its prefix-map keys grow with the square of its words).
    public static let queryWords = 32
    /// A count or popularity: the largest whole number a JSON number holds exactly (2^53 − 1).
    /// `suggest` refuses a logged count above it and adds counts up to it, no further.
    public static let maximumCount = 9_007_199_254_740_991
    /// One line of a query log (CSV, TSV, NDJSON), in bytes: reading stops at a longer one.
    public static let logLineBytes = 64 * 1024
    /// A query log in JSON (the Analytics API's top searches, one document), in bytes.
    public static let logJSONBytes = 64 * 1024 * 1024

    /// `a + b`, saturated at `maximumCount` (both ≥ 0).
    public static func addingCounts(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? maximumCount : min(sum, maximumCount)
    }

    /// Why `query` cannot be a suggestion's query (too many bytes or words for `build`), or nil.
    public static func queryProblem(_ query: String) -> String? {
        let bytes = query.utf8.count
        if bytes > lineBytes { return "\(bytes) bytes long; the limit is \(lineBytes) bytes" }
        let words = TextNormalizer.words(query).count
        if words > queryWords {
            return
                "\(words) words; the limit is \(queryWords) (a query's prefix-map keys grow with the square of its words)"
        }
        return nil
    }
}

/// Typed access to the fields of one JSON object, reporting every wrong or missing field.
struct FieldReader {
    var file: String
    var record: String?
    var members: [String: JSONValue]

    init(file: String, record: String?, members: [String: JSONValue]) {
        self.file = file
        self.record = record
        self.members = members
    }

    /// A reader for one record of a content file, named by its place and objectID; nil (and a
    /// reported problem) when the record is not an object.
    init?(record value: JSONValue, file: String, place: String, _ collector: inout IssueCollector) {
        guard case .object(let members) = value else {
            collector.add(
                ContentIssue(file: file, record: place, message: "expected an object, found \(value.typeName)"))
            return nil
        }
        // An overlong objectID is named by its beginning (it is an error of its own).
        let id = members["objectID"]?.stringValue.map {
            $0.unicodeScalars.count > 80 ? String($0.prefix(80)) + "…" : $0
        }
        self.init(file: file, record: id.map { "\(place) objectID \"\($0)\"" } ?? place, members: members)
    }

    private func issue(_ field: String, _ message: String, _ collector: inout IssueCollector) {
        collector.add(ContentIssue(file: file, record: record, field: field, message: message))
    }

    /// A string longer than `maximum` UTF-8 bytes is reported.
    private func bounded(_ string: String, _ field: String, _ maximum: Int, _ collector: inout IssueCollector)
        -> String?
    {
        let bytes = string.utf8.count
        guard bytes <= maximum else {
            issue(field, "\(bytes) bytes long; the limit is \(maximum) bytes", &collector)
            return nil
        }
        return string
    }

    func requiredString(
        _ field: String, maximumBytes: Int = RecordLimits.lineBytes, _ collector: inout IssueCollector
    ) -> String? {
        guard let value = members[field], value != .null else {
            issue(field, "missing; expected a non-empty string", &collector)
            return nil
        }
        guard let string = value.stringValue else {
            issue(field, "expected a non-empty string, found \(value.typeName)", &collector)
            return nil
        }
        guard !string.trimmingWhitespace.isEmpty else {
            issue(field, "empty; expected a non-empty string", &collector)
            return nil
        }
        return bounded(string, field, maximumBytes, &collector)
    }

    func optionalString(
        _ field: String, maximumBytes: Int = RecordLimits.lineBytes, _ collector: inout IssueCollector
    ) -> String? {
        guard let value = members[field], value != .null else { return nil }
        guard let string = value.stringValue else {
            issue(field, "expected a string, found \(value.typeName)", &collector)
            return nil
        }
        return bounded(string, field, maximumBytes, &collector)
    }

    func optionalNumber(
        _ field: String, minimum: Double? = nil, maximum: Double? = nil, _ collector: inout IssueCollector
    ) -> Double? {
        guard let value = members[field], value != .null else { return nil }
        guard let number = value.numberValue else {
            issue(field, "expected a number, found \(value.typeName)", &collector)
            return nil
        }
        if let minimum, number < minimum {
            issue(
                field, "expected a number of at least \(plainNumber(minimum)), found \(plainNumber(number))", &collector
            )
            return nil
        }
        if let maximum, number > maximum {
            issue(
                field, "expected a number of at most \(plainNumber(maximum)), found \(plainNumber(number))", &collector)
            return nil
        }
        return number
    }

    func optionalInteger(
        _ field: String, range: ClosedRange<Int>, _ collector: inout IssueCollector
    ) -> Int? {
        guard let number = optionalNumber(field, &collector) else { return nil }
        guard number.rounded() == number, number >= Double(range.lowerBound),
            number <= Double(range.upperBound)
        else {
            issue(
                field,
                "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(plainNumber(number))",
                &collector)
            return nil
        }
        return Int(number)
    }

    func optionalStrings(
        _ field: String, maximumBytes: Int = RecordLimits.lineBytes, _ collector: inout IssueCollector
    ) -> [String]? {
        guard let value = members[field], value != .null else { return nil }
        guard case .array(let elements) = value else {
            issue(field, "expected an array of strings, found \(value.typeName)", &collector)
            return nil
        }
        var strings: [String] = []
        for (index, element) in elements.enumerated() {
            guard let string = element.stringValue else {
                issue("\(field)[\(index)]", "expected a string, found \(element.typeName)", &collector)
                return nil
            }
            guard bounded(string, "\(field)[\(index)]", maximumBytes, &collector) != nil else { return nil }
            strings.append(string)
        }
        return strings
    }

    /// A searchable attribute holds a string or an array of strings.
    func checkSearchable(_ field: String, _ collector: inout IssueCollector) {
        guard let value = members[field], value != .null else { return }
        switch value {
        case .string: _ = optionalString(field, maximumBytes: RecordLimits.textBytes, &collector)
        case .array: _ = optionalStrings(field, maximumBytes: RecordLimits.textBytes, &collector)
        default:
            issue(
                field, "a searchable attribute must be a string or an array of strings, found \(value.typeName)",
                &collector)
        }
    }
}

// MARK: - Products

struct ProductReader {
    /// The largest price accepted (shown in cents, so it must fit a whole number with room).
    static let maximumPrice = 1e12
    var file: String
    var config: SiteConfig

    /// `interner`: the values this record repeats from others are shared with them.
    func read(
        _ value: JSONValue, place: String, interner: inout ValueInterner, _ collector: inout IssueCollector
    ) -> Product? {
        guard var fields = FieldReader(record: value, file: file, place: place, &collector) else { return nil }
        fields.members = interner.internMembers(fields.members)
        let members = fields.members
        let before = collector.total
        let objectID = fields.requiredString("objectID", maximumBytes: RecordLimits.objectIDBytes, &collector)
        let name = fields.requiredString("name", &collector)
        let brand = fields.optionalString("brand", &collector)
        let categories = fields.optionalStrings("categories", &collector)
        let description = fields.optionalString("description", maximumBytes: RecordLimits.textBytes, &collector)
        // A price is shown in cents, as a whole number: at most a trillion.
        let price = fields.optionalNumber("price", minimum: 0, maximum: Self.maximumPrice, &collector)
        let image = fields.optionalString("image", maximumBytes: RecordLimits.urlBytes, &collector)
        if case .failure(let error) = ImageReference.parse(image) {
            collector.add(ContentIssue(file: file, record: place, field: "image", message: error.message))
        }
        let url = fields.optionalString("url", maximumBytes: RecordLimits.urlBytes, &collector)
        let popularity = fields.optionalNumber("popularity", &collector)
        for attribute in config.searchableAttributes
        where !["objectID", "name", "brand", "categories", "description"].contains(attribute) {
            fields.checkSearchable(attribute, &collector)
        }
        for criterion in config.customRanking
        where criterion.attribute != "popularity" && criterion.attribute != "price" {
            _ = fields.optionalNumber(criterion.attribute, &collector)
        }
        guard collector.total == before, let objectID, let name else { return nil }
        return Product(
            objectID: ObjectID(objectID), name: name, brand: brand, categories: interner.intern(categories ?? []),
            description: description, price: price, image: image, url: url,
            popularity: popularity ?? 0, attributes: members, descriptionFormat: nil)
    }
}

// MARK: - Suggestions

struct SuggestionReader {
    var file: String
    var sourceIndex: String

    func read(_ value: JSONValue, place: String, _ collector: inout IssueCollector) -> Suggestion? {
        guard let fields = FieldReader(record: value, file: file, place: place, &collector) else { return nil }
        let members = fields.members
        let record = fields.record ?? place
        let before = collector.total
        let objectID = fields.requiredString("objectID", maximumBytes: RecordLimits.objectIDBytes, &collector)
        var query = fields.requiredString("query", &collector)
        // The bytes are checked above; the words here, by the definition `suggest` shares.
        if let text = query, let problem = RecordLimits.queryProblem(text) {
            collector.add(ContentIssue(file: file, record: record, field: "query", message: problem))
            query = nil
        }
        let popularity = fields.optionalNumber("popularity", &collector)
        var exactNbHits: Int?
        var exactMatches: [String: [String]] = [:]
        if let index = members[sourceIndex], index != .null {
            let prefix = sourceIndex
            func fail(_ field: String, _ message: String) {
                collector.add(ContentIssue(file: file, record: record, field: field, message: message))
            }
            if case .object(let data) = index {
                if let hits = data["exact_nb_hits"], hits != .null {
                    if let number = hits.numberValue, number >= 0, number.rounded() == number, number <= 1e15 {
                        exactNbHits = Int(number)
                    } else {
                        fail("\(prefix).exact_nb_hits", "expected a whole number, found \(hits.typeName)")
                    }
                }
                if let matches = data["facets"]?["exact_matches"], matches != .null {
                    if case .object(let attributes) = matches {
                        for (attribute, list) in attributes {
                            let field = "\(prefix).facets.exact_matches.\(attribute)"
                            guard case .array(let entries) = list else {
                                fail(field, "expected an array of {value, count}, found \(list.typeName)")
                                continue
                            }
                            var values: [String] = []
                            for (i, entry) in entries.enumerated() {
                                guard let facetValue = entry["value"]?.stringValue else {
                                    fail("\(field)[\(i)].value", "expected a string")
                                    continue
                                }
                                values.append(facetValue)
                            }
                            exactMatches[attribute] = values
                        }
                    } else {
                        fail("\(prefix).facets.exact_matches", "expected an object, found \(matches.typeName)")
                    }
                }
            } else {
                fail(prefix, "expected an object, found \(index.typeName)")
            }
        }
        guard collector.total == before, let objectID, let query else { return nil }
        return Suggestion(
            objectID: ObjectID(objectID), query: query, popularity: popularity ?? 0, exactNbHits: exactNbHits,
            exactMatches: exactMatches, attributes: members)
    }
}
