import Foundation
import TypeaheadModel

/// What changed in search between two built sites, for a reviewer: keys whose suggestions changed
/// (grouped by what changed, the most used first), suggestions, result lists, products, and files.
///
/// A key's use is estimated as the total popularity of the suggestions it leads to (those with a
/// normalised word-suffix that starts with the key), so `i` ranks above `iphone 6s plus`.
public struct SiteDiff: Codable, Sendable {
    /// How a key, a record or a result list changed (its JSON is the raw value).
    public enum Change: String, Codable, Sendable, CaseIterable {
        case added, removed, changed
        /// The same hits in another order.
        case reordered
        /// Other hits.
        case hits

        /// As a summary says it: `2 added`, `1 with other hits`.
        var label: String { self == .hits ? "with other hits" : rawValue }
    }

    public var headline: String
    public var keys: [KeyGroup]
    public var suggestions: [RecordChange]
    public var results: [ResultChange]
    public var products: [RecordChange]
    public var files: FileChanges
    /// The query of every suggestion named above (the new text when it changed).
    public var queries: [String: String]
    /// The name of every product named in `results`.
    public var names: [String: String]
    /// For each suggestion that appears in or disappears from some keys: how many, the most first.
    public var bySuggestion: [SuggestionTally]

    public struct SuggestionTally: Codable, Sendable {
        public var objectID: ObjectID
        public var query: String
        /// Keys (over all maps) that show it now and did not before, and the other way round.
        public var gained: Int
        public var lost: Int
    }

    /// Keys of one map that changed the same way.
    public struct KeyGroup: Codable, Sendable {
        public var map: String
        /// Suggestions (objectIDs) that now appear, in their new order.
        public var entered: [ObjectID]
        /// Suggestions no longer shown, in their old order.
        public var left: [ObjectID]
        /// When suggestions shown both before and after changed order: their order before and after.
        public var orderBefore: [ObjectID]
        public var orderAfter: [ObjectID]
        /// The keys, most used first.
        public var keys: [KeyChange]
        public var use: Double
    }

    public struct KeyChange: Codable, Sendable {
        public var key: String
        public var before: [ObjectID]
        public var after: [ObjectID]
        public var use: Double
        /// `added` for a key the old site did not have, `removed` for one the new site does not.
        public var status: Change?
    }

    public struct RecordChange: Codable, Sendable {
        /// `added`, `removed` or `changed`.
        public var change: Change
        public var objectID: ObjectID
        /// The suggestion's query, or the product's name (the new one when both exist).
        public var text: String
        /// For `changed`: which fields differ (`page` for a product's page).
        public var fields: [String]
        public var popularityBefore: Double?
        public var popularityAfter: Double?
    }

    public struct ResultChange: Codable, Sendable {
        /// `added`, `removed`, `reordered` or `hits`.
        public var change: Change
        public var objectID: ObjectID
        public var query: String
        public var before: [ObjectID]
        public var after: [ObjectID]
        public var use: Double
    }

    public struct FileChanges: Codable, Sendable {
        public var added: [String]
        public var removed: [String]
        public var changed: [String]
        public var unchanged: Int
    }

    public init(old: SiteSnapshot, new: SiteSnapshot) {
        let use = KeyUse(old: old, new: new)
        keys = Self.keyGroups(old: old, new: new, use: use)
        suggestions = Self.suggestionChanges(old: old, new: new)
        results = Self.resultChanges(old: old, new: new, use: use)
        products = Self.productChanges(old: old, new: new)
        files = Self.fileChanges(old: old, new: new)
        bySuggestion = Self.tallies(keys, old: old, new: new)
        var queries: [String: String] = [:]
        for group in keys {
            for id in group.entered + group.left + group.orderAfter
                + group.keys.prefix(SiteDiff.exampleKeys).flatMap({ $0.before + $0.after })
            {
                queries[id.text] = Self.query(id, old: old, new: new)
            }
        }
        self.queries = queries
        var names: [String: String] = [:]
        for change in results {
            for id in Self.mentionedProducts(change) {
                names[id.text] = (new.products[id] ?? old.products[id])?.name ?? id.text
            }
        }
        self.names = names
        headline = ""
        headline = makeHeadline()
    }

