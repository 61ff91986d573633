import Foundation
import Testing
import TypeaheadModel
import TypeaheadTestSupport

@testable import TypeaheadSite

/// A scope's list (docs/CONTRACT.md, "A scope's list"): a scope offers the suggestions with
/// `minHits` hits in it (words made optional as a query in the scope makes them), and its list has
/// no static pages: no page links to one, and the search page draws it. The build, `check` and
/// `typeahead diff` agree on it.
@Suite struct ScopeListsTests {
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

    static func write(_ content: Content = content) throws -> URL {
        let templates = try TemplateSet.load(from: TestSupport.packageRoot.appendingPathComponent("Templates").path)
        let site = try TestSupport.temporaryDirectory("scoped").appendingPathComponent("site")
        _ = try SiteBuilder(content: content, templates: templates).write(to: site.path)
        return site
    }

    @Test func aScopesListHasNoStaticPagesButItsSuggestionsAreOfferedByTheirHitsThere() throws {
        let templates = try TemplateSet.load(from: TestSupport.packageRoot.appendingPathComponent("Templates").path)
        let files = try SiteBuilder(content: Self.content, templates: templates).build()
        // Unscoped: all four suggestions have a page; nothing under scopes/ (the folder of the
        // scoped pages of earlier versions).
        #expect(files.keys.filter { $0.hasPrefix("search/") }.count == 4)
        #expect(!files.keys.contains { $0.hasPrefix("scopes/") })
        // The scope offers all four: "phone" (four hits), "case" (two), "phone zzz" and "laptop
        // case" (one each once a word is made optional in the scope), as gaps between numbers.
        let scopeList = try #require(files.first { $0.key.hasPrefix("data/suggestions/scopes/") }).value
        #expect(String(decoding: scopeList, as: UTF8.self).hasSuffix("[\n0,1,1,1\n]);\n"))
        // With minHits 3, "case" (three hits, two in the scope) has a page but is not offered in
        // the scope: it lists "phone" and "phone zzz" (numbers 0 and 2), not "case" (1).
        var strict = Self.content
        strict.config.minHits = 3
        let fewer = try SiteBuilder(content: strict, templates: templates).build()
        let strictList = try #require(fewer.first { $0.key.hasPrefix("data/suggestions/scopes/") }).value
        #expect(String(decoding: strictList, as: UTF8.self).hasSuffix("[\n0,2\n]);\n"))
        #expect(fewer.keys.filter { $0.hasPrefix("search/") }.count == 3)
    }

    /// The byte proof finds it (`typeahead check` always proves the bytes; here, given the templates).
    @Test func checkFindsAScopedPageWrittenByHand() throws {
        let site = try Self.write()
        let slugs = Slug.assign(Self.content.suggestions.map(\.objectID))
        let templates = try TemplateSet.load(from: TestSupport.packageRoot.appendingPathComponent("Templates").path)
        let clean = try SiteChecker(content: Self.content, site: site.path, templates: templates).run()
        #expect(clean.differenceCount == 0, "\(clean.differences)")

        // A scoped page as earlier versions wrote it, copied by hand: no build makes it.
        let folder = site.appendingPathComponent("scopes/categories-phones/search")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: site.appendingPathComponent("search/\(slugs["case"]!).html"),
            to: folder.appendingPathComponent("\(slugs["case"]!).html"))
        let added = try SiteChecker(content: Self.content, site: site.path, templates: templates).run()
        #expect(added.differenceCount > 0)
        #expect(
            added.differences.contains { $0.contains("scopes/categories-phones/search/\(slugs["case"]!).html") },
            "\(added.differences)")
    }

    @Test func diffReadsTheUnscopedLists() throws {
        let snapshot = try SiteSnapshot.read(try Self.write().path)
        #expect(snapshot.results["phone"]?.count == 4)
        #expect(snapshot.results["case"] == ["a", "b", "e"])
        #expect(snapshot.results.count == 4)
    }
}
