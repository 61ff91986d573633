/// Joins the text of a description as the engine searches it: every run of white space (U+00A0
/// included) becomes one space, a block boundary one line break, and the text is trimmed. So a tag
/// never glues two words together and never leaves a word of its own.
public struct TextCollector: Sendable {
    private var bytes: [UInt8] = []
    private var pending = Pending.none

    private enum Pending { case none, space, line }

    public init() {}

    /// The text collected so far.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// A word boundary: a space unless a line break is already due.
    public mutating func space() {
        if pending == .none { pending = .space }
    }

    /// A block boundary: the next text starts a new line.
    public mutating func breakLine() { pending = .line }

    /// Appends text; `newlines` makes each line break in it a block boundary (plain text), not a space.
    public mutating func append<Bytes: Collection<UInt8>>(_ text: Bytes, newlines: Bool = false) {
        var i = text.startIndex
        while i != text.endIndex {
            let byte = text[i]
            let next = text.index(after: i)
            switch byte {
            case 0x0A where newlines: breakLine()
            case 0x20, 0x09, 0x0A, 0x0D, 0x0C, 0x0B: space()
            case 0xC2 where next != text.endIndex && text[next] == 0xA0:
                space()
                i = text.index(after: next)
                continue
            default:
                if !bytes.isEmpty {
                    switch pending {
                    case .none: break
                    case .space: bytes.append(0x20)
                    case .line: bytes.append(0x0A)
                    }
                }
                pending = .none
                bytes.append(byte)
            }
            i = next
        }
    }

    /// Appends a NUL-terminated C string of UTF-8.
    public mutating func append(cString: UnsafePointer<CChar>) {
        let length = strlen(cString)
        cString.withMemoryRebound(to: UInt8.self, capacity: length) {
            append(UnsafeBufferPointer(start: $0, count: length))
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
