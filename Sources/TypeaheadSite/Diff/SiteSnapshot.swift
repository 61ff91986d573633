import Foundation
import TypeaheadModel

/// What a built site says about search, read back from its files alone (no content needed): every
/// prefix-map key's suggestions, the suggestions, the products, each static result list, and a
/// fingerprint of every file. `typeahead diff` compares two of these.
public struct SiteSnapshot: Sendable {
    public struct Map: Sendable {
        /// `all`, or the scope as `attribute:value`.
        public var name: String
        public var scope: Scope?
        /// Key → objectIDs (the empty key included).
        public var values: [String: [ObjectID]]
    }

    public struct SuggestionRow: Sendable, Equatable {
        public var objectID: ObjectID
        public var query: String
        public var popularity: Double
        /// The record's line in `data/suggestions.js`, to tell any change.
        public var line: String
    }

    public struct ProductRow: Sendable, Equatable {
        public var objectID: ObjectID
        public var slug: String
        /// The client index's fields by name.
        public var fields: [String: JSONValue]
        public var line: String

        public var name: String { fields["name"]?.stringValue ?? objectID.text }
    }

    /// Which result list: a suggestion, unscoped or in a scope.
    public struct ResultKey: Hashable, Sendable {
        public var scope: String?
        public var objectID: ObjectID
    }

    public var root: String
    /// The client index's custom ranking (e.g. `desc(popularity)`), naming its `customRanking` values.
    public var customRanking: [String] = []
    public var maps: [Map]
    public var suggestions: [ObjectID: SuggestionRow]
    public var products: [ObjectID: ProductRow]
    /// Each suggestion's hits over all its result pages, in order.
    public var results: [ResultKey: [ObjectID]]
    /// Relative path → size and FNV-1a 64 of the bytes.
    public var files: [String: FilePrint]

    public struct FilePrint: Hashable, Sendable {
        public var size: Int
        public var hash: UInt64
    }

    /// Reads a site; a site that cannot be read is an error naming the file and line.
    public static func read(_ root: String) throws(SiteReadError) -> SiteSnapshot {
        let reader = SiteReader(site: root)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SiteReadError(description: "\(root): no such folder")
        }
        let data = try reader.siteData()
        let maps = try readMaps(data, reader: reader)

        // Suggestions and products: the rows of the client indices' `records/` files, named by the
        // manifest's `fields`.
        var suggestions: [ObjectID: SuggestionRow] = [:]
        // Each index's objectIDs in number order, to read its scopes' members.
        var suggestionOrder: [ObjectID] = []
        var productOrder: [ObjectID] = []
        for (line, fields) in try indexRows(data["suggestions"], name: "suggestions", reader: reader) {
            guard let id = fields["objectID"]?.stringValue, let query = fields["query"]?.stringValue,
                let popularity = fields["popularity"]?.numberValue
            else {
                throw SiteReadError(
                    description:
                        "\(reader.path(SiteLayout.clientIndex(.suggestions) + "records/")): a row is not [objectID, query, popularity]: \(line.prefix(80))"
                )
            }
            suggestionOrder.append(ObjectID(id))
            suggestions[ObjectID(id)] = SuggestionRow(
                objectID: ObjectID(id), query: query, popularity: popularity, line: line)
        }
        let customRanking = SiteReader.strings(data["products"]?["customRanking"] ?? .null)
        var products: [ObjectID: ProductRow] = [:]
        for (line, fields) in try indexRows(data["products"], name: "products", reader: reader) {
            guard let id = fields["objectID"]?.stringValue, let slug = fields["slug"]?.stringValue else {
                throw SiteReadError(
                    description:
                        "\(reader.path(SiteLayout.clientIndex(.products) + "records/")): a row has no objectID and slug: \(line.prefix(80))"
                )
            }
            productOrder.append(ObjectID(id))
            products[ObjectID(id)] = ProductRow(objectID: ObjectID(id), slug: slug, fields: fields, line: line)
        }

