import Foundation
import Testing
import TypeaheadModel
import TypeaheadTestSupport

@testable import TypeaheadImport

/// What a red-team pass on `import` broke, each now refused (HostileFeedTests.refuses: the exact
/// message, the previous products.json untouched, no file left behind).
struct RedTeamFeedTests {
    @Test("UTF-7 would hide a DOCTYPE from the byte scanner (+ADw-!DOCTYPE): its declaration is refused")
    func utf7() throws {
        let text =
            #"<?xml version="1.0" encoding="UTF-7"?>"# + "\n"
            + #"+ADw-+ACE-DOCTYPE feed [+ADw-+ACE-ENTITY h "evil.example">]>+ADw-feed xmlns="http://www.w3.org/2005/Atom">"#
        try HostileFeedTests.refuses(
            "seven.xml", text,
            [#"line 1: the encoding "UTF-7" is not read; save the feed as UTF-8 (or ISO-8859-1 or windows-1252)"#],
            arguments: ["--format", "merchant-xml"])
    }

    @Test("EBCDIC or UTF-16 (libxml2 would read them, the scanner not): a feed starts with < as ASCII has it")
    func notASCII() throws {
        let message = #"line 1: does not start with "<" in UTF-8 or an 8-bit encoding; save the feed as UTF-8"#
        try HostileFeedTests.refuses(
            "ebcdic.xml", bytes: [0x4C, 0x6F, 0xA7, 0x94, 0x40], [message], arguments: ["--format", "merchant-xml"])
        try HostileFeedTests.refuses(
            "utf16.xml", bytes: [0xFF, 0xFE, 0x3C, 0x00], [message], arguments: ["--format", "merchant-xml"])
    }

    @Test("An ISO-8859-1 declaration is read as before")
    func latin1() throws {
        let text =
            #"<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><item><g:id>1</g:id><title>Caf"#
            + "\u{E9}" + #"</title><g:price>1.00 EUR</g:price></item></channel></rss>"#
        var bytes = Array(text.utf8)
        // é as ISO-8859-1 has it: one byte.
        if let at = bytes.firstIndex(of: 0xC3) { bytes.replaceSubrange(at...(at + 1), with: [0xE9]) }
        let (feed, folder) = try ImportTestSupport.feed("latin.xml", bytes: bytes)
        let run = ImportTestSupport.run(["import", feed, "--output", folder.path + "/products.json"])
        #expect(run.status == 0, "\(run.err)")
        #expect(try String(contentsOfFile: folder.path + "/products.json", encoding: .utf8).contains("Café"))
    }

    @Test("A FIFO is refused at once, not waited on")
    func fifo() throws {
        let folder = try TestSupport.temporaryDirectory("fifo")
        let path = folder.appendingPathComponent("feed.xml").path
        #expect(mkfifo(path, 0o600) == 0)
        let run = ImportTestSupport.run(["import", path, "--output", folder.path + "/products.json"])
        #expect(run.status == 1)
        #expect(
            run.err.hasPrefix("error: \(path): is not a regular file (a FIFO or a socket); save the feed to a file"))
    }

    @Test("Links planted at guessable temporary names are never written through")
    func plantedLinks() throws {
        let folder = try TestSupport.temporaryDirectory("planted")
        let victim = try TestSupport.write("ORIGINAL", to: "victim.txt", in: folder)
        let content = folder.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        // The old name was .products.json.typeahead-<pid>.tmp: this process's and its neighbours'.
        let pid = Int(ProcessInfo.processInfo.processIdentifier)
        for n in pid - 5...pid + 50 {
            try FileManager.default.createSymbolicLink(
                atPath: content.appendingPathComponent(".products.json.typeahead-\(n).tmp").path,
                withDestinationPath: victim.path)
        }
        let run = ImportTestSupport.run([
            "import", ImportTestSupport.fixture("merchant-rss.xml"), "--output", content.path + "/products.json",
        ])
        #expect(run.status == 0, "\(run.err)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "ORIGINAL")
        let attributes = try FileManager.default.attributesOfItem(atPath: content.path + "/products.json")
        #expect(attributes[.type] as? FileAttributeType == .typeRegular)
    }
}
