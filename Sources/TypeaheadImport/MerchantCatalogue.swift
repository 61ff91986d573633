import TypeaheadModel

/// Merchant Center offers made products: ids unique, one currency, and the variants of a product
/// (items sharing an `item_group_id`) folded into one record whose objectID is the group's id.
///
/// Folding: the product takes each field from the first of its items (in the feed's order) that has
/// it; its `price` is the lowest of its items' prices and its `sale_price` the lowest of their sale
/// prices; `availability` the best of theirs (in stock, preorder, backorder, out of stock); `color`
/// and `size` every item's value, in first-seen order.
struct MerchantCatalogue {
    var offers: [MerchantOffer] = []
    /// The currency every price must be in (`--currency`); else the feed's first price's.
    var currency: String?

    struct Result {
        var records: [ProductRecord]
        /// Items folded into another item's product.
        var folded: Int
        var currency: String?
    }

    func make(_ issues: inout IssueList) -> Result {
        let currency = checkCurrency(&issues)
        var groups: [ByteKey: [MerchantOffer]] = [:]
        var order: [ByteKey] = []
        var records: [ProductRecord] = []
        var standalone: [ByteKey: String] = [:]
        for offer in offers {
            guard let group = offer.group else {
                standalone[ByteKey(offer.id)] = offer.idText.place
                records.append(Self.record([offer], objectID: offer.id, currency: currency))
                continue
            }
            let key = ByteKey(group.text)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(offer)
        }
        for key in order {
            let members = groups[key]!
            let group = members[0].group!
            if let place = standalone[key] {
                issues.add(
                    record: group.place, field: group.name,
                    "\"\(group.text)\" is also the id of the item at \(place), which is in no group; an objectID must be unique"
                )
            }
            records.append(Self.record(members, objectID: group.text, currency: currency))
        }
        return Result(records: records, folded: order.reduce(0) { $0 + groups[$1]!.count - 1 }, currency: currency)
    }

    /// Every item's id is its own, invalid items' included.
    static func checkUnique(_ items: [MerchantItem], _ issues: inout IssueList) {
        var seen: [ByteKey: String] = [:]
        for item in items {
            guard let id = item.values[.id] else { continue }
            let key = ByteKey(id.text)
            if let first = seen[key] {
                issues.add(record: id.place, field: id.name, "duplicate id \"\(id.text)\", already used by \(first)")
            } else {
                seen[key] = id.place
            }
        }
    }

    /// The feed's one currency; a price in another is reported (the first, with a count of the rest).
    private func checkCurrency(_ issues: inout IssueList) -> String? {
        var expected = currency
        var source = currency.map { "--currency \($0)" }
        var first: (FieldText, Money, String, String)?
        var others = 0
        for offer in offers {
            for (money, text) in [(offer.price, offer.priceText), (offer.salePrice, offer.salePriceText)] {
                guard let money, let text, let code = money.currency else { continue }
                guard let wanted = expected else {
                    expected = code
                    source = "the currency of the first price, at \(text.place)"
                    continue
                }
                if code != wanted {
                    if first == nil { first = (text, money, wanted, source ?? "") } else { others += 1 }
                }
            }
        }
        if let (text, money, wanted, source) = first {
            let more = others > 0 ? " (and \(others) more prices in other currencies)" : ""
            issues.add(
                record: text.place, field: text.name,
                "\"\(money.text)\" is in \(money.currency!), not \(wanted) (\(source)); a site shows one currency\(more)"
            )
        }
        return expected
    }

    /// The product `members` make (one item, or a group's items in feed order).
    static func record(_ members: [MerchantOffer], objectID: String, currency: String?) -> ProductRecord {
        func first<T>(_ value: (MerchantOffer) -> T?) -> T? { members.lazy.compactMap(value).first }
        var record = ProductRecord(objectID: objectID, name: members[0].title)
        record.description = first(\.description)
        record.brand = first(\.brand)
        record.categoryPaths = members.first { !$0.categoryPaths.isEmpty }?.categoryPaths ?? []
        record.price = members.compactMap { $0.price?.amount }.min()
        record.salePrice = members.compactMap { $0.salePrice?.amount }.min()
        record.currency = currency
        record.url = first(\.link)
        record.image = first(\.image)
        record.availability = members.compactMap(\.availability).min { $0.rank < $1.rank }
        for (name, values) in [("color", members.compactMap(\.color)), ("size", members.compactMap(\.size))]
        where !values.isEmpty {
            record.extra[name] = .array(distinct(values).map(JSONValue.string))
        }
        record.extra["gender"] = first(\.gender).map(JSONValue.string)
        record.extra["condition"] = first(\.condition).map(JSONValue.string)
        record.extra["google_product_category"] = first(\.googleProductCategory).map(JSONValue.string)
        return record
    }
}
