import Foundation
import TypeaheadEngine
import TypeaheadModel

/// Reads back what a built site holds: its data (`data/site.js`), prefix-map shards and files. Shared by
/// `typeahead check` and `typeahead diff`, so both read a site the same way.
public struct SiteReader: Sendable {
    public var site: String

    public init(site: String) {
        self.site = site
    }

    public func path(_ relative: String) -> String { (site as NSString).appendingPathComponent(relative) }

    public func read(_ relative: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path(relative)) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The site's data (`data/site.js`), which every page's search box reads.
    public func siteData() throws(SiteReadError) -> JSONValue {
        guard read("index.html") != nil else {
            throw SiteReadError(
                description: "\(path("index.html")): no such file; is \(site) a Typeahead site?")
        }
        guard let script = read(SiteLayout.siteData) else {
            throw SiteReadError(description: "\(path(SiteLayout.siteData)): no such file")
        }
        guard script.hasPrefix(SiteData.prefix), script.hasSuffix(SiteData.suffix) else {
            throw SiteReadError(
                description: "\(path(SiteLayout.siteData)): expected \(SiteData.prefix){…}\(SiteData.suffix.dropLast())"
            )
        }
        do {
            return try JSONParser.parse(
                Array(script.utf8.dropFirst(SiteData.prefix.utf8.count).dropLast(SiteData.suffix.utf8.count)))
        } catch {
            throw SiteReadError(description: "\(path(SiteLayout.siteData)): malformed JSON (\(error.message))")
        }
    }

    /// The files of the products' precomputed answers (`data/products/answers/`, its `pages/` too),
    /// in code-point order.
    public func answerFiles() -> [(path: String, bytes: [UInt8])] {
        let folder = path(SiteLayout.answersFolder)
        return SiteReader.files(under: folder).map {
            (
                path: SiteLayout.answersFolder + $0,
                bytes: [UInt8](FileManager.default.contents(atPath: folder + "/" + $0) ?? Data())
            )
        }
    }

    /// The shards of the products' precomputed answers, at the top of `data/products/answers/` (not
    /// its `pages/` nor its `rows/`), in code-point order, as paths in the site.
    public func answerShards() -> [String] {
        SiteReader.files(under: path(SiteLayout.answersFolder)).filter { !$0.contains("/") }.map {
            SiteLayout.answersFolder + $0
        }
    }

    /// The answer lines of answers files, `[text, nbHits, numbers, placed]` each, as JSON bytes:
    /// a shard is `typeaheadIndex("…", [`, one answer a line ending in a comma, then `]);`. Only
    /// the shards, at the folder's top: not the pages that list them (`pages/`, `pages2/`…) nor
    /// the rows of their hits (`rows/`).
    public static func answerLines(_ files: [(path: String, bytes: [UInt8])]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        for (path, bytes) in files
        where path.hasPrefix(SiteLayout.answersFolder) && !path.dropFirst(SiteLayout.answersFolder.count).contains("/")
        {
            for line in bytes.split(separator: UInt8(ascii: "\n")).dropFirst().dropLast() {
                lines.append(Array(line.dropLast()))
            }
        }
        return lines
    }

    /// The scope of a map of the site data (`{"attribute": …, "value": …}`), nil for the unscoped map.
    public static func scope(ofMap map: JSONValue) -> Scope? {
        guard let attribute = map["scope"]?["attribute"]?.stringValue, let value = map["scope"]?["value"]?.stringValue
        else { return nil }
        return Scope(attribute: attribute, value: value)
    }

