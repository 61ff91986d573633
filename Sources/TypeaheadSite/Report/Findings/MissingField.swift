import Foundation
import TypeaheadModel

/// Products without a value for a field their cards and pages show.
struct MissingField: Finding {
    let id: FindingID
    /// The field's name, as the report's title and note say it.
    let field: String
    let value: @Sendable (Product) -> String?

    static let price = MissingField(id: .noPrice, field: "price") { $0.price.map { String($0) } }
    /// A description whose text is empty shows nothing: HTML that is all scripts, Markdown that is all raw HTML.
    static let description = MissingField(id: .noDescription, field: "description") {
        $0.attributes["description"]?.stringValue.map { String($0.trimmingWhitespace) }
    }

    func table(_ input: FindingInput) -> BuildReport.Table {
        let rows = input.content.products.filter { (value($0) ?? "").isEmpty }.map { [$0.objectID.text, $0.name] }
        return .init(
            id, title: "Products without a \(field)", note: "Their cards and pages show no \(field).",
            columns: ["objectID", "name"], rows: rows)
    }
}
