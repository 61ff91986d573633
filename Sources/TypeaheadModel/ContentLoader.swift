import Foundation
import Synchronization
import TypeaheadMarkup

/// One problem found in the content: the file, the record, the field, and what was expected.
public struct ContentIssue: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    /// `record [3] (line 40)` for a JSON array, `line 4` for NDJSON, nil for the whole file.
    public var record: String?
    public var field: String?
    public var message: String

    public init(file: String, record: String? = nil, field: String? = nil, message: String) {
        self.file = file
        self.record = record
        self.field = field
        self.message = message
    }

    public var description: String {
        var text = file
        if let record { text += ": \(record)" }
        if let field { text += ", field \"\(field)\"" }
        return text + ": " + message
    }
}

/// The content could not be loaded; every problem found is listed (up to `limit`).
public struct ContentError: Error, Sendable, CustomStringConvertible {
    public var issues: [ContentIssue]
    /// How many problems were found in all (more than `issues.count` when the limit was reached).
    public var total: Int

    public init(issues: [ContentIssue], total: Int) {
        self.issues = issues
        self.total = total
    }

    /// The content has one problem.
    public init(_ issue: ContentIssue) {
        self.init(issues: [issue], total: 1)
    }

    public var description: String {
        var lines = issues.map { "error: \($0)" }
        if total > issues.count { lines.append("… and \(total - issues.count) more problems") }
        lines.append("\(total) problem\(total == 1 ? "" : "s") in the content; nothing was written.")
        return lines.joined(separator: "\n")
    }
}

/// Collects problems, keeping the first `limit` of them (the content's and `import`'s).
public struct IssueCollector: Sendable {
    public var limit: Int
    public var issues: [ContentIssue] = []
    public var total = 0

    public init(limit: Int) { self.limit = limit }

    public mutating func add(_ issue: ContentIssue) {
        total += 1
        if issues.count < limit { issues.append(issue) }
    }

    /// Adds what `other` collected after this one's (its issues beyond its limit counted only):
    /// as if this one had collected them itself.
    public mutating func merge(_ other: IssueCollector) {
        for issue in other.issues { add(issue) }
        total += other.total - other.issues.count
    }
}

/// Reads and validates `Content/`: `products.json` (or `.ndjson` / `.jsonl`),
/// `query_suggestions.json` (or `.ndjson` / `.jsonl`), the optional `site.json` and the optional
/// `synonyms.json`.
public struct ContentLoader {
    public var directory: String
    /// The most problems reported in one run.
    public var issueLimit: Int

    public init(directory: String, issueLimit: Int = 50) {
        self.directory = directory
        self.issueLimit = issueLimit
    }

    /// Loads everything, or throws every problem found.
    public func load() throws(ContentError) -> Content {
        try load(suggestions: true)
    }

    /// Loads the products and `site.json` only (no suggestions), as `typeahead suggest` needs them
    /// before any suggestion exists.
    public func loadCatalogue() throws(ContentError) -> Content {
        try load(suggestions: false)
    }

