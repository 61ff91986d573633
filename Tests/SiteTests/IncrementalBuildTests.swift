import Foundation
import Synchronization
import Testing
import TypeaheadEngine
import TypeaheadModel
import TypeaheadTestSupport

@testable import TypeaheadSite

/// A small shop made from the sample (its first products, all its suggestions, its site.json), in
/// a content folder the tests edit in place, as a shop's daily changes do.
private struct Shop {
    let content: URL
    var products: [[String: Any]]
    var random: UInt64

    init(products count: Int, seed: UInt64) throws {
        let sample = TestSupport.packageRoot.appendingPathComponent("Content")
        content = try TestSupport.temporaryDirectory("shop")
        let all = try JSONSerialization.jsonObject(
            with: Data(contentsOf: sample.appendingPathComponent("products.json")))
        products = Array((all as! [[String: Any]]).prefix(count))
        random = seed
        for name in ["query_suggestions.json", "synonyms.json", "site.json"] {
            try FileManager.default.copyItem(
                at: sample.appendingPathComponent(name), to: content.appendingPathComponent(name))
        }
        try save()
    }

    func save() throws {
        let data = try JSONSerialization.data(withJSONObject: products, options: [.sortedKeys, .prettyPrinted])
        try data.write(to: content.appendingPathComponent("products.json"))
    }

    /// A number in 0..<n from the seed (xorshift), so a failure can be replayed.
    mutating func next(_ n: Int) -> Int {
        random ^= random << 13
        random ^= random >> 7
        random ^= random << 17
        return Int(random % UInt64(n))
    }

    /// One edit a shop makes to its products (`kind` 0–6: a price, a name, a description, a product
    /// added, one removed, categories and popularity, the most popular product renamed), to a
    /// random product; named for the failure message.
    mutating func editProducts(_ kind: Int) throws -> String {
        let i = next(products.count)
        let other = products[next(products.count)]
        switch kind {
        case 0:
            products[i]["price"] = Double(next(50_000)) / 100
        case 1:
            products[i]["name"] =
                "\(products[i]["name"] ?? "") \(((other["name"] as? String) ?? "x").split(separator: " ").first ?? "x")"
        case 2:
            products[i]["description"] = "Now with \(other["brand"] ?? "more"). \(products[i]["description"] ?? "")"
        case 3:
            var added = other
            added["objectID"] = "added-\(next(1_000_000))"
            added["name"] = "New \(other["name"] ?? "thing")"
            products.append(added)
        case 4:
            products.remove(at: i)
        case 6:
            // The most popular product (on the first page of most answers) renamed: it leaves
            // answers with more hits than a page, and the hit after the page takes its place.
            let top = products.indices.max { Self.popularity(products[$0]) < Self.popularity(products[$1]) }!
            products[top]["name"] = "Renamed \(other["name"] ?? "thing")"
            try save()
            return "the most popular product renamed (product \(top))"
        default:
            products[i]["categories"] = other["categories"]
            products[i]["popularity"] = next(100_000)
        }
        try save()
        return ["price", "name", "description", "added", "removed", "categories and popularity"][kind]
            + " (product \(i))"
    }

    static func popularity(_ product: [String: Any]) -> Double {
        (product["popularity"] as? NSNumber)?.doubleValue ?? 0
    }
}

@Suite("Incremental builds", .serialized)
struct IncrementalBuildTests {
    static var templates: TemplateSet {
        get throws {
            try TemplateSet.load(from: TestSupport.packageRoot.appendingPathComponent("Templates").path)
        }
    }

    /// Builds `content` into `output` (the CLI's way: load, build, write); returns the summary.
    static func build(_ content: URL, into output: URL, templates: TemplateSet? = nil) throws -> BuildSummary {
        let loaded = try ContentLoader(directory: content.path).load()
        return try SiteBuilder(content: loaded, templates: templates ?? Self.templates, contentDirectory: content.path)
            .write(to: output.path)
    }

    /// A shop of 60 of the sample's products, built once into a fresh `_site` (its state beside it).
    fileprivate static func built(seed: UInt64) throws -> (Shop, URL) {
        let shop = try Shop(products: 60, seed: seed)
        let output = try TestSupport.temporaryDirectory("site").appendingPathComponent("_site")
        _ = try build(shop.content, into: output)
        return (shop, output)
    }

    /// `site` is byte for byte a clean build of `content` (into a fresh folder).
    static func expectSameAsClean(_ site: URL, _ content: URL, templates: TemplateSet? = nil, _ step: String) throws {
        let clean = try TestSupport.temporaryDirectory("clean").appendingPathComponent("site")
        _ = try build(content, into: clean, templates: templates)
        let (a, b) = (try TestSupport.tree(site), try TestSupport.tree(clean))
        #expect(a.map(\.0) == b.map(\.0), "after \(step): the files differ")
        let differing = zip(a, b).filter { $0.0 == $1.0 && $0.1 != $1.1 }.map(\.0.0)
        let first = differing.first
        #expect(first == nil, "after \(step): \(differing.count) files differ from a clean build")
    }

    /// Builds `shop` into `output` again: the terminal's note holds `part`, and the site is byte for
    /// byte a clean build's.
    fileprivate static func rebuild(_ shop: Shop, into output: URL, saying part: String, _ step: String) throws {
        let note = try build(shop.content, into: output).incremental ?? ""
        #expect(note.contains(part), "after \(step): \(note)")
        try expectSameAsClean(output, shop.content, step)
    }

