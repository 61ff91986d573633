import TypeaheadModel

/// The Merchant Center attributes `import` reads (the others are skipped).
enum MerchantField: String, CaseIterable {
    case id, title, description, link, price, brand, availability, color, size, gender, condition
    case imageLink = "image_link"
    case salePrice = "sale_price"
    case googleProductCategory = "google_product_category"
    case productType = "product_type"
    case itemGroupID = "item_group_id"

    /// A TSV header cell as an attribute name: trimmed, lower case, without a `g:` prefix.
    static func columnName(_ cell: Substring) -> String {
        var name = String(cell).trimmingWhitespace.lowercased()
        if name.hasPrefix("g:") { name.removeFirst(2) }
        return name
    }
}

/// Where something is in a feed: its line, and in XML its item's number (kept as numbers, made
/// text only for a message: a million items should not cost a million strings).
struct Place: Equatable {
    var line: Int
    var item: Int?

    /// `line 40 (item 3)`, `line 7`.
    var description: String { item.map { "line \(line) (item \($0))" } ?? "line \(line)" }
}

/// One attribute's value as read, with where it was and how the file names it.
struct FieldText {
    var text: String
    /// `g:price` in XML, the header's own spelling in TSV.
    var name: String
    var place: Place
    /// An RSS or Atom element (`title`) that the `g:` attribute (`g:title`) replaces.
    var replaceable = false
}

/// One Merchant Center item as read from XML or TSV, before its values are checked.
struct MerchantItem {
    /// Where the item starts.
    var place: Place
    /// How a missing attribute is named: `g:` in XML, nothing in TSV.
    var prefix: String
    var values: [MerchantField: FieldText] = [:]
    /// `product_type` may repeat.
    var productTypes: [FieldText] = []
    /// Problems found while reading it (an element inside a field, invalid UTF-8).
    var problems: [ContentIssue] = []
    /// Attributes whose value could not be read (already a problem): not also missing.
    var unreadable: Set<MerchantField> = []

    /// Sets an attribute, keeping the first non-empty value of one that does not repeat (a `g:`
    /// attribute replaces its RSS or Atom counterpart).
    mutating func set(_ field: MerchantField, _ value: FieldText) {
        guard !value.text.isEmpty else { return }
        if field == .productType {
            productTypes.append(value)
        } else if let existing = values[field] {
            if existing.replaceable, !value.replaceable { values[field] = value }
        } else {
            values[field] = value
        }
    }
}
