import Foundation
import TypeaheadModel

/// What `import` leaves beside the catalogue so that `typeahead suggest && typeahead build` work
/// next in a content folder that held nothing else: a `site.json` that reads the descriptions as
/// HTML and shows the feed's currency, and a `suggestions.config.json` that makes suggestions from
/// the brands and categories. A file that is there is never changed; a `site.json` that does not
/// read HTML gets a hint.
enum ImportStarter {
    /// A few currencies' symbols, as a shopper reads them; any other shows its code.
    static let symbols: [String: String] = [
        "USD": "$", "EUR": "€", "GBP": "£", "INR": "₹", "JPY": "¥", "CNY": "¥", "KRW": "₩", "BRL": "R$",
        "CAD": "CA$", "AUD": "A$", "NZD": "NZ$", "MXN": "MX$", "CHF": "CHF ", "SEK": "kr ", "NOK": "kr ",
        "DKK": "kr ", "PLN": "zł ", "TRY": "₺", "RUB": "₽", "ZAR": "R ", "SGD": "S$", "HKD": "HK$",
    ]

    /// `currency` as site.json's `currency` shows it before a price.
    static func symbol(_ currency: String) -> String { symbols[currency] ?? currency + " " }

    static let suggestionsConfig = """
        {
          "indexName": "instant_search_query_suggestions",
          "sourceIndices": [
            {
              "indexName": "instant_search",
              "minHits": 5,
              "minLetters": 4,
              "facets": [{"attribute": "categories", "amount": 5}],
              "generate": [["brand"], ["categories"], ["brand", "categories"]]
            }
          ],
          "languages": ["en"],
          "exclude": [],
          "allowSpecialCharacters": false
        }

        """

    /// Writes what is missing in `directory` and says what it did, one line each.
    static func complete(_ directory: String, currency: String?) -> String {
        var said = ""
        let site = (directory as NSString).appendingPathComponent("site.json")
        if let bytes = FileManager.default.contents(atPath: site) {
            var format: String?
            if case .object(let members)? = try? JSONParser.parse(Array(bytes)) {
                format = members["descriptionFormat"]?.stringValue
            }
            if format != "html" {
                said +=
                    "Hint: descriptions are HTML; set \"descriptionFormat\": \"html\" in \(site) so the build shows them as HTML.\n"
            }
        } else {
            var settings = "{\n  \"descriptionFormat\": \"html\""
            if let currency { settings += ",\n  \"currency\": \(JSONWriter.string(.string(symbol(currency))))" }
            settings += "\n}\n"
            if write(settings, to: site) {
                said += "Wrote \(site): descriptions read as HTML"
                said += currency.map { ", prices shown in \(symbol($0).trimmingCharacters(in: .whitespaces))" } ?? ""
                said += ".\n"
            }
        }
        let config = (directory as NSString).appendingPathComponent("suggestions.config.json")
        if !FileManager.default.fileExists(atPath: config), write(suggestionsConfig, to: config) {
            said +=
                "Wrote \(config): suggestions from brands and categories (add your search log as \"external\"). Next: typeahead suggest && typeahead build\n"
        }
        return said
    }

    private static func write(_ text: String, to path: String) -> Bool {
        (try? Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)) != nil
    }
}