    @Test("Random product edits built incrementally give, each time, a clean build's bytes, remaking few pages")
    func randomEdits() throws {
        var shop = try Shop(products: 160, seed: 0x9E37_79B9_7F4A_7C15)
        let output = try TestSupport.temporaryDirectory("site").appendingPathComponent("_site")
        let first = try Self.build(shop.content, into: output)
        #expect(first.incremental?.hasPrefix("clean build: no state from a previous build") == true)
        var (kept, vettingKept) = (0, 0)
        for kind in 0..<7 {
            let edit = try shop.editProducts(kind)
            let summary = try Self.build(shop.content, into: output)
            let note = summary.incremental ?? ""
            #expect(note.hasPrefix("incremental build: 1 of"), "after \(edit): \(note)")
            let remade = note.components(separatedBy: "made again for ").last?.split(separator: " ").first
            kept += summary.suggestions - (remade.flatMap { Int($0) } ?? summary.suggestions)
            let vetted = note.components(separatedBy: "vetted again: ").last?.split(separator: " ").first
            vettingKept += summary.suggestions - (vetted.flatMap { Int($0) } ?? summary.suggestions)
            try Self.expectSameAsClean(output, shop.content, edit)
        }
        // Most suggestions match none of the edited products: their pages were kept, not made
        // again, and they were not vetted again.
        #expect(kept > 0 && vettingKept > 0)
    }

