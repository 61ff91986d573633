import TypeaheadModel

/// Products whose names are the same once normalised.
struct DuplicateNames: Finding {
    let id = FindingID.duplicateNames

    func table(_ input: FindingInput) -> BuildReport.Table {
        var groups: [String: [Product]] = [:]
        for product in input.content.products {
            groups[TextNormalizer.normalize(product.name), default: []].append(product)
        }
        let rows = groups.values.filter { $0.count > 1 }.map { group -> [String] in
            [group[0].name, String(group.count), group.map(\.objectID.text).joined(separator: ", ")]
        }.sorted { a, b in
            a[1] != b[1] ? Int(a[1])! > Int(b[1])! : utf8Less(a[2], b[2])
        }
        return .init(
            id, title: "Duplicate names",
            note:
                "Products whose names are the same once normalised (case, accents, punctuation): a shopper cannot tell them apart in the suggestions or results.",
            columns: ["name", "products", "objectIDs"], rows: rows)
    }
}
