import TypeaheadModel

/// Prices that are not positive, not whole cents, or far from their category's median.
struct SuspiciousPrices: Finding {
    let id = FindingID.prices

    /// Prices that are not positive, are not whole cents, or are far (20×) from the median price of
    /// the product's first category (when at least 5 products there have a price).
    func table(_ input: FindingInput) -> BuildReport.Table {
        var byCategory: [String: [Double]] = [:]
        for product in input.content.products {
            if let price = product.price, price > 0, let category = product.categories.first {
                byCategory[category, default: []].append(price)
            }
        }
        let medians = byCategory.filter { $0.value.count >= 5 }.mapValues { prices -> Double in
            let sorted = prices.sorted()
            return sorted.count % 2 == 1
                ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
        var rows: [[String]] = []
        for product in input.content.products {
            guard let price = product.price else { continue }
            var reason: String?
            if !(price > 0) {
                reason = "not positive"
            } else if abs(price * 100 - (price * 100).rounded()) > 1e-6 {
                reason = "not a whole number of cents"
            } else if let category = product.categories.first, let median = medians[category] {
                if price > median * 20 {
                    reason = "over 20× the median \(plainNumber(median)) of \(category)"
                } else if price < median / 20 {
                    reason = "under 1/20 of the median \(plainNumber(median)) of \(category)"
                }
            }
            if let reason { rows.append([product.objectID.text, product.name, plainNumber(price), reason]) }
        }
        return .init(
            id, title: "Suspicious prices",
            note:
                "Prices that are zero or negative, not whole cents, or over 20× (or under 1/20 of) the median price of the product's first category.",
            columns: ["objectID", "name", "price", "why"], rows: rows)
    }
}