    @Test("The prefix maps are kept while every scope offers the same suggestions, made again when one does not")
    func prefixMapsKept() throws {
        var (shop, output) = try Self.built(seed: 23)
        // A price: no suggestion gains or loses its last hit.
        _ = try shop.editProducts(0)
        try Self.rebuild(shop, into: output, saying: "; prefix maps kept;", "a price edited")
        // A shard changed by hand since: the maps are made again, even with the same suggestions.
        let shard = try #require(
            try TestSupport.tree(output).map(\.0).first { $0.hasPrefix("shards/all/") && !$0.contains("/pages") })
        try TestSupport.write("typeaheadShard(\"by hand\", {}, []);\n", to: shard, in: output)
        _ = try shop.editProducts(0)
        try Self.rebuild(shop, into: output, saying: "; prefix maps made again;", "a shard edited by hand")
        // Most products removed: suggestions that had hits have none, and leave the maps.
        shop.products = Array(shop.products.prefix(3))
        try shop.save()
        try Self.rebuild(shop, into: output, saying: "; prefix maps made again;", "most products removed")
    }

    /// The precomputed answers ranked again, and all of them, from a build's note.
    static func answersRanked(_ note: String) throws -> (ranked: Int, of: Int) {
        let words = note.components(separatedBy: "precomputed answers ranked again for ").last?.split(separator: " ")
        let (ranked, total) = (words.flatMap { Int($0[0]) }, words.flatMap { Int($0[2]) })
        return (try #require(ranked, "\(note)"), try #require(total, "\(note)"))
    }

    /// The heads (short word prefixes' first pages) ranked again, and all of them, from a build's note.
    static func headsRanked(_ note: String) throws -> (ranked: Int, of: Int) {
        let words = note.components(separatedBy: "heads ranked again for ").last?.split(separator: " ")
        let (ranked, total) = (words.flatMap { Int($0[0]) }, words.flatMap { Int($0[2].prefix { $0.isNumber }) })
        return (try #require(ranked, "\(note)"), try #require(total, "\(note)"))
    }

    @Test("A price edited ranks almost no precomputed answer again; a word put before a name, those it reaches")
    func answersKeptThroughAnEdit() throws {
        var (shop, output) = try Self.built(seed: 31)
        // The product matches the same texts, each ranking it as before, so their lines stay. Only
        // a text holding a word that two of its adjacent words make is ranked again (its split may
        // have changed: `IncrementalPlan.swayed`). Before, about half the answers were: every
        // text the product matches, relaxed ones included.
        shop.products[5]["price"] = 99.5
        try shop.save()
        let pricedNote = try Self.build(shop.content, into: output).incremental ?? ""
        let priced = try Self.answersRanked(pricedNote)
        #expect(priced.ranked * 50 < priced.of, "\(priced)")
        // So do the heads: the first pages of the short word prefixes.
        let pricedHeads = try Self.headsRanked(pricedNote)
        #expect(pricedHeads.ranked * 50 < pricedHeads.of, "\(pricedHeads)")
        try Self.expectSameAsClean(output, shop.content, "a price edited")
        // A new word leads its name: the texts its name matches rank it otherwise (the words'
        // positions moved), so those are ranked again.
        shop.products[5]["name"] = "Zyxwv \(shop.products[5]["name"] ?? "")"
        try shop.save()
        let renamedNote = try Self.build(shop.content, into: output).incremental ?? ""
        let renamed = try Self.answersRanked(renamedNote)
        #expect(renamed.ranked > priced.ranked, "\(renamed) after \(priced)")
        // The prefixes of its name's words, and of the new word, are ranked again; no other.
        let renamedHeads = try Self.headsRanked(renamedNote)
        #expect(
            renamedHeads.ranked > pricedHeads.ranked && renamedHeads.ranked * 5 < renamedHeads.of, "\(renamedHeads)")
        try Self.expectSameAsClean(output, shop.content, "a word put before a name")
    }

    /// The suggestions vetted again, from a build's note.
    static func vettedAgain(_ note: String) throws -> Int {
        let words = note.components(separatedBy: "suggestions vetted again: ").last?.split(separator: " ")
        return try #require(words.flatMap { Int($0[0]) }, "\(note)")
    }

    @Test("A price edited within its range vets again only the suggestions whose pages show the product")
    func suggestionsKeptThroughAnEdit() throws {
        var (shop, output) = try Self.built(seed: 37)
        let i = try #require(shop.products.firstIndex { (($0["price"] as? NSNumber)?.doubleValue ?? 0) > 30 })
        let price = try #require((shop.products[i]["price"] as? NSNumber)?.doubleValue)
        // Into another range of the summaries' ($25 to $50, $50 to $100 …): every suggestion the
        // product matches is vetted again, its counts by price changed.
        shop.products[i]["price"] = price + 5_000
        try shop.save()
        let moved = try Self.vettedAgain(try Self.build(shop.content, into: output).incremental ?? "")
        try Self.expectSameAsClean(output, shop.content, "a price moved to another range")
        // Within its range: only the suggestions whose pages show it (its card holds the price).
        shop.products[i]["price"] = price + 5_000.5
        try shop.save()
        let within = try Self.vettedAgain(try Self.build(shop.content, into: output).incremental ?? "")
        try Self.expectSameAsClean(output, shop.content, "a price edited within its range")
        #expect(0 < within && within < moved, "\(within) of \(moved)")
    }

    /// A shop of 60 products whose card is `card`, built, then its most popular product (without
    /// a brand when `brandless`) repriced within its range and built again: the second build's
    /// note, the site, the content and the templates.
    static func repricedWithOwnCard(_ card: String, seed: UInt64, brandless: Bool = false) throws -> (
        note: String, output: URL, content: URL, templates: TemplateSet
    ) {
        let folder = try TestSupport.temporaryDirectory("templates")
        let own = folder.appendingPathComponent("Templates")
        try FileManager.default.copyItem(
            at: TestSupport.packageRoot.appendingPathComponent("Templates"), to: own)
        try card.write(
            to: own.appendingPathComponent("partials/product-card.mustache"), atomically: true, encoding: .utf8)
        let templates = try TemplateSet.load(from: own.path)
        var shop = try Shop(products: 60, seed: seed)
        let output = try TestSupport.temporaryDirectory("site").appendingPathComponent("_site")
        // The most popular product: on the first page of most of the suggestions it matches.
        let top = shop.products.indices.max { Shop.popularity(shop.products[$0]) < Shop.popularity(shop.products[$1]) }!
        if brandless { shop.products[top]["brand"] = nil }
        shop.products[top]["price"] = 31.0
        try shop.save()
        _ = try Self.build(shop.content, into: output, templates: templates)
        shop.products[top]["price"] = 32.0
        try shop.save()
        let note = try Self.build(shop.content, into: output, templates: templates).incremental ?? ""
        return (note, output, shop.content, templates)
    }

    @Test("A product that matches a relaxed suggestion only with more of its words made optional leaves it as it was")
    func relaxedFurther() throws {
        var shop = try Shop(products: 60, seed: 53)
        // A suggestion of three made-up words, two of them in the first product's name: no
        // product has every word, so its hits are found with the last made optional (one word).
        shop.products[0]["name"] = "\(shop.products[0]["name"] ?? "") Zorblat Quaxle"
        try shop.save()
        let file = shop.content.appendingPathComponent("query_suggestions.json")
        var suggestions = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]])
        suggestions.append(["objectID": "zorblat quaxle vrimpf", "query": "zorblat quaxle vrimpf", "popularity": 1])
        try JSONSerialization.data(withJSONObject: suggestions, options: [.sortedKeys]).write(to: file)
        let output = try TestSupport.temporaryDirectory("site").appendingPathComponent("_site")
        _ = try Self.build(shop.content, into: output)
        // A product added that holds only the first word matches it with two words made optional:
        // the relaxed hits (one word) are as they were, and no suggestion is vetted again.
        shop.products.append(["objectID": "zorblat-1", "name": "Zorblat", "price": 12.5])
        try shop.save()
        let further = try Self.build(shop.content, into: output).incremental ?? ""
        #expect(try Self.vettedAgain(further) == 0, "\(further)")
        try Self.expectSameAsClean(output, shop.content, "a product matching with more words made optional")
        // One that holds both words matches it with as few made optional: it is vetted again.
        shop.products.append(["objectID": "zorblat-2", "name": "Zorblat Quaxle", "price": 13.5])
        try shop.save()
        let reached = try Self.build(shop.content, into: output).incremental ?? ""
        #expect(try Self.vettedAgain(reached) == 1, "\(reached)")
        try Self.expectSameAsClean(output, shop.content, "a product matching with as few words made optional")
    }

    @Test("A product that reaches a suggestion's relaxed hits in a scope alone has the scope's count told, not asked")
    func relaxedInAScope() throws {
        var shop = try Shop(products: 60, seed: 59)
        // Categories only scope (not searched), so a product added to one matches no suggestion by them.
        let settings = shop.content.appendingPathComponent("site.json")
        var config = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: settings)) as? [String: Any])
        config["searchableAttributes"] = ["name", "brand", "description"]
        try JSONSerialization.data(withJSONObject: config, options: [.sortedKeys]).write(to: settings)
        let inScope = { (product: [String: Any]) in
            (product["categories"] as? [String])?.contains("Cell Phones") == true
        }
        let a = try #require(shop.products.firstIndex(where: inScope))
        let b = try #require(shop.products.firstIndex { !inScope($0) })
        // In the scope, the only product with the suggestion's first word has not its second: its
        // hits there are found with one word made optional. Outside it, one product has both.
        shop.products[a]["name"] = "\(shop.products[a]["name"] ?? "") Zorblat"
        shop.products[b]["name"] = "\(shop.products[b]["name"] ?? "") Zorblat Quaxle"
        try shop.save()
        let file = shop.content.appendingPathComponent("query_suggestions.json")
        var suggestions = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]])
        suggestions.append([
            "objectID": "zorblat quaxle", "query": "zorblat quaxle", "popularity": 1,
            "instant_search": ["facets": ["exact_matches": ["categories": [["count": 1, "value": "Cell Phones"]]]]],
        ])
        try JSONSerialization.data(withJSONObject: suggestions, options: [.sortedKeys]).write(to: file)
        let output = try TestSupport.temporaryDirectory("site").appendingPathComponent("_site")
        _ = try Self.build(shop.content, into: output)
        // A product added to the scope with the first word: one more relaxed hit there, told
        // from the previous count; the unscoped list (every word) is as it was.
        for (n, name) in ["Zorblat", "Zorblat Frindle"].enumerated() {
            shop.products.append([
                "objectID": "zorblat-\(n)", "name": name, "price": 12.5, "categories": ["Cell Phones"],
            ])
            try shop.save()
            let note = try Self.build(shop.content, into: output).incremental ?? ""
            #expect(try Self.vettedAgain(note) == 0, "\(note)")
            try Self.expectSameAsClean(output, shop.content, "a product added to the scope (\(n))")
            try Self.expectSameStateAsClean(output, shop.content, "a product added to the scope (\(n))")
        }
        // The scope's only product with the first word loses it: no record there matches with
        // one word made optional any more, so the suggestion is asked again.
        shop.products[a]["name"] = "Quaxle"
        shop.products.removeAll { ($0["objectID"] as? String)?.hasPrefix("zorblat-") == true }
        try shop.save()
        _ = try Self.build(shop.content, into: output)
        try Self.expectSameStateAsClean(output, shop.content, "the scope's products without the word")
    }

    /// The state beside `site` holds the same vettings (hits and words made optional, in every
    /// scope) as a clean build of `content` leaves.
    static func expectSameStateAsClean(_ site: URL, _ content: URL, _ step: String) throws {
        let clean = try TestSupport.temporaryDirectory("clean").appendingPathComponent("site")
        _ = try build(content, into: clean)
        let vetting = { (site: URL) in
            try Data(
                contentsOf: site.deletingLastPathComponent()
                    .appendingPathComponent(".\(site.lastPathComponent).typeahead-state/vetting"))
        }
        #expect(try vetting(site) == vetting(clean), "after \(step): the vettings differ from a clean build's")
    }

    @Test("A shop's own card showing a price alone has its pages made again when the repriced product is on them")
    func ownCards() throws {
        // Which pages hold the product is read from its previous pages, which mark every hit here.
        let (note, output, content, templates) = try Self.repricedWithOwnCard(
            "<li class=\"hit\" data-object-id=\"{{objectID}}\">{{price}}</li>", seed: 41)
        #expect(try Self.vettedAgain(note) > 0, "\(note)")
        // Ranking as before, its pages' hits are those the previous pages show: their summaries
        // alone are tallied again (`IncrementalPlan.shownAsBefore`).
        #expect(note.contains("with their hits read from their previous pages"), "\(note)")
        try Self.expectSameAsClean(output, content, templates: templates, "a price edited within its range")
    }

    /// Cards whose marks do not name every hit its pages show (the repriced product has no brand).
    static let unfaithfulCards = [
        // Only the hits with a brand are marked: its pages show it unmarked.
        "{{^brand}}<li>{{price}}</li>{{/brand}}",
        // Each hit is marked, it by an id that is no product's: read as hits, its pages would
        // say it is on none of them, and they would keep its old price.
        "{{^brand}}<li class=\"hit\" data-object-id=\"id-{{objectID}}\">{{price}}</li>{{/brand}}",
    ]

    @Test(
        "A card whose marks do not name every hit: which pages show the repriced product is asked of the engine",
        arguments: unfaithfulCards.indices)
    func cardsMarkedOtherwise(_ card: Int) throws {
        // Whether a repriced product is on a suggestion's pages is read from the previous pages
        // when they mark as many hits as they show, each a product, once; not from these.
        let (note, output, content, templates) = try Self.repricedWithOwnCard(
            "{{#brand}}<li class=\"hit\" data-object-id=\"{{objectID}}\">{{price}}</li>{{/brand}}"
                + Self.unfaithfulCards[card], seed: 47, brandless: true)
        #expect(try Self.vettedAgain(note) > 0, "\(note)")
        #expect(!note.contains("read from their previous pages"), "\(note)")
        try Self.expectSameAsClean(output, content, templates: templates, "a price edited, card \(card)")
    }

    @Test("A name edited: the product off the pages, ranking otherwise, the best hits ranked among the pages'")
    func rankedAmongPages() throws {
        var shop = try Shop(products: 160, seed: 53)
        let output = try TestSupport.temporaryDirectory("site").appendingPathComponent("_site")
        _ = try Self.build(shop.content, into: output)
        // The least popular product (on few pages): a word put before its name moves every word
        // of it, so it ranks otherwise for the suggestions it matches there, with the same scopes
        // and facets.
        let i = try #require(
            shop.products.indices.min { Shop.popularity(shop.products[$0]) < Shop.popularity(shop.products[$1]) })
        shop.products[i]["name"] = "Zyxwv \(shop.products[i]["name"] ?? "")"
        try shop.save()
        let note = try Self.build(shop.content, into: output).incremental ?? ""
        #expect(note.contains("ranked again among them and the changed products"), "\(note)")
        try Self.expectSameAsClean(output, shop.content, "a word put before a name")
        // The most popular product (on the first page of most suggestions it matches) the same
        // way: where it was on a page of fewer hits than there are, the whole list is ranked.
        let top = try #require(
            shop.products.indices.max { Shop.popularity(shop.products[$0]) < Shop.popularity(shop.products[$1]) })
        shop.products[top]["name"] = "Zyxwv \(shop.products[top]["name"] ?? "")"
        try shop.save()
        _ = try Self.build(shop.content, into: output)
        try Self.expectSameAsClean(output, shop.content, "a word put before the most popular name")
    }

    /// The suggestions that hold a word a changed product's adjacent words make, and how many of
    /// them kept their split (the build's note).
    static func swayed(_ note: String) throws -> (swayed: Int, settled: Int) {
        let match = try #require(
            note.firstMatch(of: /(\d+) suggestions hold a word[^,]*, (\d+) of them split as before/))
        return (Int(match.1)!, Int(match.2)!)
    }

    @Test("A word a changed product's adjacent words make: searched with the catalogue's split when it did not move")
    func swayedSplits() throws {
        var shop = try Shop(products: 60, seed: 71)
        // Two suggestions whose word splits two ways: `zebrafish` (zebra fish, zebraf ish) and
        // `carton` (cart on twice, car ton once: the catalogue splits it cart+on, the product
        // holding car ton alone would split it car+ton).
        let suggestionsFile = shop.content.appendingPathComponent("query_suggestions.json")
        var suggestions = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: suggestionsFile)) as? [[String: Any]])
        for query in ["zebrafish", "carton"] {
            suggestions.append(["objectID": query, "query": query, "popularity": 500, "nb_words": 1])
        }
        try JSONSerialization.data(withJSONObject: suggestions, options: [.sortedKeys]).write(to: suggestionsFile)
        for (i, name) in ["Zebra fish tank light", "Zebraf ish bowl", "Cart on wheels", "Cart on rails", "Car ton box"]
            .enumerated()
        {
            shop.products[i]["name"] = name
        }
        try shop.save()
        let output = try TestSupport.temporaryDirectory("site").appendingPathComponent("_site")
        _ = try Self.build(shop.content, into: output)
        // Descriptions edited; each product keeps its adjacent words, so both splits stay.
        for i in [0, 4] { shop.products[i]["description"] = "Zyxwv \(shop.products[i]["description"] ?? "")" }
        try shop.save()
        var note = try Self.build(shop.content, into: output).incremental ?? ""
        var found = try Self.swayed(note)
        #expect(found.swayed >= 2 && found.settled >= 2, "\(note)")
        try Self.expectSameAsClean(output, shop.content, "two products holding a split word edited")
        // A third product holding zebraf ish: the catalogue's split of zebrafish moves.
        shop.products[5]["name"] = "Zebraf ish net \(shop.products[5]["name"] ?? "")"
        try shop.save()
        note = try Self.build(shop.content, into: output).incremental ?? ""
        found = try Self.swayed(note)
        #expect(found.settled < found.swayed, "\(note)")
        try Self.expectSameAsClean(output, shop.content, "the split of zebrafish moved")
        // And back: car ton made cart on, so both splits count twice.
        shop.products[4]["name"] = "Cart on box"
        try shop.save()
        _ = try Self.build(shop.content, into: output)
        try Self.expectSameAsClean(output, shop.content, "car ton made cart on")
    }

    @Test("A product made unpopular alone has the pages it leaves made again")
    func popularityAlone() throws {
        // It matches the suggestion as before, with the same facets and scopes, and drops below its
        // page: still, the page showed it, and the hit after the page takes its place.
        var shop = try Shop(products: 160, seed: 43)
        let output = try TestSupport.temporaryDirectory("site").appendingPathComponent("_site")
        _ = try Self.build(shop.content, into: output)
        let engine = SearchEngine(content: try ContentLoader(directory: shop.content.path).load())
        let first = { (query: String) in
            engine.products.search(query, best: 20).ranked.map { engine.content.products[$0.record].objectID }
        }
        // A suggestion of more than a page of hits whose first hit drops off the page once unpopular.
        var found: (query: String, product: Int)?
        for query in engine.content.suggestions.map(\.query) where found == nil {
            guard engine.products.search(query, best: 0).count > 40, let top = first(query).first,
                let i = shop.products.firstIndex(where: { ($0["objectID"] as? String) == top.description })
            else { continue }
            var edited = shop.products
            edited[i]["popularity"] = 0
            let data = try JSONSerialization.data(withJSONObject: edited, options: [.sortedKeys])
            let folder = try TestSupport.temporaryDirectory("probe")
            for name in ["query_suggestions.json", "synonyms.json", "site.json"] {
                try FileManager.default.copyItem(
                    at: shop.content.appendingPathComponent(name), to: folder.appendingPathComponent(name))
            }
            try data.write(to: folder.appendingPathComponent("products.json"))
            let after = SearchEngine(content: try ContentLoader(directory: folder.path).load())
            let page = after.products.search(query, best: 20).ranked.map { after.content.products[$0.record].objectID }
            if !page.contains(top) { found = (query, i) }
        }
        let (query, i) = try #require(found)
        shop.products[i]["popularity"] = 0
        try shop.save()
        let note = try Self.build(shop.content, into: output).incremental ?? ""
        #expect(try Self.vettedAgain(note) > 0, "\(note)")
        try Self.expectSameAsClean(output, shop.content, "the first hit of “\(query)” made unpopular")
    }

    @Test("Only the pages of the products that changed, or were changed by hand, are made again")
    func productPagesKept() throws {
        var (shop, output) = try Self.built(seed: 29)
        shop.products[4]["price"] = 12.5
        try shop.save()
        try Self.rebuild(shop, into: output, saying: "; product pages made again for 1 of 60", "a price edited")
        // A product page changed by hand, and a product added: both pages made, the others kept.
        let page = try #require(
            try TestSupport.tree(output).map(\.0).first { $0.hasPrefix("products/") && $0.hasSuffix(".html") })
        try TestSupport.write("<p>by hand</p>", to: page, in: output)
        var added = shop.products[7]
        added["objectID"] = "added-product"
        shop.products.append(added)
        try shop.save()
        try Self.rebuild(
            shop, into: output, saying: "; product pages made again for 2 of 61",
            "a page edited by hand, a product added")
    }

    @Test("A facet turned between numbers and text (summarised without links) keeps no result page")
    func facetTurned() throws {
        var (shop, output) = try Self.built(seed: 17)
        shop.products[0]["rating"] = "excellent"
        try shop.save()
        let note = try Self.build(shop.content, into: output).incremental ?? ""
        #expect(note.contains("result pages made again for 462 of 462 suggestions"), "\(note)")
        try Self.expectSameAsClean(output, shop.content, "a facet turned to text")
    }

    @Test("A change to site.json, the suggestions or the templates builds clean, saying which changed")
    func globalChanges() throws {
        let (shop, output) = try Self.built(seed: 7)
        let config = shop.content.appendingPathComponent("site.json")
        let text = try String(contentsOf: config, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"hitsPerPage\": 20", with: "\"hitsPerPage\": 10").utf8).write(
            to: config)
        #expect(
            try Self.build(shop.content, into: output).incremental
                == "clean build: site.json changed since the previous build")
        try Self.expectSameAsClean(output, shop.content, "site.json")
        let suggestions = shop.content.appendingPathComponent("query_suggestions.json")
        var list = try JSONSerialization.jsonObject(with: Data(contentsOf: suggestions)) as! [[String: Any]]
        list.removeLast()
        try JSONSerialization.data(withJSONObject: list).write(to: suggestions)
        #expect(
            try Self.build(shop.content, into: output).incremental
                == "clean build: the suggestions changed since the previous build")
        var templates = try Self.templates
        templates.templates["results"]! += "\n<!-- edited -->\n"
        #expect(
            try Self.build(shop.content, into: output, templates: templates).incremental
                == "clean build: the templates changed since the previous build")
        try Self.expectSameAsClean(output, shop.content, templates: templates, "a template")
    }

    @Test("A state that is corrupt, from another version or for another content folder is ignored, with a message")
    func badState() throws {
        var (shop, output) = try Self.built(seed: 11)
        let state = URL(fileURLWithPath: BuildState.folder(of: output.path))
        let stateFile = state.appendingPathComponent("state")
        var lines = try String(contentsOf: stateFile, encoding: .utf8).components(separatedBy: "\n")
        lines[0] = "typeahead-state 0"
        try Data(lines.joined(separator: "\n").utf8).write(to: stateFile)
        let ignored = "clean build: the previous build's state is ignored"
        _ = try shop.editProducts(0)
        try Self.rebuild(
            shop, into: output, saying: ignored + " (it is from another version of typeahead)",
            "a state from another version")
        // The state the clean build just wrote, its vetting broken, then its list of prefix maps.
        try Data("[\"x\",1,\"!\"]\n".utf8).write(to: state.appendingPathComponent("vetting"))
        _ = try shop.editProducts(1)
        try Self.rebuild(shop, into: output, saying: ignored + " (its vetting has a broken line)", "a broken vetting")
        try Data("[\"all\",[]]\n".utf8).write(to: state.appendingPathComponent("maps"))
        _ = try shop.editProducts(0)
        try Self.rebuild(
            shop, into: output, saying: ignored + " (its list of prefix maps has a broken line)",
            "a broken list of maps")
        try Data("1 2\n".utf8).write(to: state.appendingPathComponent("files"))
        #expect(
            try Self.build(shop.content, into: output).incremental
                == "clean build: the previous build's state is ignored (its list of files has a broken line)")
        // The same site built from another content folder.
        let elsewhere = try TestSupport.temporaryDirectory("elsewhere").appendingPathComponent("content")
        try FileManager.default.copyItem(at: shop.content, to: elsewhere)
        let note = try Self.build(elsewhere, into: output).incremental ?? ""
        #expect(note.hasPrefix("clean build: the previous build's state is for another content folder ("), "\(note)")
        try Self.expectSameAsClean(output, elsewhere, "another content folder")
        // A state beside a site put there since (another folder at the same path) is not that site's.
        let moved = output.deletingLastPathComponent().appendingPathComponent("moved")
        try FileManager.default.moveItem(at: output, to: moved)
        try FileManager.default.copyItem(at: moved, to: output)
        #expect(
            try Self.build(elsewhere, into: output).incremental
                == "clean build: \(output.path) is not the site the previous build's state describes")
    }

    /// Edits the products once, when the build says its first phase has begun.
    private final class EditDuringBuild: BuildProgress {
        let shop: Shop
        let started = Mutex(false)
        var edited: Bool { started.withLock { $0 } }
        init(_ shop: Shop) { self.shop = shop }
        func update(phase: String, done: Int, total: Int) {
            guard
                !started.withLock({ was in
                    defer { was = true }
                    return was
                })
            else { return }
            var shop = shop
            shop.products[0]["price"] = 1.25
            try? shop.save()
        }
    }

    @Test("The state keeps the products as the build read them, and none when they changed during the build")
    func contentChangedDuringBuild() throws {
        let (shop, output) = try Self.built(seed: 17)
        let copy = BuildState.folder(of: output.path) + "/content/products.json"
        // The state's copy is the products file byte for byte (copied in chunks, not held).
        #expect(
            FileManager.default.contents(atPath: copy)
                == FileManager.default.contents(atPath: shop.content.appendingPathComponent("products.json").path))
        // Products edited while a build runs: the site is the one of the products it read, and no
        // state describes it, so the next build is clean and builds the edit.
        var edited = shop
        edited.products[1]["price"] = 2.5
        try edited.save()
        let loaded = try ContentLoader(directory: shop.content.path).load()
        var builder = SiteBuilder(content: loaded, templates: try Self.templates, contentDirectory: shop.content.path)
        let editor = EditDuringBuild(edited)
        builder.progress = editor
        let note = try builder.write(to: output.path).incremental ?? ""
        #expect(editor.edited)
        #expect(note.hasPrefix("incremental build: 1 of 60 products changed"), "\(note)")
        #expect(!FileManager.default.fileExists(atPath: BuildState.folder(of: output.path)))
        let next = try Self.build(shop.content, into: output).incremental ?? ""
        #expect(next == "clean build: no state from a previous build beside \(output.path)", "\(next)")
        try Self.expectSameAsClean(output, shop.content, "products edited during a build")
    }

    @Test("With nothing changed the site is left as it is, unless a file was added or changed since")
    func nothingChanged() throws {
        let (shop, output) = try Self.built(seed: 5)
        let before = try TestSupport.tree(output)
        let summary = try Self.build(shop.content, into: output)
        #expect(summary.unchanged)
        #expect(
            summary.incremental?.hasPrefix("nothing changed since the previous build: \(output.path) is as it was")
                == true)
        let after = try TestSupport.tree(output)
        #expect(before.map(\.0) == after.map(\.0) && before.map(\.1) == after.map(\.1))
        // A file added by hand: the build runs, and the site is a clean build's again.
        try TestSupport.write("stray", to: "search/stray.html", in: output)
        let again = try Self.build(shop.content, into: output)
        #expect(!again.unchanged)
        #expect(again.incremental?.hasPrefix("incremental build: 0 of 60 products changed") == true)
        try Self.expectSameAsClean(output, shop.content, "a file added by hand")
    }

    @Test("A build that fails leaves the previous site and its state as they were")
    func failedBuild() throws {
        var (shop, output) = try Self.built(seed: 13)
        let state = URL(fileURLWithPath: BuildState.folder(of: output.path))
        let (site, kept) = (try TestSupport.tree(output), try TestSupport.tree(state))
        // A picture that is not there: an error naming the product, during the build.
        shop.products[0]["image"] = "missing.png"
        try shop.save()
        #expect(throws: (any Error).self) { try Self.build(shop.content, into: output) }
        let (siteAfter, keptAfter) = (try TestSupport.tree(output), try TestSupport.tree(state))
        #expect(site.map(\.0) == siteAfter.map(\.0) && site.map(\.1) == siteAfter.map(\.1))
        #expect(kept.map(\.0) == keptAfter.map(\.0) && kept.map(\.1) == keptAfter.map(\.1))
        // Mended, the next build is incremental from that state.
        shop.products[0].removeValue(forKey: "image")
        try shop.save()
        let note = try Self.build(shop.content, into: output).incremental ?? ""
        #expect(note.hasPrefix("incremental build: 1 of 60 products changed"), "\(note)")
        try Self.expectSameAsClean(output, shop.content, "a failed build, then its mend")
    }

    @Test("A page changed by hand since the previous build is made again, even with nothing else changed")
    func handEdited() throws {
        let (shop, output) = try Self.built(seed: 3)
        let page = try #require(
            try TestSupport.tree(output).map(\.0).first { $0.hasPrefix("search/") && $0.hasSuffix(".html") })
        let handle = try FileHandle(forWritingTo: output.appendingPathComponent(page))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("<!-- by hand -->".utf8))
        try handle.close()
        let summary = try Self.build(shop.content, into: output)
        #expect(summary.incremental?.hasPrefix("incremental build: 0 of 60 products changed") == true)
        #expect(
            summary.incremental?.contains(
                "result pages made again for 1 of 462 suggestions, precomputed answers ranked again for 0 of") == true,
            "\(summary.incremental ?? "")")
        try Self.expectSameAsClean(output, shop.content, "a page edited by hand")
    }

    @Test(
        "An edit is found by the records' bytes: the records that differ are read, and give what the whole copy gives")
    func changedRecords() throws {
        var (shop, output) = try Self.built(seed: 0x5DEE_CE66_D1CE_4E5B)
        let folder = shop.content.path
        /// The changes found by bytes, after `#expect`ing they are those found by reading the whole copy.
        func found(_ step: String) throws -> (old: [Product], new: [Product])? {
            let state = try #require(try BuildState.read(output: output.path))
            let content = try ContentLoader(directory: folder).load()
            guard
                let found = IncrementalPlan.changedRecords(
                    content: content, contentDirectory: folder, copy: state.contentCopy,
                    snapshot: BuildState.snapshot(folder))
            else { return nil }
            let before = try ContentLoader(directory: state.contentCopy).loadCatalogue().products
            let whole = IncrementalPlan.changes(from: before, to: content.products)
            #expect(found.old == whole.old && found.new == whole.new, "after \(step)")
            #expect(found.previousIDs.sorted() == before.map(\.objectID), "after \(step)")
            return (found.old, found.new)
        }
        for kind in [0, 1, 2, 3, 4, 5] {
            let edit = try shop.editProducts(kind)
            let changes = try #require(try found(edit), "after \(edit)")
            #expect(changes.old.count + changes.new.count >= 1, "after \(edit)")
            _ = try Self.build(shop.content, into: output)
        }
        let state = try #require(try BuildState.read(output: output.path))
        // Records moved and their members reordered: other bytes, the same products.
        let moved = shop.products.reversed().map { $0 as NSDictionary }
        try JSONSerialization.data(withJSONObject: moved, options: []).write(
            to: shop.content.appendingPathComponent("products.json"))
        let same = try #require(try found("records moved, members reordered"))
        #expect(same.old.isEmpty && same.new.isEmpty)
        // The file changed since the build read it (its snapshot): not compared by bytes.
        let snapshot = BuildState.snapshot(folder)
        try shop.save()
        let content = try ContentLoader(directory: folder).load()
        #expect(
            IncrementalPlan.changedRecords(
                content: content, contentDirectory: folder, copy: state.contentCopy, snapshot: snapshot) == nil)
        // Another file name than the copy's: not compared by bytes (the whole copy is read).
        try FileManager.default.removeItem(at: shop.content.appendingPathComponent("products.json"))
        let lines = try shop.products.map {
            String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self)
        }
        _ = try TestSupport.write(lines.joined(separator: "\n"), to: "products.ndjson", in: shop.content)
        #expect(try found("products.json written as products.ndjson") == nil)
        // An incremental build from there is still a clean build's bytes.
        try Self.rebuild(
            shop, into: output, saying: "incremental build: 0 of", "products.json written as products.ndjson")
    }

    @Test("A digest of bytes in memory is the digest of a file of those bytes streamed")
    func streamedDigest() throws {
        let folder = try TestSupport.temporaryDirectory("digest")
        for size in [0, 15, 16, 17, 1 << 20, (1 << 20) + 17, 3 << 20] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) }
            let file = folder.appendingPathComponent("f\(size)")
            try Data(bytes).write(to: file)
            let fd = open(file.path, O_RDONLY)
            defer { close(fd) }
            let streamed = try #require(ContentDigest.streamed(fd))
            let held = ContentDigest.streamed(bytes)
            #expect(streamed.digest == held.digest && streamed.size == held.size, "\(size) bytes")
            // Worked out apart: the lanes over each 1 MB chunk (the last one short, maybe empty),
            // then the size, as the states and proofs already written have them.
            var (a, b): (UInt64, UInt64) = (0x9e37_79b9_7f4a_7c15, 0xc2b2_ae3d_27d4_eb4f)
            bytes.withUnsafeBytes { all in
                for start in stride(from: 0, through: size, by: 1 << 20) {
                    let end = min(start + (1 << 20), size)
                    ContentDigest.absorb(
                        &a, &b, UnsafeRawBufferPointer(rebasing: all[start..<end]), last: end - start < 1 << 20)
                }
            }
            a ^= UInt64(size)
            let first = ContentDigest.mix(a ^ (b << 17 | b >> 47))
            #expect(held.digest == ContentDigest(a: first, b: ContentDigest.mix(b ^ first)), "\(size) bytes")
        }
    }
}
