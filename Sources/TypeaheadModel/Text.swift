extension String {
    /// The text without the Unicode white space (`White_Space`) at either end: the one trimming
    /// Typeahead does to data (a blank field, a URL with a stray newline).
    public var trimmingWhitespace: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return Substring(scalars[first...last])
    }
}

/// A number as a person writes it: no exponent, no trailing `.0` (`7`, `449.99`).
public func plainNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}
