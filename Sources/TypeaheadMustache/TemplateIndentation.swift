/// Indentation of standalone partials (the Mustache spec's "Standalone Indentation") and of
/// block definitions: lines indented and dedented as bytes.
enum Indentation {
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    private static func lines(_ text: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        for (i, byte) in text.enumerated() where byte == 0x0A {
            result.append(text[start...i])
            start = i + 1
        }
        if start < text.count { result.append(text[start...]) }
        return result
    }

    private static func isBlankLine(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { isSpace($0) || $0 == 0x0A || $0 == 0x0D }
    }

    /// Prefixes every line that is not blank with `prefix`.
    static func indent(_ text: [UInt8], with prefix: [UInt8]) -> [UInt8] {
        guard !prefix.isEmpty else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.count + prefix.count * 4)
        for line in lines(text) {
            if !isBlankLine(line) { result += prefix }
            result += line
        }
        return result
    }

    /// Removes the leading whitespace common to all non-blank lines (blank lines become empty), and
    /// returns what was removed from the first line.
    static func dedent(_ text: [UInt8]) -> ([UInt8], [UInt8]) {
        let all = lines(text)
        var margin: [UInt8]?
        for line in all where !isBlankLine(line) {
            let leading = Array(line.prefix(while: isSpace))
            if let current = margin {
                var n = 0
                while n < current.count, n < leading.count, current[n] == leading[n] { n += 1 }
                margin = Array(current.prefix(n))
            } else {
                margin = leading
            }
        }
        let cut = margin?.count ?? 0
        var result: [UInt8] = []
        var firstRemoved: [UInt8] = []
        for (i, line) in all.enumerated() {
            if isBlankLine(line) {
                if line.last == 0x0A { result.append(0x0A) }
                if i == 0 { firstRemoved = Array(line.prefix(while: isSpace)) }
            } else {
                result += line.dropFirst(cut)
                if i == 0 { firstRemoved = Array(line.prefix(cut)) }
            }
        }
        return (result, firstRemoved)
    }
}
