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

    @Test(
        "The kind of product, for the icon: the most specific category first, accessories read by their name",
        arguments: [
            (["Cell Phones", "Cell Phone Accessories", "Cell Phone Cases & Clips"], "Otterbox - Defender", "case"),
            (["Cell Phones", "Unlocked Cell Phones", "All Unlocked Cell Phones"], "Samsung - Galaxy S7", "phone"),
            (["Cell Phones", "Cell Phone Accessories", "Screen Protectors"], "ZAGG - InvisibleShield", "protector"),
            (["Cell Phones", "Cell Phone Accessories", "Car Chargers"], "Belkin - Car Charger", "charger"),
            (["Cell Phones", "Cell Phone Accessories", "Data Cables"], "Insignia - 6' Lightning Cable", "cable"),
            (["Smartwatches & Accessories", "Smartwatch Accessories", "Smartwatch Bands"], "Nomad - Band", "watch"),
            (["Cell Phones", "Smartwatch Charging Docks"], "Dock", "charger"),
            (["Cell Phones", "Wireless Chargers & Cases"], "mophie - Juice Pack", "case"),
            (["Cell Phones", "Prepaid Minutes"], "Tracfone - 60 Minutes", "card"),
            (["Appliances", "Refrigerators", "All Refrigerators"], "Amana - Refrigerator", "appliance"),
            (["Computers & Tablets", "Laptops", "Chromebooks"], "Acer - 11.6\" Chromebook", "laptop"),
            // An accessory is not what it is for: "Cell Phone Accessories" leaves the name to decide.
            (["Cell Phones", "Cell Phone Accessories"], "Rayovac - Portable 6,000 mAh Power Bank", "battery"),
            (["Cell Phones", "Cell Phone Accessories"], "Case for Apple® iPhone® 7", "case"),
            (["Cell Phones", "Cell Phone Accessories"], "Tile - Slim Tracker", "other"),
            ([], "Samsung - Galaxy S8 Cell Phone", "phone"),
            ([], "Gift", "other"),
        ])
    func kind(categories: [String], name: String, kind: String) {
        let product = Product(objectID: "x", name: name, categories: categories)
        #expect(ProductKind.of(product).rawValue == kind)
    }

    @Test("Every kind has its icon in the stylesheet, and the stylesheet no other")
    func icons() throws {
        let css = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent("Templates/assets/style.css"), encoding: .utf8)
        let drawn = css.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix(".kind-"), let end = line.firstIndex(of: " ") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 6)..<end])
        }
        #expect(drawn == ProductKind.allCases.map(\.rawValue))
    }
}
