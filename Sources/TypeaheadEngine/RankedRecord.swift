/// The textual ranking criteria of one matching record, packed so that sorting two integers
/// applies the order of docs/CONTRACT.md, Ranking: typo, words, proximity, attribute, exact, custom
/// ranking, objectID.
public struct RankedRecord: Sendable, Equatable {
    public var record: Int
    public var typos: Int
    /// How many query words the record matches (all of them unless some are optional).
    public var words: Int = 0
    public var proximity: Int
    public var attribute: Int
    public var attributePosition: Int
    public var exact: Int
    var major: UInt64
    var minor: UInt64
    /// A replica's sort criterion, before every other (0 in the products index itself).
    var sort: UInt32 = 0

    /// Whether `self` ranks before `other`.
    @inline(__always)
    public func precedes(_ other: RankedRecord) -> Bool {
        if sort != other.sort { return sort < other.sort }
        return major != other.major ? major < other.major : minor < other.minor
    }
}

extension RankedRecord {
    /// The best `k` of `records` that pass `include`, in rank order, and how many passed: a small `k`
    /// is kept in order as the records stream past, a large one sorted.
    static func best(
        _ k: Int, of records: [RankedRecord], where include: (RankedRecord) -> Bool = { _ in true }
    ) -> (ranked: [RankedRecord], count: Int) {
        var kept = BestRecords(k: k)
        var count = 0
        for record in records where include(record) {
            count += 1
            kept.add(record)
        }
        return (kept.ranked, count)
    }
}

/// The best `k` of a stream of ranked records: kept in order as they come when `k` is small, else
/// gathered and sorted once at the end.
struct BestRecords {
    private var top: TopK?
    private var all: [RankedRecord] = []
    private let k: Int

    init(k: Int) {
        self.k = k
        if k <= 64 { top = TopK(k: k) }
    }

    mutating func add(_ record: RankedRecord) {
        if top != nil { top!.add(record) } else { all.append(record) }
    }

    /// The records kept, best first.
    var ranked: [RankedRecord] {
        if let top { return top.ranked }
        var sorted = all.sorted { $0.precedes($1) }
        if sorted.count > k { sorted.removeLast(sorted.count - k) }
        return sorted
    }

    /// Their record numbers.
    var records: [Int32] { ranked.map { Int32(truncatingIfNeeded: $0.record) } }
}
