/// Percent-encoding of text for URLs, byte by byte over its UTF-8.
public enum PercentEncoding {
    /// `text` with every byte but ASCII letters, digits and the characters of `keeping` written as
    /// `%XX` (upper-case hex); with `spaceAsPlus`, a space is `+` (`application/x-www-form-urlencoded`,
    /// what `URLSearchParams` reads).
    public static func encode(_ text: String, keeping: String, spaceAsPlus: Bool) -> String {
        let kept = Set(keeping.utf8)
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " ") where spaceAsPlus: result += "+"
            case _ where kept.contains(byte): result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return result
    }
}
