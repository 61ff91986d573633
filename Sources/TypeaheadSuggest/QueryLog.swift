import Foundation
import TypeaheadModel

/// One logged search: what was typed and how many times.
public struct LogEntry: Sendable, Equatable {
    public var query: String
    public var count: Int

    public init(query: String, count: Int) {
        self.query = query
        self.count = count
    }
}

/// Query logs, read by extension (SUGGESTIONS.md, "Query logs"):
/// - `.csv` / `.tsv`: a header naming the `query` (or `search`) and `count` columns, as Algolia's
///   dashboard exports top searches; CSV fields may be quoted (`"a, b"`, `""` for a quote);
/// - `.json`: the Analytics API's top searches, `{"searches": [{"search", "count", "nbHits"}]}`;
/// - `.ndjson` / `.jsonl`: `{"query", "count"}` a line.
/// A count is a whole number from 0 to `RecordLimits.maximumCount`. Every bad line is reported, naming the file, the line (or
/// `searches[i]`) and the field.
public enum QueryLog {
    enum Format {
        case csv, tsv, json, ndjson

        init?(fileName: String) {
            let lower = fileName.lowercased()
            if lower.hasSuffix(".csv") {
                self = .csv
            } else if lower.hasSuffix(".tsv") {
                self = .tsv
            } else if lower.hasSuffix(".json") {
                self = .json
            } else if lower.hasSuffix(".ndjson") || lower.hasSuffix(".jsonl") {
                self = .ndjson
            } else {
                return nil
            }
        }
    }

