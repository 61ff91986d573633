import Testing
import TypeaheadMarkup
import TypeaheadModel

@Suite("site.json descriptionFormat: what a load makes of descriptions")
struct DescriptionLoadingTests {
    static let products =
        #"[{"objectID":"a","name":"A","description":"<p><strong>Soft</strong><br/>cotton &amp; silk</p><script>x()</script>"},{"objectID":"b","name":"B"}]"#

    @Test("HTML: the page gets the allowlist's HTML, the engine the text, and the source is kept")
    func html() throws {
        let content = try ContentFolder(products: Self.products, site: #"{"descriptionFormat":"html"}"#).load()
        #expect(content.config.descriptionFormat == .html)
        let a = content.products[0]
        #expect(a.descriptionHTML == "<p><strong>Soft</strong><br>cotton &amp; silk</p>")
        #expect(a.attributes["description"] == .string("Soft\ncotton & silk"))
        #expect(a.description?.hasPrefix("<p><strong>") == true)
        #expect(content.products[1].descriptionHTML == nil && content.products[1].attributes["description"] == nil)
    }

    @Test("Markdown (the default): cmark's safe HTML, its text without the raw HTML")
    func markdown() throws {
        // A paragraph that opens with a block tag is raw HTML all through: the page omits it, the
        // engine has no word of it.
        let content = try ContentFolder(products: Self.products).load()
        #expect(content.config.descriptionFormat == .markdown)
        #expect(content.products[0].descriptionHTML == "<!-- raw HTML omitted -->\n")
        #expect(content.products[0].attributes["description"] == .string(""))
        let inline = try ContentFolder(
            products:
                #"[{"objectID":"a","name":"A","description":"**Soft**<br>cotton &amp; [silk](https://x.example)"}]"#
        ).load()
        #expect(
            inline.products[0].descriptionHTML
                == "<p><strong>Soft</strong><!-- raw HTML omitted -->cotton &amp; <a href=\"https://x.example\">silk</a></p>\n"
        )
        #expect(inline.products[0].attributes["description"] == .string("Soft cotton & silk"))
    }

    @Test("Text: escaped as it is, searched as it is")
    func text() throws {
        let content = try ContentFolder(products: Self.products, site: #"{"descriptionFormat":"text"}"#).load()
        #expect(content.products[0].descriptionHTML?.hasPrefix("<p>&lt;p&gt;&lt;strong&gt;Soft") == true)
        #expect(
            content.products[0].attributes["description"]
                == .string("<p><strong>Soft</strong><br/>cotton &amp; silk</p><script>x()</script>"))
    }

    @Test("An unknown format names the file, the field and the choices")
    func unknown() throws {
        let failure = try ContentFolder(site: #"{"descriptionFormat":"rtf"}"#).failure()
        #expect(
            failure.contains(
                #"site.json, field "descriptionFormat": expected one of "markdown", "html", "text", found "rtf""#))
    }

    @Test("Many descriptions render on every core in catalogue order")
    func many() throws {
        let records = (0..<1000).map { #"{"objectID":"p\#($0)","name":"N","description":"<b>word\#($0)</b>"}"# }
        let content = try ContentFolder(
            products: "[" + records.joined(separator: ",") + "]", site: #"{"descriptionFormat":"html"}"#
        ).load()
        for product in content.products {
            let n = product.objectID.text.dropFirst()
            #expect(product.attributes["description"] == .string("word\(n)"))
            #expect(product.descriptionHTML == "<b>word\(n)</b>")
        }
    }
}
