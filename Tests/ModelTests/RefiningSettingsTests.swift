import Foundation
import Testing
import TypeaheadModel
import TypeaheadTestSupport

/// site.json `attributesForFaceting` and `replicas`: read as Algolia writes them, and every
/// mistake named by its field (docs/CONTRACT.md, Refining and sorting).
@Suite struct RefiningSettingsTests {
    static let products =
        #"[{"objectID":"p1","name":"Phone","brand":"Acme","weight":3,"price":10,"popularity":3,"hierarchicalCategories":{"lvl0":"Phones"}},"#
        + #"{"objectID":"p2","name":"Case","brand":"Bolt","weight":"heavy"}]"#

    @Test func settingsAreRead() throws {
        let site = #"""
            {"attributesForFaceting": ["searchable(brand)", "filterOnly(price)", "hierarchicalCategories.lvl0"],
             "replicas": [{"name": "by_name", "ranking": ["desc(popularity)", "typo", "geo", "words", "filters", "proximity", "attribute", "exact", "custom"]}]}
            """#
        let content = try ContentFolder(products: Self.products, site: site).load()
        #expect(
            content.config.attributesForFaceting == [
                FacetAttribute(name: "brand", kind: .searchable), FacetAttribute(name: "price", kind: .filterOnly),
                FacetAttribute(name: "hierarchicalCategories.lvl0"),
            ])
        #expect(
            content.config.replicas == [
                Replica(name: "by_name", sort: CustomRankingCriterion(attribute: "popularity", descending: true))
            ])
    }

    @Test(arguments: [
        (
            #"{"attributesForFaceting": ["brand", "colour"]}"#,
            #"field "attributesForFaceting[1]": no product has a value for "colour""#
        ),
        (
            #"{"attributesForFaceting": ["hierarchicalCategories.lvl3"]}"#,
            #"no product has a value for "hierarchicalCategories.lvl3""#
        ),
        (#"{"attributesForFaceting": ["searchable(brand"]}"#, #"field "attributesForFaceting[0]": expected"#),
        (#"{"attributesForFaceting": "brand"}"#, #"field "attributesForFaceting""#),
        (
            #"{"replicas": [{"name": "by_weight", "ranking": ["asc(weight)"]}]}"#,
            #"field "replicas[0]": replica "by_weight" sorts by "weight", which is not a number in product "p2""#
        ),
        (#"{"replicas": [{"name": "by_brand", "ranking": ["asc(brand)"]}]}"#, #"which is not a number in product"#),
        (#"{"replicas": [{"name": "by_x", "ranking": ["asc(height)"]}]}"#, #"which no product has as a number"#),
        (#"{"replicas": [{"name": "products", "ranking": ["asc(popularity)"]}]}"#, #"the name "products" is taken"#),
        (
            #"{"replicas": [{"name": "a", "ranking": ["asc(popularity)"]}, {"name": "a", "ranking": ["desc(popularity)"]}]}"#,
            #"field "replicas[1]": the name "a" is taken"#
        ),
        (
            #"{"replicas": [{"name": "a", "ranking": ["typo", "asc(popularity)"]}]}"#,
            #"must start with "asc(attribute)""#
        ),
        (
            #"{"replicas": [{"name": "a", "ranking": ["asc(popularity)", "custom", "typo"]}]}"#,
            "may only list the default criteria"
        ),
        (#"{"replicas": [{"name": "a", "ranking": ["asc(popularity)"], "sort": 1}]}"#, #"unknown member "sort""#),
        (#"{"replicas": ["by_price"]}"#, #"field "replicas[0]": expected an object"#),
    ])
    func mistakesAreNamed(_ site: String, _ expected: String) throws {
        let failure = try ContentFolder(products: Self.products, site: site).failure()
        #expect(failure.contains("site.json"), "\(failure)")
        #expect(failure.contains(expected), "\(failure)")
    }
}
