import TypeaheadModel

/// Merchant Center's tab-separated feed: a header row of attribute names (`title` or `g:title`, any
/// case), then an item a row. Quoted fields may hold tabs and line breaks (`""` for a quote); a
/// repeated attribute (`product_type`) takes several values separated by commas, a value holding a
/// comma in quotes, or several columns of the same name. Every row has the header's columns.
struct MerchantTSVReader {
    var file: ChunkedFile
    var limits: ImportLimits

    /// Hands each item to `each` as it is read; a problem that stops reading is reported.
    func read(_ issues: inout IssueList, each: (MerchantItem, inout IssueList) -> Void) {
        do {
            try readItems(&issues, each)
        } catch {
            issues.add(error.issue)
        }
    }

    private func readItems(
        _ issues: inout IssueList, _ each: (MerchantItem, inout IssueList) -> Void
    ) throws(FeedStop) {
        let reader = DelimitedReader(file: file, delimiter: 0x09, limits: limits)
        guard let header = try reader.next() else {
            issues.add(record: nil, "the file is empty; expected a header row of attribute names")
            return
        }
        var names: [String] = []
        for field in header.fields {
            guard let text = field.text else {
                throw FeedStop(
                    issue: ContentIssue(
                        file: file.path, record: "line \(field.invalidLine ?? 1)",
                        message: "invalid UTF-8 in the header; the file must be UTF-8"))
            }
            names.append(String(text.trimmingWhitespace))
        }
        reader.names = names
        let columns = names.map { MerchantField(rawValue: MerchantField.columnName(Substring($0))) }
        for required in [MerchantField.id, .title] where !columns.contains(required) {
            issues.add(record: "line \(header.line)", "the header has no \(required.rawValue) column")
        }
        if issues.total > 0 { return }
        while let row = try reader.next() {
            guard row.fields.count == names.count else {
                issues.add(
                    record: "line \(row.line)",
                    "\(row.fields.count) columns, but the header has \(names.count) (a tab or line break inside a value needs quotes)"
                )
                continue
            }
            var item = MerchantItem(place: Place(line: row.line), prefix: "")
            for (index, field) in row.fields.enumerated() {
                guard let text = field.text else {
                    let line = field.invalidLine ?? field.line
                    let issue = ContentIssue(
                        file: file.path, record: "line \(line)", field: names[index],
                        message: "invalid UTF-8; the file must be UTF-8")
                    item.problems.append(issue)
                    if let key = columns[index] { item.unreadable.insert(key) }
                    continue
                }
                guard let key = columns[index] else { continue }
                let place = Place(line: field.line)
                let values = key == .productType ? Self.repeatedValues(text) : [String(text.trimmingWhitespace)]
                for value in values {
                    item.set(key, FieldText(text: value, name: names[index], place: place))
                }
            }
            each(item, &issues)
        }
    }

    /// A repeated attribute's values: separated by commas, a value holding commas in quotes
    /// (`"Home > Kitchen, Dining",Toys`); each trimmed, empty ones dropped.
    static func repeatedValues(_ text: String) -> [String] {
        var values: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "\"" {
                quoted.toggle()
            } else if character == ",", !quoted {
                values.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        values.append(current)
        return values.map { String($0.trimmingWhitespace) }.filter { !$0.isEmpty }
    }
}
