import Testing
import TypeaheadMarkup

@Suite("Markdown through libcmark")
struct MarkdownTests {
    @Test("Markdown becomes HTML")
    func basic() {
        #expect(Markdown.html(from: "Hello *world*") == "<p>Hello <em>world</em></p>\n")
        #expect(Markdown.html(from: "") == "")
    }

    @Test("Raw HTML is omitted, script included")
    func rawHTML() {
        let html = Markdown.html(from: "<script>alert(1)</script>\n\nText <img src=x onerror=alert(1)>")
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(html.contains("<!-- raw HTML omitted -->"))
    }

    @Test("javascript: and other unsafe link destinations are neutralised")
    func unsafeLinks() {
        #expect(Markdown.html(from: "[x](javascript:alert(1))") == "<p><a href=\"\">x</a></p>\n")
        #expect(!Markdown.html(from: "[x](vbscript:msgbox)").contains("vbscript"))
        #expect(!Markdown.html(from: "![x](javascript:alert(1))").contains("javascript"))
        #expect(
            Markdown.html(from: "[x](https://example.com/?a=1&b=\"2\")").contains(
                "href=\"https://example.com/?a=1&amp;b=%222%22\""))
    }

    @Test("Text that looks like markup is escaped")
    func escaping() {
        #expect(Markdown.html(from: "AT&T 5 < 6 \"quoted\"") == "<p>AT&amp;T 5 &lt; 6 &quot;quoted&quot;</p>\n")
    }
}
