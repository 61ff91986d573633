import Testing
import TypeaheadModel

@testable import TypeaheadEngine

@Suite("Highlighting")
struct HighlightTests {
    static func highlight(
        _ engine: SearchEngine, _ query: String, _ attribute: String = "name", index: IndexName = .products
    )
        -> [Highlight]
    {
        let page = engine.search(SearchRequest(index: index, query: query, hitsPerPage: 1))
        return page.highlights.first?[attribute] ?? []
    }

    @Test("A prefix match highlights the typed prefix only")
    func prefix() {
        let e = Fixture.names([("a", "Apple iPhone SE")])
        #expect(Self.highlight(e, "iph")[0].value == "Apple <em>iPh</em>one SE")
        #expect(Self.highlight(e, "iph")[0].matchLevel == .full)
        #expect(Self.highlight(e, "iph")[0].matchedWords == ["iph"])
        #expect(Self.highlight(e, "iph")[0].fullyHighlighted == false)
    }

    @Test("Whole-word and typo matches highlight the whole word")
    func wholeAndTypo() {
        let e = Fixture.names([("a", "Apple iPhone SE")])
        #expect(Self.highlight(e, "aple iphone")[0].value == "<em>Apple</em> <em>iPhone</em> SE")
        #expect(Self.highlight(e, "iphone se")[0].value == "Apple <em>iPhone</em> <em>SE</em>")
        #expect(Self.highlight(e, "apple iphone se")[0].fullyHighlighted == true)
    }

    @Test("Several attributes, partial and none levels, and arrays element by element")
    func attributesAndArrays() {
        let e = Fixture.engine([
            Product(objectID: "a", name: "iPhone Case", brand: "Speck", categories: ["Cell Phone", "iPhone Cases"])
        ])
        let page = e.search(SearchRequest(index: .products, query: "iphone case", hitsPerPage: 1))
        let h = page.highlights[0]
        #expect(h["name"]?[0].matchLevel == .full)
        #expect(h["brand"]?[0].matchLevel == MatchLevel.none)
        #expect(h["brand"]?[0].matchedWords == [])
        #expect(h["categories"]?.count == 2)
        // "phone" is a first-letter typo of "iphone": two typos, no match (contract version 2).
        #expect(h["categories"]?[0].value == "Cell Phone")
        #expect(h["categories"]?[0].matchLevel == MatchLevel.none)
        #expect(h["categories"]?[1].value == "<em>iPhone</em> <em>Case</em>s")
        #expect(h["description"] == nil)
    }

    @Test("HTML in the record is escaped; the marks stay with their letters")
    func escaping() {
        let e = Fixture.names([("a", "<b>Café</b> & \"Cafe\u{301}s\" 'x'")])
        let value = Self.highlight(e, "caf")[0].value
        #expect(value == "&lt;b&gt;<em>Caf</em>é&lt;/b&gt; &amp; &quot;<em>Caf</em>e\u{301}s&quot; &#39;x&#39;")
        let whole = Self.highlight(e, "cafe")[0].value
        #expect(whole == "&lt;b&gt;<em>Café</em>&lt;/b&gt; &amp; &quot;<em>Cafe\u{301}</em>s&quot; &#39;x&#39;")
    }

    @Test("Ligatures and full-width text map back to the original characters")
    func compatibility() {
        let e = Fixture.names([("a", "ﬁle ＩＰＨＯＮＥ")])
        #expect(Self.highlight(e, "f")[0].value == "<em>ﬁ</em>le ＩＰＨＯＮＥ")
        #expect(Self.highlight(e, "file iph")[0].value == "<em>ﬁle</em> <em>ＩＰＨ</em>ＯＮＥ")
    }

    @Test("The empty query highlights nothing")
    func empty() {
        let e = Fixture.names([("a", "<i>x</i>")])
        #expect(
            Self.highlight(e, "")[0]
                == Highlight(
                    value: "&lt;i&gt;x&lt;/i&gt;", matchLevel: .none, matchedWords: [], fullyHighlighted: false))
    }
}
