import Foundation
import TypeaheadEngine
import TypeaheadModel

/// `data/site.js`, which every page loads before its script (so the search box works on every page,
/// from one copy): `window.TypeaheadSiteData = {…};` with the paths the page builds
/// (`SiteLayout.forPage`), the maps' empty keys, suggestions per key and manifests, the texts of the
/// suggestions they name, and the client indices' manifests. Every member is read by the page or
/// by `SiteReader`: nothing is written twice.
/// The JSON is script-safe (`<`, `>`, `&`, U+2028/9 escaped), as it once sat inside `<script>`.
enum SiteData {
    static let prefix = "window.TypeaheadSiteData = "
    static let suffix = ";\n"

    /// The whole script; `query` gives a suggestion's text by its objectID.
    static func script(
        layouts: [PrefixMapLayout], config: SiteConfig, query: (ObjectID) -> String, products: JSONValue,
        suggestions: JSONValue
    ) -> [UInt8] {
        Array(
            (prefix + json(layouts: layouts, config: config, query: query, products: products, suggestions: suggestions)
                + suffix).utf8)
    }

    static func json(
        layouts: [PrefixMapLayout], config: SiteConfig, query: (ObjectID) -> String, products: JSONValue,
        suggestions: JSONValue
    ) -> String {
        var queries: [String: JSONValue] = [:]
        let maps: [JSONValue] = layouts.map { layout in
            for id in layout.empty { queries[id.text] = .string(query(id)) }
            return .object([
                "id": .string(layout.id),
                "scope": layout.scope.map { .object(["attribute": .string($0.attribute), "value": .string($0.value)]) }
                    ?? .null,
                "perKey": .number(Double(config.suggestionsPerKey(in: layout.scope))),
                "empty": .array(layout.empty.map { .string($0.text) }),
                "levels": .number(Double(layout.levels)),
                "pages": .array(layout.pages.map { .array([.string($0.firstKey), .string($0.file)]) }),
            ])
        }
        let data: JSONValue = .object([
            "layout": SiteLayout.forPage,
            "maps": .array(maps),
            "queries": .object(queries),
            "products": products,
            "suggestions": suggestions,
        ])
        return JSONWriter.string(data, scriptSafe: true)
    }
}
