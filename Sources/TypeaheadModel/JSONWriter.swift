/// Writes JSON deterministically: object keys sorted by UTF-8 bytes, whole numbers without a
/// fraction, other numbers in their shortest round-trip form.
public enum JSONWriter {
    /// The compact JSON text of `value`. With `scriptSafe`, `<`, `>`, `&`, U+2028 and U+2029 are
    /// written as `\u` escapes, so the text can sit inside an HTML `<script>` element.
    public static func string(_ value: JSONValue, scriptSafe: Bool = false) -> String {
        var output: [UInt8] = []
        write(value, scriptSafe: scriptSafe, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    public static func write(_ value: JSONValue, scriptSafe: Bool, into output: inout [UInt8]) {
        switch value {
        case .null: output += "null".utf8
        case .bool(let flag): output += (flag ? "true" : "false").utf8
        case .number(let number): output += format(number).utf8
        case .string(let text): writeString(text, scriptSafe: scriptSafe, into: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (i, element) in elements.enumerated() {
                if i > 0 { output.append(UInt8(ascii: ",")) }
                write(element, scriptSafe: scriptSafe, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (i, key) in members.keys.sorted(by: utf8Less).enumerated() {
                if i > 0 { output.append(UInt8(ascii: ",")) }
                writeString(key, scriptSafe: scriptSafe, into: &output)
                output.append(UInt8(ascii: ":"))
                write(members[key]!, scriptSafe: scriptSafe, into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// `12`, `449.99`, `-0.5`, `1e-07`; a whole number up to 2^53 (what a double holds exactly, the
    /// largest count `suggest` writes) as digits alone.
    public static func format(_ number: Double) -> String {
        if number.rounded() == number, abs(number) <= 9_007_199_254_740_992 { return String(Int(number)) }
        return String(number)
    }

    private static let hex = Array("0123456789abcdef".utf8)

    public static func writeString(_ text: String, scriptSafe: Bool, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        func unicodeEscape(_ value: UInt32) {
            output += "\\u".utf8
            for shift in stride(from: 12, through: 0, by: -4) {
                output.append(hex[Int((value >> UInt32(shift)) & 0xF)])
            }
        }
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: output += "\\\"".utf8
            case 0x5C: output += "\\\\".utf8
            case 0x0A: output += "\\n".utf8
            case 0x0D: output += "\\r".utf8
            case 0x09: output += "\\t".utf8
            case 0x08: output += "\\b".utf8
            case 0x0C: output += "\\f".utf8
            case 0..<0x20: unicodeEscape(scalar.value)
            // One `where` per pattern: on a list of patterns it would guard the last one only.
            case 0x3C where scriptSafe, 0x3E where scriptSafe, 0x26 where scriptSafe, 0x2028 where scriptSafe,
                0x2029 where scriptSafe:
                unicodeEscape(scalar.value)
            default: output += String(scalar).utf8
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
