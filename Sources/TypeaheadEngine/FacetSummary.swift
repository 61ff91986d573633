import TypeaheadModel

/// What a static result page says of the shape of its list, without script (docs/CONTRACT.md,
/// Refining and sorting: "Static summaries"): for each counted facet of site.json, its most frequent
/// values among every hit with their counts; for `price`, how many hits fall in each ready range.
public struct FacetSummary: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        /// The attribute (`brand`, `hierarchicalCategories.lvl1`, `price`).
        public var attribute: String
        /// Its values (for `price`, the ranges' labels) with their counts, most first, then by value.
        public var values: [(value: String, count: Int)]

        public init(attribute: String, values: [(value: String, count: Int)]) {
            self.attribute = attribute
            self.values = values
        }

        public static func == (a: Entry, b: Entry) -> Bool {
            a.attribute == b.attribute && a.values.map(\.value) == b.values.map(\.value)
                && a.values.map(\.count) == b.values.map(\.count)
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) { self.entries = entries }

    /// The entries a page shows: those with a value.
    public var shownEntries: [Entry] { entries.filter { !$0.values.isEmpty } }

    /// Values listed per attribute.
    public static let shown = 5

    /// The bounds of the ready price ranges: `[0, 25)`, `[25, 50)` … `[2000, ∞)`.
    public static let priceBounds: [Double] = [25, 50, 100, 200, 500, 1000, 2000]

    /// The range a price falls in (an index into the ranges, `priceBounds.count + 1` of them).
    public static func priceRange(_ price: Double) -> Int {
        priceBounds.firstIndex { price < $0 } ?? priceBounds.count
    }

    /// The bounds of range `i`: its lower bound (nil for the first) and upper (nil for the last).
    public static func priceRangeBounds(_ i: Int) -> (lower: Double?, upper: Double?) {
        (i == 0 ? nil : priceBounds[i - 1], i == priceBounds.count ? nil : priceBounds[i])
    }

    /// Whether a counted facet is summarised: all but the levels of a category tree below the
    /// second (`hierarchicalCategories.lvl2` and deeper), which the category pages show instead.
    public static func isSummarised(_ attribute: String) -> Bool {
        guard attribute.hasPrefix("hierarchicalCategories.lvl"), let level = Int(attribute.dropFirst(26)) else {
            return true
        }
        return level < 2
    }

    /// Whether an attribute is summarised as price ranges.
    public static func isPrice(_ attribute: String) -> Bool { attribute == "price" }
}

/// Each product's summarised facet values as small numbers, made once, so that counting them for
/// every hit of every suggestion costs a few additions (the vetting walk counts them).
public struct FacetSummaryTable: Sendable {
    /// The summarised attributes, in attributesForFaceting order.
    public let attributes: [String]
    /// Each attribute's values in byte order (for price, the ranges' indices as text).
    let values: [[String]]
    /// Where each attribute's values start among all of them.
    let offsets: [Int]
    /// For each record, the global numbers of its values (each attribute's, sorted).
    let recordValues: [[Int32]]
    /// The summarised attributes whose every value is a number.
    public let numeric: Set<String>

    public var valueCount: Int { offsets.last ?? 0 }

    init(content: Content, engine: SearchEngine) {
        attributes = content.config.attributesForFaceting.filter(\.counted).map(\.name).filter(
            FacetSummary.isSummarised)
        var values: [[String]] = []
        var offsets = [0]
        var perRecord = [[Int32]](repeating: [], count: content.products.count)
        var numeric = Set<String>()
        for attribute in attributes {
            let column = engine.column(attribute)
            if column.holdsOnlyNumbers { numeric.insert(attribute) }
            let base = offsets.last!
            if FacetSummary.isPrice(attribute) {
                values.append((0...FacetSummary.priceBounds.count).map(String.init))
                for (r, numbers) in column.numbers.enumerated() {
                    let ranges = Set(numbers.map(FacetSummary.priceRange)).sorted()
                    perRecord[r] += ranges.map { Int32(base + $0) }
                }
            } else {
                let distinct = Array(Set(column.values.joined())).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                var number: [ByteKey: Int32] = [:]
                for (i, value) in distinct.enumerated() { number[value] = Int32(base + i) }
                values.append(distinct.map { String(decoding: $0.utf8, as: UTF8.self) })
                for (r, keys) in column.values.enumerated() { perRecord[r] += keys.map { number[$0]! } }
            }
            offsets.append(base + values.last!.count)
        }
        self.values = values
        self.offsets = offsets
        self.numeric = numeric
        recordValues = perRecord
    }

    /// The summary of tallied counts: `touched` the global value numbers counted (any order),
    /// `counts` by global value number.
    func summary(touched: [Int32], _ counts: (Int) -> Int32) -> FacetSummary {
        var found = attributes.map { _ in [(value: Int, count: Int)]() }
        for v in touched {
            let a = offsets.lastIndex { $0 <= Int(v) }!
            found[a].append((Int(v) - offsets[a], Int(counts(Int(v)))))
        }
        return FacetSummary(
            entries: attributes.indices.map { a in
                var values = found[a]
                if FacetSummary.isPrice(attributes[a]) {
                    values.sort { $0.value < $1.value }
                } else {
                    // Most first, then by value (the numbers are in byte order).
                    values.sort { $0.count != $1.count ? $0.count > $1.count : $0.value < $1.value }
                    values = Array(values.prefix(FacetSummary.shown))
                }
                return FacetSummary.Entry(
                    attribute: attributes[a], values: values.map { (self.values[a][$0.value], $0.count) })
            })
    }

    /// The summary of a list of records, counted here (the check's path).
    public func summary(of records: [Int32]) -> FacetSummary {
        var tally = FacetTally(size: valueCount)
        for record in records { tally.add(recordValues[Int(record)]) }
        return tally.take(self)
    }

    /// The global value numbers of record `record`.
    func values(of record: Int) -> [Int32] { recordValues[record] }
}

/// Counts facet values as a walk passes records, and gives back what it touched.
struct FacetTally {
    var counts: [Int32]
    var touched: [Int32] = []

    init(size: Int) { counts = [Int32](repeating: 0, count: size) }

    mutating func add(_ values: [Int32]) {
        for v in values {
            if counts[Int(v)] == 0 { touched.append(v) }
            counts[Int(v)] += 1
        }
    }

    /// The summary so far, then empty again.
    mutating func take(_ table: FacetSummaryTable) -> FacetSummary {
        let summary = table.summary(touched: touched) { counts[$0] }
        for v in touched { counts[Int(v)] = 0 }
        touched.removeAll(keepingCapacity: true)
        return summary
    }
}

extension SearchEngine {
    /// The summary table of this engine's products, made once.
    public var summaryTable: FacetSummaryTable {
        if let known = summaryTableCache.withLock({ $0 }) { return known }
        let table = FacetSummaryTable(content: content, engine: self)
        summaryTableCache.withLock { $0 = table }
        return table
    }
}
