/// A record's objectID. Compared, hashed and sorted byte for byte (UTF-8), never by Unicode
/// equivalence: `é` and `e` + U+0301 are two ids, as they are two files and two keys in the page's
/// JavaScript. Swift's `String` would merge them; every dictionary, set and sort of ids goes
/// through this type instead.
public struct ObjectID: Hashable, Comparable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible, Codable {
    /// The id as the record gives it.
    public let text: String

    @inlinable
    public init(_ text: String) { self.text = text }

    public init(stringLiteral text: String) { self.text = text }

    public var description: String { text }

    @inlinable
    public static func == (a: ObjectID, b: ObjectID) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }

    /// Byte order of UTF-8 (locale-free, stable).
    @inlinable
    public static func < (a: ObjectID, b: ObjectID) -> Bool { utf8Less(a.text, b.text) }

    @inlinable
    public func hash(into hasher: inout Hasher) {
        var text = self.text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// Encoded and decoded as the plain string.
    public init(from decoder: any Decoder) throws {
        text = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