    /// The changed keys of every map, grouped by the change's signature (what entered, what left,
    /// the new order), the groups whose most used key is the most used first.
    private static func keyGroups(old: SiteSnapshot, new: SiteSnapshot, use: KeyUse) -> [KeyGroup] {
        // Grouped by the change's signature, compared byte for byte (objectIDs are bytes).
        var groups: [ByteKey: KeyGroup] = [:]
        // The new site's maps in its order, then any the old site alone had.
        var seenMaps = Set<ByteKey>()
        let mapNames = (new.maps + old.maps).map(\.name).filter { seenMaps.insert(ByteKey($0)).inserted }
        for name in mapNames {
            let before = old.maps.first { $0.name == name }?.values ?? [:]
            let after = new.maps.first { $0.name == name }?.values ?? [:]
            var keys = Set(before.keys.map(ByteKey.init))
            keys.formUnion(after.keys.map(ByteKey.init))
            for keyBytes in keys {
                let key = String(decoding: keyBytes.utf8, as: UTF8.self)
                let b = before[key] ?? []
                let a = after[key] ?? []
                if b == a { continue }
                let bSet = Set(b)
                let aSet = Set(a)
                let entered = a.filter { !bSet.contains($0) }
                let left = b.filter { !aSet.contains($0) }
                let commonBefore = b.filter { aSet.contains($0) }
                let commonAfter = a.filter { bSet.contains($0) }
                let reordered = commonBefore != commonAfter
                let texts = { (ids: [ObjectID]) in ids.map(\.text) }
                let signature =
                    [name, texts(entered).joined(separator: "\u{1}"), texts(left).joined(separator: "\u{1}")]
                    + (reordered ? texts(commonBefore) + ["\u{2}"] + texts(commonAfter) : [])
                let id = ByteKey(signature.joined(separator: "\u{0}"))
                let weight = use.of(key)
                groups[
                    id,
                    default: KeyGroup(
                        map: name, entered: entered, left: left, orderBefore: reordered ? commonBefore : [],
                        orderAfter: reordered ? commonAfter : [], keys: [], use: 0)
                ].keys.append(
                    KeyChange(
                        key: key, before: b, after: a, use: weight,
                        status: before[key] == nil ? .added : after[key] == nil ? .removed : nil))
                groups[id]!.use += weight
            }
        }
        return groups.values.map { group in
            var group = group
            group.keys.sort { $0.use != $1.use ? $0.use > $1.use : utf8Less($0.key, $1.key) }
            return group
        }.sorted { a, b in
            // The group whose most used key is the most used first.
            if a.keys[0].use != b.keys[0].use { return a.keys[0].use > b.keys[0].use }
            if a.use != b.use { return a.use > b.use }
            if a.keys.count != b.keys.count { return a.keys.count > b.keys.count }
            if a.map != b.map { return utf8Less(a.map, b.map) }
            return utf8Less(a.keys[0].key, b.keys[0].key)
        }
    }

    /// For each suggestion that entered or left some keys, how many, the most first.
    private static func tallies(_ keys: [KeyGroup], old: SiteSnapshot, new: SiteSnapshot) -> [SuggestionTally] {
        var tally: [ObjectID: (gained: Int, lost: Int)] = [:]
        for group in keys {
            for id in group.entered { tally[id, default: (0, 0)].gained += group.keys.count }
            for id in group.left { tally[id, default: (0, 0)].lost += group.keys.count }
        }
        return tally.map { id, value in
            SuggestionTally(
                objectID: id, query: query(id, old: old, new: new), gained: value.gained, lost: value.lost)
        }.sorted { a, b in
            a.gained + a.lost != b.gained + b.lost
                ? a.gained + a.lost > b.gained + b.lost : a.objectID < b.objectID
        }
    }

    /// A suggestion's query, from the new site, else the old one; its id when neither has it.
    static func query(_ id: ObjectID, old: SiteSnapshot, new: SiteSnapshot) -> String {
        (new.suggestions[id] ?? old.suggestions[id])?.query ?? id.text
    }

    /// Byte equality (Swift's `==` on strings would take `é` and `e` + U+0301 as equal).
    static func same(_ a: String, _ b: String) -> Bool { a.utf8.elementsEqual(b.utf8) }

    static func unionKeys<V>(_ a: [ObjectID: V], _ b: [ObjectID: V]) -> [ObjectID] {
        Set(a.keys).union(b.keys).sorted()
    }

    /// "2 added, 1 changed": how many changes of each kind, in this order, the absent ones left out.
    static func tally(_ changes: [Change], kinds: [Change]) -> String {
        kinds.compactMap { kind -> String? in
            let n = changes.filter { $0 == kind }.count
            return n == 0 ? nil : "\(grouped(n)) \(kind.label)"
        }.joined(separator: ", ")
    }

    static let recordKinds: [Change] = [.added, .removed, .changed]
    static let resultKinds: [Change] = [.added, .removed, .reordered, .hits]

    func makeHeadline() -> String {
        var parts: [String] = []
        let keyCount = keys.reduce(0) { $0 + $1.keys.count }
        if keyCount > 0 {
            parts.append(
                "\(grouped(keyCount)) key\(keyCount == 1 ? "" : "s") show\(keyCount == 1 ? "s" : "") other suggestions (\(grouped(keys.count)) change\(keys.count == 1 ? "" : "s"))"
            )
        }
        for (noun, changes, kinds) in [
            ("suggestions", suggestions.map(\.change), Self.recordKinds),
            ("result lists", results.map(\.change), Self.resultKinds),
            ("products", products.map(\.change), Self.recordKinds),
        ] {
            let described = Self.tally(changes, kinds: kinds)
            if !described.isEmpty { parts.append("\(noun): \(described)") }
        }
        let fileCount = files.added.count + files.removed.count + files.changed.count
        if parts.isEmpty {
            return fileCount == 0
                ? "No change: the two sites are identical (\(grouped(files.unchanged)) files)."
                : "No change to search; \(grouped(fileCount)) file\(fileCount == 1 ? "" : "s") differ (templates or assets)."
        }
        return parts.joined(separator: " · ") + " · \(grouped(fileCount)) file\(fileCount == 1 ? "" : "s") differ."
    }

    /// The diff as JSON: sorted keys, one value a line, every change listed.
    public func json() -> [UInt8] { reviewJSON(self) }
}
