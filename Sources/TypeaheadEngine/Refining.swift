import Synchronization
import TypeaheadModel

/// The values one attribute holds in every product, as facets and filters read them.
public struct AttributeColumn: Sendable {
    /// Each product's facet values (`JSONValue.facetValues`), as bytes.
    public let values: [[ByteKey]]
    /// Each product's numbers (`JSONValue.numericValues`).
    public let numbers: [[Double]]

    init(_ products: [Product], attribute: String) {
        var values: [[ByteKey]] = []
        var numbers: [[Double]] = []
        values.reserveCapacity(products.count)
        numbers.reserveCapacity(products.count)
        for product in products {
            let value = JSONValue.object(product.attributes).member(path: attribute) ?? .null
            values.append(value.facetValues.map(ByteKey.init))
            numbers.append(value.numericValues)
        }
        self.values = values
        self.numbers = numbers
    }

    /// Whether every value the attribute holds is a number (its facet values are numbers' texts).
    public var holdsOnlyNumbers: Bool { values.indices.allSatisfy { values[$0].count == numbers[$0].count } }

    /// Whether product `record` meets `condition`.
    func holds(_ record: Int, _ condition: FilterCondition) -> Bool {
        switch condition {
        case .facet(_, let value):
            let key = ByteKey(value)
            return values[record].contains(key)
        case .numeric(_, let op, let value):
            return numbers[record].contains { op.holds($0, value) }
        case .range(_, let lower, let upper):
            return numbers[record].contains { $0 >= lower && $0 <= upper }
        }
    }
}

/// One facet value and how many hits hold it.
public struct FacetCount: Sendable, Equatable {
    public var value: String
    public var count: Int
}

/// Algolia's `facets_stats` of a numeric facet over the hits.
public struct FacetStats: Sendable, Equatable {
    public var min: Double
    public var max: Double
    public var sum: Double
    public var count: Int
    public var avg: Double { sum / Double(count) }
}

/// The facets of a search: each requested attribute's values by count, and stats for numbers.
public struct FacetResult: Sendable, Equatable {
    public var counts: [String: [FacetCount]] = [:]
    public var stats: [String: FacetStats] = [:]
}

/// What a replica sorts by, per record (`SearchIndex.sortRank`).
enum SortOrder {
    /// Each record's place: equal values share one, records without a number come last.
    static func ranks(_ products: [Product], _ criterion: CustomRankingCriterion) -> [UInt32] {
        let keys = products.map { JSONValue.object($0.attributes).member(path: criterion.attribute)?.numberValue }
        let distinct = Array(Set(keys.compactMap { $0 })).sorted { criterion.descending ? $0 > $1 : $0 < $1 }
        var place: [Double: UInt32] = [:]
        for (i, value) in distinct.enumerated() { place[value] = UInt32(i) }
        return keys.map { $0.map { place[$0]! } ?? UInt32(distinct.count) }
    }
}

extension SearchEngine {
    /// The values of `attribute` (a dotted path) in every product, read once.
    public func column(_ attribute: String) -> AttributeColumn {
        let key = ByteKey(attribute)
        if let known = columns.withLock({ $0[key] }) { return known }
        let column = AttributeColumn(content.products, attribute: attribute)
        columns.withLock { $0[key] = column }
        return column
    }

    /// Which products pass `filters` (every clause has a term that holds).
    public func allowed(_ filters: FilterSet) -> [Bool] {
        let clauses = filters.clauses.map { clause in clause.map { (column($0.condition.attribute), $0) } }
        return content.products.indices.map { record in
            clauses.allSatisfy { clause in
                clause.contains { column, term in column.holds(record, term.condition) != term.negated }
            }
        }
    }

    /// The facet attributes a search's `facets` asks for that are counted: named in
    /// `attributesForFaceting` and not `filterOnly` (`*`: every one); others are left out, as in
    /// Algolia.
    public func countedFacets(_ names: [String]) -> [String] {
        let counted = content.config.attributesForFaceting.filter(\.counted).map(\.name)
        if names.contains("*") { return counted }
        return counted.filter { names.contains($0) }
    }

    /// The replica of a name, if the configuration has one.
    public func replica(named name: String) -> Replica? {
        content.config.replicas.first { $0.name == name }
    }

