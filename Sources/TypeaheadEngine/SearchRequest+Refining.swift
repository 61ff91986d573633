import Foundation
import TypeaheadModel

extension SearchRequest {
    /// The refining parameters (Algolia's names) a request takes: docs/CONTRACT.md, Refining and sorting.
    public static let refiningKeys = ["facetFilters", "facets", "filters", "maxValuesPerFacet", "numericFilters"]

    /// Applies refining parameter `name` (one of `refiningKeys`). The suggestions index takes
    /// `filters` of one facet value only (a scope); the rest refine products.
    public mutating func refine(_ name: String, _ value: JSONValue) throws(FilterError) {
        let given = value.stringValue ?? JSONWriter.string(value)
        if index == .suggestions, name != "filters" {
            throw FilterError(message: "\(name): the suggestions index has no facets (only a scope, with filters)")
        }
        switch name {
        case "facets":
            var names: [String] = []
            switch value {
            case .string(let text) where text.hasPrefix("["):
                guard case .array(let items)? = try? JSONParser.parse(Array(text.utf8)) else {
                    throw FilterError(message: "facets: expected an array of attribute names, found \"\(text)\"")
                }
                names = items.compactMap(\.stringValue)
                guard names.count == items.count else {
                    throw FilterError(message: "facets: expected an array of attribute names, found \"\(text)\"")
                }
            case .string(let text):
                names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            case .array(let items):
                names = items.compactMap(\.stringValue)
                guard names.count == items.count else {
                    throw FilterError(message: "facets: expected an array of attribute names")
                }
            default: throw FilterError(message: "facets: expected an array of attribute names, found \(value.typeName)")
            }
            facets = names.filter { !$0.isEmpty }
            refiningParameters.append((name, JSONWriter.string(.array(facets.map(JSONValue.string)))))
        case "maxValuesPerFacet":
            var number: Int?
            switch value {
            case .number(let double) where double == double.rounded() && abs(double) < 1e9: number = Int(double)
            case .string(let text): number = Int(text)
            default: break
            }
            guard let number, (1...1000).contains(number) else {
                throw FilterError(message: "maxValuesPerFacet: expected a whole number from 1 to 1000, found \(given)")
            }
            maxValuesPerFacet = number
            refiningParameters.append((name, String(number)))
        case "filters":
            guard let text = value.stringValue else {
                throw FilterError(message: "filters: expected a string, found \(value.typeName)")
            }
            let parsed = try FilterSet.filters(text)
            // One facet value is a scope, answered (and echoed) as before.
            if filter == nil, parsed.clauses.count == 1, parsed.clauses[0].count == 1, !parsed.clauses[0][0].negated,
                case .facet(let attribute, let value) = parsed.clauses[0][0].condition
            {
                filter = Scope(attribute: attribute, value: value)
                return
            }
            if index == .suggestions {
                throw FilterError(
                    message: "filters: the suggestions index takes one facet value (a scope), not \"\(text)\"")
            }
            filters = filters + parsed
            refiningParameters.append((name, text))
        case "facetFilters":
            filters = filters + (try FilterSet.facetFilters(value))
            refiningParameters.append((name, given))
        case "numericFilters":
            filters = filters + (try FilterSet.numericFilters(value))
            refiningParameters.append((name, given))
        default:
            throw FilterError(message: "\(name) is not a refining parameter")
        }
    }
}