    /// Every key of a map with its value: the empty key's from the site data, the others from the
    /// shards ("=" resolved), reporting malformed or unsorted shards and keys outside their shard's
    /// range.
    public func readMap(
        _ map: JSONValue, name: String, shards: inout Int, problem: (String) -> Void
    ) -> [String: [ObjectID]] {
        var values: [String: [ObjectID]] = ["": (map["empty"].map(SiteReader.strings) ?? []).map { ObjectID($0) }]
        guard case .array(let pageList) = map["pages"] ?? .null else {
            problem("map \(name): no manifest pages")
            return values
        }
        let entries = readManifest(pageList, name: name, problem: problem)
        for (i, (firstKey, file)) in entries.enumerated() {
            shards += 1
            guard SiteLayout.isInside(file), let text = read(file) else {
                problem("map \(name): shard \(file) is missing")
                continue
            }
            let nextFirst = i + 1 < entries.count ? entries[i + 1].0 : nil
            readShard(text, file: file, range: (firstKey, nextFirst), name: name, into: &values, problem: problem)
        }
        return values
    }

    /// The shards a map's manifest pages list, in order: each page's entries, each page starting at
    /// its own first key.
    private func readManifest(
        _ pageList: [JSONValue], name: String, depth: Int = 1, problem: (String) -> Void
    ) -> [(String, String)] {
        // The build writes a level above only when one has more than 64 pages.
        guard depth <= 8 else {
            problem("map \(name): manifest pages nested more than 8 levels deep")
            return []
        }
        let pairs = { (list: [JSONValue]) in
            list.compactMap { entry -> (String, String)? in
                guard case .array(let pair) = entry, pair.count == 2, let first = pair[0].stringValue,
                    let file = pair[1].stringValue
                else { return nil }
                return (first, file)
            }
        }
        var entries: [(String, String)] = []
        for (pageFirst, file) in pairs(pageList) {
            guard SiteLayout.isInside(file), let text = read(file) else {
                problem("map \(name): manifest page \(file) is missing")
                continue
            }
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.first?.hasPrefix("typeaheadManifest(") == true else {
                problem("map \(name): manifest page \(file) does not start with typeaheadManifest(")
                continue
            }
            lines.removeFirst()
            var list: [(String, String)] = []
            for (n, line) in lines.enumerated() where !line.isEmpty && line != "]);" {
                let body = line.hasSuffix(",") ? line.dropLast() : line[...]
                guard case .array(let cells)? = try? JSONParser.parse(Array(body.utf8)),
                    let pair = pairs([.array(cells)]).first
                else {
                    problem("map \(name): manifest page \(file) line \(n + 2) is malformed: \(line.prefix(80))")
                    continue
                }
                list.append(pair)
            }
            guard let first = list.first else {
                problem("map \(name): manifest page \(file) is empty")
                continue
            }
            if first.0 != pageFirst {
                problem("map \(name): manifest page \(file) starts at \"\(first.0)\", not \"\(pageFirst)\"")
            }
            // A page of pages (`pages2/`…) lists pages of the level below: their shards, in order.
            if list.allSatisfy({ Self.isManifestPage($0.1) }) {
                entries += readManifest(
                    list.map { .array([.string($0.0), .string($0.1)]) }, name: name, depth: depth + 1, problem: problem)
            } else {
                entries += list
            }
        }
        return entries
    }

    /// Whether a map's file is a manifest page (`shards/<id>/pages/…`, `pages2/`…), not a shard.
    static func isManifestPage(_ file: String) -> Bool {
        let parts = file.split(separator: "/")
        return parts.count == 4 && PageLevels.isFolder(parts[2])
    }

