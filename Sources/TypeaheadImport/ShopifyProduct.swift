import TypeaheadModel

/// One Shopify product made from its rows.
///
/// - `price` is the lowest of its variants' regular prices and `sale_price` the lowest of their sale
///   prices, in Merchant Center's sense: a variant with a `Variant Compare At Price` above its
///   `Variant Price` is on sale, its compare-at price the regular one.
/// - Options named Color (or Colour) and Size become `color` and `size`, others `options.<name>`,
///   each value once, in first-seen order (Shopify's `Title: Default Title` is no option).
/// - `availability`, when the export has `Variant Inventory Qty`: in stock if a variant is (a
///   quantity above 0, or no inventory tracker), else backorder if one sells on (`continue`
///   policy), else out of stock.
/// - A product whose Status is not `active`, or whose Published is `false`, is left out.
enum ShopifyProduct {
    typealias Column = ShopifyCatalogue.Column

    struct Cell {
        var text: String
        var line: Int
        /// The column's name as the header writes it.
        var name: String
    }

    struct Made {
        var record: ProductRecord
        var published: Bool
        var folded: Int
    }

    struct Builder {
        var file: String
        var currency: String?
        var columns: Set<Column>
        private(set) var handle: String?
        private var rows: [(cells: [Column: Cell], line: Int)] = []

        init(file: String, currency: String?, columns: Set<Column>) {
            self.file = file
            self.currency = currency
            self.columns = columns
        }

        mutating func start(handle: String, line: Int) {
            self.handle = handle
            rows = []
        }

        mutating func add(_ cells: [Column: Cell], line: Int) {
            rows.append((cells, line))
        }

        /// The product the rows make; nil (its problems reported) when they have any.
        mutating func finish(_ issues: inout IssueList) -> Made? {
            defer {
                rows = []
                handle = nil
            }
            guard let handle, let first = rows.first else { return nil }
            let before = issues.total
            func report(_ cell: Cell, _ message: String) {
                issues.add(record: "line \(cell.line)", field: cell.name, message)
            }
            func value(_ column: Column, maximum: Int = RecordLimits.lineBytes) -> String? {
                guard let cell = first.cells[column], !cell.text.isEmpty else { return nil }
                if case .failure(let problem) = bounded(cell.text, maximum) { report(cell, problem.message) }
                return cell.text
            }
            if let cell = first.cells[.handle], case .failure(let problem) = bounded(handle, RecordLimits.objectIDBytes)
            {
                report(cell, problem.message)
            }
            let title = value(.title)
            if title == nil {
                issues.add(
                    record: "line \(first.line)", field: first.cells[.title]?.name ?? "Title",
                    "empty on the product's first row; every product needs one")
            }
            var record = ProductRecord(objectID: handle, name: title ?? "")
            record.description = value(.body, maximum: RecordLimits.textBytes)
            record.brand = value(.vendor)
            let type = value(.type)
            record.extra["type"] = type.map(JSONValue.string)
            if let path = value(.category).map(categoryPath) ?? type.map(categoryPath), !path.isEmpty {
                record.categoryPaths = [path]
            }
            if let tags = first.cells[.tags] {
                record.tags = distinct(tags.text.split(separator: ",").map { String(String($0).trimmingWhitespace) })
                    .filter { !$0.isEmpty }
                if let long = record.tags.first(where: { $0.utf8.count > RecordLimits.lineBytes }) {
                    report(tags, "a tag \(long.utf8.count) bytes long; the limit is \(RecordLimits.lineBytes) bytes")
                }
            }
            record.currency = currency
            var variants = Variants()
            for row in rows { variants.add(row.cells, columns: columns, report) }
            record.image = variants.image
            record.price = variants.prices.min()
            record.salePrice = variants.salePrices.min()
            record.availability = variants.availability.min { $0.rank < $1.rank }
            for (name, value) in variants.options(named: first.cells) { record.extra[name] = value }
            let status = value(.status)?.lowercased()
            let published = value(.published)?.lowercased()
            guard issues.total == before else { return nil }
            return Made(
                record: record, published: (status ?? "active") == "active" && published != "false",
                folded: max(0, variants.count - 1))
        }
    }

    /// What a product's rows say about its variants and pictures.
    struct Variants {
        var count = 0
        var image: String?
        var prices: [Double] = []
        var salePrices: [Double] = []
        var availability: [Availability] = []
        var values: [[String]] = [[], [], []]

        static let options: [(name: Column, value: Column)] = [
            (.option1Name, .option1Value), (.option2Name, .option2Value), (.option3Name, .option3Value),
        ]

        mutating func add(_ cells: [Column: Cell], columns: Set<Column>, _ report: (Cell, String) -> Void) {
            func money(_ column: Column) -> Double? {
                guard let cell = cells[column], !cell.text.isEmpty else { return nil }
                switch Money.parseBare(cell.text) {
                case .success(let money): return money.amount
                case .failure(let problem):
                    report(cell, problem.message)
                    return nil
                }
            }
            if let cell = cells[.image], !cell.text.isEmpty {
                switch webURL(cell.text) {
                case .success(let url): image = image ?? url
                case .failure(let problem): report(cell, problem.message)
                }
            }
            let optionValues = Self.options.map { cells[$0.value]?.text ?? "" }
            let price = money(.price)
            guard cells[.price]?.text.isEmpty == false || optionValues.contains(where: { !$0.isEmpty }) else { return }
            count += 1
            for (index, value) in optionValues.enumerated() where !value.isEmpty { values[index].append(value) }
            if let price {
                if let compareAt = money(.compareAtPrice), compareAt > price {
                    prices.append(compareAt)
                    salePrices.append(price)
                } else {
                    prices.append(price)
                }
            }
            guard columns.contains(.quantity) else { return }
            var quantity = 0
            if let cell = cells[.quantity], !cell.text.isEmpty {
                guard let number = Int(cell.text) else {
                    report(cell, "\"\(cell.text)\" is not a whole number")
                    return
                }
                quantity = number
            }
            let untracked = columns.contains(.tracker) && (cells[.tracker]?.text ?? "").isEmpty
            let sellsOn = cells[.policy]?.text.lowercased() == "continue"
            availability.append(quantity > 0 || untracked ? .inStock : sellsOn ? .backorder : .outOfStock)
        }

        /// `color`, `size` and `options`, named by the first row's option names.
        func options(named first: [Column: Cell]) -> [(String, JSONValue)] {
            var fields: [(String, JSONValue)] = []
            var others: [String: JSONValue] = [:]
            for (index, columns) in Self.options.enumerated() {
                guard let name = first[columns.name]?.text, !name.isEmpty, !values[index].isEmpty else { continue }
                let list = distinct(values[index])
                if name.lowercased() == "title", list == ["Default Title"] { continue }
                let array = JSONValue.array(list.map(JSONValue.string))
                switch name.lowercased() {
                case "color", "colour": fields.append(("color", array))
                case "size": fields.append(("size", array))
                default: others[name] = array
                }
            }
            if !others.isEmpty { fields.append(("options", .object(others))) }
            return fields
        }
    }
}
