import Foundation
import TypeaheadEngine
import TypeaheadModel

#if canImport(Glibc)
    import Glibc
#endif

/// What a build leaves for the next one (docs/ARCHITECTURE.md, "Incremental builds"), in
/// `.<site>.typeahead-state/` beside the site, next to its lock: never inside the site, whose bytes
/// do not depend on it. Written after the new site is in place; a state that does not describe the
/// site in place (another folder, another content folder, another binary, unreadable) is ignored
/// and the build runs clean.
///
/// - `state`: the format line, the inputs' fingerprint, the content folder, the site folder's
///   device and inode, the facets that held only numbers;
/// - `files`: every file of the site, `size mtime path` a line (a file whose size or modification
///   time differs was changed since, by hand or by another tool, and is not reused);
/// - `pages`: each suggestion's result pages, `["objectID","path",…]` a line;
/// - `vetting`: each suggestion's hits in every scope (null: not in it) and how many of its words
///   were made optional in each (a character at scope k's place: "0" none, "1" to "9" and "a" to
///   "z" that many, "*" some), `["objectID",hits…,"0200"]` a line;
/// - `maps`: each prefix map's layout (`PrefixMapLayout`, unscoped first, then one a scope), one
///   JSON array a line: what the steps after the maps read of them, and the files they wrote;
/// - `content/`: the products and `site.json` the site was built from.
struct BuildState {
    static let format = "typeahead-state 5"

    /// The inputs other than the products (the binary, site.json, the suggestions, the synonyms,
    /// the templates, the pictures): when any differs, the next build is clean.
    var fingerprint: String
    var contentDirectory: String
    var site: FileIdentity
    var files: [String: FileStamp]
    var pages: [ObjectID: [String]]
    /// Each suggestion's vetting (`SuggestionVetting.Known`, for every scope).
    var vetting: [ObjectID: SuggestionVetting.Known] = [:]
    /// The facets that held only numbers (`IncrementalPlan.numericFacets`).
    var numericFacets: [String]
    /// Each prefix map's layout, unscoped first (their `scope` is not kept: the maps follow
    /// `SiteConfig.everyScope`, which the fingerprint holds).
    var maps: [PrefixMapLayout] = []
    /// The folder holding the previous content's copy.
    var contentCopy: String

    /// A file's size and modification time (nanoseconds).
    struct FileStamp: Equatable {
        var size: Int
        var modified: Int
    }

    /// A folder's device and inode: the site a state describes is that folder, not one put there since.
    struct FileIdentity: Equatable {
        var device: UInt64
        var inode: UInt64
    }

    /// `lstat` of `path`, nil when there is nothing there.
    static func status(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }

    /// Whether the site's file at `path` (under `output`) is as the previous build left it: listed,
    /// with the same size and modification time.
    func unchanged(_ path: String, in output: String) -> Bool {
        guard let stamp = files[path] else { return false }
        return FileStamp(path: output + "/" + path) == stamp
    }

    /// The number of files of the site at `output` when every one is as this state lists it and
    /// there is no other; nil otherwise.
    func unchangedSite(_ output: String) -> Int? {
        for (path, stamp) in files where FileStamp(path: output + "/" + path) != stamp { return nil }
        return StreamingSite.regularFiles(in: output) == files.count ? files.count : nil
    }

