/// A value a template is rendered against: the shape of JSON, so templates see what data files hold.
public enum MustacheValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([MustacheValue])
    case object([String: MustacheValue])

    /// Whether a section over this value is skipped (`null`, `false`, the empty list).
    var isFalsey: Bool {
        switch self {
        case .null: return true
        case .bool(let value): return !value
        case .array(let values): return values.isEmpty
        default: return false
        }
    }

    /// The text an interpolation tag writes for this value.
    var interpolated: String {
        switch self {
        case .null: return ""
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(let value):
            if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
            return String(value)
        case .string(let value): return value
        case .array, .object: return ""
        }
    }

    /// The member `key` when this value is an object.
    subscript(key: String) -> MustacheValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}

extension MustacheValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral,
    ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: MustacheValue...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
