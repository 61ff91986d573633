import TypeaheadModel

/// What reading a feed may cost, whatever the file holds. Past a bound, reading stops with an
/// error naming the line: a 1 GB line is refused once `fieldBytes` of it are read, never read whole
/// (the file is read `chunkBytes` at a time). The records' own fields are then held to
/// `RecordLimits`, so what `import` writes, `build` reads.
public struct ImportLimits: Sendable {
    /// One field of a CSV or TSV row; in XML, one run of text, CDATA, attribute value, tag or
    /// comment (the bytes between two pieces of markup). In bytes.
    public var fieldBytes: Int
    /// One CSV or TSV row (its fields and separators, over every line it spans), or the text of one
    /// XML item, all its fields together. In bytes.
    public var rowBytes: Int
    /// Bytes read from the file at a time.
    public var chunkBytes: Int
    /// The most problems reported; the count goes on.
    public var issues: Int

    public init(
        fieldBytes: Int = 1 << 20, rowBytes: Int = 4 << 20, chunkBytes: Int = 64 << 10, issues: Int = 50
    ) {
        self.fieldBytes = fieldBytes
        self.rowBytes = rowBytes
        self.chunkBytes = chunkBytes
        self.issues = issues
    }
}

/// How much of a feed was read, for proving that reading stays bounded (tests, benchmarks).
public final class ReadMeter: @unchecked Sendable {
    /// Bytes read from the file.
    public internal(set) var bytesRead = 0
    /// The longest field or text run held in memory at once, in bytes.
    public internal(set) var largestField = 0

    public init() {}

    func held(_ bytes: Int) {
        if bytes > largestField { largestField = bytes }
    }
}

/// The problems found so far, the first `limit` of them kept.
struct IssueList {
    var file: String
    private var collector: IssueCollector

    init(file: String, limit: Int) {
        self.file = file
        collector = IssueCollector(limit: limit)
    }

    var issues: [ContentIssue] { collector.issues }
    var total: Int { collector.total }

    mutating func add(_ issue: ContentIssue) { collector.add(issue) }

    mutating func add(record: String?, field: String? = nil, _ message: String) {
        add(ContentIssue(file: file, record: record, field: field, message: message))
    }

    /// The problems in the order of the file: by the line each names (those naming none last); on
    /// one line, those of no field first (malformed XML explains a field's problems there), then as
    /// they were found.
    var error: ContentError {
        func key(_ entry: (offset: Int, element: ContentIssue)) -> (Int, Int, Int) {
            let record = entry.element.record ?? ""
            let line = record.hasPrefix("line ") ? Int(record.dropFirst(5).prefix { $0.isNumber }) : nil
            return (line ?? Int.max, entry.element.field == nil ? 0 : 1, entry.offset)
        }
        let ordered = issues.enumerated().sorted { key($0) < key($1) }
        return ContentError(issues: ordered.map(\.element), total: total)
    }
}

/// A problem after which the rest of the file cannot be read (a bound passed, an unclosed quote,
/// malformed XML): reading stops, and it is reported with the others found before it.
struct FeedStop: Error {
    var issue: ContentIssue
}