        // Every file once: its fingerprint, and the bytes of the result pages.
        var pages: [String: [UInt8]] = [:]
        let files = try fingerprints(root) { path, bytes in
            if SiteLayout.kind(of: path) == .resultPages { pages[path] = bytes }
        }

        // Result lists, found where the builder puts them (slugs are assigned over sorted objectIDs).
        let ordered = suggestions.values.map(\.objectID).sorted()
        let slugs = Slug.assign(ordered)
        var results: [ResultKey: [ObjectID]] = [:]
        let scopes: [Scope?] = [nil] + maps.compactMap(\.scope)
        // The suggestions each scope offers, and its products.
        let offeredIn = scopeMembers(data["suggestions"], order: suggestionOrder, reader: reader)
        let inScope = scopeMembers(data["products"], order: productOrder, reader: reader)
        for id in ordered {
            for scope in scopes {
                let slug = slugs[id]!
                let scopeSlug = scope.map(SiteLayout.scopeSlug)
                var hits: [ObjectID] = []
                var page = 1
                while let html = pages[SiteLayout.resultPage(suggestionSlug: slug, scopeSlug: scopeSlug, page: page)] {
                    hits += html.withUnsafeBufferPointer { SiteReader.objectIDs(inResultPage: $0) }.map {
                        ObjectID($0)
                    }
                    page += 1
                }
                if page > 1 {
                    results[ResultKey(scope: scope?.filter, objectID: id)] = hits
                } else if let scope, offeredIn[scope.filter]?.contains(id) == true,
                    let all = results[ResultKey(scope: nil, objectID: id)], !all.isEmpty,
                    let members = inScope[scope.filter], all.allSatisfy(members.contains)
                {
                    // Offered in the scope, with hits there (the unscoped pages' are all in it) and
                    // no pages of its own: the scope holds every hit of its unscoped list, whose
                    // pages are the scope's (docs/CONTRACT.md, "A scope's pages"; `check` proves
                    // that no other list goes without pages).
                    results[ResultKey(scope: scope.filter, objectID: id)] = all
                }
            }
        }