    private func load(suggestions wanted: Bool) throws(ContentError) -> Content {
        var collector = IssueCollector(limit: issueLimit)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            throw ContentError(ContentIssue(file: directory, message: "no such content folder"))
        }
        var config = SiteConfig()
        let configPath = path("site.json")
        if FileManager.default.fileExists(atPath: configPath),
            let value = readDocument(configPath, &collector)
        {
            config = SiteConfig(reading: value, file: path("site.json"), &collector)
        }
        var products = readProducts(config, &collector)
        Self.renderDescriptions(&products, config.descriptionFormat)
        let suggestions = loadRecords(base: "query_suggestions", required: wanted, only: wanted, &collector) {
            [config] in
            { value, place, collector in
                SuggestionReader(file: place.file, sourceIndex: config.sourceIndex).read(
                    value, place: place.record, &collector)
            }
        }
        var synonyms = Synonyms()
        let synonymIDs = loadRecords(base: "synonyms", required: false, &collector) {
            (value, place, collector) -> ObjectID? in
            SynonymReader(file: place.file).read(value, place: place.record, into: &synonyms, &collector)
            guard case .object(let members) = value, let id = members["objectID"]?.stringValue else { return nil }
            return ObjectID(id)
        }
        synonyms.finish()
        // A searchable attribute named in site.json that no product has is a typo, not a choice.
        if !products.isEmpty, config.searchableAttributes != SiteConfig().searchableAttributes {
            for attribute in config.searchableAttributes
            where !products.contains(where: { ($0.value.attributes[attribute] ?? .null) != .null }) {
                collector.add(
                    ContentIssue(
                        file: path("site.json"), field: "searchableAttributes",
                        message: "no product has the attribute \"\(attribute)\""))
            }
        }
        if !products.isEmpty {
            Self.checkRefining(config, products.map(\.value), file: path("site.json"), &collector)
        }
        checkUnique(products.map { ($0.value.objectID, $0.place) }, &collector)
        checkUnique(suggestions.map { ($0.value.objectID, $0.place) }, &collector)
        checkUnique(synonymIDs.map { ($0.value, $0.place) }, &collector)
        if collector.total > 0 { throw ContentError(issues: collector.issues, total: collector.total) }
        return Content(
            products: products.map(\.value).sorted { $0.objectID < $1.objectID },
            suggestions: suggestions.map(\.value).sorted { $0.objectID < $1.objectID },
            config: config, synonyms: synonyms)
    }

    /// A facet attribute no product has, a replica sorted by an attribute that is not a number, or
    /// two sort orders of one name are mistakes in site.json, named there.
    static func checkRefining(
        _ config: SiteConfig, _ products: [Product], file: String, _ collector: inout IssueCollector
    ) {
        for (i, facet) in config.attributesForFaceting.enumerated()
        where !products.contains(where: { product in
            !(JSONValue.object(product.attributes).member(path: facet.name)?.facetValues.isEmpty ?? true)
        }) {
            collector.add(
                ContentIssue(
                    file: file, field: "attributesForFaceting[\(i)]",
                    message: "no product has a value for \"\(facet.name)\""))
        }
        var names = Set(["products", "suggestions", "*", config.sourceIndex])
        for (i, replica) in config.replicas.enumerated() {
            let field = "replicas[\(i)]"
            if !names.insert(replica.name).inserted || replica.name.contains("/") {
                collector.add(
                    ContentIssue(
                        file: file, field: field,
                        message: "the name \"\(replica.name)\" is taken (by an index or another replica) or holds \"/\""
                    ))
            }
            let attribute = replica.sort.attribute
            if let odd = products.first(where: {
                guard let value = JSONValue.object($0.attributes).member(path: attribute) else { return false }
                return value != .null && value.numberValue == nil
            }) {
                collector.add(
                    ContentIssue(
                        file: file, field: field,
                        message:
                            "replica \"\(replica.name)\" sorts by \"\(attribute)\", which is not a number in product \"\(odd.objectID)\""
                    ))
            } else if !products.contains(where: {
                JSONValue.object($0.attributes).member(path: attribute)?.numberValue != nil
            }) {
                collector.add(
                    ContentIssue(
                        file: file, field: field,
                        message:
                            "replica \"\(replica.name)\" sorts by \"\(attribute)\", which no product has as a number"))
            }
        }
    }

    /// Reads every description's text in `format`, on every core: parsing HTML is most of a load.
    /// The pages' HTML is made with the product pages (`Product.descriptionHTML`).
    static func renderDescriptions(_ products: inout [(value: Product, place: Place)], _ format: DescriptionFormat) {
        let sources = products.map(\.value.description)
        let texts = Mutex([String?](repeating: nil, count: sources.count))
        let chunk = 256
        DispatchQueue.concurrentPerform(iterations: (sources.count + chunk - 1) / chunk) { c in
            let range = c * chunk..<min(sources.count, (c + 1) * chunk)
            let done = range.map { sources[$0].map(format.text) }
            texts.withLock { all in
                for (i, text) in zip(range, done) { all[i] = text }
            }
        }
        texts.withLock { all in
            for i in products.indices {
                if let text = all[i] { products[i].value.render(format, text: text) }
            }
        }
    }

    // MARK: - Records by their bytes

    /// Where each record of a products file lies in `bytes`, as the loader reads them: a `.json`
    /// file's array elements (`lines` false), or an `.ndjson` / `.jsonl` file's lines that are not
    /// blank. Nil when a `.json` file is not an array this scan can follow (the loader's own parse
    /// says what is wrong). An incremental build compares the records of two files by these bytes
    /// and reads again only those that differ (`readProducts(_:config:file:)`).
    public static func recordRanges(_ bytes: [UInt8], lines: Bool) -> [Range<Int>]? {
        let blank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        if lines {
            var ranges: [Range<Int>] = []
            var start = 0
            for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x0A {
                // The loader's lines: split at LF, a line of spaces, tabs and CRs skipped.
                if bytes[start..<i].contains(where: { !blank($0) }) { ranges.append(start..<i) }
                start = i + 1
            }
            return ranges
        }
        let count = bytes.count
        var i = 0
        let skipBlank = { (i: inout Int) in while i < count, blank(bytes[i]) { i += 1 } }
        skipBlank(&i)
        guard i < count, bytes[i] == UInt8(ascii: "[") else { return nil }
        i += 1
        skipBlank(&i)
        var ranges: [Range<Int>] = []
        if i < count, bytes[i] == UInt8(ascii: "]") {
            i += 1
            skipBlank(&i)
            return i == count ? ranges : nil
        }
        while true {
            // One element: up to the comma or bracket that closes it at depth 0.
            let start = i
            var depth = 0
            scan: while i < count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    i += 1
                    while i < count, bytes[i] != UInt8(ascii: "\"") {
                        i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
                    }
                    guard i < count else { return nil }
                    i += 1
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    i += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 {
                        guard bytes[i] == UInt8(ascii: "]") else { return nil }
                        break scan
                    }
                    depth -= 1
                    i += 1
                case UInt8(ascii: ","):
                    if depth == 0 { break scan }
                    i += 1
                default:
                    i += 1
                }
            }
            var end = i
            while end > start, blank(bytes[end - 1]) { end -= 1 }
            guard end > start, i < count else { return nil }
            ranges.append(start..<end)
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                skipBlank(&i)
                continue
            }
            i += 1
            skipBlank(&i)
            return i == count ? ranges : nil
        }
    }

    /// The products of `records` (each one record's bytes, as `recordRanges` finds them in
    /// `file`), read as `load()` reads them with `config`, their descriptions rendered. Nil when
    /// one is not a valid product.
    public static func readProducts(_ records: [ArraySlice<UInt8>], config: SiteConfig, file: String) -> [Product]? {
        var collector = IssueCollector(limit: 1)
        var interner = ValueInterner()
        var products: [(value: Product, place: Place)] = []
        for (k, record) in records.enumerated() {
            guard let value = try? JSONParser.parse(Array(record)) else { return nil }
            let place = Place(file: file, record: "record \(k)")
            guard
                let product = ProductReader(file: file, config: config).read(
                    value, place: place.record, interner: &interner, &collector)
            else { return nil }
            products.append((product, place))
        }
        guard collector.total == 0 else { return nil }
        renderDescriptions(&products, config.descriptionFormat)
        return products.map(\.value)
    }

    // MARK: - Files

    private func path(_ name: String) -> String {
        (directory as NSString).appendingPathComponent(name)
    }

    private func readBytes(_ path: String, _ collector: inout IssueCollector) -> [UInt8]? {
        guard let data = FileManager.default.contents(atPath: path) else {
            collector.add(ContentIssue(file: path, message: "cannot read the file"))
            return nil
        }
        let bytes = [UInt8](data)
        if let (line, column) = JSONValue.firstInvalidUTF8(in: bytes) {
            collector.add(
                ContentIssue(
                    file: path, record: "line \(line)",
                    message: "invalid UTF-8 at byte \(column) of the line; the file must be UTF-8"))
            return nil
        }
        return bytes
    }

    private func readDocument(_ path: String, _ collector: inout IssueCollector) -> JSONValue? {
        guard let bytes = readBytes(path, &collector) else { return nil }
        do {
            return try JSONParser.parse(bytes)
        } catch {
            collector.add(
                ContentIssue(
                    file: path, record: "line \(error.line), column \(error.column)",
                    message: "malformed JSON: \(error.message)"))
            return nil
        }
    }

    struct Place {
        var file: String
        var record: String
    }

    /// The products, their repeated values shared (`ValueInterner`). The interner's table (every
    /// distinct value it has seen) lives only while the products file is read: what it shared
    /// stays shared, and the table is freed before anything else loads.
    private func readProducts(
        _ config: SiteConfig, _ collector: inout IssueCollector
    ) -> [(value: Product, place: Place)] {
        loadRecords(base: "products", required: true, &collector) {
            // Each chunk's own interner: a value repeated across chunks is held once a chunk.
            var interner = ValueInterner()
            return { value, place, collector in
                ProductReader(file: place.file, config: config).read(
                    value, place: place.record, interner: &interner, &collector)
            }
        }
    }

    /// One record of a records file, as found: a `.json` file's array element (parsed with the
    /// file), or an `.ndjson` / `.jsonl` file's line that is not blank (parsed as it is read).
    private enum RawRecord: Sendable {
        case value(JSONValue, Place)
        case line(ArraySlice<UInt8>, Place)
    }

    /// The records of `<base>.json` (or `.ndjson`, `.jsonl`) in order; nil when there is none or
    /// it cannot be read (the problem collected).
    private func rawRecords(
        base: String, required: Bool, only wanted: Bool, _ collector: inout IssueCollector
    ) -> [RawRecord]? {
        guard wanted else { return nil }
        let candidates = ["\(base).json", "\(base).ndjson", "\(base).jsonl"].filter {
            FileManager.default.fileExists(atPath: path($0))
        }
        guard let name = candidates.first else {
            if required {
                collector.add(
                    ContentIssue(
                        file: path("\(base).json"),
                        message: "no such file (expected \(base).json, \(base).ndjson or \(base).jsonl)"))
            }
            return nil
        }
        if candidates.count > 1 {
            collector.add(
                ContentIssue(
                    file: path(name),
                    message: "found \(candidates.joined(separator: " and ")); keep only one"))
            return nil
        }
        let file = path(name)
        guard let bytes = readBytes(file, &collector) else { return nil }
        if name.hasSuffix(".json") {
            if let records = Self.elementsOnAllCores(bytes, file: file) { return records }
            do {
                let elements = try JSONParser.parseArrayWithLines(bytes)
                return elements.enumerated().map { index, element in
                    .value(element.value, Place(file: file, record: "record [\(index)] (line \(element.line))"))
                }
            } catch {
                collector.add(
                    ContentIssue(
                        file: file, record: "line \(error.line), column \(error.column)",
                        message: "malformed JSON: \(error.message)"))
                return nil
            }
        }
        var records: [RawRecord] = []
        for (number, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated()
        where !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            records.append(.line(line, Place(file: file, record: "line \(number + 1)")))
        }
        return records
    }

    /// How `count` items are cut into chunks of at least `minimum` (but one chunk of fewer), at
    /// most `perCore` a core: each chunk's size, and how many there are; every chunk holds an
    /// item (with very many cores, the last chunks would otherwise be empty).
    public static func chunks(
        _ count: Int, atLeast minimum: Int, perCore: Int,
        cores: Int = ProcessInfo.processInfo.activeProcessorCount
    ) -> (size: Int, count: Int) {
        let wanted = max(1, min(count / minimum, cores * perCore))
        let size = max(1, (count + wanted - 1) / wanted)
        return (size, max(1, (count + size - 1) / size))
    }

    /// A `.json` file's records parsed on all cores: its elements found by `recordRanges`, each
    /// parsed where it stands (`JSONParser.parseElement`) with the line it starts on. Nil for a
    /// file of fewer than 2,048 records, or one that is not an array of whole values there:
    /// `parseArrayWithLines` then reads it in one pass, and says where it is malformed. At
    /// 100,000 products the one pass was a second of one core's time before anything else could
    /// start.
    private static func elementsOnAllCores(_ bytes: [UInt8], file: String) -> [RawRecord]? {
        guard let ranges = recordRanges(bytes, lines: false), ranges.count >= 2048 else { return nil }
        let (size, chunks) = Self.chunks(ranges.count, atLeast: 1024, perCore: 4)
        let first = (0..<chunks).map { ranges[$0 * size].lowerBound }
        @Sendable func lineFeeds(_ range: Range<Int>) -> Int {
            bytes.withUnsafeBufferPointer { all in
                var count = 0
                for i in range where all[i] == 0x0A { count += 1 }
                return count
            }
        }
        // The line each chunk starts on: the line feeds before its first element, counted a span
        // (from one chunk's first element to the next's) a core.
        let spans = Mutex([Int](repeating: 0, count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            let count = lineFeeds(c == 0 ? 0..<first[0] : first[c - 1]..<first[c])
            spans.withLock { $0[c] = count }
        }
        let startLine = spans.withLock { spans in
            var line = 1
            return spans.map { span in
                line += span
                return line
            }
        }
        let parts = Mutex([[RawRecord]?](repeating: nil, count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            var records: [RawRecord] = []
            records.reserveCapacity(size)
            var (line, at) = (startLine[c], first[c])
            for r in c * size..<min(ranges.count, (c + 1) * size) {
                let range = ranges[r]
                line += lineFeeds(at..<range.lowerBound)
                at = range.lowerBound
                // The first element that is not whole ends the chunk: the file is read again.
                guard let value = JSONParser.parseElement(bytes, range) else { return }
                records.append(.value(value, Place(file: file, record: "record [\(r)] (line \(line))")))
            }
            parts.withLock { $0[c] = records }
        }
        return parts.withLock { parts in
            guard parts.allSatisfy({ $0 != nil }) else { return nil }
            var records: [RawRecord] = []
            records.reserveCapacity(ranges.count)
            for c in parts.indices {
                records += parts[c]!
                parts[c] = nil
            }
            return records
        }
    }

    /// Reads `records` in order with `read`, appending what it makes to `into`.
    private static func read<T>(
        _ records: ArraySlice<RawRecord>, into made: inout [(value: T, place: Place)],
        _ collector: inout IssueCollector, _ read: (JSONValue, Place, inout IssueCollector) -> T?
    ) {
        for record in records {
            switch record {
            case .value(let value, let place):
                if let made1 = read(value, place, &collector) { made.append((made1, place)) }
            case .line(let line, let place):
                do {
                    let value = try JSONParser.parse(Array(line))
                    if let made1 = read(value, place, &collector) { made.append((made1, place)) }
                } catch {
                    collector.add(
                        ContentIssue(
                            file: place.file, record: place.record,
                            message: "malformed JSON at column \(error.column): \(error.message)"))
                }
            }
        }
    }

    /// The records of `<base>.json` (or `.ndjson`, `.jsonl`), each read with `read`, in order.
    private func loadRecords<T>(
        base: String, required: Bool, only wanted: Bool = true, _ collector: inout IssueCollector,
        read: (JSONValue, Place, inout IssueCollector) -> T?
    ) -> [(value: T, place: Place)] {
        guard let records = rawRecords(base: base, required: required, only: wanted, &collector) else {
            return []
        }
        var made: [(value: T, place: Place)] = []
        Self.read(records[...], into: &made, &collector, read)
        return made
    }

    /// The records of `<base>.json` (or `.ndjson`, `.jsonl`), read on all cores in chunks (an
    /// `.ndjson` file's lines parsed there too), each chunk with the reader `reader` makes for it
    /// (its own `ValueInterner`…); the records, and the problems found, in the file's order, as
    /// one reader would give them.
    private func loadRecords<T: Sendable>(
        base: String, required: Bool, only wanted: Bool = true, _ collector: inout IssueCollector,
        inChunks reader: @Sendable () -> (JSONValue, Place, inout IssueCollector) -> T?
    ) -> [(value: T, place: Place)] {
        guard let records = rawRecords(base: base, required: required, only: wanted, &collector) else {
            return []
        }
        // A few chunks a core, no smaller than 2,048 records: each interner shares what its chunk
        // repeats, so more chunks would hold more copies of the same brands and categories.
        let (size, chunks) = Self.chunks(records.count, atLeast: 2048, perCore: 2)
        let limit = collector.limit
        let parts = Mutex([(made: [(value: T, place: Place)], issues: IssueCollector)?](repeating: nil, count: chunks))
        DispatchQueue.concurrentPerform(iterations: chunks) { c in
            var made: [(value: T, place: Place)] = []
            var issues = IssueCollector(limit: limit)
            Self.read(records[c * size..<min(records.count, (c + 1) * size)], into: &made, &issues, reader())
            parts.withLock { $0[c] = (made, issues) }
        }
        var made: [(value: T, place: Place)] = []
        made.reserveCapacity(records.count)
        parts.withLock { parts in
            for c in parts.indices {
                guard let part = parts[c] else { continue }
                made += part.made
                collector.merge(part.issues)
                parts[c] = nil
            }
        }
        return made
    }

    private func checkUnique(
        _ ids: [(ObjectID, Place)], _ collector: inout IssueCollector
    ) {
        // Compared byte for byte: é and e + U+0301 are different objectIDs.
        var firstPlace: [ObjectID: String] = [:]
        for (id, place) in ids {
            let key = id
            if let first = firstPlace[key] {
                collector.add(
                    ContentIssue(
                        file: place.file, record: place.record, field: "objectID",
                        message: "duplicate objectID \"\(id)\", already used by \(first)"))
            } else {
                firstPlace[key] = place.record
            }
        }
    }
}
