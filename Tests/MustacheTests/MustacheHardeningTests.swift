import Foundation
import Testing

@testable import TypeaheadMustache

/// Templates that would crash or silently misrender: each is an error naming the template.
@Suite("Mustache: bounded recursion and nesting, strict names, a linear parser")
struct MustacheHardeningTests {
    func renderFailure(_ templates: [String: String], _ name: String) -> String {
        do {
            _ = try MustacheRenderer(templates: templates).render(name: name, data: .object([:]))
            Issue.record("\(name) should not render")
            return ""
        } catch {
            return "\(error)"
        }
    }

    @Test("A partial that includes itself, two mutual partials, a layout that inherits itself: an error with the chain")
    func endlessInclusion() throws {
        let own = renderFailure(["a": "x{{> a}}"], "a")
        #expect(own.contains("more than \(MustacheRenderer.maximumDepth) deep: a → a → a → … → a → a"), "\(own)")
        let mutual = renderFailure(["a": "{{> b}}", "b": "{{> a}}"], "a")
        #expect(mutual.contains("a → b → a"), "\(mutual)")
        let parent = renderFailure(["layout": "{{< layout}}{{/layout}}"], "layout")
        #expect(parent.contains("include one another more than"), "\(parent)")
        // Recursion that ends with the data is the spec's, and still works.
        let tree = MustacheValue.object([
            "name": .string("1"), "children": .array([.object(["name": .string("2"), "children": .array([])])]),
        ])
        #expect(
            try MustacheRenderer(templates: ["node": "{{name}}({{#children}}{{> node}}{{/children}})"])
                .render(name: "node", data: tree) == "1(2())")
    }

    @Test("8,000 nested sections and 20,000 nested parents are a syntax error, not a stack overflow")
    func deepNesting() throws {
        let sections = String(repeating: "{{#a}}", count: 8000) + String(repeating: "{{/a}}", count: 8000)
        let deep = renderFailure(["t": sections], "t")
        #expect(deep.contains("t:1: sections, blocks and parents nest more than"), "\(deep)")
        let parents = String(repeating: "{{<p}}", count: 20000) + String(repeating: "{{/p}}", count: 20000)
        #expect(renderFailure(["t": parents, "p": ""], "t").contains("nest more than"))
        // At the bound, fine.
        let fine = String(repeating: "{{#a}}", count: 50) + "x" + String(repeating: "{{/a}}", count: 50)
        #expect(
            try MustacheRenderer(templates: ["t": fine]).render(name: "t", data: .object(["a": .bool(true)])) == "x")
    }

    @Test("Strict validation: a missing partial or parent, or a path for a name, is an error naming it")
    func strictNames() throws {
        func failure(_ templates: [String: String]) -> String {
            do {
                try MustacheRenderer(templates: templates).validate(strict: true)
                return ""
            } catch { return "\(error)" }
        }
        #expect(failure(["page": "{{> nothere}}"]) == "page: the partial 'nothere' is not a template of this set")
        #expect(failure(["page": "{{< base}}{{/base}}"]) == "page: the parent 'base' is not a template of this set")
        #expect(failure(["page": "{{> ../../../etc/passwd}}"]).contains("never a path"))
        #expect(
            failure(["page": "{{< base}}{{$b}}{{> gone}}{{/b}}{{/base}}", "base": "{{$b}}{{/b}}"]).contains("'gone'"))
        #expect(failure(["page": "{{#s}}{{> card}}{{/s}}", "card": "c"]) == "")
        // The spec's own lenient rule still holds without `strict`.
        #expect(try MustacheRenderer(templates: ["page": "a{{> nothere}}b"]).render(name: "page", data: .null) == "ab")
    }

    @Test("Many tags on one line parse in linear time (20,000 here; the benchmark has 200,000)")
    func manyTagsOnOneLine() throws {
        let template = String(repeating: "{{a}} ", count: 20000)
        let started = Date()
        let out = try MustacheRenderer(templates: ["t": template]).render(name: "t", data: .object(["a": .string("x")]))
        #expect(out == String(repeating: "x ", count: 20000))
        #expect(Date().timeIntervalSince(started) < 10, "quadratic again?")
    }
}
