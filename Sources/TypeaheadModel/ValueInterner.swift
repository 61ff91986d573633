/// Shares one copy of each value a catalogue repeats: the categories, the category paths, the
/// brands, the arrays and objects that hold them. A million products repeat a few thousand such
/// values; each product holding its own copies took about 1.4 KB of it, 1.4 GB through a build.
///
/// Values are equal here only when they are the same bytes (`"é"` and `"e"` + U+0301 stay two
/// values, as Swift's `==` on strings would not keep them) and the same numbers bit for bit (`0` and
/// `-0` are two). Strings of 15 UTF-8 bytes or fewer are stored inline by Swift and are left as they
/// are. The interner lives while a file is read; what it shares stays shared once it is gone.
struct ValueInterner {
    private var strings = Set<ExactString>()
    private var arrays = Set<ExactValue>()
    private var objects = Set<ExactValue>()
    private var stringArrays = Set<ExactStrings>()

    /// `value`, with every string, array and object in it replaced by the first equal one seen.
    mutating func intern(_ value: JSONValue) -> JSONValue {
        switch value {
        case .null, .bool, .number: return value
        case .string(let string): return .string(intern(string))
        case .array(let elements):
            return arrays.insert(ExactValue(.array(elements.map { intern($0) }))).memberAfterInsert.value
        case .object(let members):
            return objects.insert(ExactValue(.object(internMembers(members)))).memberAfterInsert.value
        }
    }

    /// A record's members, each value interned (the record itself is its own).
    mutating func internMembers(_ members: [String: JSONValue]) -> [String: JSONValue] {
        var interned = members
        for (key, value) in members { interned[key] = intern(value) }
        return interned
    }

    mutating func intern(_ string: String) -> String {
        guard string.utf8.count > 15 else { return string }
        return strings.insert(ExactString(string)).memberAfterInsert.string
    }

    mutating func intern(_ strings: [String]) -> [String] {
        guard !strings.isEmpty else { return strings }
        return stringArrays.insert(ExactStrings(strings.map { intern($0) })).memberAfterInsert.strings
    }
}

/// Byte-for-byte equality and hashing of a string.
private struct ExactString: Hashable {
    let string: String

    init(_ string: String) { self.string = string }

    static func == (a: Self, b: Self) -> Bool { a.string.utf8.elementsEqual(b.string.utf8) }

    func hash(into hasher: inout Hasher) { Self.hash(string, into: &hasher) }

    static func hash(_ string: String, into hasher: inout Hasher) {
        var string = string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(string.utf8.count)
    }
}

private struct ExactStrings: Hashable {
    let strings: [String]

    init(_ strings: [String]) { self.strings = strings }

    static func == (a: Self, b: Self) -> Bool {
        a.strings.count == b.strings.count && zip(a.strings, b.strings).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
    }

    func hash(into hasher: inout Hasher) {
        for string in strings { ExactString.hash(string, into: &hasher) }
    }
}

/// Exact equality and hashing of a JSON value: strings by their bytes, numbers by their bits, an
/// object's members whatever the order its dictionary keeps them in.
private struct ExactValue: Hashable {
    let value: JSONValue

    init(_ value: JSONValue) { self.value = value }

    static func == (a: Self, b: Self) -> Bool { exact(a.value, b.value) }

    func hash(into hasher: inout Hasher) { Self.hash(value, into: &hasher) }

    static func exact(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x.bitPattern == y.bitPattern
        case (.string(let x), .string(let y)): return x.utf8.elementsEqual(y.utf8)
        case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { exact($0, $1) }
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            for (key, value) in x {
                // `index(forKey:)` finds a key Swift takes as equal; the bytes must be too.
                guard let i = y.index(forKey: key), y[i].key.utf8.elementsEqual(key.utf8), exact(value, y[i].value)
                else { return false }
            }
            return true
        default: return false
        }
    }

    static func hash(_ value: JSONValue, into hasher: inout Hasher) {
        switch value {
        case .null: hasher.combine(0)
        case .bool(let x): hasher.combine(x ? 1 : 2)
        case .number(let x): hasher.combine(x.bitPattern)
        case .string(let x): ExactString.hash(x, into: &hasher)
        case .array(let elements):
            hasher.combine(elements.count)
            for element in elements { hash(element, into: &hasher) }
        case .object(let members):
            // The dictionary's order is its own: the members' hashes are summed, which no order changes.
            var sum = 0
            for (key, value) in members {
                var member = Hasher()
                ExactString.hash(key, into: &member)
                hash(value, into: &member)
                sum &+= member.finalize()
            }
            hasher.combine(members.count)
            hasher.combine(sum)
        }
    }
}
