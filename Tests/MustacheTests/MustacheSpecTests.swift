import Foundation
import Testing
import TypeaheadModel
import TypeaheadTestSupport

@testable import TypeaheadMustache

/// One case of the official Mustache specification (mustache/spec, JSON form).
struct SpecCase: CustomTestStringConvertible, Sendable {
    var module: String
    var name: String
    var template: String
    var data: MustacheValue
    var partials: [String: String]
    var expected: String
    var testDescription: String { "\(module): \(name)" }
}

enum Spec {
    /// The modules Typeahead implements: every core module and `~inheritance` (layouts).
    static let modules = [
        "comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance",
    ]

    static func mustacheValue(_ json: JSONValue) -> MustacheValue {
        switch json {
        case .null: return .null
        case .bool(let value): return .bool(value)
        case .number(let value): return .double(value)
        case .string(let value): return .string(value)
        case .array(let values): return .array(values.map(mustacheValue))
        case .object(let members): return .object(members.mapValues(mustacheValue))
        }
    }

    static let cases: [SpecCase] = {
        var cases: [SpecCase] = []
        let folder = TestSupport.packageRoot.appendingPathComponent("Tests/MustacheTests/Spec")
        for module in modules {
            let data = try! Data(contentsOf: folder.appendingPathComponent("\(module).json"))
            let document = try! JSONParser.parse([UInt8](data))
            guard case .array(let tests) = document["tests"]! else { fatalError("no tests in \(module)") }
            for test in tests {
                var partials: [String: String] = [:]
                if case .object(let members) = test["partials"] ?? .null {
                    partials = members.compactMapValues(\.stringValue)
                }
                cases.append(
                    SpecCase(
                        module: module, name: test["name"]!.stringValue!,
                        template: test["template"]!.stringValue!,
                        data: mustacheValue(test["data"]!), partials: partials,
                        expected: test["expected"]!.stringValue!))
            }
        }
        return cases
    }()
}

@Suite("The Mustache specification")
struct MustacheSpecTests {
    @Test("Every case of the core modules and ~inheritance", arguments: Spec.cases)
    func specCase(_ spec: SpecCase) throws {
        let renderer = MustacheRenderer(templates: spec.partials)
        let output = try renderer.render(template: spec.template, data: spec.data)
        #expect(output == spec.expected, "\(spec.module): \(spec.name)")
    }

    @Test("All seven modules are loaded and none is empty")
    func modulesLoaded() {
        for module in Spec.modules {
            #expect(Spec.cases.contains { $0.module == module }, "\(module)")
        }
        #expect(Spec.cases.count > 130)
    }
}
