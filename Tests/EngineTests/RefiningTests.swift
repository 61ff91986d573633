import Foundation
import Testing
import TypeaheadEngine
import TypeaheadModel
import TypeaheadTestSupport

/// docs/CONTRACT.md, Refining and sorting: the filter syntax, facet counts and stats, replicas.
@Suite struct RefiningTests {
    static let sample: SearchEngine = {
        let content = try! ContentLoader(directory: TestSupport.packageRoot.appendingPathComponent("Content").path)
            .load()
        return SearchEngine(content: content)
    }()

    // MARK: The filter syntax

    @Test func filtersSyntax() throws {
        let apple = FilterTerm(.facet(attribute: "brand", value: "Apple"))
        let cheap = FilterTerm(.numeric(attribute: "price", op: .less, value: 500))
        #expect(try FilterSet.filters(#"brand:"Apple" AND price < 500"#) == FilterSet([[apple], [cheap]]))
        #expect(try FilterSet.filters("brand:Apple AND price<500") == FilterSet([[apple], [cheap]]))
        #expect(
            try FilterSet.filters("(brand:Apple OR brand:Samsung)")
                == FilterSet([[apple, FilterTerm(.facet(attribute: "brand", value: "Samsung"))]]))
        #expect(
            try FilterSet.filters("brand:Apple OR brand:Samsung")
                == FilterSet([[apple, FilterTerm(.facet(attribute: "brand", value: "Samsung"))]]))
        #expect(
            try FilterSet.filters(
                #"NOT brand:Apple AND price:10 TO 100 AND "hierarchicalCategories.lvl0":"Cell Phones""#)
                == FilterSet([
                    [FilterTerm(.facet(attribute: "brand", value: "Apple"), negated: true)],
                    [FilterTerm(.range(attribute: "price", lower: 10, upper: 100))],
                    [FilterTerm(.facet(attribute: "hierarchicalCategories.lvl0", value: "Cell Phones"))],
                ]))
        #expect(
            try FilterSet.filters(#"categories:"Say \"hi\"" AND (rating >= 4 OR free_shipping:true)"#)
                == FilterSet([
                    [FilterTerm(.facet(attribute: "categories", value: #"Say "hi""#))],
                    [
                        FilterTerm(.numeric(attribute: "rating", op: .greaterOrEqual, value: 4)),
                        FilterTerm(.facet(attribute: "free_shipping", value: "true")),
                    ],
                ]))
        for op in NumericOperator.allCases {
            #expect(
                try FilterSet.filters("price \(op.rawValue) -1.5")
                    == FilterSet([[FilterTerm(.numeric(attribute: "price", op: op, value: -1.5))]]))
        }
        #expect(try FilterSet.filters("   ") == FilterSet())
    }

    @Test(arguments: [
        ("brand:Apple AND (price < 300", "is not closed"),
        ("brand:Apple OR price < 300 AND x:1", "AND and OR mixed"),
        ("(a:1 AND b:2) OR c:3", "an AND inside an OR"),
        ("NOT (a:1)", "NOT before parentheses"),
        ("((a:1))", "parentheses inside parentheses"),
        ("price > abc", "expected a number"),
        ("price:1 TO x", "two numbers"),
        (#"a:"unterminated"#, "expected a value"),
        ("brand", "expected \":\" or a comparison"),
        ("brand:Apple AND", "expected an attribute"),
        ("brand:Apple brand:Sony", "expected AND, OR or the end"),
        ("a ! 3", "expected \":\" or a comparison"),
        ("_geoloc:1 TO 2 TO 3", "expected AND, OR or the end"),
        ("price: 10 TO 1e400", "two numbers"),
    ])
    func filtersRefused(_ text: String, _ reason: String) {
        #expect {
            try FilterSet.filters(text)
        } throws: { error in
            let message = (error as! FilterError).message
            return message.contains(reason) && message.hasPrefix("filters: ") && message.contains(text)
        }
    }

    @Test func facetAndNumericFilters() throws {
        let json = try JSONParser.parse(Array(#"[["brand:Apple","brand:Samsung"],"-free_shipping:true"]"#.utf8))
        let expected = FilterSet([
            [
                FilterTerm(.facet(attribute: "brand", value: "Apple")),
                FilterTerm(.facet(attribute: "brand", value: "Samsung")),
            ],
            [FilterTerm(.facet(attribute: "free_shipping", value: "true"), negated: true)],
        ])
        #expect(try FilterSet.facetFilters(json) == expected)
        // As `params` carries it: the array as JSON text.
        #expect(
            try FilterSet.facetFilters(.string(#"[["brand:Apple","brand:Samsung"],"-free_shipping:true"]"#)) == expected
        )
        // A value may hold a colon; the attribute may not.
        #expect(
            try FilterSet.facetFilters(.string("categories:A: B"))
                == FilterSet([[FilterTerm(.facet(attribute: "categories", value: "A: B"))]]))
        #expect(
            try FilterSet.numericFilters(
                .array([.string("price>=10"), .array([.string("rating=5"), .string("price:1 TO 2")])]))
                == FilterSet([
                    [FilterTerm(.numeric(attribute: "price", op: .greaterOrEqual, value: 10))],
                    [
                        FilterTerm(.numeric(attribute: "rating", op: .equal, value: 5)),
                        FilterTerm(.range(attribute: "price", lower: 1, upper: 2)),
                    ],
                ]))
        #expect(throws: FilterError.self) { try FilterSet.numericFilters(.string("brand:Apple")) }
        #expect(throws: FilterError.self) { try FilterSet.numericFilters(.string("NOT price>3")) }
        #expect(throws: FilterError.self) { try FilterSet.facetFilters(.string(":Apple")) }
        #expect(throws: FilterError.self) { try FilterSet.facetFilters(.array([.number(3)])) }
        #expect(throws: FilterError.self) { try FilterSet.facetFilters(.string("[not json")) }
    }

    // MARK: Counts and hits against an oracle over the records themselves

    /// What a product's attribute holds, read here independently of the engine.
    static func values(_ product: Product, _ path: String) -> [JSONValue] {
        var value: JSONValue? = .object(product.attributes)
        if case .object(let members)? = value, let direct = members[path] {
            value = direct
        } else {
            for part in path.split(separator: ".") {
                guard case .object(let members)? = value else { return [] }
                value = members[String(part)]
            }
        }
        switch value {
        case .array(let items)?: return items
        case let single?: return [single]
        case nil: return []
        }
    }

    static func facetText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text
        case .number(let n): return n == n.rounded() ? String(Int(n)) : String(n)
        case .bool(let b): return b ? "true" : "false"
        default: return nil
        }
    }

    static func oracle(_ product: Product, _ term: FilterTerm) -> Bool {
        let values = values(product, term.condition.attribute)
        let holds: Bool
        switch term.condition {
        case .facet(_, let wanted):
            holds = values.contains { facetText($0).map { Array($0.utf8) == Array(wanted.utf8) } ?? false }
        case .numeric(_, let op, let x):
            holds = values.contains { v in
                v.numberValue.map { n in
                    switch op {
                    case .less: n < x
                    case .lessOrEqual: n <= x
                    case .equal: n == x
                    case .notEqual: n != x
                    case .greaterOrEqual: n >= x
                    case .greater: n > x
                    }
                } ?? false
            }
        case .range(_, let lo, let hi): holds = values.contains { $0.numberValue.map { $0 >= lo && $0 <= hi } ?? false }
        }
        return holds != term.negated
    }

    @Test(arguments: [
        ("iphone", "brand:Apple AND price < 300"),
        ("case", "(brand:Apple OR brand:Samsung OR brand:OtterBox) AND NOT price:10 TO 30"),
        ("", "free_shipping:true"),
        ("", "NOT free_shipping:true AND rating >= 3"),
        ("charger", #""hierarchicalCategories.lvl1":"Cell Phones > Cell Phone Accessories" AND price != 19.99"#),
        ("samsung galaxy", "price > 100 AND price <= 700"),
        ("xyzzy nothing", "brand:Apple"),
    ])
    func hitsAndFacetsMatchTheOracle(_ query: String, _ filters: String) throws {
        let engine = Self.sample
        var request = SearchRequest(index: .products, query: query, hitsPerPage: 1000)
        try request.refine("filters", .string(filters))
        request.facets = ["*"]
        request.maxValuesPerFacet = 1000
        let page = engine.search(request)
        // The oracle: every hit of the query alone, filtered here.
        let set = try FilterSet.filters(filters)
        let unfiltered = engine.matchedRecords(SearchRequest(index: .products, query: query))
        let kept = unfiltered.filter { record in
            set.clauses.allSatisfy { clause in clause.contains { Self.oracle(engine.content.products[Int(record)], $0) }
            }
        }
        #expect(page.nbHits == kept.count)
        #expect(Set(engine.matchedRecords(request)) == Set(kept))
        // Filters change no ranking: the hits keep the unfiltered order.
        var all = SearchRequest(index: .products, query: query, hitsPerPage: 1000)
        all.page = 0
        let order = engine.search(all).hits.map(\.record)
        let keptSet = Set(kept.map(Int.init))
        let shown = page.hits.map(\.record)
        if kept.count <= 1000, unfiltered.count <= 1000 {
            #expect(shown == order.filter { keptSet.contains($0) })
        }
        // Counts: each value, the hits holding it; by count, then value.
        let facets = try #require(page.facets)
        for facet in engine.content.config.attributesForFaceting.map(\.name) {
            var expected: [String: Int] = [:]
            for record in kept {
                let texts = Set(Self.values(engine.content.products[Int(record)], facet).compactMap(Self.facetText))
                for text in texts { expected[text, default: 0] += 1 }
            }
            let counts = facets.counts[facet] ?? []
            #expect(Dictionary(uniqueKeysWithValues: counts.map { ($0.value, $0.count) }) == expected, "\(facet)")
            #expect(
                counts.map(\.count) == counts.map(\.count).sorted(by: >), "\(facet) is ordered by count")
            let numbers = kept.flatMap {
                Self.values(engine.content.products[Int($0)], facet).compactMap(\.numberValue)
            }
            if let stats = facets.stats[facet] {
                #expect(stats.min == numbers.min() && stats.max == numbers.max())
                #expect(abs(stats.sum - numbers.reduce(0, +)) < 1e-6 && stats.count == numbers.count)
            } else {
                #expect(numbers.isEmpty, "\(facet) has numbers but no stats")
            }
        }
    }

    @Test func maxValuesPerFacetKeepsTheMostFrequent() throws {
        var request = SearchRequest(index: .products, query: "case")
        request.facets = ["brand"]
        request.maxValuesPerFacet = 5
        let top = try #require(Self.sample.search(request).facets?.counts["brand"])
        request.maxValuesPerFacet = 1000
        let all = try #require(Self.sample.search(request).facets?.counts["brand"])
        #expect(top.count == 5 && Array(all.prefix(5)) == top)
        for (a, b) in zip(all, all.dropFirst()) {
            #expect(
                a.count > b.count
                    || (a.count == b.count && Array(a.value.utf8).lexicographicallyPrecedes(Array(b.value.utf8))))
        }
        // Undeclared and filterOnly attributes are left out, as Algolia does.
        request.facets = ["description", "brand"]
        #expect(Self.sample.search(request).facets?.counts.keys.sorted() == ["brand"])
    }

    // MARK: Replicas

    @Test(arguments: ["instant_search_price_asc", "instant_search_price_desc"])
    func replicaSortsByItsAttributeThenRelevance(_ name: String) throws {
        let engine = Self.sample
        for query in ["otterbox", "charger", "samsung galaxy", "apple watch"] {
            var sorted = SearchRequest(index: .products, query: query, hitsPerPage: 1000)
            sorted.replica = name
            let hits = engine.search(sorted).hits.map(\.record)
            let relevance = engine.search(SearchRequest(index: .products, query: query, hitsPerPage: 1000)).hits.map(
                \.record)
            #expect(hits.count == relevance.count && hits.count < 1000, "every hit of \(query) is compared")
            let prices = hits.map { engine.content.products[$0].attributes["price"]?.numberValue }
            let descending = name.hasSuffix("desc")
            // Records without a price come last; the others in price order; equal prices keep
            // the products index's order (the textual criteria, then the custom ranking).
            let priced = prices.prefix { $0 != nil }.map { $0! }
            #expect(prices.dropFirst(priced.count).allSatisfy { $0 == nil })
            #expect(priced == (descending ? priced.sorted(by: >) : priced.sorted()))
            let place = Dictionary(uniqueKeysWithValues: relevance.enumerated().map { ($1, $0) })
            for i in hits.indices.dropLast() where prices[i] == prices[i + 1] {
                #expect(place[hits[i]] ?? -1 < place[hits[i + 1]] ?? -1)
            }
        }
    }

    // MARK: searchForFacetValues

    @Test func facetValuesAreSearchedByPrefixAndCountedOverTheHits() {
        let engine = Self.sample
        var request = SearchRequest(index: .products, query: "case")
        let found = engine.searchFacetValues("brand", query: "ott", request: request, maxFacetHits: 10)
        // Two brands of the catalogue, spelt two ways.
        #expect(found.map(\.value) == ["OtterBox", "Otterbox"])
        #expect(found.map(\.highlighted) == ["<em>Ott</em>erBox", "<em>Ott</em>erbox"])
        request.facets = ["brand"]
        request.maxValuesPerFacet = 1000
        let counts = engine.search(request).facets!.counts["brand"]!
        #expect(found.first?.count == counts.first { $0.value == "OtterBox" }?.count)
        let all = engine.searchFacetValues("brand", query: "", request: request, maxFacetHits: 3)
        #expect(all.map(\.value) == counts.prefix(3).map(\.value))
    }
}
