import TypeaheadModel

/// One product as `products.json` holds it, in Algolia's record shape.
struct ProductRecord {
    var objectID: String
    var name: String
    /// HTML, as the feed gives it.
    var description: String?
    var brand: String?
    /// Each category path's parts (`["Home & Garden", "Kitchen", "Knives"]`), in the feed's order.
    var categoryPaths: [[String]] = []
    /// The lowest regular price.
    var price: Double?
    /// The lowest sale price; written only when below `price`.
    var salePrice: Double?
    var currency: String?
    var url: String?
    var image: String?
    var availability: Availability?
    var tags: [String] = []
    /// What else is kept, by its name in the record: `color`, `size`, `gender`, `condition`,
    /// `google_product_category`, `type`, `options`.
    var extra: [String: JSONValue] = [:]

    var json: JSONValue {
        var members = extra
        members["objectID"] = .string(objectID)
        members["name"] = .string(name)
        members["description"] = description.map(JSONValue.string)
        members["brand"] = brand.map(JSONValue.string)
        if !categoryPaths.isEmpty {
            members["categories"] = .array(distinct(categoryPaths.flatMap { $0 }).map(JSONValue.string))
            members["hierarchicalCategories"] = Self.hierarchy(categoryPaths)
        }
        members["price"] = price.map(JSONValue.number)
        // A sale price is one below the price: folded variants' lowest sale price may not be.
        if let salePrice, price.map({ salePrice < $0 }) ?? true { members["sale_price"] = .number(salePrice) }
        members["currency"] = price != nil || salePrice != nil ? currency.map(JSONValue.string) : nil
        members["url"] = url.map(JSONValue.string)
        members["image"] = image.map(JSONValue.string)
        members["availability"] = availability.map { .string($0.rawValue) }
        if !tags.isEmpty { members["tags"] = .array(tags.map(JSONValue.string)) }
        return .object(members)
    }

    /// Algolia's hierarchical facets: `lvl0` the first part, `lvl1` the first two joined by
    /// " > "…; with several paths, a level holding more than one value is an array of them.
    static func hierarchy(_ paths: [[String]]) -> JSONValue {
        var levels: [String: JSONValue] = [:]
        for level in 0..<(paths.map(\.count).max() ?? 0) {
            let values = distinct(paths.filter { $0.count > level }.map { $0[0...level].joined(separator: " > ") })
            levels["lvl\(level)"] = values.count == 1 ? .string(values[0]) : .array(values.map(JSONValue.string))
        }
        return .object(levels)
    }
}

/// `values` without repeats (compared byte for byte), in first-seen order.
func distinct(_ values: [String]) -> [String] {
    var seen = Set<ByteKey>()
    return values.filter { seen.insert(ByteKey($0)).inserted }
}
