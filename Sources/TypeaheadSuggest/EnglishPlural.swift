/// English singular forms, for merging "iphone case" and "iphone cases" (`languages: ["en"]`).
///
/// The rule, applied to each word of a normalised query (lower case, ASCII letters; a word with
/// any other character, or of 3 letters or fewer, is left as it is):
/// 1. irregular plurals from the table (`men` → `man`, `children` → `child`, `mice` → `mouse`,
///    `feet` → `foot`, `knives` → `knife`, `shelves` → `shelf`, `lenses` → `lens` …) and words that
///    are their own plural (`series`, `species`, `news`);
/// 2. `-ies` → `-y` (`batteries` → `battery`), except `-eies`/`-aies`/`-oies`;
/// 3. `-ches`, `-shes`, `-sses`, `-xes`, `-zzes` → drop `es` (`watches`, `dishes`, `glasses` → `glass`,
///    `boxes`); `-oes` → `-o` (`heroes`, `potatoes`; `shoes` → `shoe` is in the table);
/// 4. `-s` → drop it, unless the word ends in `ss`, `us` or `is` (`glass`, `bus`, `tennis`).
/// Two queries are one suggestion when their words' singular forms are equal.
public enum EnglishPlural {
    static let irregular: [String: String] = [
        "men": "man", "women": "woman", "children": "child", "people": "person", "mice": "mouse",
        "geese": "goose", "feet": "foot", "teeth": "tooth", "knives": "knife", "wives": "wife", "lives": "life",
        "leaves": "leaf", "halves": "half", "shelves": "shelf", "wolves": "wolf", "calves": "calf",
        "loaves": "loaf", "thieves": "thief", "shoes": "shoe", "toes": "toe", "canoes": "canoe",
        "movies": "movie", "cookies": "cookie", "selfies": "selfie", "hoodies": "hoodie", "series": "series",
        "species": "species", "news": "news", "dice": "die", "indices": "index", "matrices": "matrix",
        "vertices": "vertex", "analyses": "analysis", "crises": "crisis", "axes": "axis", "lenses": "lens",
        "buses": "bus", "gases": "gas", "aliases": "alias", "statuses": "status", "cactuses": "cactus",
        "cacti": "cactus", "fungi": "fungus", "data": "data", "media": "media", "caches": "cache",
        "niches": "niche", "avalanches": "avalanche", "headaches": "headache",
    ]

    /// The singular form of one word.
    public static func singular(_ word: String) -> String {
        if let known = irregular[word] { return known }
        let letters = Array(word.utf8)
        guard letters.count > 3, letters.allSatisfy({ $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }) else {
            return word
        }
        func ends(_ suffix: String) -> Bool { word.hasSuffix(suffix) }
        if ends("ies"), letters.count > 4, !(ends("eies") || ends("aies") || ends("oies")) {
            return String(word.dropLast(3)) + "y"
        }
        if ends("ches") || ends("shes") || ends("sses") || ends("xes") || ends("zzes") {
            return String(word.dropLast(2))
        }
        if ends("oes") { return String(word.dropLast(2)) }
        if ends("s"), !(ends("ss") || ends("us") || ends("is")) {
            return String(word.dropLast())
        }
        return word
    }

    /// The key two queries share when they differ only in number: each word singular.
    public static func key(_ normalizedQuery: String) -> String {
        normalizedQuery.split(separator: " ").map { singular(String($0)) }.joined(separator: " ")
    }
}