    /// The entries of the log at `path`.
    public static func read(path: String) throws(ContentError) -> [LogEntry] {
        guard let format = Format(fileName: path) else {
            throw ContentError(
                ContentIssue(file: path, message: "expected a .csv, .tsv, .json, .ndjson or .jsonl file"))
        }
        var bytes = try boundedContents(path, format: format)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }  // spreadsheet exports add a BOM
        if let (line, column) = JSONValue.firstInvalidUTF8(in: bytes) {
            throw ContentError(
                ContentIssue(
                    file: path, record: "line \(line)",
                    message: "invalid UTF-8 at byte \(column); the file must be UTF-8"))
        }
        var problems = Problems(file: path)
        let entries: [LogEntry]
        switch format {
        case .csv: entries = readTable(bytes, separator: UInt8(ascii: ","), quoted: true, &problems)
        case .tsv: entries = readTable(bytes, separator: UInt8(ascii: "\t"), quoted: false, &problems)
        case .json: entries = readAnalytics(bytes, &problems)
        case .ndjson: entries = readLines(bytes, &problems)
        }
        try problems.throwIfAny()
        return entries
    }

    /// The file's bytes, read in chunks and refused as soon as a line (or, for a JSON document,
    /// the file) passes its limit (`RecordLimits`): a 1 GB line costs the limit, not a gigabyte.
    static func boundedContents(_ path: String, format: Format) throws(ContentError) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ContentError(ContentIssue(file: path, message: "cannot read the file"))
        }
        defer { try? handle.close() }
        var bytes: [UInt8] = []
        var line = 1
        var lineLength = 0
        while true {
            let chunk: Data
            do {
                chunk = try handle.read(upToCount: 1 << 20) ?? Data()
            } catch {
                throw ContentError(ContentIssue(file: path, message: "cannot read the file: \(error)"))
            }
            if chunk.isEmpty { return bytes }
            if format == .json {
                guard bytes.count + chunk.count <= RecordLimits.logJSONBytes else {
                    throw ContentError(
                        ContentIssue(
                            file: path,
                            message: "more than \(RecordLimits.logJSONBytes) bytes; the limit of a JSON query log"))
                }
            } else {
                let tooLong = chunk.withUnsafeBytes { buffer -> Bool in
                    for byte in buffer {
                        if byte == 0x0A {
                            line += 1
                            lineLength = 0
                        } else {
                            lineLength += 1
                            if lineLength > RecordLimits.logLineBytes { return true }
                        }
                    }
                    return false
                }
                guard !tooLong else {
                    throw ContentError(
                        ContentIssue(
                            file: path, record: "line \(line)",
                            message: "longer than \(RecordLimits.logLineBytes) bytes; the limit of one query-log line"))
                }
            }
            bytes.append(contentsOf: chunk)
        }
    }

    // MARK: - Fields

    /// A count as read from text: a whole number from 0 to `RecordLimits.maximumCount`.
    static func count(_ text: Substring) -> Int? {
        if !text.isEmpty, text.utf8.count < 16, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            return Int(text).flatMap { $0 <= RecordLimits.maximumCount ? $0 : nil }
        }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.allSatisfy(\.isASCII), let value = Int(trimmed), value >= 0,
            value <= RecordLimits.maximumCount
        else { return nil }
        return value
    }

    /// What a count must be, for messages.
    static let expectedCount = "a whole number from 0 to \(RecordLimits.maximumCount)"

    static func count(_ value: JSONValue?, at place: String, _ problems: inout Problems) -> Int? {
        switch value {
        case .number(let number)?
        where number.rounded() == number && number >= 0 && number <= Double(RecordLimits.maximumCount):
            return Int(number)
        case nil, .null?:
            problems.issues.append(
                ContentIssue(
                    file: problems.file, record: place, field: "count", message: "missing: every entry needs a count"))
        case let other?:
            problems.issues.append(
                ContentIssue(
                    file: problems.file, record: place, field: "count",
                    message: "expected \(expectedCount), found \(JSONWriter.string(other))"))
        }
        return nil
    }

    // MARK: - Formats

    private static func readTable(
        _ bytes: [UInt8], separator: UInt8, quoted: Bool, _ problems: inout Problems
    ) -> [LogEntry] {
        if let line = CSVRows.unterminated(bytes, quoted: quoted) {
            problems.issues.append(
                ContentIssue(
                    file: problems.file, record: "line \(line)",
                    message: "a quoted field opens here and is never closed"))
            return []
        }
        let rows = CSVRows(bytes: bytes, separator: separator, quoted: quoted)
        var iterator = rows.makeIterator()
        guard let (headerLine, header) = iterator.next() else {
            problems.add(nil, "empty file: expected a header naming the query and count columns")
            return []
        }
        let names = header.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let queryColumn = names.firstIndex(of: "query") ?? names.firstIndex(of: "search"),
            let countColumn = names.firstIndex(of: "count")
        else {
            problems.issues.append(
                ContentIssue(
                    file: problems.file, record: "line \(headerLine)",
                    message: "the header must name a query (or search) column and a count column, found \(names)"))
            return []
        }
        var entries: [LogEntry] = []
        while let (line, cells) = iterator.next() {
            if cells.count == 1, cells[0].allSatisfy(\.isWhitespace) { continue }
            guard queryColumn < cells.count else {
                problems.issues.append(
                    ContentIssue(
                        file: problems.file, record: "line \(line)", field: names[queryColumn],
                        message: "missing: the line has \(cells.count) columns"))
                continue
            }
            guard countColumn < cells.count, cells[countColumn].contains(where: { !$0.isWhitespace }) else {
                problems.issues.append(
                    ContentIssue(
                        file: problems.file, record: "line \(line)", field: "count",
                        message: "missing: every entry needs a count"))
                continue
            }
            guard let count = count(cells[countColumn][...]) else {
                problems.issues.append(
                    ContentIssue(
                        file: problems.file, record: "line \(line)", field: "count",
                        message: "expected \(expectedCount), found \"\(cells[countColumn])\""))
                continue
            }
            entries.append(LogEntry(query: cells[queryColumn], count: count))
        }
        return entries
    }

    private static func readAnalytics(_ bytes: [UInt8], _ problems: inout Problems) -> [LogEntry] {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            problems.issues.append(
                ContentIssue(
                    file: problems.file, record: "line \(error.line), column \(error.column)",
                    message: "malformed JSON: \(error.message)"))
            return []
        }
        guard case .array(let searches)? = value["searches"] else {
            problems.add(
                "searches", "expected {\"searches\": [{\"search\": …, \"count\": …}]}, as Algolia's top searches")
            return []
        }
        var entries: [LogEntry] = []
        for (i, search) in searches.enumerated() {
            if let entry = entry(search, at: "searches[\(i)]", queryField: "search", &problems) {
                entries.append(entry)
            }
        }
        return entries
    }

    /// One `{query or search, count}` object of a JSON log.
    private static func entry(
        _ value: JSONValue, at place: String, queryField: String, _ problems: inout Problems
    ) -> LogEntry? {
        guard case .string(let query)? = value["search"] ?? value["query"] else {
            problems.issues.append(
                ContentIssue(file: problems.file, record: place, field: queryField, message: "expected a string"))
            return nil
        }
        return count(value["count"], at: place, &problems).map { LogEntry(query: query, count: $0) }
    }

    private static func readLines(_ bytes: [UInt8], _ problems: inout Problems) -> [LogEntry] {
        var entries: [LogEntry] = []
        var line = 0
        for text in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            line += 1
            if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            let place = "line \(line)"
            let value: JSONValue
            do {
                value = try JSONParser.parse(Array(text))
            } catch {
                problems.issues.append(
                    ContentIssue(
                        file: problems.file, record: place,
                        message: "malformed JSON at column \(error.column): \(error.message)"))
                continue
            }
            if let entry = entry(value, at: place, queryField: "query", &problems) { entries.append(entry) }
        }
        return entries
    }
}

