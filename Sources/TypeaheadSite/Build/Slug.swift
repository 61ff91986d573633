import TypeaheadModel

/// File-system-safe, unique, stable folder names for records, derived from their `objectID`.
///
/// A slug is lower-case ASCII letters, digits and single hyphens, at most 80 bytes, never a name
/// Windows reserves (`con`, `nul`, `com1`, …), never empty, `.` or `..`. An objectID that is already
/// such a name is its own slug (`5005506`); any other gets a readable part plus 8 hex digits of a
/// hash of the exact objectID (`iphone-se-3f1a9c02`), so that `ABC` and `abc` differ on
/// case-insensitive file systems and a slug never depends on the other records.
public enum Slug {
    static let maximumReadableLength = 71

    private static let reserved: Set<String> = {
        var names: Set<String> = ["con", "prn", "aux", "nul", "index", "page", "assets", "shards"]
        for n in 0...9 {
            names.insert("com\(n)")
            names.insert("lpt\(n)")
        }
        return names
    }()

    /// The slug of one objectID, before collisions are settled.
    public static func make(_ objectID: String) -> String {
        var readable = ""
        var lastWasHyphen = true
        for scalar in TextNormalizer.fold(objectID).unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                readable.unicodeScalars.append(scalar)
                lastWasHyphen = false
            } else if !lastWasHyphen {
                readable.append("-")
                lastWasHyphen = true
            }
        }
        while readable.hasSuffix("-") { readable.removeLast() }
        if readable.utf8.count > maximumReadableLength {
            readable = String(readable.prefix(maximumReadableLength))
            while readable.hasSuffix("-") { readable.removeLast() }
        }
        if !readable.isEmpty, readable == objectID, !reserved.contains(readable), !looksMade(readable) {
            return readable
        }
        let hash = hexHash(objectID)
        return readable.isEmpty ? "id-\(hash)" : "\(readable)-\(hash)"
    }

    /// Whether a name has the shape of a made slug (`…-1a2b3c4d`, maybe with a collision's `-2`):
    /// such an objectID is not its own slug, so it never takes the slug another objectID's hash
    /// gives (`a\nb` → `a-b-e5beb119`), and every slug depends on its own objectID only.
    static func looksMade(_ name: String) -> Bool {
        var parts = name.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count >= 3, let last = parts.last, last.allSatisfy({ ("0"..."9").contains($0) }) {
            parts.removeLast()
        }
        guard parts.count >= 2, let hash = parts.last, hash.utf8.count == 8 else { return false }
        return hash.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }

    /// Slugs for all objectIDs, unique: a rare hash collision is settled in objectID byte order by
    /// appending `-2`, `-3`, ….
    public static func assign(
        _ objectIDs: [ObjectID], using make: @Sendable (String) -> String = make
    ) -> [ObjectID: String] {
        var result: [ObjectID: String] = [:]
        result.reserveCapacity(objectIDs.count)
        var used: Set<String> = []
        used.reserveCapacity(objectIDs.count)
        let ids = objectIDs.sorted()
        // Each objectID's own slug on all cores; collisions settled in order.
        let bases = Cores.map(ids.count, minimumChunk: 4096) { make(ids[$0].text) }
        for (id, base) in zip(ids, bases) {
            var slug = base
            var n = 2
            while used.contains(slug) {
                slug = "\(base)-\(n)"
                n += 1
            }
            used.insert(slug)
            result[id] = slug
        }
        return result
    }

    /// The first 32 bits of the 64-bit FNV-1a hash of the UTF-8 bytes, as 8 hex digits.
    static func hexHash(_ text: String) -> String {
        let value = String(FNV1a.hash64(text.utf8) >> 32, radix: 16)
        return String(repeating: "0", count: 8 - value.count) + value
    }
}
