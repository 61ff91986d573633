/// One language's singular and plural forms, as data (docs/CONTRACT.md, "The shop's language",
/// Plurals): the page receives the same table in `data/site.js` and runs the same two functions
/// (`singular`, `forms`) over it, so Swift and JavaScript share one definition.
public struct PluralTable: Sendable, Equatable {
    /// One suffix rule: a word ending in `suffix` (and in none of `unless`) has the singular that
    /// ends in `replacement` instead.
    public struct Rule: Sendable, Equatable {
        public var suffix: String
        public var replacement: String
        public var unless: [String]
    }

    /// The language code (`en`).
    public var language: String
    /// Irregular words and their singular (a word that is its own plural maps to itself).
    public var irregular: [String: String]
    /// The rules, in order: the first that applies gives the singular.
    public var rules: [Rule]
    /// Words shorter than this, or with a character outside `alphabet`, are their own singular.
    public var minLength: Int
    public var alphabet: String

    /// The singular of a normalised word.
    public func singular(_ word: String) -> String {
        if let known = irregular[word] { return known }
        guard word.unicodeScalars.count >= minLength,
            word.unicodeScalars.allSatisfy({ alphabet.unicodeScalars.contains($0) })
        else { return word }
        for rule in rules where word.hasSuffix(rule.suffix) {
            if rule.unless.contains(where: { word.hasSuffix($0) }) { continue }
            return String(word.unicodeScalars.dropLast(rule.suffix.unicodeScalars.count)) + rule.replacement
        }
        return word
    }

    /// The other forms of a normalised word: the words that share its singular, made from that
    /// singular by the rules run backwards and by the irregular table, in code-point order. Which
    /// of them exist is for the index to say.
    public func forms(_ word: String) -> [String] {
        let root = singular(word)
        var candidates: Set<String> = [root]
        for rule in rules where root.hasSuffix(rule.replacement) {
            candidates.insert(String(root.unicodeScalars.dropLast(rule.replacement.unicodeScalars.count)) + rule.suffix)
        }
        for (irregularWord, single) in irregular where single == root { candidates.insert(irregularWord) }
        return candidates.filter { $0 != word && singular($0) == root }.sorted(by: utf8Less)
    }

    /// The table as `data/site.js` carries it to the page.
    public var json: JSONValue {
        .object([
            "language": .string(language),
            "irregular": .object(irregular.mapValues(JSONValue.string)),
            "rules": .array(
                rules.map { rule in
                    .array([.string(rule.suffix), .string(rule.replacement), .array(rule.unless.map(JSONValue.string))])
                }),
            "minLength": .number(Double(minLength)),
            "alphabet": .string(alphabet),
        ])
    }

    /// The tables of the languages Typeahead knows.
    public static let languages: [String: PluralTable] = ["en": english]

    /// English: the rule `typeahead suggest` merges `iphone case` and `iphone cases` by.
    public static let english = PluralTable(
        language: "en",
        irregular: [
            "men": "man", "women": "woman", "children": "child", "people": "person", "mice": "mouse",
            "geese": "goose", "feet": "foot", "teeth": "tooth", "knives": "knife", "wives": "wife", "lives": "life",
            "leaves": "leaf", "halves": "half", "shelves": "shelf", "wolves": "wolf", "calves": "calf",
            "loaves": "loaf", "thieves": "thief", "shoes": "shoe", "toes": "toe", "canoes": "canoe",
            "movies": "movie", "cookies": "cookie", "selfies": "selfie", "hoodies": "hoodie", "series": "series",
            "species": "species", "news": "news", "dice": "die", "indices": "index", "matrices": "matrix",
            "vertices": "vertex", "analyses": "analysis", "crises": "crisis", "axes": "axis", "lenses": "lens",
            "lens": "lens", "buses": "bus", "gases": "gas", "aliases": "alias", "statuses": "status",
            "cactuses": "cactus", "cacti": "cactus", "fungi": "fungus", "data": "data", "media": "media",
            "caches": "cache", "niches": "niche", "avalanches": "avalanche", "headaches": "headache",
        ],
        rules: [
            Rule(suffix: "ies", replacement: "y", unless: ["eies", "aies", "oies"]),
            Rule(suffix: "ches", replacement: "ch", unless: []),
            Rule(suffix: "shes", replacement: "sh", unless: []),
            Rule(suffix: "sses", replacement: "ss", unless: []),
            Rule(suffix: "xes", replacement: "x", unless: []),
            Rule(suffix: "zzes", replacement: "zz", unless: []),
            Rule(suffix: "oes", replacement: "o", unless: []),
            Rule(suffix: "s", replacement: "", unless: ["ss", "us", "is"]),
        ],
        minLength: 4, alphabet: "abcdefghijklmnopqrstuvwxyz")
}
