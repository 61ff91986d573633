import TypeaheadEngine
import TypeaheadModel

/// One prefix map as the site stores it: the empty key's value, and shards of sorted keys.
public struct PrefixMapLayout: Sendable {
    /// `all`, or the scope's slug.
    public var id: String
    public var scope: Scope?
    /// The empty key's value (objectIDs), embedded in `index.html`.
    public var empty: [ObjectID]
    /// Each shard's first key and its file (relative to the site root), in key order.
    public var manifest: [(firstKey: String, file: String)]
    /// The top level of the manifest's pages (`PrefixMapFiles.writeManifestPages`): each page's
    /// first key and file, embedded in the site data (at most `PageLevels.top`).
    public var pages: [(firstKey: String, file: String)] = []
    /// How many levels of pages `pages` stands above the shards (1: its entries are pages of shards).
    public var levels = 1
    public var keyCount: Int
    /// `valueSizes[n]`: how many non-empty keys show `n` suggestions (for the build report).
    public var valueSizes: [Int] = []
    /// The suggestions (indices into the content's sorted suggestions) shown by at least one key,
    /// the empty key included.
    public var shown: Set<Int32> = []
    /// Each shard's file and size in bytes, in key order.
    public var shardSizes: [(file: String, bytes: Int)] = []
    /// The files of the manifest's pages, at every level, in the order they were written.
    public var pageFiles: [String] = []

    /// Every file of the map: its shards, then its manifest's pages.
    public var files: [String] { shardSizes.map(\.file) + pageFiles }

    public var largestShardBytes: Int { shardSizes.map(\.bytes).max() ?? 0 }

    /// Counts a non-empty key that shows `size` suggestions.
    mutating func count(_ size: Int) {
        keyCount += 1
        if valueSizes.count <= size { valueSizes += Array(repeating: 0, count: size + 1 - valueSizes.count) }
        valueSizes[size] += 1
    }
}

/// Writes prefix maps as classic scripts that register themselves when inserted with
/// `<script src>` (no fetch, no modules, so they load from `file://`):
///
///     typeaheadShard("all/sam-1a2b3c4d", {"<objectID>": "<query>", …}, [
///     ["sam",["samsung","samsung galaxy"]],
///     ["sams","="],
///     ]);
///
/// One key a line, keys sorted. A value names suggestions by objectID; `"="` means "the same as the
/// key one character shorter", which is always in the same shard when used. The object maps the
/// objectIDs of the shard whose query text differs from the objectID to that text.
///
/// Split rule (content-defined, so one changed key moves few boundaries): a shard ends before a key
/// whose hash is 0 modulo 32 once the shard holds `minimumBytes`, and in any case before it would
/// exceed `maximumBytes`. A shard is named by its first key: a readable part and a hash.
public struct PrefixMapFiles {
    public static let minimumBytes = 2048
    public static let maximumBytes = 12 * 1024

    public var content: Content

    public init(content: Content) {
        self.content = content
    }

