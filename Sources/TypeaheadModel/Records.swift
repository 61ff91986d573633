import TypeaheadMarkup

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A catalogue record. The well-known fields are typed; every field of the record, known or not, is
/// kept in `attributes`, so configurable searchable attributes and filters can reach them.
public struct Product: Sendable, Equatable {
    public var objectID: ObjectID
    public var name: String
    public var brand: String?
    public var categories: [String]
    /// The description as the catalogue writes it, in `site.json`'s `descriptionFormat`.
    public var description: String?
    /// The format `description` was read in (nil: not read yet, and no page HTML).
    public var descriptionFormat: DescriptionFormat?
    /// The description as the product page shows it: safe HTML made by `DescriptionFormat.html`,
    /// made each time it is asked for, not held (a million products' would hold 0.7 GB through a
    /// build). `attributes["description"]` holds its text, which is what the engine searches.
    public var descriptionHTML: String? {
        guard let descriptionFormat, let description else { return nil }
        return descriptionFormat.html(description)
    }
    public var price: Double?
    public var image: String?
    public var url: String?
    public var popularity: Double
    /// The whole record as it was read.
    public var attributes: [String: JSONValue]

    /// A product from its typed fields; `attributes` is derived from them when not given. A
    /// description is read in `descriptionFormat` (its text replaces it in `attributes`); with
    /// nil, it is left for `render(_:text:)`.
    public init(
        objectID: ObjectID, name: String, brand: String? = nil, categories: [String] = [],
        description: String? = nil, price: Double? = nil, image: String? = nil, url: String? = nil,
        popularity: Double = 0, attributes: [String: JSONValue]? = nil,
        descriptionFormat: DescriptionFormat? = .markdown
    ) {
        self.objectID = objectID
        self.name = name
        self.brand = brand
        self.categories = categories
        self.description = description
        self.price = price
        self.image = image
        self.url = url
        self.popularity = popularity
        if let attributes {
            self.attributes = attributes
        } else {
            var record: [String: JSONValue] = ["objectID": .string(objectID.text), "name": .string(name)]
            if let brand { record["brand"] = .string(brand) }
            if !categories.isEmpty { record["categories"] = .array(categories.map(JSONValue.string)) }
            if let description { record["description"] = .string(description) }
            if let price { record["price"] = .number(price) }
            if let image { record["image"] = .string(image) }
            if let url { record["url"] = .string(url) }
            record["popularity"] = .number(popularity)
            self.attributes = record
        }
        if let descriptionFormat { render(descriptionFormat) }
    }

    /// Reads the description in `format`: its text (`text`, when the caller has made it already)
    /// becomes the searched `description` attribute, and `descriptionHTML` is made in that format.
    /// No description: nothing changes.
    public mutating func render(_ format: DescriptionFormat, text: String? = nil) {
        guard let description else { return }
        descriptionFormat = format
        let text = text ?? format.text(description)
        // A text that is its source (a plain paragraph) shares the source's storage: a copy of
        // every description is 0.4 GB at a million products.
        attributes["description"] = .string(text.utf8.elementsEqual(description.utf8) ? description : text)
    }
}

/// A Query Suggestions record, as Algolia exports it.
public struct Suggestion: Sendable, Equatable {
    public var objectID: ObjectID
    public var query: String
    public var popularity: Double
    /// Algolia's hit count for this query in the source index, when the export has one.
    public var exactNbHits: Int?
    /// `<index>.facets.exact_matches`: facet attribute → the values this query matched exactly.
    public var exactMatches: [String: [String]]
    /// The whole record as it was read.
    public var attributes: [String: JSONValue]

    /// A suggestion from its typed fields; `attributes` is derived from them when not given.
    public init(
        objectID: ObjectID, query: String, popularity: Double = 0, exactNbHits: Int? = nil,
        exactMatches: [String: [String]] = [:], attributes: [String: JSONValue]? = nil
    ) {
        self.objectID = objectID
        self.query = query
        self.popularity = popularity
        self.exactNbHits = exactNbHits
        self.exactMatches = exactMatches
        self.attributes =
            attributes ?? [
                "objectID": .string(objectID.text), "query": .string(query), "popularity": .number(popularity),
            ]
    }
}

extension Suggestion {
    /// Whether the suggestion belongs to a scope: its `exact_matches` list the scope's value for
    /// the scope's attribute (compared byte for byte). The one test of it, for the engine, the
    /// build and the harnesses.
    public func isListed(in scope: Scope) -> Bool {
        exactMatches[scope.attribute]?.contains { $0.utf8.elementsEqual(scope.value.utf8) } ?? false
    }
}

/// A scope: an exact facet value that narrows suggestions and results, shown as a token.
public struct Scope: Sendable, Hashable, Comparable {
    public var attribute: String
    public var value: String

    public init(attribute: String, value: String) {
        self.attribute = attribute
        self.value = value
    }

    /// `attribute:value`, the form used in `site.json` and on the command line.
    public var filter: String { "\(attribute):\(value)" }

    /// Parses `attribute:value`; the attribute is everything before the first colon.
    public init?(filter: String) {
        guard let colon = filter.firstIndex(of: ":") else { return nil }
        let attribute = String(filter[..<colon])
        let value = String(filter[filter.index(after: colon)...])
        guard !attribute.isEmpty, !value.isEmpty else { return nil }
        self.init(attribute: attribute, value: value)
    }

    public static func < (a: Scope, b: Scope) -> Bool {
        if a.attribute != b.attribute { return utf8Less(a.attribute, b.attribute) }
        return utf8Less(a.value, b.value)
    }
}

/// Everything `Content/` holds, validated.
public struct Content: Sendable {
    public var products: [Product]
    public var suggestions: [Suggestion]
    public var config: SiteConfig
    /// `synonyms.json` (none when there is no such file).
    public var synonyms: Synonyms

    public init(products: [Product], suggestions: [Suggestion], config: SiteConfig, synonyms: Synonyms = Synonyms()) {
        self.products = products
        self.suggestions = suggestions
        self.config = config
        self.synonyms = synonyms
    }
}

/// Byte order of UTF-8, the one order Typeahead sorts identifiers by (locale-free, stable).
@inlinable
public func utf8Less(_ a: String, _ b: String) -> Bool {
    // Compared in place, a word of bytes at a time (`memcmp`), rather than a byte at a time
    // through the UTF-8 view: the build sorts hundreds of thousands of paths and keys with it.
    let inPlace = a.utf8.withContiguousStorageIfAvailable { x in
        b.utf8.withContiguousStorageIfAvailable { y in
            let shared = min(x.count, y.count)
            if shared > 0 {
                let order = memcmp(x.baseAddress!, y.baseAddress!, shared)
                if order != 0 { return order < 0 }
            }
            return x.count < y.count
        }
    }
    return (inPlace ?? nil) ?? a.utf8.lexicographicallyPrecedes(b.utf8)
}

/// A dictionary key that compares strings byte for byte: queries, keys, URLs (objectIDs are
/// `ObjectID`). Swift's `String` keys treat `é` and `e` + U+0301 as equal; these must not.
public struct ByteKey: Hashable, Sendable {
    public let utf8: [UInt8]
    public init(_ string: String) { utf8 = Array(string.utf8) }
    public init(bytes: [UInt8]) { utf8 = bytes }
}
