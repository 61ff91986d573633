import Testing
import TypeaheadMarkup
import TypeaheadModel

@testable import TypeaheadSite

/// Each finding on its own, over a small content, with no site built (`FindingInput(content:)`).
@Suite("Data findings, one at a time")
struct FindingTests {
    static func products(_ rows: [(id: String, name: String, price: Double?)]) -> Content {
        Content(
            products: rows.map {
                Product(
                    objectID: ObjectID($0.id), name: $0.name, categories: ["TV"], description: "Fine.", price: $0.price)
            },
            suggestions: [Suggestion(objectID: "tv", query: "tv", popularity: 1)], config: SiteConfig())
    }

    @Test("The registry lists every finding once, in the report's order, each with its own id")
    func registry() {
        #expect(Findings.all.map(\.id) == FindingID.allCases)
        let input = FindingInput(content: Self.products([("a", "TV", 10)]))
        #expect(Findings.tables(input).map(\.id) == FindingID.allCases.map(\.rawValue))
    }

    @Test("Duplicate names: the same once normalised, largest group first")
    func duplicateNames() {
        let input = FindingInput(
            content: Self.products([
                ("a", "Sony TV", 1), ("b", "SONY tv!", 1), ("c", "LG", 1), ("d", "Lg", 1), ("e", "lg.", 1),
                ("f", "Other", 1),
            ]))
        #expect(
            DuplicateNames().table(input).rows == [["LG", "3", "c, d, e"], ["Sony TV", "2", "a, b"]])
    }

    @Test("Missing fields: a price or a description that is absent or blank")
    func missing() {
        var content = Self.products([("a", "TV", 10), ("b", "TV 2", nil), ("c", "TV 3", 5)])
        content.products[2].description = " \n"
        content.products[2].render(.markdown)
        let input = FindingInput(content: content)
        #expect(MissingField.price.table(input).rows == [["b", "TV 2"]])
        #expect(MissingField.description.table(input).rows == [["c", "TV 3"]])
        #expect(MissingField.price.table(input).title == "Products without a price")
    }

    @Test("Suspicious prices against the category's median, once five products there have one")
    func prices() {
        let input = FindingInput(
            content: Self.products([
                ("a", "TV", 100), ("b", "TV", 100), ("c", "TV", 100), ("d", "TV", 100), ("e", "TV", 2001),
                ("f", "TV", 4.99), ("g", "TV", -1), ("h", "TV", 100.001),
            ]))
        #expect(
            SuspiciousPrices().table(input).rows == [
                ["e", "TV", "2001", "over 20× the median 100 of TV"],
                ["f", "TV", "4.99", "under 1/20 of the median 100 of TV"], ["g", "TV", "-1", "not positive"],
                ["h", "TV", "100.001", "not a whole number of cents"],
            ])
    }

    @Test("Suggestions left out: fewer hits than minHits, most popular first, with their hits")
    func leftOut() {
        var content = Self.products([("a", "Sony TV", 10), ("b", "LG TV", 10)])
        content.config.minHits = 2
        content.suggestions = [
            Suggestion(objectID: "sony", query: "sony", popularity: 1),
            Suggestion(objectID: "lg", query: "lg", popularity: 5),
            Suggestion(objectID: "tv", query: "tv", popularity: 3),
            Suggestion(objectID: "radio", query: "radio", popularity: 5),
        ]
        let input = FindingInput(content: content)
        #expect(
            LeftOut().table(input).rows == [
                ["lg", "lg", "5", "1"], ["radio", "radio", "5", "0"], ["sony", "sony", "1", "1"],
            ])
        #expect(LeftOut().table(input).title == "Suggestions left out: fewer than 2 hits")
    }

    @Test("Descriptions that do not read as declared: the kind held most often first, with what to set")
    func descriptionFormats() {
        func content(_ format: DescriptionFormat, _ descriptions: [String]) -> Content {
            var content = Self.products(descriptions.indices.map { ("p\($0)", "TV", 1) })
            content.config.descriptionFormat = format
            for (i, description) in descriptions.enumerated() { content.products[i].description = description }
            return content
        }
        let descriptions = ["<p>a</p>", "**b**", "<br>c", "plain", "1. one\n2. two", "<b>d</b>"]
        let markdown = DescriptionFormats().table(FindingInput(content: content(.markdown, descriptions)))
        #expect(markdown.rows.map { $0[0] + " " + $0[1] } == ["p0 HTML", "p2 HTML", "p5 HTML"])
        #expect(
            markdown.note.hasPrefix(
                "3 descriptions hold HTML in a catalogue whose descriptionFormat is markdown; set descriptionFormat to html in site.json."
            ))
        let html = DescriptionFormats().table(FindingInput(content: content(.html, descriptions)))
        #expect(html.rows.map { $0[0] + " " + $0[1] } == ["p1 Markdown", "p4 Markdown"])
        #expect(html.note.hasPrefix("2 descriptions hold Markdown in a catalogue whose descriptionFormat is html"))
        let text = DescriptionFormats().table(FindingInput(content: content(.text, descriptions)))
        #expect(text.rows.count == 5)
        #expect(text.note.hasPrefix("3 descriptions hold HTML") && text.note.contains(" 2 descriptions hold Markdown"))
        let clean = DescriptionFormats().table(FindingInput(content: content(.html, ["<p>x</p>", "plain"])))
        #expect(clean.rows.isEmpty)
    }
}