/// The rows of a CSV (RFC 4180: quoted fields may hold separators, line breaks and `""`) or TSV
/// text, each with the line it starts on.
struct CSVRows: Sequence {
    let bytes: [UInt8]
    let separator: UInt8
    let quoted: Bool

    /// A problem when a quoted field never ends, or nil.
    /// The line where a quoted field opens and never closes, or nil.
    static func unterminated(_ bytes: [UInt8], quoted: Bool) -> Int? {
        guard quoted else { return nil }
        var inQuotes = false
        var atFieldStart = true
        var line = 1
        var opened = 1
        for byte in bytes {
            if inQuotes {
                if byte == UInt8(ascii: "\"") { inQuotes = false }
            } else if byte == UInt8(ascii: "\""), atFieldStart {
                inQuotes = true
                opened = line
            }
            if byte == 0x0A { line += 1 }
            atFieldStart = byte == UInt8(ascii: ",") || byte == 0x0A
        }
        return inQuotes ? opened : nil
    }

    struct Iterator: IteratorProtocol {
        let bytes: [UInt8]
        let separator: UInt8
        let quoted: Bool
        var index = 0
        var line = 1

        mutating func next() -> (Int, [String])? {
            guard index < bytes.count else { return nil }
            let start = line
            var cells: [String] = []
            var cell: [UInt8] = []
            var inQuotes = false
            var fieldStart = true
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if inQuotes {
                    if byte == UInt8(ascii: "\"") {
                        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                            cell.append(byte)
                            index += 1
                        } else {
                            inQuotes = false
                        }
                    } else {
                        if byte == 0x0A { line += 1 }
                        cell.append(byte)
                    }
                    continue
                }
                if quoted, byte == UInt8(ascii: "\""), fieldStart {
                    inQuotes = true
                    fieldStart = false
                } else if byte == separator {
                    cells.append(String(decoding: cell, as: UTF8.self))
                    cell = []
                    fieldStart = true
                } else if byte == 0x0A {
                    line += 1
                    break
                } else if byte != 0x0D {
                    cell.append(byte)
                    fieldStart = false
                }
            }
            cells.append(String(decoding: cell, as: UTF8.self))
            return (start, cells)
        }
    }

    func makeIterator() -> Iterator { Iterator(bytes: bytes, separator: separator, quoted: quoted) }
}
