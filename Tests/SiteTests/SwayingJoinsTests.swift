import Testing
import TypeaheadEngine
import TypeaheadModel

@testable import TypeaheadSite

@Suite("The words whose split a changed product may sway")
struct SwayingJoinsTests {
    /// The joins of one product as it was and as it is (in the same scope unless `brandNow`).
    static func joins(was: String, now: String, brandNow: String = "Acme") -> Set<String> {
        var config = SiteConfig()
        config.scopes = [Scope(attribute: "brand", value: "Acme")]
        let old = [Product(objectID: "p", name: was, brand: "Acme")]
        let new = [Product(objectID: "p", name: now, brand: brandNow)]
        let engines = [old, new].map {
            SearchEngine(content: Content(products: $0, suggestions: [], config: config))
        }
        let found = IncrementalPlan.swayingJoins(engines, old: old, new: new, config: config)
        return Set(found.map { String(String.UnicodeScalarView($0.map { Unicode.Scalar($0)! })) })
    }

    @Test("Only pairs held more or fewer times than before, the scopes the same")
    func changedPairsAlone() {
        // Words put before the name: one new pair, every other pair held as before.
        #expect(Self.joins(was: "Smart Watch Band", now: "Edited Smart Watch Band") == ["editedsmart"])
        // A pair gone and one new.
        #expect(Self.joins(was: "Smart Watch", now: "Smart Band") == ["smartwatch", "smartband"])
        // The same pairs: none.
        #expect(Self.joins(was: "Smart Watch", now: "Smart Watch") == [])
        // The same join from another pair ("ab c" and "a bc" both make "abc"): swayed.
        #expect(Self.joins(was: "ab c", now: "a bc") == ["abc"])
    }

    @Test("A product whose scope changed: every pair it holds, as it was or as it is")
    func scopeChanged() {
        #expect(
            Self.joins(was: "Smart Watch Band", now: "Smart Watch", brandNow: "Other")
                == ["smartwatch", "watchband"])
    }
}
