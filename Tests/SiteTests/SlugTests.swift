import Testing
import TypeaheadModel

@testable import TypeaheadSite

@Suite("Slugs from objectIDs")
struct SlugTests {
    /// A slug is one safe path component on every file system.
    static func isSafe(_ slug: String) -> Bool {
        !slug.isEmpty && slug.utf8.count <= 80 && slug != "." && slug != ".."
            && slug.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
            && !slug.hasPrefix("-") && !slug.hasSuffix("-")
    }

    @Test(
        "Hostile and awkward objectIDs give safe slugs",
        arguments: [
            "../../etc/passwd", "CON", "con", "nul", "COM1", "a/b", "a\\b", String(repeating: "x", count: 300),
            "📱", "", " ", "..", ".", "-", "iPhone SE", "Ünïcödé", "<script>", "a\u{0}b", "index", "LPT9",
        ])
    func hostile(_ id: String) {
        let slug = Slug.make(id)
        #expect(Self.isSafe(slug), "\(id.debugDescription) → \(slug)")
        #expect(!["con", "nul", "com1", "lpt9", "index"].contains(slug))
    }

    @Test("A slug depends on its own objectID only: an objectID shaped like a made slug is not its own slug")
    func ownSlugNeverTakesAMadeOne() {
        let made = Slug.make("a\nb")
        #expect(made == "a-b-\(Slug.hexHash("a\nb"))")
        // Alone or together, each keeps its slug, whatever the other records are.
        let together = Slug.assign(["a\nb", ObjectID(made)])
        #expect(together["a\nb"] == made)
        #expect(together[ObjectID(made)] == Slug.make(made))
        #expect(Slug.make(made) != made)
        #expect(Slug.assign([ObjectID(made)])[ObjectID(made)] == together[ObjectID(made)])
        for shaped in ["x-1234abcd", "x-1234abcd-2", "id-0badf00d"] { #expect(Slug.make(shaped) != shaped) }
        for plain in ["x-2", "iphone-se", "x-1234abcz", "1234abcd", "a-b-123456789"] {
            #expect(Slug.make(plain) == plain)
        }
    }

    @Test("An objectID that is already a safe name is its own slug")
    func identity() {
        #expect(Slug.make("5005506") == "5005506")
        #expect(Slug.make("iphone-se") == "iphone-se")
    }

    @Test("Other objectIDs keep a readable part and a hash of the exact ID")
    func readable() {
        #expect(Slug.make("../../etc/passwd").hasPrefix("etc-passwd-"))
        #expect(Slug.make("iPhone SE").hasPrefix("iphone-se-"))
        #expect(Slug.make("📱").hasPrefix("id-"))
        #expect(Slug.make("Ünïcödé").hasPrefix("unicode-"))
    }

    @Test("Case variants and near-collisions get different slugs; slugs are stable")
    func unique() {
        let ids: [ObjectID] = ["ABC", "abc", "a b c", "a-b-c", "a/b/c", "A-B-C", "é", "e\u{301}"]
        let slugs = Slug.assign(ids)
        #expect(Set(slugs.values).count == ids.count)
        #expect(Slug.assign(ids.reversed()) == slugs)
        #expect(slugs["abc"] == "abc")
    }

    @Test("A hash collision is settled in objectID order with a counter")
    func collisionCounter() {
        let slugs = Slug.assign(["b", "a", "c"], using: { _ in "same" })
        #expect(slugs["a"] == "same")
        #expect(slugs["b"] == "same-2")
        #expect(slugs["c"] == "same-3")
    }
}
