/// Malformed JSON, with the place of the problem (1-based line and column, in characters).
public struct JSONSyntaxError: Error, Sendable, Equatable {
    public var message: String
    public var line: Int
    public var column: Int
}

/// A strict JSON parser (RFC 8259) that reports where a document is malformed.
public struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    /// Whether a failure says its line and column (false: counting lines from the file's start
    /// for each of many failures is not wanted, as in `parseElement`).
    private var placesFailures = true

    /// Parses one JSON document; only whitespace may follow it.
    public static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        try parser.refuseByteOrderMark()
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.failure("unexpected text after the JSON value") }
        return value
    }

    /// The element of a top-level array found at `range` of `bytes` (by `ContentLoader.recordRanges`),
    /// parsed as `parseArrayWithLines` parses it (at depth 1); nil unless it is one whole JSON value
    /// filling the range. The caller parses the whole file again to say where it is malformed.
    public static func parseElement(_ bytes: [UInt8], _ range: Range<Int>) -> JSONValue? {
        var parser = JSONParser(bytes: bytes)
        parser.index = range.lowerBound
        parser.placesFailures = false
        guard let value = try? parser.parseValue(depth: 1), parser.index == range.upperBound else {
            return nil
        }
        return value
    }

    /// A UTF-8 byte order mark is not JSON (RFC 8259 §8.1): said as such, not as a syntax error
    /// the author cannot see.
    private mutating func refuseByteOrderMark() throws(JSONSyntaxError) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            throw failure(
                "the file starts with a UTF-8 byte order mark (EF BB BF), which JSON does not allow: save it as UTF-8 without a BOM"
            )
        }
    }

    /// Parses a top-level array, returning each element with the 1-based line where it starts.
    public static func parseArrayWithLines(_ bytes: [UInt8]) throws(JSONSyntaxError) -> [(
        value: JSONValue, line: Int
    )] {
        var parser = JSONParser(bytes: bytes)
        try parser.refuseByteOrderMark()
        parser.skipWhitespace()
        guard parser.peek == UInt8(ascii: "[") else {
            if parser.index >= bytes.count { throw parser.failure("the file is empty; expected a JSON array") }
            throw parser.failure("expected a JSON array of records")
        }
        parser.index += 1
        var elements: [(JSONValue, Int)] = []
        parser.skipWhitespace()
        if parser.peek == UInt8(ascii: "]") {
            parser.index += 1
        } else {
            while true {
                parser.skipWhitespace()
                let line = parser.line()
                elements.append((try parser.parseValue(depth: 1), line))
                parser.skipWhitespace()
                guard let byte = parser.peek else { throw parser.failure("unterminated array") }
                parser.index += 1
                if byte == UInt8(ascii: "]") { break }
                if byte != UInt8(ascii: ",") {
                    parser.index -= 1
                    throw parser.failure("expected ',' or ']' in the array")
                }
            }
        }
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.failure("unexpected text after the JSON array") }
        return elements
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Line bookkeeping, advanced lazily so that asking for positions in order stays linear.
    private var scannedTo = 0
    private var scannedLine = 1
    private var scannedLineStart = 0

    /// The 1-based line of `index`: linear over a whole file read in order, even one long line (a
    /// column would cost the line's length each time, which made a one-line file quadratic).
    private mutating func line() -> Int {
        let end = min(index, bytes.count)
        if end < scannedTo {
            scannedTo = 0
            scannedLine = 1
            scannedLineStart = 0
        }
        while scannedTo < end {
            if bytes[scannedTo] == 0x0A {
                scannedLine += 1
                scannedLineStart = scannedTo + 1
            }
            scannedTo += 1
        }
        return scannedLine
    }

    private mutating func position() -> (line: Int, column: Int) {
        let end = min(index, bytes.count)
        _ = line()
        let column = String(decoding: bytes[scannedLineStart..<end], as: UTF8.self).count + 1
        return (scannedLine, column)
    }

    private mutating func failure(_ message: String) -> JSONSyntaxError {
        guard placesFailures else { return JSONSyntaxError(message: message, line: 0, column: 0) }
        let (line, column) = position()
        return JSONSyntaxError(message: message, line: line, column: column)
    }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            index += 1
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        guard depth < 512 else { throw failure("nesting is too deep") }
        guard let byte = peek else { throw failure("unexpected end of file; expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw failure("unexpected character; expected a value")
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONSyntaxError)
        -> JSONValue
    {
        for expected in word.utf8 {
            guard peek == expected else { throw failure("invalid literal; expected '\(word)'") }
            index += 1
        }
        return value
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard peek == UInt8(ascii: "\"") else { throw failure("expected a string key in the object") }
            let keyStart = index
            let key = try parseString()
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw failure("expected ':' after the key \"\(key)\"") }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth + 1)
            if members[key] != nil {
                index = keyStart
                throw failure("duplicate key \"\(key)\"")
            }
            members[key] = value
            skipWhitespace()
            guard let byte = peek else { throw failure("unterminated object") }
            index += 1
            if byte == UInt8(ascii: "}") { return .object(members) }
            if byte != UInt8(ascii: ",") {
                index -= 1
                throw failure("expected ',' or '}' in the object")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard let byte = peek else { throw failure("unterminated array") }
            index += 1
            if byte == UInt8(ascii: "]") { return .array(elements) }
            if byte != UInt8(ascii: ",") {
                index -= 1
                throw failure("expected ',' or ']' in the array")
            }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        let start = index
        // Most strings hold no escape: decoded from the document's bytes at once (a products file
        // is mostly strings; appending them scalar by scalar was most of its parse).
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let string = String(decoding: bytes[start..<index], as: UTF8.self)
                index += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw failure("control character in a string; escape it") }
            index += 1
        }
        // With escapes: the bytes, each escape as its scalar's UTF-8, decoded once at the end.
        var utf8 = Array(bytes[start..<index])
        while true {
            guard let byte = peek else { throw failure("unterminated string") }
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            }
            if byte < 0x20 { throw failure("control character in a string; escape it") }
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                index += 1
                continue
            }
            index += 1
            guard let escaped = peek else { throw failure("unterminated string") }
            index += 1
            let scalar: Unicode.Scalar
            switch escaped {
            case UInt8(ascii: "\""): scalar = "\""
            case UInt8(ascii: "\\"): scalar = "\\"
            case UInt8(ascii: "/"): scalar = "/"
            case UInt8(ascii: "b"): scalar = "\u{08}"
            case UInt8(ascii: "f"): scalar = "\u{0C}"
            case UInt8(ascii: "n"): scalar = "\n"
            case UInt8(ascii: "r"): scalar = "\r"
            case UInt8(ascii: "t"): scalar = "\t"
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count,
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { throw failure("unpaired UTF-16 surrogate in \\u escape") }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw failure("unpaired UTF-16 surrogate in \\u escape")
                    }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let decoded = Unicode.Scalar(code) else {
                    throw failure("unpaired UTF-16 surrogate in \\u escape")
                }
                scalar = decoded
            default:
                index -= 1
                throw failure("invalid escape sequence in a string")
            }
            UTF8.encode(scalar) { utf8.append($0) }
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek else { throw failure("unterminated \\u escape") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("invalid \\u escape")
            }
            code = code * 16 + digit
            index += 1
        }
        return code
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        if peek == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            var count = 0
            while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                index += 1
                count += 1
            }
            return count
        }
        let intStart = index
        let intDigits = digits()
        if intDigits == 0 { throw failure("invalid number") }
        if intDigits > 1, bytes[intStart] == UInt8(ascii: "0") {
            index = intStart
            throw failure("invalid number: leading zero")
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 { throw failure("invalid number: no digit after '.'") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            if digits() == 0 { throw failure("invalid number: no digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw failure("number out of range") }
        return .number(value)
    }
}

extension JSONValue {
    /// The first invalid UTF-8 sequence of `bytes`, as a 1-based line and byte column, or nil.
    public static func firstInvalidUTF8(in bytes: [UInt8]) -> (line: Int, column: Int)? {
        var i = 0
        var line = 1
        var lineStart = 0
        while i < bytes.count {
            let lead = bytes[i]
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0x00...0x7F: length = 1
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return (line, i - lineStart + 1)
            }
            if i + length > bytes.count { return (line, i - lineStart + 1) }
            for k in 1..<max(length, 1) {
                let byte = bytes[i + k]
                let (min, max) = k == 1 ? (low, high) : (UInt8(0x80), UInt8(0xBF))
                if byte < min || byte > max { return (line, i - lineStart + 1) }
            }
            if lead == 0x0A {
                line += 1
                lineStart = i + 1
            }
            i += length
        }
        return nil
    }
}