        return SiteSnapshot(
            root: root, customRanking: customRanking, maps: maps, suggestions: suggestions, products: products,
            results: results,
            files: files)
    }

    /// Every prefix map of the site: each key's suggestions, the empty key included.
    static func readMaps(_ data: JSONValue, reader: SiteReader) throws(SiteReadError) -> [Map] {
        guard case .array(let mapValues) = data["maps"] ?? .null else {
            throw SiteReadError(description: "\(reader.path(SiteLayout.siteData)): the site data has no maps")
        }
        var maps: [Map] = []
        for map in mapValues {
            let scope = SiteReader.scope(ofMap: map)
            let name = scope?.filter ?? SiteLayout.unscopedMap
            var problems: [String] = []
            var shards = 0
            let values = reader.readMap(map, name: name, shards: &shards) { problems.append($0) }
            if let problem = problems.first {
                throw SiteReadError(description: "\(reader.site): \(problem)")
            }
            maps.append(Map(name: name, scope: scope, values: values))
        }
        return maps
    }

    /// The rows of a client index's `records/` files (as its manifest in `index.html` describes it),
    /// each with its line and its cells named by the manifest's `fields`.
    /// The members of each scope of a client index, by the scope's filter: its `scopes/<slug>.js`
    /// lists their numbers as differences; `order` is the index's objectIDs in number order.
    static func scopeMembers(_ manifest: JSONValue?, order: [ObjectID], reader: SiteReader) -> [String: Set<ObjectID>] {
        guard case .array(let entries)? = manifest?["scopes"], let base = manifest?["base"]?.stringValue else {
            return [:]
        }
        var result: [String: Set<ObjectID>] = [:]
        for entry in entries {
            guard case .array(let cells) = entry, cells.count == 3, let attribute = cells[0].stringValue,
                let value = cells[1].stringValue, let slug = cells[2].stringValue,
                let text = reader.read("\(base)scopes/\(slug).js"),
                let open = text.utf8.firstIndex(of: UInt8(ascii: "["))
            else { continue }
            var members = Set<ObjectID>()
            var number = -1
            var gap: Int? = nil
            for byte in text.utf8[text.utf8.index(after: open)...] {
                if byte >= 0x30 && byte <= 0x39 {
                    gap = (gap ?? 0) * 10 + Int(byte - 0x30)
                    continue
                }
                if let g = gap {
                    number += number < 0 ? g + 1 : g
                    if number >= 0, number < order.count { members.insert(order[number]) }
                    gap = nil
                }
                if byte == UInt8(ascii: "]") { break }
            }
            result[Scope(attribute: attribute, value: value).filter] = members
        }
        return result
    }

    static func indexRows(
        _ manifest: JSONValue?, name: String, reader: SiteReader
    ) throws(SiteReadError) -> [(String, [String: JSONValue])] {
        guard let manifest, let base = manifest["base"]?.stringValue, let count = manifest["count"]?.numberValue,
            let bucket = manifest["bucket"]?.numberValue, bucket >= 1, count >= 0
        else {
            throw SiteReadError(
                description: "\(reader.path(SiteLayout.siteData)): the site data has no \(name) index manifest")
        }
        let fields = SiteReader.strings(manifest["fields"] ?? .null)
        var result: [(String, [String: JSONValue])] = []
        for n in 0..<((Int(count) + Int(bucket) - 1) / Int(bucket)) {
            let path = "\(base)records/\(n).js"
            for (line, row) in try rows(of: path, reader: reader, opening: "typeaheadIndex(").rows {
                guard case .array(let cells) = row, cells.count == fields.count else {
                    throw SiteReadError(
                        description:
                            "\(reader.path(path)): a row does not have the \(fields.count) fields of the manifest: \(line.prefix(80))"
                    )
                }
                result.append((line, Dictionary(zip(fields, cells), uniquingKeysWith: { first, _ in first })))
            }
        }
        return result
    }

    /// The JSON rows of a one-record-a-line script: the first line opens it, `]);` closes it.
    static func rows(
        of relative: String, reader: SiteReader, opening: String
    ) throws(SiteReadError) -> (header: Substring, rows: [(String, JSONValue)]) {
        guard let text = reader.read(relative) else {
            throw SiteReadError(
                description: "\(reader.path(relative)): no such file; is \(reader.site) a Typeahead site?")
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, first.hasPrefix(opening) else {
            throw SiteReadError(description: "\(reader.path(relative)): line 1 does not start with \(opening)")
        }
        var rows: [(String, JSONValue)] = []
        for (n, line) in lines.enumerated().dropFirst() where !line.isEmpty && line != "]);" {
            let body = line.hasSuffix(",") ? line.dropLast() : line[...]
            do {
                rows.append((String(body), try JSONParser.parse(Array(body.utf8))))
            } catch {
                throw SiteReadError(description: "\(reader.path(relative)): line \(n + 1): \(error.message)")
            }
        }
        return (first, rows)
    }

    /// Every regular file under the root (sorted walk), by relative path.
    private static func fingerprints(
        _ root: String, visit: (String, [UInt8]) -> Void
    ) throws(SiteReadError) -> [String: FilePrint] {
        let fm = FileManager.default
        guard let enumerator = fm.enumerator(atPath: root) else {
            throw SiteReadError(description: "\(root): cannot list the folder")
        }
        var result: [String: FilePrint] = [:]
        while let path = enumerator.nextObject() as? String {
            let full = (root as NSString).appendingPathComponent(path)
            guard enumerator.fileAttributes?[.type] as? FileAttributeType == .typeRegular,
                let data = fm.contents(atPath: full)
            else { continue }
            let bytes = [UInt8](data)
            result[path] = FilePrint(size: bytes.count, hash: FNV1a.hash64(bytes))
            visit(path, bytes)
        }
        return result
    }
}
