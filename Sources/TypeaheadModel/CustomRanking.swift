/// Orders records by the configured custom ranking, then objectID (bytes), so no two records tie.
public struct CustomRanking: Sendable {
    public var criteria: [CustomRankingCriterion]

    public init(criteria: [CustomRankingCriterion]) {
        self.criteria = criteria
    }

    /// The suggestions index's ranking, fixed: the most popular first (a suggestion's custom key
    /// is its popularity).
    public static let suggestions = CustomRanking(criteria: [
        CustomRankingCriterion(attribute: "popularity", descending: true)
    ])

    /// The numeric value of `attribute` in a record; a missing or non-numeric value ranks last.
    public static func value(_ attributes: [String: JSONValue], _ attribute: String) -> Double? {
        attributes[attribute]?.numberValue
    }

    /// The custom-ranking values of a record, in criteria order, ready for `compare`.
    public func key(_ attributes: [String: JSONValue]) -> [Double?] {
        criteria.map { Self.value(attributes, $0.attribute) }
    }

    /// -1, 0 or 1: whether keys `a` rank before, with, or after keys `b`.
    public func compare(_ a: [Double?], _ b: [Double?]) -> Int {
        for (i, criterion) in criteria.enumerated() {
            switch (a[i], b[i]) {
            case (nil, nil): continue
            case (nil, _): return 1
            case (_, nil): return -1
            case (let x?, let y?):
                if x == y { continue }
                return (criterion.descending ? x > y : x < y) ? -1 : 1
            }
        }
        return 0
    }
}