    /// One shard's keys with their values ("=" resolved from `values`), each checked to be in
    /// order and within `range` (from its first key to the next shard's).
    private func readShard(
        _ text: String, file: String, range: (first: String, next: String?), name: String,
        into values: inout [String: [ObjectID]], problem: (String) -> Void
    ) {
        let (firstKey, nextFirst) = range
        var previous: String?
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first?.hasPrefix("typeaheadShard(") == true, lines.count >= 2 else {
            problem("map \(name): shard \(file) does not start with typeaheadShard(")
            return
        }
        lines.removeFirst()
        for (n, line) in lines.enumerated() where !line.isEmpty && line != "]);" {
            let body = line.hasSuffix(",") ? line.dropLast() : line[...]
            guard case .array(let pair)? = try? JSONParser.parse(Array(body.utf8)), pair.count == 2,
                let key = pair[0].stringValue
            else {
                problem("map \(name): shard \(file) line \(n + 2) is malformed: \(line.prefix(80))")
                continue
            }
            if let previous, !utf8Less(previous, key) {
                problem(
                    "map \(name): shard \(file) line \(n + 2): key \"\(key)\" is out of order (after \"\(previous)\")"
                )
            }
            if utf8Less(key, firstKey) || (nextFirst.map { !utf8Less(key, $0) } ?? false) {
                problem("map \(name): shard \(file): key \"\(key)\" is outside the shard's range")
            }
            previous = key
            if pair[1] == .string("=") {
                let parent = String(decoding: PrefixMapShape.parent(of: Array(key.utf8)), as: UTF8.self)
                guard let inherited = values[parent] else {
                    problem(
                        "map \(name): key \"\(key)\" says \"=\" but its parent \"\(parent)\" is not before it in the shard"
                    )
                    continue
                }
                values[key] = inherited
            } else {
                values[key] = SiteReader.strings(pair[1]).map { ObjectID($0) }
            }
        }
    }
}

/// Reading what a site's files hold, shared by `check`, `check --engine` and the snapshot.
extension SiteReader {
    /// What a folder holds, found in one walk with `lstat` (a link is never followed), each by
    /// its path relative to the folder, sorted: every entry that is not a folder (`files`), those
    /// of them that are links or other special files (`links`: a site holds regular files only, and
    /// `serve` answers 404 for a link), and the empty folders below it.
    struct Entries {
        var files: [String] = []
        var links: [String] = []
        var emptyFolders: [String] = []
    }

    static func entries(under folder: String) -> Entries {
        var entries = Entries()
        func walk(_ relative: String) {
            let full = relative.isEmpty ? folder : folder + "/" + relative
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: full) else { return }
            if names.isEmpty, !relative.isEmpty { entries.emptyFolders.append(relative) }
            for name in names {
                let path = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard lstat(folder + "/" + path, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: walk(path)
                case S_IFREG: entries.files.append(path)
                default:
                    entries.files.append(path)
                    entries.links.append(path)
                }
            }
        }
        walk("")
        entries.files.sort(by: utf8Less)
        entries.links.sort(by: utf8Less)
        entries.emptyFolders.sort(by: utf8Less)
        return entries
    }

    /// The relative paths of the files under a folder (none when it does not exist).
    static func files(under folder: String) -> [String] { entries(under: folder).files }

    static func strings(_ value: JSONValue) -> [String] {
        if case .array(let values) = value { return values.compactMap(\.stringValue) }
        return []
    }

    /// The `data-object-id` attributes of a result page's hits, unescaped.
    static func objectIDs(inResultPage html: String) -> [String] {
        var html = html
        return html.withUTF8 { objectIDs(inResultPage: $0) }
    }

    /// The same, on the page's bytes (a byte scan: `String.range(of:)` is slow on long pages).
    static func objectIDs(inResultPage bytes: UnsafeBufferPointer<UInt8>) -> [String] {
        let marker = Array(TemplateSet.hitMarker.utf8)
        var ids: [String] = []
        var i = 0
        let end = bytes.count
        while i + marker.count <= end {
            if bytes[i] == marker[0] {
                var j = 1
                while j < marker.count, bytes[i + j] == marker[j] { j += 1 }
                if j == marker.count {
                    let start = i + marker.count
                    var close = start
                    while close < end, bytes[close] != UInt8(ascii: "\"") { close += 1 }
                    guard close < end else { break }
                    ids.append(
                        HTML.unescape(
                            String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<close]), as: UTF8.self)))
                    i = close
                    continue
                }
            }
            i += 1
        }
        return ids
    }
}
