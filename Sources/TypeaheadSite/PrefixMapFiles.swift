import TypeaheadEngine
import TypeaheadModel

/// One prefix map as the site stores it: the empty key's value, and shards of sorted keys.
public struct PrefixMapLayout: Sendable {
    /// `all`, or the scope's slug.
    public var id: String
    public var scope: Scope?
    /// The empty key's value (objectIDs), embedded in `index.html`.
    public var empty: [String]
    /// Each shard's first key and its file (relative to the site root), in key order.
    public var manifest: [(firstKey: String, file: String)]
    public var keyCount: Int
    public var largestShardBytes: Int
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
        var layout = PrefixMapLayout(
            id: id, scope: scope, empty: [], manifest: [], keyCount: 0, largestShardBytes: 0)
        var lines: [UInt8] = []
        var queries: [String: String] = [:]
        var shardFirstKey: String?
        var valuesInShard: [[UInt8]: [Int32]] = [:]

        func flush() {
            guard let first = shardFirstKey else { return }
            let name = "\(id)/\(Slug.make(first.isEmpty ? "root" : first))"
            let file = "shards/\(name).js"
            var bytes: [UInt8] = []
            bytes += "typeaheadShard(".utf8
            JSONWriter.writeString(name, scriptSafe: true, into: &bytes)
            bytes += ", ".utf8
            JSONWriter.write(.object(queries.mapValues(JSONValue.string)), scriptSafe: true, into: &bytes)
            bytes += ", [\n".utf8
            bytes += lines
            bytes += "]);\n".utf8
            files[file] = bytes
            layout.manifest.append((first, file))
            layout.largestShardBytes = max(layout.largestShardBytes, bytes.count)
            lines = []
            queries = [:]
            shardFirstKey = nil
            valuesInShard = [:]
        }

        builder.build(scope: scope) { entry in
            let ids = entry.suggestions.map { suggestions[Int($0)].objectID }
            if entry.key.isEmpty {
                layout.empty = ids
                return
            }
            layout.keyCount += 1
            let key = Array(entry.key.utf8)
            let parent = Self.parent(of: key)
            let explicitLine = Self.line(key: entry.key, ids: ids)
            let anchor = Self.isAnchor(entry.key)
            if shardFirstKey != nil,
                (lines.count >= Self.minimumBytes && anchor) || lines.count + explicitLine.count > Self.maximumBytes
            {
                flush()
            }
            if shardFirstKey == nil { shardFirstKey = entry.key }
            if valuesInShard[parent] == entry.suggestions {
                lines += Self.line(key: entry.key, same: true)
            } else {
                lines += explicitLine
                for s in entry.suggestions where suggestions[Int(s)].query != suggestions[Int(s)].objectID {
                    queries[suggestions[Int(s)].objectID] = suggestions[Int(s)].query
                }
            }
            valuesInShard[key] = entry.suggestions
        }
        flush()
        return layout
    }

    /// Whether a key may start a shard: its hash ends in five zero bits (about one key in 32).
    static func isAnchor(_ key: String) -> Bool {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return hash & 31 == 0
    }

    /// The key one character shorter (a trailing space dropped), as bytes.
    static func parent(of key: [UInt8]) -> [UInt8] {
        var end = key.count - 1
        while end > 0, key[end] & 0xC0 == 0x80 { end -= 1 }
        var parent = Array(key[..<max(end, 0)])
        if parent.last == 0x20 { parent.removeLast() }
        return parent
    }

    static func line(key: String, ids: [String]) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        JSONWriter.writeString(key, scriptSafe: true, into: &bytes)
        bytes += ",[".utf8
        for (i, id) in ids.enumerated() {
            if i > 0 { bytes.append(UInt8(ascii: ",")) }
            JSONWriter.writeString(id, scriptSafe: true, into: &bytes)
        }
        bytes += "]],\n".utf8
        return bytes
    }

    static func line(key: String, same: Bool) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        JSONWriter.writeString(key, scriptSafe: true, into: &bytes)
        bytes += ",\"=\"],\n".utf8
        return bytes
    }
}
