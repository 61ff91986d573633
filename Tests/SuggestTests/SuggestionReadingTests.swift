import Testing
import TypeaheadModel

@testable import TypeaheadSuggest

/// docs/SUGGESTIONS.md, "What a shopper reads": a word said twice is said once, the same words in
/// another order are one suggestion, a brand and a category read as that kind of thing by that brand,
/// and a suggestion names products rather than quoting their descriptions.
@Suite("typeahead suggest: suggestions a shopper would keep")
struct SuggestionReadingTests {
    @Test("A repeated word is folded, in the log and after completion; folded queries merge")
    func repeatedWords() {
        #expect(SuggestionsBuilder.folded("apple apple apple") == "apple")
        #expect(SuggestionsBuilder.folded("samsung samsung galaxy") == "samsung galaxy")
        #expect(SuggestionsBuilder.folded("verizon prepaid prepaid phones") == "verizon prepaid phones")
        #expect(SuggestionsBuilder.folded("vacuum belts belts") == "vacuum belts")
        #expect(SuggestionsBuilder.folded("iphone 7 7 plus") == "iphone 7 plus")
        #expect(SuggestionsBuilder.folded("galaxy s7") == "galaxy s7")
        #expect(SuggestionsBuilder.folded("café cafe") == "café")  // one word as the engine reads it
        #expect(SuggestionsBuilder.folded("apple apple,") == "apple")  // punctuation is not a word's
        #expect(SuggestionsBuilder.folded("apple iphone 7") == "apple iphone 7")
        // "galaxy galax" completes to "galaxy galaxy", then folds into the logged "galaxy".
        let output = Catalogue.run([("Apple apple APPLE", 1), ("apple", 7), ("galaxy galax", 2), ("galaxy", 3)])
        #expect(Catalogue.queries(output) == ["apple": 8, "galaxy": 5])
    }

    @Test("The same words in another order are one suggestion, the more popular order")
    func wordOrders() {
        let output = Catalogue.run([("apple iphone", 4), ("iphone apple", 2), ("iphone 7", 1), ("7 iphone", 3)])
        #expect(Catalogue.queries(output) == ["apple iphone": 6, "7 iphone": 4])
        #expect(output.summary.mergedOrders == 2)
        #expect(output.skipped.contains(#"merging "iphone apple" into "apple iphone" (the same words)"#))
        // With languages, "iphone 7 case" is one with "cases iphone 7" too.
        let plural = Catalogue.run([("iphone 7 case", 1), ("cases iphone 7", 2)]) { $0.languages(true) }
        #expect(Catalogue.queries(plural) == ["cases iphone 7": 3])
    }

    @Test("A brand and a category are combined only where the brand's products are of that kind")
    func brandAndCategory() {
        let products = [
            Product(
                objectID: "1", name: "Defender Case", brand: "OtterBox",
                categories: ["Cell Phones", "Cell Phone Accessories", "Cases"]),
            Product(
                objectID: "2", name: "Galaxy S7", brand: "Samsung",
                categories: ["Cell Phones", "Unlocked Cell Phones", "All Unlocked Cell Phones"]),
            Product(
                objectID: "3", name: "Gear S3 Band", brand: "Samsung",
                categories: ["Cell Phones", "Smartwatches & Accessories", "Smartwatch Accessories", "Bands"]),
        ]
        let builder = SuggestionsBuilder(
            content: Content(products: products, suggestions: [], config: SiteConfig()),
            config: Catalogue.config { $0.generate = [["brand", "categories"]] }, log: [])
        #expect(
            builder.generatedQueries() == [
                "OtterBox Cases", "OtterBox Cell Phone Accessories",
                "Samsung Bands", "Samsung Cell Phones", "Samsung Smartwatch Accessories",
                "Samsung Smartwatches & Accessories", "Samsung Unlocked Cell Phones",
            ])
        // "OtterBox Cell Phones" would read as phones made by OtterBox; "All Unlocked Cell Phones"
        // is the shop's navigation, generated as "Unlocked Cell Phones" (once).
        // Alone, a list is every value as it is: the first attribute of a combination is not read as a path.
        let alone = SuggestionsBuilder(
            content: Content(products: products, suggestions: [], config: SiteConfig()),
            config: Catalogue.config { $0.generate = [["categories"]] }, log: [])
        #expect(alone.generatedQueries().contains("Cell Phones"))
    }

    @Test("A suggestion names products: minHits outside descriptions, or one for a query searched minHits times")
    func namesProducts() {
        let products = (1...6).map { n in
            Product(
                objectID: ObjectID("\(n)"), name: n == 1 ? "Acer Laptop" : "Phone Case \(n)", brand: "Brand",
                description: "Tested to fit every laptop. Made for your first trip.")
        }
        let content = Content(products: products, suggestions: [], config: SiteConfig())
        let output = SuggestionsBuilder(
            content: content, config: Catalogue.config { $0.minHits = 5 },
            log: [("tested", 3), ("first", 1), ("laptop", 37), ("case", 1)].map { LogEntry(query: $0.0, count: $0.1) }
        ).run()
        // "laptop" names one product and was searched 37 times; "case" names five.
        #expect(Catalogue.queries(output) == ["laptop": 37, "case": 1])
        #expect(output.summary.rejected[.onlyInDescriptions] == 2)
        #expect(output.skipped.contains(#"skipping "tested": 0 hits outside descriptions, expected 5"#))
        #expect(output.records.first { $0.query == "laptop" }?.exactNbHits == 6)  // the count is every exact hit
        // A shop that does not search descriptions has nothing to tell apart.
        var config = SiteConfig()
        config.searchableAttributes = ["name", "brand"]
        #expect(
            SuggestionsBuilder.namingEngine(for: Content(products: products, suggestions: [], config: config)) == nil)
    }
}
