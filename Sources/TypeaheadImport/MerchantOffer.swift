import TypeaheadModel

/// One Merchant Center item with its values checked: what a product is made of.
struct MerchantOffer {
    var id: String
    var idText: FieldText
    var title: String
    var description: String?
    var link: String?
    var image: String?
    var price: Money?
    var priceText: FieldText?
    var salePrice: Money?
    var salePriceText: FieldText?
    var brand: String?
    var googleProductCategory: String?
    /// `product_type`'s paths, or `google_product_category`'s when it is a path and there is none.
    var categoryPaths: [[String]] = []
    var availability: Availability?
    var group: FieldText?
    var color: String?
    var size: String?
    var gender: String?
    var condition: String?

    /// Checks `item`'s values, reporting each problem (with those found while reading it); nil
    /// when it has any.
    static func check(_ item: MerchantItem, file: String, _ issues: inout IssueList) -> MerchantOffer? {
        let before = issues.total
        for problem in item.problems { issues.add(problem) }
        func report(_ text: FieldText, _ problem: ValueProblem) {
            issues.add(record: text.place.description, field: text.name, problem.message)
        }
        func required(_ field: MerchantField, maximum: Int) -> FieldText? {
            guard let text = item.values[field] else {
                if !item.unreadable.contains(field) {
                    issues.add(
                        record: item.place.description, field: item.prefix + field.rawValue,
                        "missing; every item needs one")
                }
                return nil
            }
            if case .failure(let problem) = bounded(text.text, maximum) { report(text, problem) }
            return text
        }
        func value<T>(_ field: MerchantField, _ parse: (String) -> Result<T, ValueProblem>) -> T? {
            guard let text = item.values[field] else { return nil }
            switch parse(text.text) {
            case .success(let value): return value
            case .failure(let problem):
                report(text, problem)
                return nil
            }
        }
        func line(_ field: MerchantField, maximum: Int = RecordLimits.lineBytes) -> String? {
            value(field) { bounded($0, maximum) }
        }
        let id = required(.id, maximum: RecordLimits.objectIDBytes)
        let title = required(.title, maximum: RecordLimits.lineBytes)
        var offer = MerchantOffer(
            id: id?.text ?? "", idText: id ?? FieldText(text: "", name: "", place: item.place),
            title: title?.text ?? "")
        offer.description = line(.description, maximum: RecordLimits.textBytes)
        offer.link = value(.link, webURL)
        offer.image = value(.imageLink, webURL)
        offer.price = value(.price, Money.parseMerchant)
        offer.priceText = item.values[.price]
        offer.salePrice = value(.salePrice, Money.parseMerchant)
        offer.salePriceText = item.values[.salePrice]
        offer.brand = line(.brand)
        offer.googleProductCategory = line(.googleProductCategory)
        offer.availability = value(.availability, Availability.parse)
        offer.group = item.values[.itemGroupID]
        _ = line(.itemGroupID, maximum: RecordLimits.objectIDBytes)
        offer.color = line(.color)
        offer.size = line(.size)
        offer.gender = line(.gender)
        offer.condition = line(.condition)
        for text in item.productTypes {
            let path = categoryPath(text.text)
            if let long = path.first(where: { $0.utf8.count > RecordLimits.lineBytes }) {
                report(
                    text,
                    ValueProblem("a part \(long.utf8.count) bytes long; the limit is \(RecordLimits.lineBytes) bytes"))
            } else if !path.isEmpty {
                offer.categoryPaths.append(path)
            }
        }
        if offer.categoryPaths.isEmpty, let category = offer.googleProductCategory, category.contains(">") {
            offer.categoryPaths = [categoryPath(category)]
        }
        return issues.total == before && id != nil && title != nil ? offer : nil
    }
}
