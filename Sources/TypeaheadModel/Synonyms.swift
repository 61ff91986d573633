/// `Content/synonyms.json`: Algolia's synonyms export (docs/CONTRACT.md, "The shop's language",
/// Synonyms), read into what a query needs: for each member (normalised words joined by one space),
/// the alternatives it finds.
public struct Synonyms: Sendable, Equatable {
    /// One alternative of a member: its normalised words and what a match through it costs in typos.
    public struct Alternative: Sendable, Equatable {
        public var words: [String]
        public var typos: Int
    }

    /// Member text → its alternatives, each once (the cheapest when declared twice), in
    /// (words, typos) order.
    public private(set) var table: [ByteKey: [Alternative]] = [:]
    /// The members in code-point order (to write the table without iterating a dictionary).
    public private(set) var members: [String] = []
    /// The most words of a member.
    public private(set) var longestMember = 0
    /// The first words of the members: a run of query words starting with another word is no
    /// member (a query looks no further).
    public private(set) var firstWords: Set<String> = []

    /// The most words of a member or an alternative.
    public static let maximumWords = 8

    public init() {}

    public var isEmpty: Bool { table.isEmpty }

    /// The alternatives of a member text (normalised words joined by one space).
    public func alternatives(_ member: String) -> [Alternative] { table[ByteKey(member)] ?? [] }

    /// Records that `member` finds `alternative` at `typos`.
    mutating func add(_ member: [String], _ alternative: [String], typos: Int) {
        guard member != alternative else { return }
        let key = member.joined(separator: " ")
        var list = table[ByteKey(key)] ?? []
        if list.isEmpty {
            members.append(key)
            longestMember = max(longestMember, member.count)
            firstWords.insert(member[0])
        }
        if let i = list.firstIndex(where: { $0.words == alternative }) {
            list[i].typos = min(list[i].typos, typos)
        } else {
            list.append(Alternative(words: alternative, typos: typos))
        }
        list.sort { a, b in
            let x = a.words.joined(separator: " ")
            let y = b.words.joined(separator: " ")
            return x != y ? utf8Less(x, y) : a.typos < b.typos
        }
        table[ByteKey(key)] = list
    }

    /// Sorts the members (after every `add`).
    mutating func finish() { members.sort(by: utf8Less) }

    /// The table as `data/site.js` carries it to the page: `[[member, [[alternative, typos], …]], …]`.
    public var json: JSONValue {
        .array(
            members.map { member in
                .array([
                    .string(member),
                    .array(
                        alternatives(member).map {
                            .array([.string($0.words.joined(separator: " ")), .number(Double($0.typos))])
                        }),
                ])
            })
    }
}

/// Reads one record of synonyms.json into `synonyms`.
struct SynonymReader {
    var file: String

    func read(_ value: JSONValue, place: String, into synonyms: inout Synonyms, _ collector: inout IssueCollector) {
        guard let fields = FieldReader(record: value, file: file, place: place, &collector) else { return }
        func issue(_ field: String?, _ message: String) {
            collector.add(ContentIssue(file: file, record: fields.record, field: field, message: message))
        }
        guard fields.requiredString("objectID", &collector) != nil,
            let type = fields.requiredString("type", &collector)
        else { return }
        /// A member's normalised words, or nil (and an issue) when it has none or too many.
        func words(_ text: String, _ field: String) -> [String]? {
            let words = TextNormalizer.words(text)
            if words.isEmpty {
                issue(field, "\"\(text)\" has no letter or digit; a member must have a word")
                return nil
            }
            if words.count > Synonyms.maximumWords {
                issue(field, "\(words.count) words; a member has at most \(Synonyms.maximumWords)")
                return nil
            }
            return words
        }
        /// A non-empty list of members.
        func list(_ field: String) -> [[String]]? {
            guard let texts = fields.optionalStrings(field, &collector) else {
                if fields.members[field] == nil || fields.members[field] == .null {
                    issue(field, "missing; expected a non-empty array of strings")
                }
                return nil
            }
            if texts.isEmpty {
                issue(field, "empty; expected a non-empty array of strings")
                return nil
            }
            var result: [[String]] = []
            for (i, text) in texts.enumerated() {
                guard let w = words(text, "\(field)[\(i)]") else { return nil }
                result.append(w)
            }
            return result
        }
        switch type {
        case "synonym":
            guard let members = list("synonyms") else { return }
            for a in members { for b in members { synonyms.add(a, b, typos: 0) } }
        case "oneWaySynonym":
            guard let input = fields.requiredString("input", &collector), let from = words(input, "input"),
                let to = list("synonyms")
            else { return }
            for b in to { synonyms.add(from, b, typos: 0) }
        case "altCorrection1", "altCorrection2":
            guard let word = fields.requiredString("word", &collector), let from = words(word, "word"),
                let to = list("corrections")
            else { return }
            for b in to { synonyms.add(from, b, typos: type == "altCorrection1" ? 1 : 2) }
        case "placeholder":
            issue(
                "type",
                "placeholder synonyms are not supported (a placeholder matches a record's token, which Typeahead has none of)"
            )
        default:
            issue(
                "type",
                "unknown type \"\(type)\"; expected \"synonym\", \"oneWaySynonym\", \"altCorrection1\" or \"altCorrection2\""
            )
        }
    }
}
