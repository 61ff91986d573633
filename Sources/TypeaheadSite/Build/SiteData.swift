import Foundation
import TypeaheadEngine
import TypeaheadModel

/// `data/site.js`, which every page loads before its script (so the search box works on every page,
/// from one copy): `window.TypeaheadSiteData = {…};` with the maps' empty keys and manifests, the
/// texts of the suggestions they name, where result pages are, and the client indices' manifests.
/// The JSON is script-safe (`<`, `>`, `&`, U+2028/9 escaped), as it once sat inside `<script>`.
enum SiteData {
    static let prefix = "window.TypeaheadSiteData = "
    static let suffix = ";\n"

    static func json(
        layouts: [PrefixMapLayout], content: Content, suggestionSlugs: [ObjectID: String], withPages: [ObjectID: Bool],
        products: JSONValue, suggestions: JSONValue
    ) -> String {
        let byID = Dictionary(
            content.suggestions.map { ($0.objectID, $0) }, uniquingKeysWith: { first, _ in first })
        var queries: [String: JSONValue] = [:]
        let maps: [JSONValue] = layouts.map { layout in
            for id in layout.empty { queries[id.text] = .string(byID[id]!.query) }
            return .object([
                "id": .string(layout.id),
                "scope": layout.scope.map { .object(["attribute": .string($0.attribute), "value": .string($0.value)]) }
                    ?? .null,
                "empty": .array(layout.empty.map { .string($0.text) }),
                "pages": .array(layout.pages.map { .array([.string($0.firstKey), .string($0.file)]) }),
            ])
        }
        let config = content.config
        let data: JSONValue = .object([
            "version": .number(1),
            "title": .string(config.title),
            "suggestionsPerKey": .number(Double(config.suggestionsPerKey)),
            "hitsPerPage": .number(Double(config.hitsPerPage)),
            "maps": .array(maps),
            "queries": .object(queries),
            "products": products,
            "suggestions": suggestions,
            "currency": .string(config.currency),
        ])
        return JSONWriter.string(data, scriptSafe: true)
    }
}