    /// The state folder of the site at `output`.
    static func folder(of output: String) -> String {
        let url = URL(fileURLWithPath: output).standardizedFileURL
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).typeahead-state").path
    }

    /// A record file of the content folder as a build read it: its digest and size, not its bytes
    /// (at a million products `products.json` is 800 MB, which the build held twice over before).
    struct ContentFile: Equatable, Sendable {
        var name: String
        /// `ContentDigest.streamed` of its bytes, nil when it cannot be read.
        var read: Read?

        struct Read: Equatable, Sendable {
            var digest: ContentDigest
            var size: Int
        }

        /// The file `name` in `folder` now (a link is read through).
        init(name: String, in folder: String) {
            self.name = name
            let fd = open(folder + "/" + name, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { return }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
            read = ContentDigest.streamed(fd).map { Read(digest: $0.digest, size: $0.size) }
        }
    }

    /// The record files of a content folder that the state copies, as they are now.
    static func snapshot(_ contentDirectory: String) -> [ContentFile] {
        productFiles(in: contentDirectory).map { ContentFile(name: $0, in: contentDirectory) }
    }

    /// Copies `file` from `folder` to `destination`, and throws when its bytes are no longer those
    /// the build read (the content changed during the build: no state, the next build is clean).
    static func copy(_ file: ContentFile, from folder: String, to destination: String) throws(Unreadable) {
        let source = open(folder + "/" + file.name, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard source >= 0 else { throw Unreadable(reason: "\(file.name) cannot be read again") }
        defer { close(source) }
        let target = open(destination, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard target >= 0 else {
            throw Unreadable(reason: "cannot write \(destination): \(String(cString: strerror(errno)))")
        }
        defer { close(target) }
        guard let copied = ContentDigest.streamed(source, copy: target) else {
            throw Unreadable(reason: "cannot copy \(file.name) into the build state")
        }
        guard file.read == ContentFile.Read(digest: copied.digest, size: copied.size) else {
            throw Unreadable(reason: "\(file.name) changed during the build")
        }
    }

    /// The record files of a content folder that the state copies: `site.json` and the products.
    static func productFiles(in contentDirectory: String) -> [String] {
        ["site.json", "products.json", "products.ndjson", "products.jsonl"].filter {
            FileManager.default.fileExists(atPath: contentDirectory + "/" + $0)
        }
    }
}

// Read from the file system (in extensions, so the types keep their memberwise initialisers).
extension BuildState.FileStamp {
    /// The stamp of the file at `path`, nil when it is not a regular file.
    init?(path: String) {
        guard let info = BuildState.status(path), info.st_mode & S_IFMT == S_IFREG else { return nil }
        self.init(
            size: Int(info.st_size), modified: Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec))
    }
}

extension BuildState.FileIdentity {
    init?(path: String) {
        guard let info = BuildState.status(path) else { return nil }
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}

// MARK: Reading and writing

extension BuildState {
    /// Why a state could not be read.
    struct Unreadable: Error {
        var reason: String
    }

    /// The state beside the site at `output`; nil when there is none. When `current` (given the
    /// state's first lines alone) says it cannot serve this build (another content folder, site or
    /// fingerprint), only those lines are read: at 100,000 products the rest takes seconds.
    static func read(
        output: String, current: (BuildState) -> Bool = { _ in true }
    ) throws(Unreadable) -> BuildState? {
        try read(folder: folder(of: output), current: current)
    }

    /// The state held in `folder` (beside a site, or a proof's copy); nil when there is none.
    static func read(
        folder: String, current: (BuildState) -> Bool = { _ in true }
    ) throws(Unreadable) -> BuildState? {
        guard FileManager.default.fileExists(atPath: folder + "/state") else { return nil }
        let first = try text(folder + "/state").split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        guard first.count >= 5, first[0] == format else {
            throw Unreadable(reason: "it is from another version of typeahead")
        }
        let identity = first[3].split(separator: " ").compactMap { UInt64($0) }
        guard identity.count == 2, case .string(let content)? = try? JSONParser.parse(Array(first[2].utf8)),
            case .array(let numeric)? = try? JSONParser.parse(Array(first[4].utf8))
        else {
            throw Unreadable(reason: "its first lines are not a state's")
        }
        var state = BuildState(
            fingerprint: first[1], contentDirectory: content,
            site: FileIdentity(device: identity[0], inode: identity[1]), files: [:], pages: [:],
            numericFacets: numeric.compactMap(\.stringValue), contentCopy: folder + "/content")
        guard current(state) else { return state }
        // The lists are read as bytes, a line at a time: at 100,000 products, splitting them as
        // text (by characters) took most of the seconds this read costs.
        var files: [String: FileStamp] = [:]
        for line in try lines(folder + "/files") {
            guard let stamp = Self.stampLine(line) else {
                throw Unreadable(reason: "its list of files has a broken line")
            }
            files[stamp.path] = stamp.stamp
        }
        var pages: [ObjectID: [String]] = [:]
        for line in try lines(folder + "/pages") {
            guard case .array(let items)? = try? JSONParser.parse(Array(line)),
                let id = items.first?.stringValue
            else {
                throw Unreadable(reason: "its list of result pages has a broken line")
            }
            pages[ObjectID(id)] = items.dropFirst().compactMap(\.stringValue)
        }
        var vetting: [ObjectID: SuggestionVetting.Known] = [:]
        for line in try lines(folder + "/vetting") {
            guard case .array(let items)? = try? JSONParser.parse(Array(line)), items.count >= 2,
                let id = items.first?.stringValue, let flags = items.last?.stringValue,
                flags.utf8.count == items.count - 2, flags.utf8.allSatisfy({ Self.removedWords($0) != nil })
            else {
                throw Unreadable(reason: "its vetting has a broken line")
            }
            let hits = items.dropFirst().dropLast().map { $0.numberValue.flatMap { Int(exactly: $0) } }
            guard zip(hits, items.dropFirst()).allSatisfy({ $0.map { $0 >= 0 } ?? ($1 == .null) }) else {
                throw Unreadable(reason: "its vetting has a broken line")
            }
            let removed = flags.utf8.map { Self.removedWords($0)! }
            vetting[ObjectID(id)] = SuggestionVetting.Known(
                hits: hits, relaxed: removed.map { $0 > 0 }, removed: removed)
        }
        var maps: [PrefixMapLayout] = []
        for line in try lines(folder + "/maps") {
            guard case .array(let items)? = try? JSONParser.parse(Array(line)), let map = mapLayout(items) else {
                throw Unreadable(reason: "its list of prefix maps has a broken line")
            }
            maps.append(map)
        }
        (state.files, state.pages, state.vetting, state.maps) = (files, pages, vetting, maps)
        return state
    }

    /// A map's line: `[id, [empty objectIDs], levels, keyCount, [valueSizes], [shown],
    /// [[firstKey, shard]…], [shard bytes…], [[firstKey, page]…], [page files…]]`.
    static func mapLine(_ map: PrefixMapLayout) -> JSONValue {
        let pairs = { (list: [(firstKey: String, file: String)]) -> JSONValue in
            .array(list.map { .array([.string($0.firstKey), .string($0.file)]) })
        }
        let numbers = { (list: [Int]) -> JSONValue in .array(list.map { .number(Double($0)) }) }
        return .array([
            .string(map.id), .array(map.empty.map { .string($0.text) }), .number(Double(map.levels)),
            .number(Double(map.keyCount)), numbers(map.valueSizes), numbers(map.shown.sorted().map(Int.init)),
            pairs(map.manifest), numbers(map.shardSizes.map(\.bytes)), pairs(map.pages),
            .array(map.pageFiles.map(JSONValue.string)),
        ])
    }

    /// The layout a map's line holds (its scope unset), nil when the line is not one.
    static func mapLayout(_ items: [JSONValue]) -> PrefixMapLayout? {
        guard items.count == 10, let id = items[0].stringValue, case .array(let empty) = items[1],
            let levels = items[2].numberValue.flatMap({ Int(exactly: $0) }),
            let keyCount = items[3].numberValue.flatMap({ Int(exactly: $0) })
        else { return nil }
        let numbers = { (value: JSONValue) -> [Int]? in
            guard case .array(let list) = value else { return nil }
            let made = list.compactMap { $0.numberValue.flatMap { Int(exactly: $0) } }
            return made.count == list.count ? made : nil
        }
        let strings = { (value: JSONValue) -> [String]? in
            guard case .array(let list) = value else { return nil }
            let made = list.compactMap(\.stringValue)
            return made.count == list.count ? made : nil
        }
        let pairs = { (value: JSONValue) -> [(firstKey: String, file: String)]? in
            guard case .array(let list) = value else { return nil }
            let made = list.compactMap { item -> (firstKey: String, file: String)? in
                guard let pair = strings(item), pair.count == 2 else { return nil }
                return (pair[0], pair[1])
            }
            return made.count == list.count ? made : nil
        }
        guard let ids = strings(.array(empty)), let valueSizes = numbers(items[4]), let shown = numbers(items[5]),
            let manifest = pairs(items[6]), let shardBytes = numbers(items[7]), shardBytes.count == manifest.count,
            let pages = pairs(items[8]), let pageFiles = strings(items[9])
        else { return nil }
        var map = PrefixMapLayout(
            id: id, scope: nil, empty: ids.map { ObjectID($0) }, manifest: manifest, pages: pages, levels: levels,
            keyCount: keyCount, valueSizes: valueSizes, shown: Set(shown.map { Int32(truncatingIfNeeded: $0) }))
        map.shardSizes = zip(manifest, shardBytes).map { ($0.file, $1) }
        map.pageFiles = pageFiles
        return map
    }

    /// A line of the list of files, `size mtime path`: its path and stamp, nil when it is not one.
    static func stampLine(_ line: ArraySlice<UInt8>) -> (path: String, stamp: FileStamp)? {
        var numbers = [0, 0]
        var at = line.startIndex
        for n in 0..<2 {
            // A time before 1970 is negative (a file's own time, kept by a link to the previous site).
            let negative = n == 1 && at < line.endIndex && line[at] == UInt8(ascii: "-")
            if negative { at += 1 }
            let start = at
            while at < line.endIndex, line[at] != UInt8(ascii: " ") {
                let digit = line[at] &- UInt8(ascii: "0")
                let (tens, over) = numbers[n].multipliedReportingOverflow(by: 10)
                let (sum, overAgain) = tens.addingReportingOverflow(Int(digit))
                guard digit < 10, !over, !overAgain else { return nil }
                numbers[n] = sum
                at += 1
            }
            guard at > start, at < line.endIndex else { return nil }
            if negative { numbers[n] = -numbers[n] }
            at += 1
        }
        guard at < line.endIndex else { return nil }
        return (String(decoding: line[at...], as: UTF8.self), FileStamp(size: numbers[0], modified: numbers[1]))
    }

    /// The non-empty lines of the file at `path`, as bytes.
    private static func lines(_ path: String) throws(Unreadable) -> [ArraySlice<UInt8>] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Unreadable(reason: "\((path as NSString).lastPathComponent) cannot be read")
        }
        return [UInt8](data).split(separator: UInt8(ascii: "\n"))
    }

    private static func text(_ path: String) throws(Unreadable) -> String {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else {
            throw Unreadable(reason: "\((path as NSString).lastPathComponent) cannot be read")
        }
        return text
    }

    /// Writes the state of the site now at `output` (built from `contentDirectory`, its files
    /// `paths`), replacing the previous one: into a new folder, then renamed in place. A build that
    /// stops before the rename leaves no state (the next build is clean), never a wrong one.
    static func write(
        output: String, fingerprint: String, contentDirectory: String, paths: [String], pages: [ObjectID: [String]],
        vetting: [(ObjectID, SuggestionVetting.Known)], numericFacets: [String], maps: [PrefixMapLayout],
        content: [ContentFile]
    ) throws {
        let folder = folder(of: output)
        let fresh = folder + "-new-\(ProcessInfo.processInfo.processIdentifier)"
        let fm = FileManager.default
        // What builds that stopped while writing their state left (the lock is held: no other runs).
        let parent = (folder as NSString).deletingLastPathComponent
        let prefix = (folder as NSString).lastPathComponent + "-new-"
        for leftover in ((try? fm.contentsOfDirectory(atPath: parent)) ?? []) where leftover.hasPrefix(prefix) {
            try? fm.removeItem(atPath: parent + "/" + leftover)
        }
        do {
            try write(
                into: fresh, output: output, fingerprint: fingerprint, contentDirectory: contentDirectory,
                paths: paths, pages: pages, vetting: vetting, numericFacets: numericFacets, maps: maps,
                content: content)
        } catch {
            try? fm.removeItem(atPath: fresh)
            throw error
        }
        try? fm.removeItem(atPath: folder)
        guard rename(fresh, folder) == 0 else {
            try? fm.removeItem(atPath: fresh)
            throw Unreadable(reason: "cannot rename \(fresh): \(String(cString: strerror(errno)))")
        }
    }

    /// The state's files, into the folder `fresh`.
    private static func write(
        into fresh: String, output: String, fingerprint: String, contentDirectory: String, paths: [String],
        pages: [ObjectID: [String]], vetting: [(ObjectID, SuggestionVetting.Known)], numericFacets: [String],
        maps: [PrefixMapLayout], content: [ContentFile]
    ) throws {
        let fm = FileManager.default
        try fm.createDirectory(atPath: fresh + "/content", withIntermediateDirectories: true)
        guard let site = FileIdentity(path: output) else { throw Unreadable(reason: "\(output) is gone") }
        var state = Array("\(format)\n\(fingerprint)\n".utf8)
        JSONWriter.writeString(absolute(contentDirectory), scriptSafe: false, into: &state)
        state += "\n\(site.device) \(site.inode)\n".utf8
        JSONWriter.write(.array(numericFacets.map(JSONValue.string)), scriptSafe: false, into: &state)
        state += "\n".utf8
        try Data(state).write(to: URL(fileURLWithPath: fresh + "/state"))
        // Every file's size and modification time, read on all cores (a stat a file: 312,000 at
        // 100,000 products).
        let sorted = Cores.sorted(paths, by: utf8Less)
        let stamped = Cores.map(sorted.count, minimumChunk: 4096) { i -> String? in
            FileStamp(path: output + "/" + sorted[i]).map { "\($0.size) \($0.modified) \(sorted[i])\n" }
        }
        var files: [UInt8] = []
        for line in stamped { if let line { files += line.utf8 } }
        try Data(files).write(to: URL(fileURLWithPath: fresh + "/files"))
        var lines: [UInt8] = []
        for id in pages.keys.sorted() {
            lines.append(UInt8(ascii: "["))
            JSONWriter.writeString(id.text, scriptSafe: false, into: &lines)
            for path in pages[id]! {
                lines.append(UInt8(ascii: ","))
                JSONWriter.writeString(path, scriptSafe: false, into: &lines)
            }
            lines += "]\n".utf8
        }
        try Data(lines).write(to: URL(fileURLWithPath: fresh + "/pages"))
        lines = []
        for (id, known) in vetting.sorted(by: { $0.0 < $1.0 }) {
            lines.append(UInt8(ascii: "["))
            JSONWriter.writeString(id.text, scriptSafe: false, into: &lines)
            for hits in known.hits { lines += ",\(hits.map(String.init) ?? "null")".utf8 }
            lines += ",\"".utf8
            for (relaxed, removed) in zip(known.relaxed, known.removed) {
                lines.append(relaxed ? Self.removedCharacter(removed) : UInt8(ascii: "0"))
            }
            lines += "\"]\n".utf8
        }
        try Data(lines).write(to: URL(fileURLWithPath: fresh + "/vetting"))
        lines = []
        for map in maps {
            JSONWriter.write(mapLine(map), scriptSafe: false, into: &lines)
            lines.append(UInt8(ascii: "\n"))
        }
        try Data(lines).write(to: URL(fileURLWithPath: fresh + "/maps"))
        for file in content {
            try copy(file, from: contentDirectory, to: fresh + "/content/" + file.name)
        }
    }

    /// Removes the state beside the site at `output` (a build that cannot describe its site).
    static func remove(output: String) {
        try? FileManager.default.removeItem(atPath: folder(of: output))
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

extension BuildState {

    /// The character of a vetting line for words made optional (`removed` of them, the query
    /// relaxed): "1" to "9", "a" to "z", or "*" when not known or more.
    static func removedCharacter(_ removed: Int) -> UInt8 {
        let digits = Array("0123456789abcdefghijklmnopqrstuvwxyz".utf8)
        return removed >= 1 && removed < digits.count ? digits[removed] : UInt8(ascii: "*")
    }

    /// How many words a vetting line's character says were made optional (`Int.max`: some, how
    /// many not known); nil when it is none of those characters.
    static func removedWords(_ character: UInt8) -> Int? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(character - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): return Int(character - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "*"): return .max
        default: return nil
        }
    }
}
