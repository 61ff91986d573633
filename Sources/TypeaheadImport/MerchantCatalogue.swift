import TypeaheadModel

/// Merchant Center items made products as they are read: ids unique, one currency, and the
/// variants of a product (items sharing an `item_group_id`) folded into one record whose objectID is
/// the group's id. An item in no group is written out (as JSON) at once; only groups' items wait
/// for the end of the feed, since a group's items may be anywhere in it.
///
/// Folding: the product takes each field from the first of its items (in the feed's order) that has
/// it; its `price` is the lowest of its items' prices and its `sale_price` the lowest of their sale
/// prices; `availability` the best of theirs (in stock, preorder, backorder, out of stock); `color`
/// and `size` every item's value, in first-seen order.
struct MerchantCatalogue {
    let file: String
    /// The currency every price must be in: `--currency`, else the feed's first price's.
    private(set) var currency: String?
    private var currencySource: String?
    /// The first price in another currency, and how many more there are.
    private var mismatch: (text: FieldText, money: Money, wanted: String, source: String)?
    private var otherMismatches = 0
    private var ids: [ByteKey: Place] = [:]
    private var standalone: [ByteKey: Place] = [:]
    private var groups: [ByteKey: [MerchantOffer]] = [:]
    private var order: [ByteKey] = []
    private(set) var records: [RenderedRecord] = []
    private(set) var items = 0

    init(file: String, currency: String?) {
        self.file = file
        self.currency = currency
        currencySource = currency.map { "--currency \($0)" }
    }

    /// Checks `item` and keeps what it makes.
    mutating func add(_ item: MerchantItem, _ issues: inout IssueList) {
        items += 1
        if let id = item.values[.id] {
            if let first = ids[ByteKey(id.text)] {
                issues.add(
                    record: id.place.description, field: id.name,
                    "duplicate id \"\(id.text)\", already used by \(first.description)")
            } else {
                ids[ByteKey(id.text)] = id.place
            }
        }
        guard let offer = MerchantOffer.check(item, file: file, &issues) else { return }
        checkCurrency(offer)
        if let group = offer.group {
            let key = ByteKey(group.text)
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(offer)
        } else {
            standalone[ByteKey(offer.id)] = offer.idText.place
            // Once the feed has a problem nothing is written: rendering would be lost work.
            if issues.total == 0 {
                records.append(RenderedRecord(Self.record([offer], objectID: offer.id, currency: currency)))
            }
        }
    }

    /// The groups' products, and what is wrong across items; the items folded into another's product.
    mutating func finish(_ issues: inout IssueList) -> Int {
        if let (text, money, wanted, source) = mismatch {
            let more = otherMismatches > 0 ? " (and \(otherMismatches) more prices in other currencies)" : ""
            issues.add(
                record: text.place.description, field: text.name,
                "\"\(money.text)\" is in \(money.currency!), not \(wanted) (\(source)); a site shows one currency\(more)"
            )
        }
        var folded = 0
        for key in order {
            let members = groups.removeValue(forKey: key)!
            let group = members[0].group!
            folded += members.count - 1
            if let place = standalone[key] {
                issues.add(
                    record: group.place.description, field: group.name,
                    "\"\(group.text)\" is also the id of the item at \(place.description), which is in no group; an objectID must be unique"
                )
            }
            if issues.total == 0 {
                records.append(RenderedRecord(Self.record(members, objectID: group.text, currency: currency)))
            }
        }
        return folded
    }

    /// Notes a price in another currency than the feed's (the first one sets it).
    private mutating func checkCurrency(_ offer: MerchantOffer) {
        for (money, text) in [(offer.price, offer.priceText), (offer.salePrice, offer.salePriceText)] {
            guard let money, let text, let code = money.currency else { continue }
            guard let wanted = currency else {
                currency = code
                currencySource = "the currency of the first price, at \(text.place.description)"
                continue
            }
            if code != wanted {
                if mismatch == nil {
                    mismatch = (text, money, wanted, currencySource ?? "")
                } else {
                    otherMismatches += 1
                }
            }
        }
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
