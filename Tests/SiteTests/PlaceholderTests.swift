import Foundation
import Testing
import TypeaheadModel
import TypeaheadTestSupport

@testable import TypeaheadSite

@Suite("The placeholder of a product without a picture")
struct PlaceholderTests {
    /// The table `Tests/JavaScript/core.test.js` checks `TypeaheadCore.placeholder` against: the
    /// build's static pages and the page's script draw the same placeholder.
    static let table = TestSupport.packageRoot.appendingPathComponent("Tests/JavaScript/fixtures/placeholders.json")

    @Test("Initial and tone of every case in the shared table (the JavaScript test reads the same table)")
    func shared() throws {
        guard case .array(let cases) = try JSONParser.parse([UInt8](try Data(contentsOf: Self.table))) else {
            Issue.record("placeholders.json is not an array")
            return
        }
        #expect(cases.count > 5)
        for row in cases {
            let product = Product(
                objectID: "x", name: row["name"]!.stringValue!, brand: row["brand"]?.stringValue)
            #expect(Placeholder.initial(product) == row["initial"]!.stringValue!, "\(row)")
            #expect(Placeholder.tone(product) == Int(row["tone"]!.numberValue!), "\(row)")
        }
    }
}
