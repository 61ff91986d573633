import Foundation
import Testing
import TypeaheadModel
import TypeaheadTestSupport

@testable import TypeaheadSite

/// A scope's pages (docs/CONTRACT.md, "A scope's pages"): a suggestion has static pages of its own
/// in a scope only where the scope narrows its list; where the scope holds every hit, the unscoped
/// pages are the scope's. The build, `check` and `typeahead diff` agree on it.
@Suite struct ScopedPagesTests {
    static let phones = Scope(attribute: "categories", value: "Phones")

    /// "phone" finds four products, all phones; "case" three, two of them phones; "phone zzz"
    /// finds nothing with both words, so its words are made optional (the phones again); "laptop
    /// case" finds the laptop case with both words, and in the scope, where no phone has both,
    /// the phone stand once "case" is made optional: one hit each, not the same one.
    static var content: Content {
        var config = SiteConfig()
        config.scopes = [phones]
        config.language.removeWordsIfNoResults = .lastWords
        let products = [
            RefiningPagesTests.product("a", "Phone case red", brand: "Acme", path: ["Phones"], price: 12),
            RefiningPagesTests.product("b", "Phone case blue", brand: "Acme", path: ["Phones"], price: 30),
            RefiningPagesTests.product("c", "Phone charger", brand: "Bolt", path: ["Phones"], price: 20),
            RefiningPagesTests.product("e", "Laptop case", brand: "Bolt", path: ["Computers"], price: 45),
            RefiningPagesTests.product("f", "Laptop stand phone", brand: "Bolt", path: ["Phones"], price: 25),
        ]
        let listed = ["categories": ["Phones"]]
        return Content(
            products: products,
            suggestions: [
                Suggestion(objectID: "phone", query: "phone", popularity: 3, exactMatches: listed),
                Suggestion(objectID: "case", query: "case", popularity: 2, exactMatches: listed),
                Suggestion(objectID: "phone zzz", query: "phone zzz", popularity: 1, exactMatches: listed),
                Suggestion(objectID: "laptop case", query: "laptop case", popularity: 1, exactMatches: listed),
            ],
            config: config)
    }

    static func scoped(_ slug: String) -> String {
        SiteLayout.resultPage(suggestionSlug: slug, scopeSlug: SiteLayout.scopeSlug(phones), page: 1)
    }

    static func write(_ content: Content = content) throws -> URL {
        let templates = try TemplateSet.load(from: TestSupport.packageRoot.appendingPathComponent("Templates").path)
        let site = try TestSupport.temporaryDirectory("scoped").appendingPathComponent("site")
        _ = try SiteBuilder(content: content, templates: templates).write(to: site.path)
        return site
    }

    @Test func aScopeThatHoldsEveryHitHasNoPagesOfItsOwn() throws {
        let templates = try TemplateSet.load(from: TestSupport.packageRoot.appendingPathComponent("Templates").path)
        let files = try SiteBuilder(content: Self.content, templates: templates).build()
        let slugs = Slug.assign(Self.content.suggestions.map(\.objectID))
        let pages = files.keys.filter { $0.hasSuffix(".html") && $0.contains("search/") }.sorted()
        // Unscoped: all four. In the scope: "case" (narrowed to two), "phone zzz" (words made
        // optional in both lists), "laptop case" (the same count, but the scope's words were made
        // optional: another product), not "phone" (all four are phones).
        #expect(pages.filter { $0.hasPrefix("search/") }.count == 4)
        #expect(
            pages.filter { $0.hasPrefix("scopes/") }
                == ["case", "phone zzz", "laptop case"].map { Self.scoped(slugs[ObjectID($0)]!) }.sorted())
        let text = { (id: String) in String(decoding: files[Self.scoped(slugs[ObjectID(id)]!)]!, as: UTF8.self) }
        #expect(SiteReader.objectIDs(inResultPage: text("case")) == ["a", "b"])
        #expect(SiteReader.objectIDs(inResultPage: text("laptop case")) == ["f"])
        // "phone" stays offered in the scope: the scope's list holds all four suggestions (as
        // gaps between their numbers).
        let scopeList = try #require(files.first { $0.key.hasPrefix("data/suggestions/scopes/") }).value
        #expect(String(decoding: scopeList, as: UTF8.self).hasSuffix("[\n0,1,1,1\n]);\n"))
    }

    @Test func checkProvesTheScopedPagesAbsentWhereTheScopeHoldsEveryHitAndPresentElsewhere() throws {
        let site = try Self.write()
        let slugs = Slug.assign(Self.content.suggestions.map(\.objectID))
        let clean = try SiteChecker(content: Self.content, site: site.path).run()
        #expect(clean.differenceCount == 0, "\(clean.differences)")

        // A scoped page written by hand where the unscoped one is the scope's.
        let extra = site.appendingPathComponent(Self.scoped(slugs["phone"]!))
        try FileManager.default.copyItem(
            at: site.appendingPathComponent("search/\(slugs["phone"]!).html"), to: extra)
        let added = try SiteChecker(content: Self.content, site: site.path).run().differences.joined(separator: "\n")
        #expect(added.contains("result page \(Self.scoped(slugs["phone"]!)) should not exist"))
        #expect(added.contains("all of its unscoped hits"))
        try FileManager.default.removeItem(at: extra)

        // The page of a scope that narrows, removed.
        try FileManager.default.removeItem(at: site.appendingPathComponent(Self.scoped(slugs["case"]!)))
        let removed = try SiteChecker(content: Self.content, site: site.path).run().differences.joined(separator: "\n")
        #expect(removed.contains("result page \(Self.scoped(slugs["case"]!)) (\"case\", page 1 of 1) is missing"))
    }

    @Test func diffReadsSuchAScopesListFromTheUnscopedPages() throws {
        let site = try Self.write()
        let snapshot = try SiteSnapshot.read(site.path)
        let unscoped = try #require(snapshot.results[SiteSnapshot.ResultKey(scope: nil, objectID: "phone")])
        #expect(unscoped.count == 4)
        #expect(snapshot.results[SiteSnapshot.ResultKey(scope: Self.phones.filter, objectID: "phone")] == unscoped)
        #expect(snapshot.results[SiteSnapshot.ResultKey(scope: Self.phones.filter, objectID: "case")] == ["a", "b"])
    }

    /// With `minHits` 0 a scope offers a suggestion it has no hit for, and that list has no pages
    /// either: `typeahead diff` gives it no list (not the unscoped one, whose hits are not in the
    /// scope).
    @Test func diffGivesNoListToAScopeWithoutAHitThere() throws {
        var content = Self.content
        content.config.minHits = 0
        content.config.language.removeWordsIfNoResults = .none
        let snapshot = try SiteSnapshot.read(try Self.write(content).path)
        #expect(snapshot.results[SiteSnapshot.ResultKey(scope: nil, objectID: "laptop case")] == ["e"])
        #expect(snapshot.results[SiteSnapshot.ResultKey(scope: Self.phones.filter, objectID: "laptop case")] == nil)
        #expect(snapshot.results[SiteSnapshot.ResultKey(scope: Self.phones.filter, objectID: "phone")]?.count == 4)
    }
}
