import Foundation
import Testing
import TypeaheadTestSupport

@testable import TypeaheadSite

@Suite("Writing the site atomically")
struct SiteWriterTests {
    @Test("A new site is written with its marker, and a rebuild replaces it whole")
    func replace() throws {
        let root = try TestSupport.temporaryDirectory("writer")
        let output = root.appendingPathComponent("_site")
        try SiteWriter(output: output.path).write(["index.html": Array("one".utf8), "old.html": [1]])
        try SiteWriter(output: output.path).write(["index.html": Array("two".utf8)])
        let tree = try TestSupport.tree(output).map(\.0)
        #expect(tree == [".typeahead-site", "index.html"])
        #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == "two")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["_site"])
    }

    @Test("A failed write leaves the previous site byte for byte, and no temporary folder")
    func failureKeepsOldSite() throws {
        let root = try TestSupport.temporaryDirectory("writer")
        let output = root.appendingPathComponent("_site")
        try SiteWriter(output: output.path).write(["index.html": Array("old".utf8)])
        let before = try TestSupport.tree(output)
        #expect(throws: SiteWriteError.self) {
            try SiteWriter(output: output.path).write(["a.html": [1], "../escape.html": [2]])
        }
        let after = try TestSupport.tree(output)
        #expect(before.map(\.0) == after.map(\.0) && before.map(\.1) == after.map(\.1))
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["_site"])
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("escape.html").path))
    }

    @Test("A non-empty folder that is not a Typeahead site is never replaced")
    func refuseToClobber() throws {
        let home = try TestSupport.temporaryDirectory("home")
        try TestSupport.write("precious", to: "notes.txt", in: home)
        do {
            try SiteWriter(output: home.path).write(["index.html": [1]])
            Issue.record("should refuse")
        } catch {
            #expect(error.description.contains("is not empty and is not a Typeahead site"))
        }
        #expect(try TestSupport.tree(home).map(\.0) == ["notes.txt"])
    }

    @Test("An output path that is a file is refused; an empty folder is used")
    func fileAndEmptyFolder() throws {
        let root = try TestSupport.temporaryDirectory("writer")
        let file = try TestSupport.write("x", to: "file", in: root)
        #expect(throws: SiteWriteError.self) { try SiteWriter(output: file.path).write([:]) }
        let empty = root.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: false)
        try SiteWriter(output: empty.path).write(["index.html": [1]])
        #expect(try TestSupport.tree(empty).map(\.0) == [".typeahead-site", "index.html"])
    }

    @Test(
        "Paths that would leave the site are refused",
        arguments: [
            "../x", "/etc/x", "a/../../x", "", "a//b", "./x",
        ])
    func pathsStayInside(_ path: String) {
        #expect(throws: SiteWriteError.self) { try SiteWriter.checkRelative(path) }
    }
}

@Suite("Rebuilds write only what changed")
struct IncrementalWriteTests {
    static func inode(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? NSNumber)?.intValue ?? -1
    }

    @Test("Unchanged files keep their inode and modification time; changed, added and removed files follow")
    func incremental() throws {
        let root = try TestSupport.temporaryDirectory("incremental")
        let output = root.appendingPathComponent("_site")
        let writer = SiteWriter(output: output.path)
        #expect(
            try writer.write(["a/same.html": Array("same".utf8), "b.html": Array("old".utf8), "gone.html": [1]]) == 0)
        let same = output.appendingPathComponent("a/same.html")
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: same.path)
        let before = try Self.inode(same)
        let reused = try writer.write(["a/same.html": Array("same".utf8), "b.html": Array("new".utf8), "c.html": [2]])
        #expect(reused == 2)  // a/same.html and the marker
        #expect(try Self.inode(same) == before)
        let modified = try FileManager.default.attributesOfItem(atPath: same.path)[.modificationDate] as? Date
        #expect(modified == old)
        #expect(try String(contentsOf: output.appendingPathComponent("b.html"), encoding: .utf8) == "new")
        #expect(try TestSupport.tree(output).map(\.0) == [".typeahead-site", "a/same.html", "b.html", "c.html"])
    }

    @Test("A rebuild with nothing changed leaves the site alone; one extra or renamed file makes it rewrite")
    func nothingChanged() throws {
        let root = try TestSupport.temporaryDirectory("unchanged")
        let output = root.appendingPathComponent("_site")
        let writer = SiteWriter(output: output.path)
        let files: [String: [UInt8]] = ["a/x.html": Array("x".utf8), "e\u{301}.html": [1]]
        try writer.write(files)
        let folder = try Self.inode(output)
        #expect(try writer.write(files) == 3)  // both files and the marker
        #expect(try Self.inode(output) == folder)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["_site"])
        // A file the new site does not have: the site is rewritten without it.
        try Data("stray".utf8).write(to: output.appendingPathComponent("a/stray.html"))
        #expect(try writer.write(files) == 3)
        #expect(try Self.inode(output) != folder)
        #expect(try TestSupport.tree(output).map(\.0) == [".typeahead-site", "a/x.html", "e\u{301}.html"])
        // The same name in another normal form is another file.
        let renamed = try Self.inode(output)
        try writer.write(["a/x.html": Array("x".utf8), "\u{e9}.html": [1]])
        #expect(try Self.inode(output) != renamed)
        #expect(try TestSupport.tree(output).map(\.0).last?.unicodeScalars.first == "\u{e9}")
    }
}
