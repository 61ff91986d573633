import Testing
import TypeaheadModel

@testable import TypeaheadEngine

@Suite("Snippets (docs/CONTRACT.md, Snippets)")
struct SnippetTests {
    static func lit(_ value: String, _ level: MatchLevel = .partial, _ words: [String] = ["x"]) -> Highlight {
        Highlight(value: value, matchLevel: level, matchedWords: words, fullyHighlighted: false)
    }

    @Test("A value of at most the words asked for is kept whole, spaces and all")
    func short() {
        let snippet = Snippet(Self.lit(" a  <em>b</em>\tc "), words: 3)
        #expect(snippet.value == " a  <em>b</em>\tc ")
        #expect(snippet.matchLevel == .partial)
    }

    @Test("The words start a quarter of the length before the first match, with an ellipsis each side")
    func window() {
        let value = "one two three four five six <em>seven</em> eight nine ten eleven twelve"
        #expect(Snippet(Self.lit(value), words: 4).value == "… six <em>seven</em> eight nine …")
        #expect(Snippet(Self.lit(value), words: 8).value == "… five six <em>seven</em> eight nine ten eleven twelve")
        // Near the start: from the first word, no leading ellipsis.
        let early = "<em>one</em> two three four five six"
        #expect(Snippet(Self.lit(early), words: 3).value == "<em>one</em> two three …")
    }

    @Test("Near the end the words move back to end at the last one")
    func end() {
        let value = "one two three four five six seven <em>eight</em>"
        #expect(Snippet(Self.lit(value), words: 4).value == "… five six seven <em>eight</em>")
    }

    @Test("Without a match: the first words, and the level stays none")
    func none() {
        let snippet = Snippet(Self.lit("a b c d e", .none, []), words: 2)
        #expect(snippet.value == "a b …")
        #expect(snippet.matchLevel == .none)
    }

    @Test("The ellipsis is escaped as the value is; a word of escaped text counts once")
    func escaping() {
        let value = "&lt;b&gt; x&amp;y one <em>two</em> three"
        #expect(Snippet(Self.lit(value), words: 2, ellipsis: "<…>").value == "&lt;…&gt; <em>two</em> three")
        #expect(Snippet(Self.lit(value), words: 3, ellipsis: "<…>").value == "&lt;…&gt; one <em>two</em> three")
    }

    @Test("attributesToSnippet items: a name, or a name and 1 to 100 words")
    func parse() {
        #expect(SnippetAttribute("description") == SnippetAttribute(attribute: "description", words: 10))
        #expect(SnippetAttribute("description:35") == SnippetAttribute(attribute: "description", words: 35))
        #expect(SnippetAttribute("a:b:3") == SnippetAttribute(attribute: "a:b", words: 3))
        for bad in ["", ":3", "description:0", "description:101", "description:x", "description:"] {
            #expect(SnippetAttribute(bad) == nil, "\(bad)")
        }
    }

    @Test("A card shows the description's snippet when it matches a word the name does not")
    func card() {
        var config = SiteConfig()
        config.attributesToSnippet = [SnippetAttribute(attribute: "description", words: 4)]
        let description = Snippet(Self.lit("a <em>tv</em> b", .partial, ["tv"]), words: 4)
        let name = Self.lit("<em>Samsung</em> 55 inch", .partial, ["samsung"])
        #expect(Snippet.card(["description": [description]], name: name, config) == "a <em>tv</em> b")
        // The description repeats only what the name shows: nothing to add.
        let same = Snippet(Self.lit("a <em>samsung</em> b", .partial, ["samsung"]), words: 4)
        #expect(Snippet.card(["description": [same]], name: name, config) == nil)
        // A name matching every word needs no snippet; no setting, none either.
        #expect(Snippet.card(["description": [description]], name: Self.lit("x", .full, ["tv"]), config) == nil)
        #expect(Snippet.card(["description": [description]], name: name, SiteConfig()) == nil)
    }

    @Test("The engine's hits carry the snippets asked for, and site.json's by default")
    func engine() {
        let text = "A slim case that protects the back of your television remote from drops and scratches"
        var e = Fixture.engine([Product(objectID: "a", name: "Remote Cover", description: text)])
        var request = SearchRequest(index: .products, query: "television", hitsPerPage: 1)
        #expect(e.search(request).snippets.first?["description"] == nil)
        request.shape.attributesToSnippet = [SnippetAttribute(attribute: "description", words: 5)]
        let snippet = e.search(request).snippets[0]["description"]![0]
        #expect(snippet.value == "… your <em>television</em> remote from drops …")
        #expect(snippet.matchLevel == .full)
        var content = e.content
        content.config.attributesToSnippet = [SnippetAttribute(attribute: "description", words: 3)]
        e = SearchEngine(content: content)
        let byDefault = e.search(SearchRequest(index: .products, query: "television", hitsPerPage: 1))
        #expect(byDefault.snippets[0]["description"]![0].value == "… <em>television</em> remote from …")
    }
}