    /// The facet counts and numeric stats of `records` for `facets`, each attribute's values by
    /// count (most first), then by value (bytes), at most `maxValues`.
    public func facets(of records: [Int32], _ facets: [String], maxValues: Int) -> FacetResult {
        var result = FacetResult()
        for name in countedFacets(facets) {
            let column = column(name)
            var counts: [ByteKey: Int] = [:]
            var stats: FacetStats?
            for record in records {
                for value in column.values[Int(record)] { counts[value, default: 0] += 1 }
                for number in column.numbers[Int(record)] {
                    if var known = stats {
                        known.min = Swift.min(known.min, number)
                        known.max = Swift.max(known.max, number)
                        known.sum += number
                        known.count += 1
                        stats = known
                    } else {
                        stats = FacetStats(min: number, max: number, sum: number, count: 1)
                    }
                }
            }
            let ordered = counts.sorted { a, b in
                a.value != b.value ? a.value > b.value : a.key.utf8.lexicographicallyPrecedes(b.key.utf8)
            }
            result.counts[name] = ordered.prefix(maxValues).map {
                FacetCount(value: String(decoding: $0.key.utf8, as: UTF8.self), count: $0.value)
            }
            if let stats { result.stats[name] = stats }
        }
        return result
    }

    /// `searchForFacetValues`: the values of a `searchable(…)` facet that the query's words
    /// prefix (normalised as the engine normalises text), counted over the hits of `request`, by
    /// count then value, at most `maxFacetHits`; each with its value highlighted.
    public func searchFacetValues(
        _ facet: String, query facetQuery: String, request: SearchRequest, maxFacetHits: Int
    ) -> [(value: String, highlighted: String, count: Int)] {
        var all = request
        all.facets = [facet]
        all.maxValuesPerFacet = Int.max
        let counts = matchedFacets(all).counts[facet] ?? []
        let wanted = TextNormalizer.words(facetQuery)
        var found: [(value: String, highlighted: String, count: Int)] = []
        for entry in counts {
            let words = TextNormalizer.words(entry.value)
            // Every query word prefixes a distinct word of the value, in any order.
            var used = Set<Int>()
            let matches = wanted.allSatisfy { query in
                guard let i = words.indices.first(where: { !used.contains($0) && words[$0].hasPrefix(query) }) else {
                    return false
                }
                used.insert(i)
                return true
            }
            guard matches else { continue }
            found.append((entry.value, Self.highlightFacet(entry.value, wanted), entry.count))
            if found.count == maxFacetHits { break }
        }
        return found
    }
}

extension SearchEngine {
    /// The search's facets: its hits (every one, whatever the page) counted for `request.facets`.
    public func matchedFacets(_ request: SearchRequest) -> FacetResult {
        facets(of: matchedRecords(request), request.facets, maxValues: request.maxValuesPerFacet)
    }

    /// A facet value HTML-escaped, with the part each query word prefixes wrapped in `<em>`.
    static func highlightFacet(_ value: String, _ queryWords: [String]) -> String {
        var output = ""
        var used = Set<Int>()
        var span: [Character] = []
        func flush() {
            defer { span = [] }
            guard !span.isEmpty else { return }
            let folded = TextNormalizer.fold(String(span))
            guard let q = queryWords.indices.first(where: { !used.contains($0) && folded.hasPrefix(queryWords[$0]) })
            else {
                output += HTML.escape(String(span))
                return
            }
            used.insert(q)
            let wanted = queryWords[q].unicodeScalars.count
            var length = 0
            var cut = span.count
            for (i, character) in span.enumerated() {
                length += TextNormalizer.fold(String(character)).unicodeScalars.count
                if length >= wanted {
                    cut = i + 1
                    break
                }
            }
            if wanted == 0 { cut = 0 }
            let head = String(span[..<cut])
            output += (head.isEmpty ? "" : "<em>\(HTML.escape(head))</em>") + HTML.escape(String(span[cut...]))
        }
        for character in value {
            let isWord = TextNormalizer.fold(String(character)).unicodeScalars.contains(
                where: TextNormalizer.isWordScalar)
            if isWord {
                span.append(character)
            } else {
                flush()
                output += HTML.escape(String(character))
            }
        }
        flush()
        return output
    }
}
