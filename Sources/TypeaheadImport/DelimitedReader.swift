import TypeaheadModel

/// Rows of a delimited text file, read a chunk at a time: RFC 4180's CSV (Shopify's export) and
/// Merchant Center's TSV with quoted fields. A field that starts with `"` is quoted: it runs to the
/// next lone `"`, holding delimiters and line breaks, `""` standing for one quote; after the closing
/// quote comes a delimiter or the end of the line. A `"` elsewhere is an ordinary character. Lines
/// end with LF, CRLF or CR; blank lines are skipped; a UTF-8 byte order mark is skipped.
///
/// A field over `limits.fieldBytes` or a row over `limits.rowBytes` stops reading there (so a 1 GB
/// line costs at most a field's bytes), as do a quote never closed and text after a closing quote.
final class DelimitedReader {
    struct Field {
        /// The text; nil when it is not valid UTF-8.
        var text: String?
        /// The line it starts on.
        var line: Int
        /// The line holding its first invalid UTF-8 byte.
        var invalidLine: Int?
    }

    struct Row {
        var fields: [Field]
        /// The line it starts on.
        var line: Int
    }

    private enum State {
        case fieldStart, unquoted, quoted, quoteInQuoted
    }

    let file: ChunkedFile
    let delimiter: UInt8
    let limits: ImportLimits
    /// The header's names, to name a field in messages once they are known.
    var names: [String] = []
    private var buffer: [UInt8] = []
    private var position = 0
    private var line = 1
    private var started = false
    private var ended = false
    private var swallowLineFeed = false

    init(file: ChunkedFile, delimiter: UInt8, limits: ImportLimits) {
        self.file = file
        self.delimiter = delimiter
        self.limits = limits
    }

    /// The next row that is not blank, or nil at the end of the file.
    func next() throws(FeedStop) -> Row? {
        while let row = try nextRow() {
            if row.fields.count == 1, row.fields[0].text == "", !row.quotedFirst { continue }
            return Row(fields: row.fields, line: row.line)
        }
        return nil
    }

    private func nextRow() throws(FeedStop) -> (fields: [Field], line: Int, quotedFirst: Bool)? {
        var fields: [Field] = []
        var field: [UInt8] = []
        var state = State.fieldStart
        let rowLine = line
        var fieldLine = line
        var quoteLine = line
        var quotedFirst = false
        var rowBytes = 0

        func name(_ index: Int) -> String { index < names.count ? names[index] : "column \(index + 1)" }
        func issue(_ line: Int, field index: Int?, _ message: String) -> FeedStop {
            FeedStop(
                issue: ContentIssue(
                    file: file.path, record: "line \(line)", field: index.map(name), message: message))
        }
        func finishField() {
            file.meter?.held(field.count)
            var invalidLine: Int?
            let text = String(validating: field, as: UTF8.self)
            if text == nil, let (offset, _) = JSONValue.firstInvalidUTF8(in: field) {
                invalidLine = fieldLine + offset - 1
            }
            if fields.isEmpty, state == .quoteInQuoted { quotedFirst = true }
            fields.append(Field(text: text, line: fieldLine, invalidLine: invalidLine))
            field.removeAll(keepingCapacity: true)
            fieldLine = line
        }

        while true {
            if position == buffer.count {
                var more = false
                if !ended { more = try refill() }
                if !more {
                    ended = true
                    if state == .quoted {
                        throw issue(
                            quoteLine, field: fields.count,
                            "the quoted field opened on this line is not closed by the end of the file")
                    }
                    if fields.isEmpty, field.isEmpty, state == .fieldStart { return nil }
                    finishField()
                    return (fields, rowLine, quotedFirst)
                }
            }
            let byte = buffer[position]
            position += 1
            if swallowLineFeed {
                swallowLineFeed = false
                if byte == 0x0A { continue }
            }
            rowBytes += 1
            if rowBytes > limits.rowBytes {
                throw issue(rowLine, field: nil, "a row longer than \(limits.rowBytes) bytes; reading stopped there")
            }
            let isBreak = byte == 0x0A || byte == 0x0D
            switch state {
            case .quoted:
                if byte == 0x22 {
                    state = .quoteInQuoted
                    continue
                }
                if byte == 0x0A { line += 1 }
            case .fieldStart, .unquoted, .quoteInQuoted:
                if byte == 0x22, state == .fieldStart {
                    state = .quoted
                    quoteLine = line
                    continue
                }
                if byte == 0x22, state == .quoteInQuoted {
                    state = .quoted
                    break
                }
                if byte == delimiter {
                    finishField()
                    state = .fieldStart
                    continue
                }
                if isBreak {
                    line += 1
                    swallowLineFeed = byte == 0x0D
                    finishField()
                    return (fields, rowLine, quotedFirst)
                }
                if state == .quoteInQuoted {
                    throw issue(
                        line, field: fields.count,
                        "\"\(String(decoding: [byte], as: UTF8.self))\" after the closing quote; a quote inside a quoted field is written \"\""
                    )
                }
                state = .unquoted
            }
            field.append(byte)
            if field.count > limits.fieldBytes {
                file.meter?.held(field.count)
                throw issue(
                    fieldLine, field: fields.count,
                    "longer than \(limits.fieldBytes) bytes; reading stopped there")
            }
        }
    }

    /// The next chunk; false at the end of the file. The first skips a UTF-8 byte order mark.
    private func refill() throws(FeedStop) -> Bool {
        position = 0
        guard try file.next(into: &buffer) else { return false }
        if !started {
            started = true
            if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
            if position == buffer.count { return try refill() }
        }
        return true
    }
}
