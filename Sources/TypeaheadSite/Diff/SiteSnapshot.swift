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

    public var root: String
    /// The client index's custom ranking (e.g. `desc(popularity)`), naming its `customRanking` values.
    public var customRanking: [String] = []
    public var maps: [Map]
    public var suggestions: [ObjectID: SuggestionRow]
    public var products: [ObjectID: ProductRow]
    /// Each suggestion's hits over all its result pages, in order, by the suggestion's objectID
    /// (only the unscoped list has pages: docs/CONTRACT.md, "A scope's list").
    public var results: [ObjectID: [ObjectID]]
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
        for (line, fields) in try indexRows(data["suggestions"], name: "suggestions", reader: reader) {
            guard let id = fields["objectID"]?.stringValue, let query = fields["query"]?.stringValue,
                let popularity = fields["popularity"]?.numberValue
            else {
                throw SiteReadError(
                    description:
                        "\(reader.path(SiteLayout.clientIndex(.suggestions) + "records/")): a row is not [objectID, query, popularity]: \(line.prefix(80))"
                )
            }
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
        var results: [ObjectID: [ObjectID]] = [:]
        for id in ordered {
            var hits: [ObjectID] = []
            var page = 1
            while let html = pages[SiteLayout.resultPage(suggestionSlug: slugs[id]!, page: page)] {
                hits += html.withUnsafeBufferPointer { SiteReader.objectIDs(inResultPage: $0) }.map { ObjectID($0) }
                page += 1
            }
            if page > 1 { results[id] = hits }
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
