import Foundation
import Testing
import TypeaheadModel
import TypeaheadTestSupport

@testable import TypeaheadCLI

@Suite("import into an empty content folder: suggest and build work next")
struct ImportStarterTests {
    @Test("A fresh folder gets site.json (HTML, the feed's currency) and a suggestions config; suggest and build run")
    func freshFolder() throws {
        let folder = try TestSupport.temporaryDirectory("starter")
        let content = folder.appendingPathComponent("Content").path
        try FileManager.default.createDirectory(atPath: content, withIntermediateDirectories: true)
        let run = ImportTestSupport.run(["import", ImportTestSupport.fixture("merchant-rss.xml"), "--content", content])
        #expect(run.status == 0, "\(run.err)")
        let site = try String(contentsOfFile: content + "/site.json", encoding: .utf8)
        #expect(site.contains(#""descriptionFormat": "html""#))
        #expect(run.err.contains("Wrote \(content)/site.json: descriptions read as HTML"))
        #expect(FileManager.default.fileExists(atPath: content + "/suggestions.config.json"))
        let loaded = try ContentLoader(directory: content).loadCatalogue()
        #expect(loaded.config.descriptionFormat == .html)
        #expect(loaded.products.allSatisfy { !($0.attributes["description"]?.stringValue ?? "").contains("<") })
        let suggest = ImportTestSupport.run(["suggest", "--content", content])
        #expect(suggest.status == 0, "\(suggest.err)")
        let build = ImportTestSupport.run(["build", "--quiet", "--content", content, "--output", folder.path + "/site"])
        #expect(build.status == 0, "\(build.err)")
    }

    @Test("A folder's own site.json is kept; one that does not read HTML gets the hint")
    func existingSettings() throws {
        let folder = try TestSupport.temporaryDirectory("starter-kept")
        try TestSupport.write(#"{"title": "Mine"}"#, to: "site.json", in: folder)
        let run = ImportTestSupport.run([
            "import", ImportTestSupport.fixture("merchant-rss.xml"), "--content", folder.path,
        ])
        #expect(run.status == 0, "\(run.err)")
        #expect(try String(contentsOfFile: folder.path + "/site.json", encoding: .utf8) == #"{"title": "Mine"}"#)
        #expect(run.err.contains(#"Hint: descriptions are HTML; set "descriptionFormat": "html" in "#))
        #expect(ImportStarter.symbol("EUR") == "€" && ImportStarter.symbol("XOF") == "XOF ")
    }
}
