import TypeaheadMarkup
import TypeaheadModel

/// Descriptions that do not read as `descriptionFormat` declares: HTML in a Markdown or a text
/// catalogue (cmark omits it, text shows its tags), Markdown in an HTML or a text one (shown with its
/// marks). The kind held most often comes first, with what to set.
struct DescriptionFormats: Finding {
    let id = FindingID.descriptionFormat

    func table(_ input: FindingInput) -> BuildReport.Table {
        let declared = input.content.config.descriptionFormat
        var byContent: [DescriptionContent: [[String]]] = [:]
        for (product, content) in zip(input.content.products, input.descriptionContents) {
            guard let source = product.description, let content, !content.fits(declared) else { continue }
            let shown = String(source.prefix(80)).replacingOccurrences(of: "\n", with: " ")
            byContent[content, default: []].append([
                product.objectID.text, Self.holds(content), declared.rawValue, shown,
            ])
        }
        let groups = DescriptionContent.allCases.compactMap { content in byContent[content].map { (content, $0) } }
            .sorted { $0.1.count > $1.1.count }
        let advice = groups.map { content, rows in Self.advice(rows.count, content, declared: declared) }
        return .init(
            id, title: "Descriptions that do not read as descriptionFormat says",
            note: advice.isEmpty
                ? "Every description reads as site.json's descriptionFormat (\(declared.rawValue)) says."
                : advice.joined(separator: " ")
                    + " Until then, a page shows such a description wrongly, and the engine searches it as shown.",
            columns: ["objectID", "holds", "descriptionFormat", "description"], rows: groups.flatMap(\.1))
    }

    static func holds(_ content: DescriptionContent) -> String {
        switch content {
        case .html: "HTML"
        case .markdown: "Markdown"
        case .text: "text"
        }
    }

    /// "9,894 descriptions hold HTML; set descriptionFormat to html."
    static func advice(_ count: Int, _ content: DescriptionContent, declared: DescriptionFormat) -> String {
        let what = count == 1 ? "1 description holds" : "\(grouped(count)) descriptions hold"
        let format = content == .html ? DescriptionFormat.html : .markdown
        return
            "\(what) \(holds(content)) in a catalogue whose descriptionFormat is \(declared.rawValue); set descriptionFormat to \(format.rawValue) in site.json."
    }
}