    /// Builds one map and adds its shard files to `files`.
    public func write(
        id: String, scope: Scope?, builder: PrefixMapBuilder, into files: inout [String: [UInt8]]
    ) -> PrefixMapLayout {
        let suggestions = content.suggestions
        // Each suggestion's objectID as a JSON string, escaped once.
        let encodedIDs: [[UInt8]] = suggestions.map {
            var bytes: [UInt8] = []
            JSONWriter.writeString($0.objectID.text, scriptSafe: true, into: &bytes)
            return bytes
        }
        // Whether a suggestion's query text differs from its objectID (then the shard says so).
        let queryDiffers: [Bool] = suggestions.map { !$0.query.utf8.elementsEqual($0.objectID.text.utf8) }
        var layout = PrefixMapLayout(
            id: id, scope: scope, empty: [], manifest: [], keyCount: 0)
        var lines: [UInt8] = []
        var queries: [String: String] = [:]
        var shardFirstKey: String?
        // The keys of the current shard that are prefixes of the current key, with their values.
        var ancestors: [(key: [UInt8], value: [Int32])] = []

        func flush() {
            guard let first = shardFirstKey else { return }
            let name = "\(id)/\(Slug.make(first))"
            let file = SiteLayout.shard(name)
            let bytes = Self.shardScript(name: name, queries: queries, lines: lines)
            files[file] = bytes
            layout.manifest.append((first, file))
            layout.shardSizes.append((file, bytes.count))
            lines = []
            queries = [:]
            shardFirstKey = nil
            ancestors = []
        }

        builder.build(scope: scope) { entry in
            layout.shown.formUnion(entry.suggestions)
            if entry.keyBytes.isEmpty {
                layout.empty = entry.suggestions.map { suggestions[Int($0)].objectID }
                return
            }
            layout.count(entry.suggestions.count)
            let key = entry.keyBytes
            var encodedKey: [UInt8] = []
            JSONWriter.writeString(entry.key, scriptSafe: true, into: &encodedKey)
            let explicitLength =
                encodedKey.count + 6 + entry.suggestions.reduce(0) { $0 + encodedIDs[Int($1)].count + 1 }
            if shardFirstKey != nil,
                (lines.count >= Self.minimumBytes && Self.isAnchor(key))
                    || lines.count + explicitLength > Self.maximumBytes
            {
                flush()
            }
            if shardFirstKey == nil { shardFirstKey = entry.key }
            while let last = ancestors.last, !(key.starts(with: last.key) && last.key.count < key.count) {
                ancestors.removeLast()
            }
            lines.append(UInt8(ascii: "["))
            lines += encodedKey
            if let parent = ancestors.last, parent.key.count == PrefixMapShape.parentLength(of: key),
                parent.value == entry.suggestions
            {
                lines += ",\"=\"],\n".utf8
            } else {
                lines += ",[".utf8
                for (i, s) in entry.suggestions.enumerated() {
                    if i > 0 { lines.append(UInt8(ascii: ",")) }
                    lines += encodedIDs[Int(s)]
                    if queryDiffers[Int(s)] {
                        queries[suggestions[Int(s)].objectID.text] = suggestions[Int(s)].query
                    }
                }
                lines += "]],\n".utf8
            }
            ancestors.append((key, entry.suggestions))
        }
        flush()
        writeManifestPages(of: &layout, into: &files)
        return layout
    }

    /// `shards/<id>/<slug>.js`: `typeaheadShard(name, {objectID: query…}, [[key, [ids…]], …]);`, the
    /// queries only of suggestions whose query differs from their objectID.
    static func shardScript(name: String, queries: [String: String], lines: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.count + 256)
        bytes += "typeaheadShard(".utf8
        JSONWriter.writeString(name, scriptSafe: true, into: &bytes)
        bytes += ", ".utf8
        JSONWriter.write(.object(queries.mapValues(JSONValue.string)), scriptSafe: true, into: &bytes)
        bytes += ", [\n".utf8
        bytes += lines
        bytes += "]);\n".utf8
        return bytes
    }

    /// The map's manifest in `PageLevels` (`shards/<id>/pages/<slug>.js`, `pages2/`… above), as
    /// `typeaheadManifest(name, [[firstKey, file], …]);`: the site data lists the top level.
    /// (Pages of 256 shards, with no level above, were 4.4 KB gzipped, loaded by a first
    /// keystroke, and at 100,000 products their list was 1.9 KB of the site data's 3.5.)
    func writeManifestPages(
        of layout: inout PrefixMapLayout, into files: inout [String: [UInt8]], levels: PageLevels = PageLevels()
    ) {
        let id = layout.id
        var pageFiles: [String] = []
        (layout.pages, layout.levels) = levels.build(layout.manifest) { depth, page in
            let name = "\(id)/\(PageLevels.folder(depth))/\(Slug.make(page.first!.firstKey))"
            var bytes: [UInt8] = Array("typeaheadManifest(".utf8)
            JSONWriter.writeString(name, scriptSafe: true, into: &bytes)
            bytes += ", [\n".utf8
            bytes += PageLevels.lines(page)
            bytes += "]);\n".utf8
            files[SiteLayout.shard(name)] = bytes
            pageFiles.append(SiteLayout.shard(name))
            return SiteLayout.shard(name)
        }
        layout.pageFiles = pageFiles
    }

    /// Whether a key may start a shard: its hash ends in five zero bits (about one key in 32).
    static func isAnchor(_ key: [UInt8]) -> Bool {
        FNV1a.hash64(key) & 31 == 0
    }

}
