import TypeaheadModel

/// Shopify's products CSV export (RFC 4180; its classic header: `Handle`, `Title`, `Body (HTML)`,
/// `Vendor`, `Product Category`, `Type`, `Tags`, `Published`, `Option1 Name`/`Value`…, `Variant
/// Price`, `Variant Compare At Price`, `Variant Inventory Qty`, `Image Src`, `Status`). The rows of a
/// product share its Handle and follow one another: the first holds the product's fields, the
/// others its further variants and pictures. They are folded into one record.
struct ShopifyCatalogue {
    var file: ChunkedFile
    var limits: ImportLimits
    /// The shop's currency (`--currency`): the export carries none.
    var currency: String?

    struct Result {
        var records: [RenderedRecord]
        var rows: Int
        /// Variant rows folded into their product's record (all but its first).
        var folded: Int
        /// Products left out as drafts, archived or unpublished.
        var leftOut: Int
    }

    /// The columns read, by their name in the header (compared without case).
    enum Column: String, CaseIterable {
        case handle = "Handle"
        case title = "Title"
        case body = "Body (HTML)"
        case vendor = "Vendor"
        case type = "Type"
        case tags = "Tags"
        case category = "Product Category"
        case published = "Published"
        case status = "Status"
        case image = "Image Src"
        case price = "Variant Price"
        case compareAtPrice = "Variant Compare At Price"
        case quantity = "Variant Inventory Qty"
        case policy = "Variant Inventory Policy"
        case tracker = "Variant Inventory Tracker"
        case option1Name = "Option1 Name"
        case option1Value = "Option1 Value"
        case option2Name = "Option2 Name"
        case option2Value = "Option2 Value"
        case option3Name = "Option3 Name"
        case option3Value = "Option3 Value"
    }

    func read(_ issues: inout IssueList) throws(FeedStop) -> Result {
        let reader = DelimitedReader(file: file, delimiter: 0x2C, limits: limits)
        guard let header = try reader.next() else {
            issues.add(record: nil, "the file is empty; expected Shopify's header row (Handle, Title, …)")
            return Result(records: [], rows: 0, folded: 0, leftOut: 0)
        }
        let names = header.fields.map { String(($0.text ?? "").trimmingWhitespace) }
        reader.names = names
        var columns: [Int: Column] = [:]
        for (index, name) in names.enumerated() {
            if let column = Column.allCases.first(where: { $0.rawValue.lowercased() == name.lowercased() }),
                !columns.values.contains(column)
            {
                columns[index] = column
            }
        }
        for required in [Column.handle, .title] where !columns.values.contains(required) {
            issues.add(record: "line \(header.line)", "the header has no \(required.rawValue) column")
        }
        if issues.total > 0 { return Result(records: [], rows: 0, folded: 0, leftOut: 0) }
        var product = ShopifyProduct.Builder(file: file.path, currency: currency, columns: Set(columns.values))
        var result = Result(records: [], rows: 0, folded: 0, leftOut: 0)
        var seen: [ByteKey: Int] = [:]
        func finish(_ issues: inout IssueList) {
            guard let made = product.finish(&issues) else { return }
            if !made.published {
                result.leftOut += 1
            } else if issues.total == 0 {
                result.records.append(RenderedRecord(made.record))
            }
            result.folded += made.folded
        }
        while let row = try reader.next() {
            result.rows += 1
            guard row.fields.count == names.count else {
                issues.add(
                    record: "line \(row.line)", "\(row.fields.count) columns, but the header has \(names.count)")
                continue
            }
            var cells: [Column: ShopifyProduct.Cell] = [:]
            for (index, field) in row.fields.enumerated() {
                guard let text = field.text else {
                    issues.add(
                        record: "line \(field.invalidLine ?? field.line)", field: names[index],
                        "invalid UTF-8; the file must be UTF-8")
                    continue
                }
                if let column = columns[index] {
                    cells[column] = .init(text: String(text.trimmingWhitespace), line: field.line, name: names[index])
                }
            }
            let handle = cells[.handle]?.text ?? ""
            guard !handle.isEmpty else {
                issues.add(record: "line \(row.line)", field: "Handle", "empty; every row names its product")
                continue
            }
            if handle != product.handle {
                finish(&issues)
                if let first = seen[ByteKey(handle)] {
                    issues.add(
                        record: "line \(row.line)", field: cells[.handle]?.name,
                        "\"\(handle)\" again, apart from its product's rows (from line \(first)); a product's rows follow one another"
                    )
                }
                seen[ByteKey(handle)] = row.line
                product.start(handle: handle, line: row.line)
            }
            product.add(cells, line: row.line)
        }
        finish(&issues)
        return result
    }
}
